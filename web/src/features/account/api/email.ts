//! E-mail change, password link and password change for the signed-in user.
import type { EmailChangeProof } from '@/components/form/new-email-step';
import { proxy } from '@/lib/api-client';
import type { PasswordChanged } from '@/lib/api-types.generated';

/** Sends a code to the new address; needs the session and the account's password (or, with
 * two-factor authentication, a code of the authenticator or a backup code). */
export const sendEmailChangeCode = (newEmail: string, proof: EmailChangeProof) =>
  proxy('Email/send/email_reset', 'POST', { email: newEmail, ...proof });
/** Checks the code the new address received. */
export const verifyEmailChangeCode = (newEmail: string, code: string) => proxy('Email/verify/email_reset', 'POST', { email: newEmail, code });
/** Moves the account to the new address once its code is verified. */
export const changeEmail = (oldEmail: string, newEmail: string) => proxy('Email/reset/email_reset', 'POST', { oldEmail, newEmail });
export const sendPasswordLink = (email: string) => proxy('Email/send/forgot_password', 'POST', { Email: email });

/** Changes the password of the signed-in account (`PUT Comptes/me/password`). */
export const changePassword = (currentPassword: string, newPassword: string) =>
  proxy<PasswordChanged>('Comptes/me/password', 'PUT', { currentPassword, newPassword });
