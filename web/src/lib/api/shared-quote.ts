//! The quote a share link opens (`GET /api/backend/Devis/partage/{jeton}`), fetched straight,
//! signed in or not: a 404 carries the French reason (revoked, unknown or expired link).
import { apiFetch } from '@/lib/api-client';
import type { SharedQuote } from '@/lib/api-types.generated';

export type { SharedQuote } from '@/lib/api-types.generated';

export const fetchSharedQuote = (token: string) => apiFetch<SharedQuote>(`/api/backend/Devis/partage/${encodeURIComponent(token)}`);
