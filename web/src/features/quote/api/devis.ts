//! Calls of the instant quote's server routes (`/api/upload/file-temp`, `/api/devis/...`).
import { ApiError, NetworkError, apiFetch, apiSend, getCsrfToken } from '@/lib/api-client';
import type { QuoteEntry } from '@/lib/api-types.generated';
import type { LeadTimeRow, PriceBreakdown, PriceOptions, Unit } from '@/wasm/types';

/** A quote entry as the server keeps it in its signed cookie (generated from the server's type). */
export type EntryView = QuoteEntry;

/** Posts a multipart form with XMLHttpRequest, to report the upload's progress (0 to 1). */
async function postMultipart<T>(url: string, form: FormData, onProgress?: (ratio: number) => void): Promise<T> {
  const token = await getCsrfToken().catch(() => '');
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    if (token) xhr.setRequestHeader('X-CSRF-Token', token);
    if (onProgress) xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(new NetworkError(new Error('upload failed')));
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* keep the text */
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(new ApiError(xhr.status, body));
    };
    xhr.send(form);
  });
}

/** Stores the file at position `index` (entry reset to default options). */
export function uploadFile(file: File, index: number, onProgress: (ratio: number) => void) {
  const form = new FormData();
  form.append('type', 'models');
  form.append('index', String(index));
  form.append('file', file, file.name);
  return postMultipart<{ cookieData: EntryView }>('/api/upload/file-temp', form, onProgress);
}

/** Has the server analyse the stored file of entry `index`; `error` is its French reason, or null. */
export function processFile(index: number) {
  const form = new FormData();
  form.append('index', String(index));
  return postMultipart<{ error: string | null; code?: string; part_id?: number }>('/api/devis/process-file', form);
}

/** The server's price of entry `index`. */
export function calculPrix(index: number) {
  return apiSend<{ success: boolean; prix: PriceBreakdown; delais: LeadTimeRow[] }>('/api/devis/calcul-prix', 'POST', { index });
}

export function getCookies() {
  return apiFetch<{ entries: EntryView[] }>('/api/devis/get-cookies', { cache: 'no-store' });
}

/** Changes options (or `unit`) of entry `index`; `null` removes it. */
export function setCookie(index: number, updates: Partial<PriceOptions> & { unit?: Unit } | null) {
  return apiSend<{ success: boolean; entry: EntryView | null }>('/api/devis/set-cookie', 'POST', { index, updates });
}

/** The stored file of entry `index` (to show it again after a reload). */
export async function fetchStoredFile(entry: EntryView): Promise<File> {
  const response = await fetch(`/api/devis/fichier?index=${entry.index}`, { credentials: 'include' });
  if (!response.ok) throw new ApiError(response.status, null);
  return new File([await response.blob()], entry.file_name);
}

export function addToBasket(indexes: number[]) {
  return apiSend<{ success: boolean; message: string }>('/api/devis/panier', 'POST', {
    dataFiles: indexes.map((index) => ({ index })),
  });
}

/** Splits the (analysed) multi-body file of entry `index` into one entry per body. */
export function splitBodies(index: number) {
  return apiSend<{ success: boolean; entries: EntryView[] }>('/api/devis/separer-corps', 'POST', { index });
}

/** What `regrouper-corps` answers: the whole file's entry, the positions freed, and whether the bodies' process and material were kept. */
export interface Regrouped {
  success: boolean;
  entry: EntryView;
  removed: number[];
  options_kept: boolean;
}

/** Regroups the bodies split out of the file of entry `index` (a body) into one entry of the whole file. */
export function regroupBodies(index: number) {
  return apiSend<Regrouped>('/api/devis/regrouper-corps', 'POST', { index });
}
