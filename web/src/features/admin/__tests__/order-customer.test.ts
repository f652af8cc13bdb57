import { describe, expect, it } from 'vitest';
import { addressLines, customerLabel } from '../order-customer';
import { statusAction } from '../api/order-statuses';

const billing = {
  prenom: 'Inès',
  nom: 'Moreau',
  rue: '8 quai Saint-Antoine',
  complement: '',
  codePostal: '69002',
  ville: 'Lyon',
  tel: '+33612345678',
  idPays: { code: 'fr', name: 'France' },
  entreprise: { nom_Entreprise: 'Ateliers Moreau', numero_Tva: 'FR40123456824' },
};

describe('customerLabel', () => {
  it('names the customer as billed, with the company and the e-mail', () => {
    expect(customerLabel(billing, 'ines@exemple.fr')).toEqual({ name: 'Inès Moreau', company: 'Ateliers Moreau', email: 'ines@exemple.fr' });
  });
  it('falls back to the e-mail when the snapshot has no name', () => {
    expect(customerLabel(null, 'x@exemple.fr').name).toBe('x@exemple.fr');
    expect(customerLabel({ ...billing, prenom: ' ', nom: '', entreprise: null }, undefined)).toEqual({ name: 'Client inconnu', company: null, email: '' });
  });
});

describe('addressLines', () => {
  it('prints every non-empty line in order', () => {
    expect(addressLines(billing)).toEqual(['Inès Moreau', 'Ateliers Moreau', 'TVA FR40123456824', '8 quai Saint-Antoine', '69002 Lyon', 'France', '+33612345678']);
    expect(addressLines(null)).toEqual([]);
  });
  it('prints the company’s SIREN after its VAT number', () => {
    const company = { nom_Entreprise: 'Ateliers Moreau', numero_Tva: null, siren: '732829320' };
    expect(addressLines({ ...billing, entreprise: company }).slice(1, 3)).toEqual(['Ateliers Moreau', 'SIREN 732829320']);
  });
});

describe('statusAction', () => {
  it('labels the transfer received, and asks a reason or a parcel where the server needs one', () => {
    expect(statusAction('en attente de paiement', 'payée', 'virement').label).toBe('Virement reçu');
    expect(statusAction('en attente de paiement', 'payée', 'carte').label).toBe('Paiement reçu');
    expect(statusAction('en production', 'expédiée', 'virement').form).toBe('delivery');
    const cancel = statusAction('payée', 'annulée', 'virement');
    expect([cancel.form, cancel.danger, cancel.confirm.includes('avoir')]).toEqual(['cancel', true, true]);
    expect(statusAction('en attente de paiement', 'annulée', 'virement').confirm.includes('avoir')).toBe(false);
  });
});
