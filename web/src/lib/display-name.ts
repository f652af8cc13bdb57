//! The display name of a signed-in user: first name then last name, else e-mail.

export interface NamedUser {
  nom?: string | null;
  prenom?: string | null;
  email?: string | null;
}

export const UNKNOWN_IDENTITY = 'Identifiants inconnus';

export function displayName(user: NamedUser | null | undefined): string {
  const full = [user?.prenom, user?.nom].map((part) => (part ?? '').trim()).filter(Boolean).join(' ');
  if (full) return full;
  const email = (user?.email ?? '').trim();
  return email || UNKNOWN_IDENTITY;
}

/** The letter shown in the round avatar. */
export function avatarLetter(user: NamedUser | null | undefined): string {
  return displayName(user).charAt(0).toLocaleUpperCase('fr-FR');
}
