//! E-mail change, password link and password change for the signed-in user.
import { proxy } from '@/lib/api-client';

export const sendEmailChangeCode = (email: string) => proxy('Email/send/email_reset', 'POST', { email });
export const verifyEmailChangeCode = (email: string, code: string) => proxy('Email/verify/email_reset', 'POST', { email, code });
export const changeEmail = (oldEmail: string, newEmail: string) => proxy('Email/reset/email_reset', 'POST', { oldEmail, newEmail });
export const sendPasswordLink = (email: string) => proxy('Email/send/forgot_password', 'POST', { Email: email });

/** Changes the password of the signed-in account (`PUT Comptes/me/password`). */
export const changePassword = (currentPassword: string, newPassword: string) =>
  proxy<{ success: boolean; message: string }>('Comptes/me/password', 'PUT', { currentPassword, newPassword });
