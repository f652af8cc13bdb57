//! The accountant's exports of a period (admin): `GET Factures/fec?du=&au=` (FEC),
//! `GET Factures/etat-recapitulatif?mois=` (intra-EU supplies per customer VAT number, CSV) and
//! `GET Factures/archive?du=&au=` (ZIP of the invoices and credit notes as issued), fetched with
//! the session cookie and saved under the server's file name.
import { ApiError, NetworkError } from '@/lib/api-client';
import { saveResponse } from '@/lib/download';

export type ExportKind = 'fec' | 'etat-recapitulatif' | 'archive';

/** The address of an export with its query. */
export function exportUrl(kind: ExportKind, query: Record<string, string>): string {
  return `/api/backend/Factures/${kind}?${new URLSearchParams(query).toString()}`;
}

/** Downloads the export and saves it; returns its file name, or throws the server's refusal. */
export async function downloadExport(kind: ExportKind, query: Record<string, string>): Promise<string> {
  let response: Response;
  try {
    response = await fetch(exportUrl(kind, query), { credentials: 'include' });
  } catch (cause) {
    throw new NetworkError(cause);
  }
  return saveResponse(response, `${kind}.txt`);
}

/** The French reasons a 400 ties to fields (`{"errors": {"du": ["..."]}}`), by field. */
export function fieldReasons(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const errors = (error.body as { errors?: unknown } | null)?.errors;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return {};
  const out: Record<string, string> = {};
  for (const [field, reasons] of Object.entries(errors as Record<string, unknown>)) {
    if (Array.isArray(reasons) && typeof reasons[0] === 'string') out[field] = reasons[0];
  }
  return out;
}
