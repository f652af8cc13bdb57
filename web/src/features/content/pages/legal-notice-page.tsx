//! Content page (legal-notice-page), being written.
import { Page } from '@/components/ui/page';

export default function ContentPage() {
  return <Page title="legal-notice-page" />;
}
