//! Content page (maintenance-page), being written.
import { Page } from '@/components/ui/page';

export default function ContentPage() {
  return <Page title="maintenance-page" />;
}
