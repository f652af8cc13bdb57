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
    paragraphs: ['Vos données sont conservées pendant les durées suivantes :'],
    items: [
      'Compte : jusqu’à sa suppression, ou 3 ans après votre dernière activité',
      'Fichiers 3D des devis non commandés : 90 jours',
      'Commandes et factures : 10 ans (article L123-22 du Code de commerce)',
      'Messages de contact : 3 ans après le dernier échange',
      'Journaux techniques : 12 mois',
    ],
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
