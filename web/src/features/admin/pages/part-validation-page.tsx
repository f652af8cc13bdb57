//! Admin page (part-validation-page), being written.
import { Page } from '@/components/ui/page';

export default function AdminPage() {
  return <Page title="part-validation-page" />;
}
