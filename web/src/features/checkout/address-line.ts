//! An address on one line, as the checkout's address choice lists it.
import type { Address } from '@/lib/api/me';
import { countryName } from '@/lib/countries';

export function addressLine(a: Address): string {
  const company = a.entreprise?.nom_Entreprise ? `${a.entreprise.nom_Entreprise}, ` : '';
  const country = a.idPays?.name ?? countryName(a.idPays?.code ?? '');
  return `${company}${a.prenom} ${a.nom}, ${a.rue}, ${a.codePostal} ${a.ville}, ${country}`;
}
