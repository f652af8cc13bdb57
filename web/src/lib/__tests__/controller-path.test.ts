import { describe, expect, it } from 'vitest';
import { controllerPath } from '../controller-path';

describe('controllerPath', () => {
  it('encodes every value so that the proxy accepts the query', () => {
    const path = controllerPath('Commande', { statut: 'payée', q: "l'atelier (Lyon)*", page: 2 });
    expect(path).toBe('Commande?statut=pay%C3%A9e&q=l%27atelier%20%28Lyon%29%2A&page=2');
    expect(path.split('?')[1]).toMatch(/^[A-Za-z0-9\-_.~%=&+]*$/);
  });
  it('leaves out empty values and the question mark when nothing is left', () => {
    expect(controllerPath('Factures', { q: '  ', type: null, page: undefined })).toBe('Factures');
    expect(controllerPath('Factures', { q: ' FA-2026 ' })).toBe('Factures?q=FA-2026');
  });
});
