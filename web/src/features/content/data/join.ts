//! The two topics of /rejoindre: index 0 become a partner, index 1 join the team.
import { deepFr } from '@/lib/typography';

export interface JoinTopic {
  title: string;
  lead: string;
  sections: { heading: string; items: string[] }[];
  contactSubject: string;
}

export const JOIN_TOPICS: JoinTopic[] = deepFr([
  {
    title: 'Devenir partenaire',
    lead: 'Bureaux d’études, intégrateurs, revendeurs et ateliers de finition : travaillons ensemble pour offrir la fabrication additive à vos clients.',
    sections: [
      { heading: 'Ce que nous proposons', items: ['Des tarifs partenaires dégressifs et une facturation mensuelle', 'Un accès prioritaire aux machines pour vos urgences', 'Des revues de conception DfAM pour vos projets clients', 'Des livraisons en marque blanche, directement chez vos clients'] },
      { heading: 'Les profils que nous recherchons', items: ['Bureaux d’études mécaniques et designers industriels', 'Ateliers d’usinage et de traitement de surface', 'Intégrateurs en robotique et fabricants de machines spéciales', 'Laboratoires et centres de recherche'] },
      { heading: 'Comment ça marche', items: ['Présentez votre activité et vos besoins par le formulaire de contact', 'Un responsable partenariats vous rappelle sous 5 jours ouvrés', 'Nous réalisons ensemble un premier projet pilote', 'Un accord-cadre fixe les conditions tarifaires et logistiques'] },
    ],
    contactSubject: 'Devenir partenaire',
  },
  {
    title: 'Rejoindre l’équipe',
    lead: 'Nous recrutons des passionnés de fabrication qui aiment résoudre des problèmes concrets, du fichier 3D à la pièce livrée.',
    sections: [
      { heading: 'Nos métiers', items: ['Technicien ou technicienne de production additive (SLS, MJF, SLM)', 'Ingénieur ou ingénieure en conception et calcul (DfAM, optimisation)', 'Opérateur ou opératrice de parachèvement (dépoudrage, ponçage, taraudage)', 'Développeur ou développeuse web (Rust, TypeScript)'] },
      { heading: 'Ce que nous offrons', items: ['Un parc machines récent et la formation sur chaque procédé', 'Des projets variés : aéronautique, médical, robotique, industrie', 'Horaires de journée, 2 jours de télétravail pour les postes de bureau', 'Mutuelle prise en charge à 70 %, intéressement et tickets-restaurant'] },
      { heading: 'Candidater', items: ['Envoyez votre CV et quelques lignes sur vos projets via le formulaire de contact (sujet « Candidature »)', 'Candidatures spontanées bienvenues', 'Nous répondons à chaque candidature sous 10 jours ouvrés'] },
    ],
    contactSubject: 'Candidature',
  },
]);
