//! « Mes sessions »: the account's live sessions, and ending one or every other one.
import { proxy } from '@/lib/api-client';
import type { SessionView, SessionsEnded } from '@/lib/api-types.generated';

export const listSessions = () => proxy<SessionView[]>('Comptes/me/sessions');
export const endSession = (id: number) => proxy<null>(`Comptes/me/sessions/${id}`, 'DELETE');
export const endOtherSessions = () => proxy<SessionsEnded>('Comptes/me/sessions', 'DELETE');
