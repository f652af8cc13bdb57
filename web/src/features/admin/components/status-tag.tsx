//! An order's status as a coloured tag.
import { Tag } from 'primereact/tag';
import { STATUS_SEVERITY } from '../api/order-statuses';

export function StatusTag({ statut }: { statut: string }) {
  return <Tag value={statut} severity={STATUS_SEVERITY[statut] ?? 'secondary'} data-testid="order-status" />;
}
