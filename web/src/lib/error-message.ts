//! Extracts the French text of a server error body: errors (joined), then title, then message.

export const DEFAULT_ERROR_MESSAGE = 'Erreur serveur interne';

function flatten(errors: unknown): string[] {
  if (typeof errors === 'string') return [errors];
  if (Array.isArray(errors)) return errors.flatMap(flatten);
  if (errors && typeof errors === 'object') return Object.values(errors).flatMap(flatten);
  return [];
}

function nonEmpty(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** The message a server body carries, or the default "Erreur serveur interne". */
export function serverErrorMessage(body: unknown): string {
  if (typeof body === 'string') return nonEmpty(body) ?? DEFAULT_ERROR_MESSAGE;
  if (!body || typeof body !== 'object') return DEFAULT_ERROR_MESSAGE;
  const record = body as Record<string, unknown>;
  const joined = flatten(record.errors).map((s) => s.trim()).filter(Boolean).join(' ');
  return nonEmpty(joined) ?? nonEmpty(record.title) ?? nonEmpty(record.message) ?? DEFAULT_ERROR_MESSAGE;
}
