//! Auth page (password-reset-page), being written.
import { Page } from '@/components/ui/page';

export default function AuthPage() {
  return <Page title="password-reset-page" />;
}
