//! Turns a failed form submission into an inline message, through the error catalogue.
import { ApiError } from './api-client';
import { serverErrorMessage } from './error-message';
import { handleApiError } from './errors';

/**
 * Every failure goes through the catalogue (400 shows its warning toast, 419 signs out, ...),
 * except a 401 (wrong password or code), which concerns what the user typed and is shown
 * inline only. Returns the text to show under the form.
 */
export function formErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return serverErrorMessage(error.body);
  return handleApiError(error).toast.detail ?? 'Erreur serveur interne';
}
