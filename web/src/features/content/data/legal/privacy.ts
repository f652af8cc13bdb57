//! Charte de confidentialité (RGPD): controller, purposes, bases, retention, recipients, rights.
import { COMPANY } from '@/config/company';
import { deepFr } from '@/lib/typography';
import type { LegalSection } from './types';

export const PRIVACY: LegalSection[] = deepFr([
  {
    heading: 'Responsable du traitement',
    paragraphs: [`${COMPANY.legalName}, ${COMPANY.address}, est responsable des traitements décrits ci-dessous. Pour toute question relative à vos données : ${COMPANY.email}.`],
  },
  {
    heading: 'Données collectées et finalités',
    paragraphs: ['Nous ne collectons que les données nécessaires aux finalités suivantes :'],
    items: [
      'Gestion de votre compte (nom, prénom, e-mail, mot de passe chiffré, double authentification) : exécution du contrat',
      'Devis et fabrication (fichiers 3D, options choisies) : mesures précontractuelles et exécution du contrat',
      'Commandes, livraison et facturation (adresses, téléphone, entreprise et numéro de TVA) : exécution du contrat et obligations légales comptables',
      'Réponse à vos messages envoyés par le formulaire de contact : intérêt légitime à vous répondre',
      'Sécurité du site (journaux de connexion, adresse IP, limitation des tentatives) : intérêt légitime et obligation légale de conservation',
    ],
  },
  {
    heading: 'Durées de conservation',
    paragraphs: ['Vos données sont conservées pendant les durées suivantes, puis effacées automatiquement :'],
    items: [
      'Compte, adresses, entreprises, pièces et leurs fichiers 3D, devis : jusqu’à la suppression de votre compte. Un compte sans aucune connexion pendant 3 ans reçoit un e-mail d’avertissement ; sans connexion dans les 30 jours qui suivent, il est supprimé comme décrit ci-dessous',
      'Fichiers déposés sur la page de devis sans être enregistrés dans un compte : 30 jours',
      'Factures et avoirs, avec l’identité de l’acheteur qui y figure : 10 ans (article L123-22 du Code de commerce), y compris après la suppression du compte',
      'Messages envoyés par le formulaire de contact : 3 ans après leur envoi',
      'Historique de connexion (date, adresse IP, navigateur) : jusqu’à la fin de chaque session, au plus 90 jours',
      'Compteurs de tentatives (protection contre les abus) : 24 heures ; e-mails envoyés : 7 jours',
      'Export de vos données : 24 heures après sa préparation',
    ],
  },
  {
    heading: 'Télécharger vos données ou supprimer votre compte',
    paragraphs: [
      'Depuis les paramètres de votre compte, « Télécharger mes données » prépare une archive ZIP avec votre compte, vos adresses, vos entreprises, vos pièces et leurs fichiers, vos devis, vos commandes, vos factures et avoirs en PDF, les messages envoyés par le formulaire de contact et l’historique de vos connexions, au format JSON accompagné des documents eux-mêmes. Vous recevez par e-mail un lien de téléchargement valable 24 heures.',
      '« Supprimer mon compte », après confirmation par votre mot de passe (et un code de double authentification si elle est activée), ferme votre compte immédiatement : toutes vos sessions sont déconnectées et votre adresse e-mail est libérée. Vos adresses, entreprises, pièces et leurs fichiers, devis, panier, messages de contact, historique de connexion et codes de double authentification sont effacés, ainsi que les commandes qui n’ont pas donné lieu à une facture.',
      'Seul ce que la loi nous oblige à conserver reste : vos factures et avoirs pendant 10 ans, avec votre identité telle qu’elle y figure, et les commandes correspondantes, sans votre adresse e-mail ni vos adresses (seul le pays est gardé, pour nos déclarations de TVA). Une commande en cours de fabrication ou de livraison doit être livrée avant la suppression.',
    ],
    links: [{ href: '/compte/parametrage', label: 'Paramètres de mon compte' }],
  },
  {
    heading: 'Destinataires',
    paragraphs: ['Vos données sont traitées par notre personnel habilité et par nos sous-traitants, dans la stricte limite de leur mission :'],
    items: [
      `L'hébergeur du site (${COMPANY.host.name})`,
      'Le prestataire de paiement par carte, qui reçoit directement vos données bancaires : nous ne les voyons ni ne les conservons',
      'Le prestataire d’envoi d’e-mails transactionnels',
      'Les transporteurs, pour vos nom, adresse et téléphone de livraison',
    ],
  },
  {
    heading: 'Cookies',
    paragraphs: [
      'Le site dépose uniquement les cookies strictement nécessaires à son fonctionnement : le cookie de session (connexion à votre compte), le jeton de protection contre la falsification de requêtes (CSRF) et les cookies qui conservent les pièces de votre devis en cours.',
      "Aucun cookie publicitaire, de mesure d'audience ou de réseau social n'est utilisé, et aucun traceur tiers n'est chargé. Ces cookies nécessaires sont exemptés de consentement (article 82 de la loi Informatique et Libertés) : c'est pourquoi le site n'affiche pas de bandeau de cookies.",
    ],
  },
  {
    heading: 'Vos droits',
    paragraphs: [
      `Vous disposez des droits d'accès, de rectification, d'effacement, de limitation, de portabilité et d'opposition, ainsi que du droit de définir des directives sur le sort de vos données après votre décès. Pour les exercer, écrivez à ${COMPANY.email} ou par courrier au siège social, en précisant votre demande. Nous répondons sous un mois.`,
      'Si vous estimez que vos droits ne sont pas respectés, vous pouvez introduire une réclamation auprès de la Commission nationale de l’informatique et des libertés (CNIL), 3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07, ou sur www.cnil.fr.',
    ],
  },
  {
    heading: 'Sécurité et transferts',
    paragraphs: ['Les mots de passe sont stockés sous forme chiffrée (argon2id), les échanges sont protégés par HTTPS et la double authentification est proposée. Vos données sont hébergées dans l’Union européenne et ne font l’objet d’aucun transfert hors de l’Union.'],
  },
]);
