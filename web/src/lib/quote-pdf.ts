//! Issues a numbered quote of the basket (`POST Devis/pdf`, with the CSRF header: numbering a
//! quote changes state, so no plain link may do it) and hands the PDF to the browser as a
//! download named after its number. The issued quote can be downloaded again with
//! `GET Devis/{numero}/pdf`.
import { getCsrfToken, NetworkError, resetCsrfToken } from './api-client';
import { fileNameOf as fileNameOfDownload, saveResponse } from './download';

/** The address that downloads the issued quote `number` again. */
export const issuedQuoteUrl = (number: string) => `/api/backend/Devis/${encodeURIComponent(number)}/pdf`;

/** The file name the server gives (`DE-2026-000012.pdf`), else `devis.pdf`. */
export const fileNameOf = (disposition: string | null): string => fileNameOfDownload(disposition, 'devis.pdf');

async function post(url: string): Promise<Response> {
  const send = async () => fetch(url, { method: 'POST', credentials: 'include', headers: { 'X-CSRF-Token': await getCsrfToken() } });
  try {
    const first = await send();
    if (first.status !== 403) return first;
    resetCsrfToken();
    return await send();
  } catch (cause) {
    throw new NetworkError(cause);
  }
}

/** Issues the quote of `url` (`/api/backend/Devis/pdf?...`) and saves it; returns its file name. */
export async function downloadNewQuote(url: string): Promise<string> {
  return saveResponse(await post(url), 'devis.pdf');
}
