//! /compte/logout: signs out, goes home and says so with the info toast of the specification.
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Loading } from '@/components/ui/loading';
import { signOut } from '@/lib/auth';
import { handleApiError } from '@/lib/errors';
import { usePageTitle } from '@/lib/title';
import { showToast } from '@/lib/toast';

export default function LogoutPage() {
  usePageTitle('Déconnexion');
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice in development
    started.current = true;
    signOut('/')
      .then(() => {
        navigate('/', { replace: true });
        showToast({ severity: 'info', summary: 'Deconnexion', detail: 'Vous avez été deconnecté avec succès.', life: 5000 });
      })
      .catch((error: unknown) => {
        handleApiError(error);
        navigate('/', { replace: true });
      });
  }, [navigate]);
  return <Loading label="Déconnexion en cours…" />;
}
