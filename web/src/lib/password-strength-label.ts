//! What the password meter says of a new password, in French, given the estimator once loaded.
import { MIN_PASSWORD_LENGTH } from './validation';

const LEVELS = ['très faible', 'faible', 'moyenne', 'bonne', 'excellente'] as const;

/** zxcvbn's score of a password: 0 (guessed in under a thousand tries) to 4. */
export type Estimate = (password: string) => 0 | 1 | 2 | 3 | 4;

/** What the meter says of `password`, given the estimator once loaded. */
export function strengthLabel(password: string, estimate: Estimate | null): { level: number; text: string } | null {
  if (password === '' || estimate === null) return null;
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return { level: 0, text: `trop court (${length} caractère${length > 1 ? 's' : ''} sur ${MIN_PASSWORD_LENGTH} au moins)` };
  const score = estimate(password);
  return { level: score, text: LEVELS[score] };
}

