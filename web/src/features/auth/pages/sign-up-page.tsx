//! Auth page (sign-up-page), being written.
import { Page } from '@/components/ui/page';

export default function AuthPage() {
  return <Page title="sign-up-page" />;
}
