//! Déclaration d'accessibilité, on the RGAA 4.1 model: commitment, conformity status (« non
//! conforme »: RGAA keeps « partiellement » for an audited rate of at least 50 %, and no audit has
//! been made), test results, what is not accessible and why, how the statement was made, how to
//! report a problem, and the remedies.
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
      `Le site ${COMPANY.brand} est non conforme au référentiel général d’amélioration de l’accessibilité (RGAA 4.1).`,
      'Le RGAA ne permet de se dire « partiellement conforme » qu’avec un audit établissant qu’au moins la moitié de ses 106 critères sont respectés. Le site n’a encore fait l’objet d’aucun audit de conformité : nous ne pouvons donc publier aucun taux de conformité, et il est déclaré non conforme tant qu’un tel audit n’a pas été mené.',
    ],
  },
  {
    heading: 'Résultats des tests',
    paragraphs: [
      'Faute d’audit, les seuls résultats disponibles sont ceux de nos vérifications automatisées, refaites à chaque version du site. Elles contrôlent :',
    ],
    items: [
      'les règles WCAG 2.1 niveaux A et AA de l’outil axe-core, sans erreur relevée sur chacune des pages du site : pages publiques, devis en ligne (vide, avec un fichier analysé, avec un fichier refusé), compte client, panier, commande et espace d’administration, fenêtres de dialogue ouvertes et formulaires affichant leurs erreurs ;',
      'le parcours du devis jusqu’à la commande au clavier seul, le lien « Aller au contenu », un focus visible, l’ouverture et la fermeture des menus et des fenêtres de dialogue au clavier, les erreurs de formulaire reliées à leur champ et le prix du devis annoncé aux lecteurs d’écran ;',
      'l’affichage à 320 pixels de large, sans défilement horizontal, des pages ouvertes aux téléphones, et l’usage des autres pages avec un zoom à 200 %.',
    ],
  },
  {
    heading: 'Ce que ces tests ne couvrent pas',
    paragraphs: [
      'Un outil automatique ne décèle qu’une partie des défauts d’accessibilité. Ces tests ne jugent pas, entre autres, la pertinence des textes alternatifs et des intitulés, l’ordre de lecture, la compréhension des contenus, ni l’usage réel avec un lecteur d’écran ou une commande vocale : seul un audit des 106 critères du RGAA, mené avec ces technologies d’assistance, le fera. Cette déclaration sera mise à jour avec le taux de conformité mesuré lorsque cet audit aura été réalisé.',
    ],
  },
  {
    heading: 'Contenus non accessibles',
    paragraphs: ['Les contenus suivants ne sont pas, ou pas entièrement, accessibles, pour les raisons indiquées :'],
    items: [
      'L’ensemble du site, tant qu’il n’a pas été audité : des défauts que nos tests automatisés ne décèlent pas peuvent subsister sur toutes les pages.',
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
      'Outils d’évaluation : axe-core (règles WCAG 2.1 A et AA) dans le navigateur Chromium, parcours au clavier et affichages étroits ou agrandis automatisés ; aucun audit RGAA à ce jour',
      'Pages évaluées : toutes les pages du site, dans les états décrits ci-dessus',
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
