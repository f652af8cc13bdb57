//! Account page (orders-page), being written.
import { Page } from '@/components/ui/page';

export default function AccountPage() {
  return <Page title="orders-page" />;
}
