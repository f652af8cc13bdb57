//! The account-creation calls: send the e-mail code, verify it, create the account.
import { proxy } from '@/lib/api-client';

export function sendAccountCreationCode(email: string): Promise<unknown> {
  return proxy('Email/send/account_creation', 'POST', { email });
}

export function verifyAccountCreationCode(email: string, code: string): Promise<unknown> {
  return proxy('Email/verify/account_creation', 'POST', { email, code });
}

export interface NewAccount {
  email: string;
  password: string;
  nom: string;
  prenom: string;
  altcha: string;
}

export function createAccount(account: NewAccount): Promise<unknown> {
  return proxy('Comptes', 'POST', account);
}
