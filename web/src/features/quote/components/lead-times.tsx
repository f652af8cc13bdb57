//! The lead-time tiers of the chosen options on the quote card: for each its line price,
//! « Expédié le jeudi 10 décembre » and the delivery range in France, computed in the worker by
//! quote-core before the upload ends (the server's `calcul-prix` gives the same dates) and
//! computed again at the daily cut-off, without reload. Every tier the process offers (économique,
//! standard, express) can be chosen here.
import { useId } from 'react';
import { formatCents } from '@/lib/format';
import { TIER_NAMES } from '@/lib/lead-time-tiers';
import { deliveryRange, shippedOn } from '@/lib/ship-date';
import type { LeadTimeMode } from '@/wasm/types';
import type { TierOffer } from '@/workers/quote.worker';

interface Props {
  tiers: TierOffer[] | null;
  /**
   * The tier the customer's options ask for: the radio follows it at once, while the tiers (and
   * their `chosen`) come back from the worker a moment later.
   */
  mode: LeadTimeMode;
  onChoose: (mode: LeadTimeMode) => void;
}

export function LeadTimes({ tiers, mode, onChoose }: Props) {
  // One group of radio buttons per file of the quote.
  const group = useId();
  if (!tiers || tiers.length === 0) return null;
  return (
    <fieldset className="lead-times" data-testid="lead-times">
      <legend>Délai et date d’expédition</legend>
      {tiers.map(({ row, line_cents }) => {
        const chosen = row.mode === mode;
        const france = row.livraison.find((l) => l.zone === 'france');
        return (
          <label key={row.mode} className={chosen ? 'tier tier-chosen' : 'tier'} data-testid={`tier-${row.mode}`} data-mode={row.mode}>
            <input
              type="radio"
              name={group}
              checked={chosen}
              disabled={line_cents === null}
              onChange={() => onChoose(row.mode)}
            />
            <span className="tier-head">
              <strong>{TIER_NAMES[row.mode]}</strong>
              <span className="muted"> · {row.jours_ouvres}&nbsp;jours ouvrés</span>
              <span className="tier-price" data-testid="tier-price">
                {line_cents === null ? 'non proposé' : <>{formatCents(line_cents)}&nbsp;HT</>}
              </span>
            </span>
            <span className="tier-ship" data-testid="tier-ship" data-date={row.expedition}>
              {shippedOn(row.expedition)}
            </span>
            {france && (
              <span className="tier-delivery muted" data-testid="tier-delivery">
                {deliveryRange(france.du, france.au, 'france')}
              </span>
            )}
          </label>
        );
      })}
    </fieldset>
  );
}
