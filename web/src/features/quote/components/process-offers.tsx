//! The price of the part with each process (default material, one part), or why it cannot be made.
import { formatCents } from '@/lib/format';
import type { ProcessOffer } from '@/wasm/types';

interface Props {
  offers: ProcessOffer[];
  selected: string | null;
  onSelect: (process: string) => void;
}

export function ProcessOffers({ offers, selected, onSelect }: Props) {
  return (
    <table className="offers">
      <caption>Prix unitaire par procédé (matériau par défaut, HT)</caption>
      <tbody>
        {offers.map((o) => (
          <tr key={o.process} className={o.process === selected ? 'selected' : ''} data-process={o.process}>
            <th scope="row">{o.name}</th>
            {o.breakdown ? (
              <>
                <td className="amount">{formatCents(o.breakdown.unit_cents)}</td>
                <td>
                  <button type="button" className="link-button" disabled={o.process === selected} onClick={() => onSelect(o.process)}>
                    {o.process === selected ? 'Choisi' : 'Choisir'}
                  </button>
                </td>
              </>
            ) : (
              <td colSpan={2} className="offer-error">
                {o.error?.message ?? 'Indisponible'}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
