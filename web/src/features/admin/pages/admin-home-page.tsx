//! Admin page (admin-home-page), being written.
import { Page } from '@/components/ui/page';

export default function AdminPage() {
  return <Page title="admin-home-page" />;
}
