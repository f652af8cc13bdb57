//! E-mail change, password link and password change for the signed-in user.
import { proxy } from '@/lib/api-client';

/** Sends a code to the new address; needs the session and the account's password. */
export const sendEmailChangeCode = (newEmail: string, password: string) =>
  proxy('Email/send/email_reset', 'POST', { email: newEmail, password });
/** Checks the code the new address received. */
export const verifyEmailChangeCode = (newEmail: string, code: string) => proxy('Email/verify/email_reset', 'POST', { email: newEmail, code });
/** Moves the account to the new address once its code is verified. */
export const changeEmail = (oldEmail: string, newEmail: string) => proxy('Email/reset/email_reset', 'POST', { oldEmail, newEmail });
export const sendPasswordLink = (email: string) => proxy('Email/send/forgot_password', 'POST', { Email: email });

/** Changes the password of the signed-in account (`PUT Comptes/me/password`). */
export const changePassword = (currentPassword: string, newPassword: string) =>
  proxy<{ success: boolean; message: string }>('Comptes/me/password', 'PUT', { currentPassword, newPassword });
