//! Files the server hands out as downloads (`Content-Disposition: attachment`), fetched with the
//! session cookie so that a refusal comes back as an `ApiError` the page can show, and saved
//! under the server's file name.
import { ApiError } from './api-client';

/** The file name the server gives (`filename="FA-2026-000012.pdf"`), else `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;
}

/** Throws the answer's error (its JSON body, else its text) when it is not a success. */
export async function ensureOk(response: Response): Promise<Response> {
  if (response.ok) return response;
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    // not JSON: the text itself
  }
  throw new ApiError(response.status, body);
}

/** Saves the successful `response` as a file; returns its name. */
export async function saveResponse(response: Response, fallback: string): Promise<string> {
  const ok = await ensureOk(response);
  const name = fileNameOf(ok.headers.get('content-disposition'), fallback);
  const href = URL.createObjectURL(await ok.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
  return name;
}
