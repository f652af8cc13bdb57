//! Forgotten password, e-mail change and second-factor calls (through the backend proxy).
import type { EmailChangeProof } from '@/components/form/new-email-step';
import { proxy } from '@/lib/api-client';
import type { TwoFactorVerify } from '@/lib/api-types.generated';

export const sendPasswordResetLink = (email: string) => proxy('Email/send/forgot_password', 'POST', { Email: email });

export const resetPassword = (token: string, newPassword: string) =>
  proxy('Email/reset/forgot_password', 'POST', { token, newPassword });

/** Sends a code to the new address of the signed-in account; needs its password. */
export const sendEmailResetCode = (newEmail: string, proof: EmailChangeProof) =>
  proxy('Email/send/email_reset', 'POST', { email: newEmail, ...proof });

/** Checks the code the new address received. */
export const verifyEmailResetCode = (newEmail: string, code: string) =>
  proxy('Email/verify/email_reset', 'POST', { email: newEmail, code });

export const resetEmail = (oldEmail: string, newEmail: string) => proxy('Email/reset/email_reset', 'POST', { oldEmail, newEmail });

export const verifyTwoFactor = (token: string) => proxy<unknown>('AuthentificationDoubleFacteur/verify', 'POST', { token });

/** The answer of `verify-backup-code` (spec: valid, token, refreshToken, message). */
export type BackupCodeAnswer = TwoFactorVerify;

export const verifyBackupCode = (code: string) =>
  proxy<BackupCodeAnswer | null>('AuthentificationDoubleFacteur/verify-backup-code', 'POST', { code });
