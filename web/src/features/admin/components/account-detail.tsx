//! An account's orders (each a link to its admin page) and parts, under its row.
import { Link } from 'react-router';
import { Loading } from '@/components/ui/loading';
import { formatCents, formatDate } from '@/lib/format';
import { useAccountDetail } from '../api/accounts';

export function AccountDetailPanel({ id }: { id: number }) {
  const { data, isPending, isError } = useAccountDetail(id);
  if (isPending) return <Loading />;
  if (isError) return <p role="alert">Le détail de ce compte ne peut pas être chargé.</p>;
  return (
    <div className="grid-3 account-detail" data-testid="account-detail">
      <section>
        <h3>Commandes ({data.commandes.length})</h3>
        {data.commandes.length === 0 ? (
          <p className="muted">Aucune commande.</p>
        ) : (
          <ul>
            {data.commandes.map((o) => (
              <li key={o.id}>
                <Link to={`/compte/admin/commande/${o.id}`}>{o.numero}</Link> — {o.statut} — {formatCents(o.totalTtcCents)} TTC — {formatDate(o.createdAt)}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section>
        <h3>Pièces ({data.pieces.length})</h3>
        {data.pieces.length === 0 ? (
          <p className="muted">Aucune pièce.</p>
        ) : (
          <ul>
            {data.pieces.map((p) => (
              <li key={p.id}>
                {p.idStatus === 2 ? <Link to={`/compte/admin/piece-validation?piece=${p.id}`}>{p.fileName}</Link> : p.fileName} — {p.statut} — {formatDate(p.createdAt)}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
