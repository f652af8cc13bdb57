//! Auth page (email-reset-page), being written.
import { Page } from '@/components/ui/page';

export default function AuthPage() {
  return <Page title="email-reset-page" />;
}
