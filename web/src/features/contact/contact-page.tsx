//! Page (contact/contact-page), being written.
import { Page } from '@/components/ui/page';

export default function FeaturePage() {
  return <Page title="contact/contact-page" />;
}
