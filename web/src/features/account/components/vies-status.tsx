//! The VIES status of a company's VAT number, as the server last checked it (`entreprise.vies`):
//! verified on a date, invalid, or not verified because VIES did not answer.
import type { ViesStatus } from '@/lib/api-types.generated';
import { fr } from '@/lib/typography';

const ICONS: Record<ViesStatus['statut'], string> = {
  valide: 'pi pi-check-circle',
  invalide: 'pi pi-times-circle',
  indisponible: 'pi pi-exclamation-triangle',
};

export function ViesStatusLine({ vies }: { vies: ViesStatus | null }) {
  const text = vies ? vies.message : 'Numéro de TVA pas encore vérifié auprès de VIES';
  return (
    <span className={`vies-status vies-${vies?.statut ?? 'inconnu'}`} data-testid="vies-status">
      <i className={vies ? ICONS[vies.statut] : 'pi pi-clock'} aria-hidden="true" /> {fr(text)}
    </span>
  );
}
