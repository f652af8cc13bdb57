//! Conditions générales de vente (B2C and B2B), filled from the company configuration.
import { COMPANY } from '@/config/company';
import type { PaymentConditions } from '@/lib/api/payment-conditions';
import { formatCents } from '@/lib/format';
import { deepFr } from '@/lib/typography';
import type { LegalSection } from './types';

/**
 * The professionals' payment clause, with the rate, the days and the indemnity the invoices and
 * reminders apply (`conditions`, from the server); while they load, the clause points to the
 * invoice, which prints the rate, rather than state a figure the server may not apply.
 */
export function termsPaymentClause(conditions: PaymentConditions | undefined): string {
  const days = conditions ? `${conditions.delai_jours} jours` : '30 jours';
  const rate = conditions ? `au taux annuel de ${conditions.taux_penalites}` : 'au taux annuel indiqué sur la facture';
  const indemnity = conditions ? wholeEuros(conditions.indemnite_recouvrement_cents) : '40 €';
  return `Clients professionnels : le paiement à ${days} date de facture est ouvert, sur demande depuis les paramètres du compte, aux entreprises dont nous acceptons la demande, dans la limite de l’encours accordé ; la fabrication débute alors sans attendre le paiement et la facture est émise à la commande. Les factures payables à terme le sont à ${days} date de facture, par virement. Tout retard entraîne de plein droit, dès le lendemain de l’échéance, des pénalités ${rate}, ainsi qu’une indemnité forfaitaire pour frais de recouvrement de ${indemnity} (articles L441-10 et D441-5 du Code de commerce). Aucun escompte n’est accordé pour paiement anticipé.`;
}

/** « 40 € » rather than « 40,00 € ». */
const wholeEuros = (cents: number): string => (cents % 100 === 0 ? `${cents / 100} €` : formatCents(cents));

const TERMS_WITH = (paymentClause: string): LegalSection[] => [
  {
    heading: '1. Objet et champ d’application',
    paragraphs: [
      `Les présentes conditions régissent les ventes de pièces fabriquées par impression 3D et de prestations de conception conclues sur le site ${COMPANY.brand} entre ${COMPANY.legalName} (« le Vendeur ») et tout client, consommateur (« Client consommateur ») ou professionnel (« Client professionnel »).`,
      'Les clauses propres à chaque catégorie de client sont signalées. Toute commande vaut acceptation sans réserve des conditions en vigueur au jour de la commande, acceptées expressément par une case à cocher avant le paiement.',
    ],
  },
  {
    heading: '2. Prix',
    paragraphs: [
      'Les prix sont calculés pour chaque pièce à partir du fichier fourni, du procédé, de la matière, des finitions et de la quantité. Ils sont affichés hors taxes (HT) lors du devis, puis toutes taxes comprises (TTC) avant la validation de la commande, TVA française au taux de 20 % incluse.',
      'Les frais de livraison, calculés selon la zone de destination et le poids des pièces, sont indiqués avant la validation de la commande. Les pièces sont des biens : la TVA française s’applique à toute livraison en France, quel que soit le Client. Une livraison dans un autre État membre de l’Union européenne à un Client professionnel dont le numéro de TVA de cet État est reconnu valide par le service VIES de la Commission européenne au moment de la commande est une livraison intracommunautaire exonérée de TVA (article 262 ter I du CGI) ; si VIES ne peut pas confirmer ce numéro, la TVA française est appliquée et le Client en est informé avant le paiement. Une livraison hors de l’Union européenne est une exportation exonérée de TVA (article 262 I du CGI).',
      'Le prix affiché dans le navigateur est une estimation ; seul le prix recalculé par le Vendeur et affiché au récapitulatif de commande fait foi.',
    ],
  },
  {
    heading: '3. Commande',
    paragraphs: ['La commande suit les étapes suivantes :'],
    items: [
      'dépôt des fichiers et choix des options dans le devis en ligne, puis ajout au panier',
      'connexion ou création d’un compte client',
      'choix des adresses de livraison et de facturation, saisie éventuelle d’un code de réduction',
      'vérification du récapitulatif, acceptation des présentes conditions, puis paiement',
      'confirmation de la commande par e-mail',
    ],
  },
  {
    heading: '4. Vérification des fichiers',
    paragraphs: [
      'Les fichiers sont analysés automatiquement. Une pièce non étanche, aux parois trop fines ou hors du volume de construction est soumise à la vérification d’un technicien. Si la pièce ne peut être fabriquée, le Vendeur en informe le Client, qui peut modifier son fichier ou être remboursé intégralement de la pièce concernée.',
      'Le Client garantit détenir les droits sur les fichiers transmis et que les pièces commandées ne portent atteinte à aucun droit de tiers ni à la loi (armes notamment).',
    ],
  },
  {
    heading: '5. Paiement',
    paragraphs: [
      'Le paiement s’effectue par carte bancaire ou par virement. En cas de virement, la fabrication débute à réception des fonds ; la commande est annulée sans paiement sous 15 jours.',
      paymentClause,
    ],
  },
  {
    heading: '6. Fabrication et livraison',
    paragraphs: [
      'Le délai de fabrication dépend du procédé, des finitions et du délai choisi (économique, standard ou express) : il est compté en jours ouvrés, et la date d’expédition qui en résulte est indiquée sur le devis, au récapitulatif et avec la commande. Elle est fixée au paiement (à la réception d’un virement), ou à la commande pour un paiement à 30 jours ; s’y ajoute le délai du transporteur, indiqué par une fourchette de dates de livraison. Le numéro de suivi est communiqué à l’expédition.',
      'Client consommateur : à défaut de délai indiqué, la livraison intervient au plus tard 30 jours après la commande. En cas de retard, le Client peut, après mise en demeure restée sans effet, résoudre le contrat (articles L216-2 et suivants du Code de la consommation). Le risque de perte est transféré à la remise du colis au Client consommateur, et à la remise au transporteur pour le Client professionnel.',
    ],
  },
  {
    heading: '7. Droit de rétractation',
    paragraphs: [
      "Les pièces sont fabriquées d'après le fichier fourni par le Client, selon ses spécifications : ce sont des biens nettement personnalisés. Conformément à l'article L221-28 3° du Code de la consommation, elles sont exclues du droit de rétractation de 14 jours. Le Client consommateur le reconnaît expressément au moment de la commande.",
      'Les prestations de conception peuvent faire l’objet d’une rétractation dans les 14 jours, sauf si le Client a demandé leur exécution immédiate et qu’elles ont été pleinement exécutées.',
    ],
  },
  {
    heading: '8. Garanties',
    paragraphs: [
      'Client consommateur : le Vendeur répond des défauts de conformité dans les conditions des articles L217-3 et suivants du Code de la consommation (deux ans à compter de la livraison) et des vices cachés dans les conditions des articles 1641 et suivants du Code civil. La conformité s’apprécie au regard du fichier fourni et des tolérances publiées pour chaque procédé.',
      'Client professionnel : la garantie est limitée au remplacement ou au remboursement des pièces reconnues non conformes, signalées par écrit dans les 8 jours de la livraison. La responsabilité du Vendeur est limitée au montant de la commande concernée ; il ne répond pas de l’adéquation de la conception du Client à l’usage prévu.',
    ],
  },
  {
    heading: '9. Réclamations et médiation',
    paragraphs: [
      `Toute réclamation est à adresser à ${COMPANY.email}. Client consommateur : après une réclamation écrite restée sans solution, vous pouvez recourir gratuitement au médiateur de la consommation : ${COMPANY.mediator.name}, ${COMPANY.mediator.url}. Vous pouvez aussi utiliser la plateforme européenne de règlement en ligne des litiges.`,
    ],
  },
  {
    heading: '10. Droit applicable et juridiction',
    paragraphs: [
      'Les présentes conditions sont soumises au droit français. Client consommateur : vous pouvez saisir la juridiction de votre domicile ou celle du siège du Vendeur. Client professionnel : tout litige relève de la compétence exclusive des tribunaux du ressort du siège social du Vendeur.',
    ],
  },
];

/** The terms of sale, their payment clause from `conditions` (see [`termsPaymentClause`]). */
export const terms = (conditions: PaymentConditions | undefined): LegalSection[] => deepFr(TERMS_WITH(termsPaymentClause(conditions)));
