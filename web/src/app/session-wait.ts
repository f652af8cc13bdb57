//! The wait of a login-only page whose session is not known yet (after a hard navigation): a
//! French loader while the session check runs, for at most SESSION_CHECK_WAIT_MS.
import { useEffect, useState } from 'react';
import { SESSION_CHECK_WAIT_MS } from '@/lib/session';

export const SESSION_CHECK_LABEL = 'Vérification de votre session…';

/** True while `pending` and the wait is not over; once over, the guard decides without a session. */
export function useSessionWait(pending: boolean): boolean {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    if (!pending || expired) return undefined;
    const timer = window.setTimeout(() => setExpired(true), SESSION_CHECK_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [pending, expired]);
  return pending && !expired;
}
