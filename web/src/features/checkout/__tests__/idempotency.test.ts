import { describe, expect, it } from 'vitest';
import { AttemptKey } from '../idempotency';

function counter() {
  let n = 0;
  return () => `cle-${++n}`;
}
const request = { idAdresseLivraison: 1, idAdresseFacturation: 1, modePaiement: 'virement', cgvAcceptees: true };

describe('AttemptKey', () => {
  it('keeps one key across a double click and a retry of the same request', () => {
    const keys = new AttemptKey(counter());
    const first = keys.for(request);
    expect(keys.for({ ...request })).toBe(first);
    expect(keys.for(request)).toBe(first);
  });

  it('makes a new key when the request changes, and after the order is placed', () => {
    const keys = new AttemptKey(counter());
    const first = keys.for(request);
    const changed = keys.for({ ...request, codeReduction: 'BIENVENUE10' });
    expect(changed).not.toBe(first);
    keys.done();
    const next = keys.for({ ...request, codeReduction: 'BIENVENUE10' });
    expect(next).not.toBe(changed);
    expect(new Set([first, changed, next]).size).toBe(3);
  });

  it('uses random UUIDs by default', () => {
    const a = new AttemptKey().for(request);
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new AttemptKey().for(request)).not.toBe(a);
  });
});
