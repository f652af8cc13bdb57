//! /email_mail?email=...: the code sent to the new address; once verified, the account moves to
//! it (signed-in account only).
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Message } from 'primereact/message';
import { useQueryClient } from '@tanstack/react-query';
import { CodeStep } from '@/components/form/code-step';
import { queryKeys } from '@/lib/query-client';
import { Loading } from '@/components/ui/loading';
import { useSession } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { fr } from '@/lib/typography';
import { resetEmail, verifyEmailResetCode } from '../api/recovery';
import { AuthCard } from '../components/auth-card';
import { SignInFirst } from '../components/sign-in-first';

export default function EmailResetPage() {
  const [params] = useSearchParams();
  const newEmail = params.get('email') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { status, user } = useSession();

  const body =
    status === 'loading' ? (
      <Loading />
    ) : status === 'unauthenticated' ? (
      <SignInFirst back="/email_oubli" />
    ) : !newEmail ? (
      <Message severity="warn" text={fr('Adresse manquante : recommencez depuis la page de changement d’adresse.')} />
    ) : (
      <CodeStep
        email={newEmail}
        onSubmit={async (code) => {
          await verifyEmailResetCode(newEmail, code);
          await resetEmail(user?.email ?? '', newEmail);
          await queryClient.invalidateQueries({ queryKey: queryKeys.session });
          showToast({ severity: 'success', summary: 'Adresse modifiée', detail: `Votre adresse est désormais ${newEmail}.` });
          navigate('/compte/parametrage', { replace: true });
        }}
        onBack={() => navigate('/email_oubli')}
      />
    );

  return (
    <AuthCard title="Confirmer le changement d’adresse" footer={<Link to="/email_oubli">Recommencer</Link>}>
      {body}
    </AuthCard>
  );
}
