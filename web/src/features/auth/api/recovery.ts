//! Forgotten password, e-mail change and second-factor calls (through the backend proxy).
import { proxy } from '@/lib/api-client';

export const sendPasswordResetLink = (email: string) => proxy('Email/send/forgot_password', 'POST', { Email: email });

export const resetPassword = (token: string, newPassword: string) =>
  proxy('Email/reset/forgot_password', 'POST', { token, newPassword });

export const sendEmailResetCode = (email: string) => proxy('Email/send/email_reset', 'POST', { email });

export const verifyEmailResetCode = (email: string, code: string) => proxy('Email/verify/email_reset', 'POST', { email, code });

export const resetEmail = (oldEmail: string, newEmail: string) => proxy('Email/reset/email_reset', 'POST', { oldEmail, newEmail });

export const verifyTwoFactor = (token: string) => proxy<unknown>('AuthentificationDoubleFacteur/verify', 'POST', { token });

export interface BackupCodeAnswer {
  valid?: boolean;
  message?: string;
  token?: string;
  refreshToken?: string;
}

export const verifyBackupCode = (code: string) =>
  proxy<BackupCodeAnswer | null>('AuthentificationDoubleFacteur/verify-backup-code', 'POST', { code });
