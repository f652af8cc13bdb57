import { describe, expect, it } from 'vitest';
import { clearSessionLocalStorage, SESSION_LOCAL_STORAGE_KEYS } from '@/lib/storage';
import { checkoutStore } from '../checkout-storage';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

describe('checkoutStore', () => {
  it('keeps the choices under the specification keys, and sign-out clears every one', () => {
    const storage = memoryStorage();
    const store = checkoutStore(storage);
    store.setDeliveryId(12);
    store.setBillingId(13);
    store.setCode(' bienvenue10 ');
    store.setPieces([{ Id_Piece: 7, Quantite: 3 }]);
    store.setClientSecret('pi_1_secret_2');
    expect([...Array(storage.length).keys()].map((i) => storage.key(i)).sort()).toEqual([...SESSION_LOCAL_STORAGE_KEYS].sort());
    expect([store.deliveryId(), store.billingId(), store.code(), store.clientSecret()]).toEqual([12, 13, 'BIENVENUE10', 'pi_1_secret_2']);
    expect(store.pieces()).toEqual([{ Id_Piece: 7, Quantite: 3 }]);
    clearSessionLocalStorage(storage);
    expect(storage.length).toBe(0);
    expect([store.deliveryId(), store.billingId(), store.code(), store.pieces(), store.clientSecret()]).toEqual([null, null, null, null, null]);
  });

  it('ignores values it did not write (corrupted or of another shape)', () => {
    const storage = memoryStorage();
    storage.setItem('adresseLivraison', '{pas du json');
    storage.setItem('adresseFacturation', '"12"');
    storage.setItem('piecesData', '[{"Id_Piece":7}]');
    const store = checkoutStore(storage);
    expect([store.deliveryId(), store.billingId(), store.pieces()]).toEqual([null, null, null]);
  });

  it('removes a key when the choice is cleared', () => {
    const storage = memoryStorage();
    const store = checkoutStore(storage);
    store.setCode('ETE');
    store.setCode(null);
    store.setPieces([]);
    expect(storage.getItem('reduction')).toBeNull();
    expect(storage.getItem('piecesData')).toBeNull();
  });
});
