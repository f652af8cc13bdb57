//! Content page (design-service-page), being written.
import { Page } from '@/components/ui/page';

export default function ContentPage() {
  return <Page title="design-service-page" />;
}
