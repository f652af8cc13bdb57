//! Déclaration d'accessibilité, on the RGAA 4.1 model: commitment, conformity status, what is not
//! accessible and why, how the statement was made, how to report a problem, and the remedies.
import { COMPANY } from '@/config/company';
import { deepFr } from '@/lib/typography';
import type { LegalSection } from './types';

export const ACCESSIBILITY: LegalSection[] = deepFr([
  {
    heading: 'Engagement',
    paragraphs: [
      `${COMPANY.legalName} s’engage à rendre son site internet accessible conformément à l’article 47 de la loi n° 2005-102 du 11 février 2005 et à la directive (UE) 2019/882 relative aux exigences en matière d’accessibilité des produits et services.`,
      `Cette déclaration d’accessibilité s’applique au site ${COMPANY.brand} : ses pages publiques, le devis en ligne, le compte client, le panier, la commande et le paiement, ainsi que l’espace d’administration.`,
    ],
  },
  {
    heading: 'État de conformité',
    paragraphs: [
      `Le site ${COMPANY.brand} est partiellement conforme au référentiel général d’amélioration de l’accessibilité (RGAA 4.1).`,
      'Cet état repose sur notre propre évaluation, pas encore sur un audit des 106 critères du RGAA mené par un organisme indépendant : nous ne pouvons donc pas encore publier de taux de conformité. Les défauts connus sont listés plus bas. Notre évaluation, refaite à chaque version du site, vérifie :',
    ],
    items: [
      'les règles WCAG 2.1 niveaux A et AA de l’outil axe-core, sans erreur sur les pages publiques et sur le devis en ligne (vide, avec un fichier analysé, avec un fichier refusé) ;',
      'l’affichage à 320 pixels de large, sans défilement horizontal, des pages ouvertes aux téléphones ;',
      'un lien « Aller au contenu », un focus visible, des erreurs de formulaire reliées à leur champ et le prix du devis annoncé aux lecteurs d’écran.',
    ],
  },
  {
    heading: 'Contenus non accessibles',
    paragraphs: ['Les contenus suivants ne sont pas, ou pas entièrement, accessibles, pour les raisons indiquées :'],
    items: [
      'Les pages du compte client, du panier, de la commande et de l’espace d’administration, ainsi que le parcours complet au clavier, n’ont pas encore été évalués en entier : des défauts peuvent y subsister. Leur évaluation est en cours.',
      'L’aperçu 3D des pièces du devis en ligne se manipule à la souris ou au doigt seulement. Ce qu’il montre est aussi donné en texte à côté de lui : volume, dimensions, surface, étanchéité du maillage, surplombs, parois trop fines et arêtes ouvertes.',
      'Les graphiques des statistiques de l’espace d’administration sont des images dessinées : les mêmes chiffres sont donnés dans les tableaux qui les suivent.',
      'Les devis, factures et avoirs au format PDF ne sont pas balisés pour les technologies d’assistance (PDF/UA) : leur contenu reste lisible en texte, et nous pouvons vous l’envoyer sous une autre forme sur simple demande.',
      'Le formulaire de carte bancaire est fourni par notre prestataire de paiement : son accessibilité relève de ce prestataire. Le paiement par virement reste toujours possible.',
    ],
  },
  {
    heading: 'Établissement de cette déclaration',
    paragraphs: ['Cette déclaration a été établie le 27 novembre 2026 et mise à jour le 28 novembre 2026.'],
    items: [
      'Technologies utilisées : HTML5, CSS, JavaScript, WAI-ARIA, WebGL (aperçu 3D)',
      'Outils d’évaluation : axe-core (règles WCAG 2.1 A et AA) dans le navigateur Chromium, parcours au clavier automatisés, vérifications manuelles',
      'Pages évaluées : les pages publiques et le devis en ligne, dans les états décrits ci-dessus',
    ],
  },
  {
    heading: 'Retour d’information et contact',
    paragraphs: [
      `Si vous n’arrivez pas à accéder à un contenu ou à un service, écrivez-nous à ${COMPANY.email}, appelez le ${COMPANY.phone} (${COMPANY.hours.toLowerCase()}) ou utilisez le formulaire de contact : nous vous répondons sous 48 heures ouvrées et vous proposons une autre façon d’obtenir l’information ou le service, par exemple un devis établi à partir de votre fichier envoyé par e-mail.`,
    ],
    links: [{ href: '/contact', label: 'Signaler un problème d’accessibilité par le formulaire de contact' }],
  },
  {
    heading: 'Voies de recours',
    paragraphs: [
      'Si vous nous avez signalé un défaut d’accessibilité qui vous empêche d’accéder à un contenu ou à un service et que vous n’avez pas obtenu de réponse satisfaisante, vous pouvez saisir le Défenseur des droits :',
    ],
    items: [
      'par le formulaire en ligne du Défenseur des droits (defenseurdesdroits.fr) ;',
      'par téléphone au 09 69 39 00 00 ;',
      'auprès de l’un de ses délégués, présents dans chaque département ;',
      'par courrier, gratuitement et sans timbre : Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX 07.',
    ],
    links: [{ href: 'https://formulaire.defenseurdesdroits.fr/', label: 'Formulaire en ligne du Défenseur des droits' }],
  },
]);
