//! The checkout's choices under the specification's local-storage keys (section 3), cleared at
//! sign-out by `clearSessionLocalStorage`: addresses, discount code, basket snapshot, Stripe secret.
import type { SESSION_LOCAL_STORAGE_KEYS } from '@/lib/storage';

type Key = (typeof SESSION_LOCAL_STORAGE_KEYS)[number];

function read<T>(key: Key, valid: (v: unknown) => v is T, storage: Storage): T | null {
  const raw = storage.getItem(key);
  if (raw == null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return valid(value) ? value : null;
  } catch {
    return null;
  }
}

function write(key: Key, value: unknown, storage: Storage): void {
  if (value == null || value === '') storage.removeItem(key);
  else storage.setItem(key, JSON.stringify(value));
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;
const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** One basket line as the order was prepared (`piecesData`). */
export interface PieceSnapshot {
  Id_Piece: number;
  Quantite: number;
}
const isPieces = (v: unknown): v is PieceSnapshot[] =>
  Array.isArray(v) && v.every((p: unknown) => typeof p === 'object' && p !== null && isId((p as PieceSnapshot).Id_Piece) && isId((p as PieceSnapshot).Quantite));

export interface CheckoutStore {
  deliveryId(): number | null;
  setDeliveryId(id: number | null): void;
  billingId(): number | null;
  setBillingId(id: number | null): void;
  code(): string | null;
  setCode(code: string | null): void;
  pieces(): PieceSnapshot[] | null;
  setPieces(pieces: PieceSnapshot[] | null): void;
  clientSecret(): string | null;
  setClientSecret(secret: string | null): void;
}

export function checkoutStore(storage: Storage = window.localStorage): CheckoutStore {
  return {
    deliveryId: () => read('adresseLivraison', isId, storage),
    setDeliveryId: (id) => write('adresseLivraison', id, storage),
    billingId: () => read('adresseFacturation', isId, storage),
    setBillingId: (id) => write('adresseFacturation', id, storage),
    code: () => read('reduction', isText, storage),
    setCode: (code) => write('reduction', code?.trim().toUpperCase() || null, storage),
    pieces: () => read('piecesData', isPieces, storage),
    setPieces: (pieces) => write('piecesData', pieces?.length ? pieces : null, storage),
    clientSecret: () => read('clientSecret', isText, storage),
    setClientSecret: (secret) => write('clientSecret', secret, storage),
  };
}
