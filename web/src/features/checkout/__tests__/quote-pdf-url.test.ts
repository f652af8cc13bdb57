import { describe, expect, it } from 'vitest';
import { quotePdfUrl } from '../quote-pdf-url';

describe('quotePdfUrl', () => {
  it('names the billing and delivery addresses and the applied code', () => {
    expect(quotePdfUrl({ billingId: 4, deliveryId: 3, code: 'BIENVENUE10' })).toBe(
      '/api/backend/Devis/pdf?idAdresseFacturation=4&idAdresseLivraison=3&codeReduction=BIENVENUE10',
    );
  });

  it('leaves out what is not chosen and encodes the code', () => {
    expect(quotePdfUrl({ billingId: null, deliveryId: null })).toBe('/api/backend/Devis/pdf');
    expect(quotePdfUrl({ billingId: 7, deliveryId: null, code: null })).toBe('/api/backend/Devis/pdf?idAdresseFacturation=7');
    expect(quotePdfUrl({ billingId: null, deliveryId: 2, code: 'É T&É' })).toBe(
      '/api/backend/Devis/pdf?idAdresseLivraison=2&codeReduction=%C3%89+T%26%C3%89',
    );
  });

  it('carries the buyer’s order reference, encoded', () => {
    expect(quotePdfUrl({ billingId: 4, deliveryId: 4, reference: 'BC-2026/0042 & co' })).toBe(
      '/api/backend/Devis/pdf?idAdresseFacturation=4&idAdresseLivraison=4&reference_commande_client=BC-2026%2F0042+%26+co',
    );
    expect(quotePdfUrl({ billingId: 4, deliveryId: 4, reference: null })).toBe('/api/backend/Devis/pdf?idAdresseFacturation=4&idAdresseLivraison=4');
  });
});
