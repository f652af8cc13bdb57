//! Page (checkout/checkout-page), being written.
import { Page } from '@/components/ui/page';

export default function FeaturePage() {
  return <Page title="checkout/checkout-page" />;
}
