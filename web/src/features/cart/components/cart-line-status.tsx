//! A basket line's review status: label, reasons from the analysis, the customer's request, the
//! technician's comment, and the review request button (every status may be re-asked).
import { Tag } from 'primereact/tag';
import { fr } from '@/lib/typography';
import type { CartLine } from '@/lib/api/cart';
import { statusSeverity } from '@/lib/cart-status';
import { ReviewRequest } from './review-request';

export function CartLineStatus({ line }: { line: CartLine }) {
  return (
    <div className="cart-status" data-testid="cart-line-status">
      <Tag value={line.statut} severity={statusSeverity(line.id_statut)} />
      {line.motifs?.length ? (
        <ul className="cart-reasons">
          {line.motifs.map((m) => (
            <li key={m}>{fr(m)}</li>
          ))}
        </ul>
      ) : null}
      {line.demande_client ? <span className="muted" data-testid="cart-line-request">{fr(`Votre demande : ${line.demande_client}`)}</span> : null}
      {line.commentaire_admin ? <span className="muted" data-testid="cart-line-comment">{fr(`Commentaire du technicien : ${line.commentaire_admin}`)}</span> : null}
      <ReviewRequest line={line} />
    </div>
  );
}
