//! How the admin pages name an order's customer and print its addresses, from the address
//! snapshots the order kept (the account may have changed since).
import type { AddressSnapshot } from './api/admin-orders';

export interface CustomerLabel {
  name: string;
  company: string | null;
  email: string;
}

export function customerLabel(billing: AddressSnapshot, email: string | undefined): CustomerLabel {
  const name = [billing?.prenom, billing?.nom].map((s) => (s ?? '').trim()).filter(Boolean).join(' ');
  const company = billing?.entreprise?.nom_Entreprise?.trim() || null;
  return { name: name || email || 'Client inconnu', company, email: email ?? '' };
}

/** The printed lines of an address snapshot: name, company, VAT number, SIREN, street, complement, town, country. */
export function addressLines(a: AddressSnapshot): string[] {
  if (!a) return [];
  const name = [a.prenom, a.nom].map((s) => (s ?? '').trim()).filter(Boolean).join(' ');
  const town = [a.codePostal, a.ville].map((s) => (s ?? '').trim()).filter(Boolean).join(' ');
  const vat = a.entreprise?.numero_Tva ? `TVA ${a.entreprise.numero_Tva}` : '';
  const siren = a.entreprise?.siren ? `SIREN ${a.entreprise.siren}` : '';
  return [name, a.entreprise?.nom_Entreprise ?? '', vat, siren, a.rue ?? '', a.complement ?? '', town, a.idPays?.name ?? '', a.tel ?? '']
    .map((s) => s.trim())
    .filter(Boolean);
}
