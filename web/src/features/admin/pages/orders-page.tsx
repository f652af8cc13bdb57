//! Admin page (orders-page), being written.
import { Page } from '@/components/ui/page';

export default function AdminPage() {
  return <Page title="orders-page" />;
}
