//! Auth page (verify-2fa-page), being written.
import { Page } from '@/components/ui/page';

export default function AuthPage() {
  return <Page title="verify-2fa-page" />;
}
