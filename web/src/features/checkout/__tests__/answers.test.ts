import { describe, expect, it } from 'vitest';
import type { Order } from '@/lib/api/orders';
import type { CodeCheck, PlacedOrder, Recap } from '../api/answers';
import { awaitsCardPayment } from '../order-paid';

// The answers are typed with the types generated from the server's (docs/api-types.md): these
// fixtures, written as docs/commerce-api.md documents them, must type-check against them.
const recap: Recap = {
  lignes: [{ Id_Piece: 12, designation: 'support.stl — SLS, PA12 noir', Quantite: 3, prix_unitaire_cents: 1450, total_ht_cents: 4350, id_statut: 1, commandable: true, raison: null }],
  sous_total_cents: 4350, remise_cents: 435, code_reduction: 'BIENVENUE10', raison_code: null, frais_port_cents: 690, zone: 'france',
  poids_g: 183, total_ht_cents: 4605, tva_taux_bp: 2000, tva_cents: 921, total_ttc_cents: 5526, intracommunautaire: false,
  export_hors_ue: false, mention_tva: null, avis_tva: null, commandable: true, raisons: [],
  expedition: { jours_ouvres: 7, expedition: '2027-01-06', livraison: { zone: 'france', du: '2027-01-07', au: '2027-01-08' } },
};

describe('commerce answers (docs/commerce-api.md)', () => {
  it('tell a transfer from a card payment', () => {
    const placed: PlacedOrder = {
      id_commande: 5, numero: 'CO-2026-000005', statut: 'en attente de paiement', total_ttc_cents: 5526,
      paiement: { mode: 'virement', reference: 'CO-2026-000005', iban: 'FR76 3000 1007 9412 3456 7890 185', bic: 'BDFEFRPP', titulaire: 'Forme Additive SAS', montant_cents: 5526 },
      avis_tva: null, facture: null, echeance: null,
    };
    const card: PlacedOrder = { ...placed, paiement: { mode: 'carte', clientSecret: 'pi_1_secret_2', publishable_key: 'pk_test_1', stripe_js_url: 'https://js.stripe.com/v3/' } };
    const mode = (p: PlacedOrder) => (p.paiement.mode === 'carte' ? p.paiement.clientSecret : p.paiement.iban);
    expect(mode(placed)).toBe('FR76 3000 1007 9412 3456 7890 185');
    expect(mode(card)).toBe('pi_1_secret_2');
  });

  it('read a refused code with its French reason', () => {
    const refused: CodeCheck = { utilisable: false, raison: 'Ce code a expiré le 01/11/2026.' };
    expect(refused.utilisable ? null : refused.raison).toBe('Ce code a expiré le 01/11/2026.');
  });

  it('read an order of mes-commandes, and only a pending card order is polled', () => {
    const { lignes, sous_total_cents, remise_cents, code_reduction, frais_port_cents, total_ht_cents, tva_taux_bp, tva_cents, total_ttc_cents, intracommunautaire, mention_tva, avis_tva } = recap;
    const order: Order = {
      sous_total_cents, remise_cents, code_reduction, frais_port_cents, total_ht_cents, tva_taux_bp, tva_cents, total_ttc_cents, intracommunautaire, mention_tva, avis_tva,
      autoliquidation: false, consultation_vies: null,
      lignes: lignes.map(({ Id_Piece, designation, Quantite, prix_unitaire_cents, total_ht_cents }) => ({ Id_Piece, designation, Quantite, prix_unitaire_cents, total_ht_cents })),
      id_commande: 5, numero: 'CO-2026-000005', date: '2026-11-22T21:00:00Z', statut: 'payée', expedition: '2026-12-03', en_retard: false,
      livraison_estimee: { zone: 'france', du: '2026-12-04', au: '2026-12-07' }, expedition_si_paiement: null,
      historique: [{ de: null, vers: 'en attente de paiement', date: '2026-11-22T21:00:00Z', note: '' }],
      mode_paiement: 'carte', reference_commande_client: null, adresse_livraison: {}, adresse_facturation: {}, livraisons: [],
      facture: { numero: 'FA-2026-000001', url: '/api/backend/Commande/5/facture.pdf' }, avoir: null, paiement: null,
      echeance: null, reglee_le: null, jours_retard: 0, expedition_revue: null,
    };
    expect(order.facture?.numero).toBe('FA-2026-000001');
    expect(awaitsCardPayment(order)).toBe(false);
    expect(awaitsCardPayment({ ...order, statut: 'en attente de paiement' })).toBe(true);
    expect(awaitsCardPayment({ ...order, statut: 'en attente de paiement', mode_paiement: 'virement' })).toBe(false);
  });
});
