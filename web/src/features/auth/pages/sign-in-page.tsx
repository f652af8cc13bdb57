//! Auth page (sign-in-page), being written.
import { Page } from '@/components/ui/page';

export default function AuthPage() {
  return <Page title="sign-in-page" />;
}
