//! Content page (terms-page), being written.
import { Page } from '@/components/ui/page';

export default function ContentPage() {
  return <Page title="terms-page" />;
}
