//! The five topics of /conception_avancee (index 0 to 4).
import { deepFr } from '@/lib/typography';

export interface Topic {
  title: string;
  summary: string;
  paragraphs: string[];
  points: string[];
  deliverables?: string[];
}

export const DESIGN_TOPICS: Topic[] = deepFr([
  {
    title: 'Optimisation topologique',
    summary: 'Placer la matière là où passent les efforts, et seulement là.',
    paragraphs: [
      "À partir de l'enveloppe disponible, des points de fixation et des cas de charge, un solveur retire la matière inutile et révèle la forme qui supporte les efforts avec le moins de masse. Nous réinterprétons ensuite ce résultat en une géométrie lisse, imprimable et vérifiée par calcul.",
      "Sur une ferrure ou un bras de robot, le gain de masse atteint couramment 30 à 60 % à rigidité égale. En impression métal, chaque gramme retiré réduit aussi le coût de la pièce, facturée au volume de matière.",
    ],
    points: ['Définition des zones figées (interfaces, perçages, portées usinées)', 'Cas de charge statiques, modaux et thermiques', 'Contraintes de fabrication intégrées : angle de contre-dépouille, paroi minimale, accès pour le dépoudrage', 'Validation par éléments finis de la géométrie finale'],
    deliverables: ['Modèle CAO natif et STEP', 'Note de calcul (contraintes, déplacements, coefficient de sécurité)', 'Comparatif masse et coût avant / après'],
  },
  {
    title: 'Conception pour la fabrication additive (DfAM)',
    summary: 'Dessiner pour le procédé dès la première esquisse.',
    paragraphs: [
      "Une pièce conçue pour l'usinage ou l'injection, simplement imprimée, gaspille la plupart des avantages de la fabrication additive. La DfAM adapte la géométrie au procédé choisi : orientation de construction, supports, parois, jeux fonctionnels et états de surface.",
      'Nous analysons vos modèles, vous indiquons les zones à risque et proposons des modifications chiffrées avant impression, pour éviter les reprises et les pièces refusées.',
    ],
    points: ['Choix du procédé et de l’orientation selon la fonction de la pièce', 'Réduction ou suppression des supports (angles autoportants, chanfreins à 45°)', 'Jeux d’assemblage, filetages et inserts adaptés au matériau', 'Évidements et trous d’évacuation de poudre ou de résine'],
    deliverables: ['Rapport d’analyse de fabricabilité', 'Modèle corrigé prêt à imprimer'],
  },
  {
    title: 'Allègement et structures lattices',
    summary: 'Remplacer la matière pleine par des réseaux de cellules.',
    paragraphs: [
      'Les structures lattices (gyroïdes, cellules octet, nids d’abeille) remplissent un volume avec une fraction de sa masse tout en gardant une rigidité maîtrisée. Elles servent aussi à amortir les chocs, échanger de la chaleur ou favoriser l’ostéo-intégration d’un implant.',
      'Nous dimensionnons la densité du réseau zone par zone, et vérifions que les cellules restent imprimables et dépoudrables dans le procédé retenu.',
    ],
    points: ['Réseaux à densité variable pilotée par le calcul', 'Cellules autoportantes en SLM (pas de support interne)', 'Amortissement et absorption d’énergie en TPU', 'Échangeurs thermiques à surfaces minimales (TPMS)'],
  },
  {
    title: 'Consolidation de pièces',
    summary: 'Un ensemble de dix pièces devient une seule pièce imprimée.',
    paragraphs: [
      "La fabrication additive permet de fusionner des assemblages soudés, vissés ou collés en une pièce unique. Moins de références, moins d'opérations d'assemblage, moins de fuites possibles et souvent une masse plus faible.",
      "Nous étudions votre nomenclature, identifions les sous-ensembles candidats et chiffrons le gain sur le coût complet : achat, stock, assemblage et contrôle.",
    ],
    points: ['Intégration des canaux de fluide et des passages de câbles', 'Charnières et liaisons imprimées en une fois (print-in-place)', 'Réduction du nombre de références et d’opérations de contrôle', 'Étude du coût complet, pas seulement du prix de la pièce'],
  },
  {
    title: 'Simulation et validation',
    summary: 'Vérifier par le calcul avant d’imprimer, puis par l’essai.',
    paragraphs: [
      "Nous simulons le comportement mécanique et thermique des pièces avec les propriétés réelles des matériaux imprimés, y compris leur anisotropie. En métal, la simulation du procédé anticipe les déformations de construction et place les supports aux bons endroits.",
      'La validation se termine par des essais physiques : contrôle dimensionnel, essais de traction sur éprouvettes du même lot, essais fonctionnels sur banc si nécessaire.',
    ],
    points: ['Calcul statique, modal, fatigue et thermique', 'Simulation de fabrication SLM (déformations, contraintes résiduelles)', 'Contrôle dimensionnel par scanner 3D et rapport d’écarts', 'Éprouvettes témoins et certificats matière sur demande'],
  },
]);
