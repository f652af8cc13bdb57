//! The buyer's own order reference (purchase-order number): the server's rule
//! (`server/src/domain/order_reference.rs`) checked as the customer types, with the same French
//! messages, and the server's refusal of that field read from an error answer
//! (`{errors: {reference_commande_client: [...]}}`). The server decides; this only answers sooner.
import { ApiError } from './api-client';

/** The request and answer field. */
export const ORDER_REFERENCE_FIELD = 'reference_commande_client';
/** Longest reference, in characters. */
export const ORDER_REFERENCE_MAX = 35;

// Rust's `str::trim`: Unicode White_Space (which U+FEFF is not, unlike JavaScript's `trim`).
const WHITE_SPACE = /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/gu;

type Range = readonly [number, number];
const within = (ranges: readonly Range[]) => (c: string) => {
  const code = c.codePointAt(0) ?? 0;
  return ranges.some(([from, to]) => code >= from && code <= to);
};

/** Control characters (Rust's `char::is_control`) and invisible formatting ones. */
const isControlOrInvisible = within([
  [0x00, 0x1f], [0x7f, 0x9f], [0xad, 0xad], [0x200b, 0x200f], [0x202a, 0x202e], [0x2060, 0x206f],
  [0xfe00, 0xfe0f], [0xfeff, 0xfeff], [0xfff9, 0xfffb], [0xe0000, 0xe0fff],
]);

/** What the documents' font prints (`order_reference::is_printable`). */
const isPrintable = within([
  [0x20, 0x7e], [0xa0, 0xac], [0xae, 0x24f], [0x2010, 0x2014], [0x2018, 0x2019], [0x201c, 0x201d],
  [0x2026, 0x2026], [0x202f, 0x202f], [0x20ac, 0x20ac], [0x2116, 0x2116],
]);

export interface CheckedReference {
  /** The reference to send (trimmed), `null` when blank or refused. */
  value: string | null;
  /** Why it is refused, in French; `null` when it is accepted. */
  error: string | null;
}

/** Checks what the customer typed as the server will. */
export function checkOrderReference(input: string): CheckedReference {
  const value = input.replace(WHITE_SPACE, '');
  if (value === '') return { value: null, error: null };
  const chars = [...value];
  if (chars.some(isControlOrInvisible)) {
    return { value: null, error: 'La référence de commande ne peut pas contenir de retour à la ligne, de tabulation ni d’autre caractère de contrôle ou invisible.' };
  }
  const unsupported = chars.find((c) => !isPrintable(c));
  if (unsupported !== undefined) {
    return {
      value: null,
      error: `La référence de commande contient un caractère qui ne peut pas figurer sur la facture («\u00a0${unsupported}\u00a0»)\u00a0: utilisez des lettres latines, des chiffres et la ponctuation courante.`,
    };
  }
  if (chars.length > ORDER_REFERENCE_MAX) {
    return { value: null, error: `La référence de commande ne doit pas dépasser ${ORDER_REFERENCE_MAX}\u00a0caractères (vous en avez saisi ${chars.length}).` };
  }
  return { value, error: null };
}

/** The server's refusal of the reference in an error answer, else `null`. */
export function orderReferenceRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const errors = (error.body as { errors?: unknown } | null)?.errors;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return null;
  const messages = (errors as Record<string, unknown>)[ORDER_REFERENCE_FIELD];
  return Array.isArray(messages) && typeof messages[0] === 'string' ? messages[0] : null;
}
