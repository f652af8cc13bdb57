//! The totals of a checkout or an order, as the server computed them.
import { fr } from '@/lib/typography';
import { totalsRows, type TotalsInput } from '@/lib/totals-display';

export function TotalsTable({ totals }: { totals: TotalsInput }) {
  return (
    <dl className="checkout-totals" aria-label="Totaux">
      {totalsRows(totals).map((row) => (
        <div key={row.id} className={row.strong ? 'total-ttc' : undefined}>
          <dt>{fr(row.label)}</dt>
          <dd data-testid={`total-${row.id}`}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
