//! Browser storage keys owned by the session, cleared on sign-out and on session expiry.

/** Local storage keys cleared on logout (specification, section 3). */
export const SESSION_LOCAL_STORAGE_KEYS = [
  'adresseFacturation',
  'adresseLivraison',
  'clientSecret',
  'piecesData',
  'reduction',
] as const;

export function clearSessionLocalStorage(storage: Storage = window.localStorage): void {
  for (const key of SESSION_LOCAL_STORAGE_KEYS) storage.removeItem(key);
}
