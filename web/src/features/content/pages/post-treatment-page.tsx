//! Content page (post-treatment-page), being written.
import { Page } from '@/components/ui/page';

export default function ContentPage() {
  return <Page title="post-treatment-page" />;
}
