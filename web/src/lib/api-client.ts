//! API client: JSON fetch with typed errors, the CSRF token, and the backend proxy route.

/** An HTTP answer other than 2xx; `body` is the parsed JSON (or text) the server sent. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super(`HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** The request never got an HTTP answer (offline, server down, aborted). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('network failure');
    this.name = 'NetworkError';
    this.cause = cause;
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Fetches with credentials and returns the parsed body; throws ApiError or NetworkError. */
export async function apiFetch<T>(url: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'include', ...init });
  } catch (cause) {
    throw new NetworkError(cause);
  }
  const body = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, body);
  return body as T;
}

let csrfToken: Promise<string> | null = null;

/** The CSRF token of GET /api/auth/csrf, fetched once and kept until reset. */
export function getCsrfToken(): Promise<string> {
  if (!csrfToken) {
    csrfToken = apiFetch<{ csrfToken: string }>('/api/auth/csrf', { cache: 'no-store' })
      .then((r) => r.csrfToken)
      .catch((error: unknown) => {
        csrfToken = null;
        throw error;
      });
  }
  return csrfToken;
}

/** Forgets the CSRF token (after sign-in or sign-out the server issues a new one). */
export function resetCsrfToken(): void {
  csrfToken = null;
}

/** Sends a JSON body with the CSRF header (and `headers`); retries once with a fresh token on 403. */
export async function apiSend<T>(url: string, method: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const send = async () =>
    apiFetch<T>(url, {
      method,
      headers: { ...headers, 'Content-Type': 'application/json', 'X-CSRF-Token': await getCsrfToken() },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  try {
    return await send();
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) {
      resetCsrfToken();
      return send();
    }
    throw error;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * Calls a backend controller through POST /api/proxy (`Adresses/12`, `PUT`, {...}). The proxy
 * passes a few request headers on to the controller, among them `Idempotency-Key`.
 */
export function proxy<T>(path: string, httpMethod: HttpMethod = 'GET', body?: unknown, headers?: Record<string, string>): Promise<T> {
  return apiSend<T>('/api/proxy', 'POST', { path, httpMethod, body: body ?? null }, headers);
}

/** Posts a form-encoded body (the auth routes), with the CSRF token in the `csrfToken` field. */
export async function postForm<T>(url: string, fields: Record<string, string>): Promise<T> {
  const form = new URLSearchParams({ ...fields, csrfToken: await getCsrfToken(), json: 'true' });
  return apiFetch<T>(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form,
  });
}
