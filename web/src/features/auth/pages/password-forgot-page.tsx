//! Auth page (password-forgot-page), being written.
import { Page } from '@/components/ui/page';

export default function AuthPage() {
  return <Page title="password-forgot-page" />;
}
