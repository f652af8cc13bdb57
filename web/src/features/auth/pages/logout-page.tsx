//! Auth page (logout-page), being written.
import { Page } from '@/components/ui/page';

export default function AuthPage() {
  return <Page title="logout-page" />;
}
