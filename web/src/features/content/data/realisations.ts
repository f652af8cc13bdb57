//! The gallery of /innovation: sectors (index 0 to 4) and realisations with their figures.
import { deepFr } from '@/lib/typography';

export type ThumbShape = 'bracket' | 'lattice' | 'nozzle' | 'gear' | 'gripper' | 'implant' | 'manifold' | 'housing';

export interface Sector {
  title: string;
  summary: string;
}

export interface Realisation {
  title: string;
  sector: number;
  process: string;
  material: string;
  shape: ThumbShape;
  description: string;
  result: string;
}

export const SECTORS: Sector[] = deepFr([
  { title: 'Aéronautique', summary: 'Ferrures allégées, conduits d’air et pièces de cabine qualifiées.' },
  { title: 'Aérospatial', summary: 'Pièces de satellites et de lanceurs où chaque gramme compte.' },
  { title: 'Machines industrielles', summary: 'Outillages, collecteurs hydrauliques et pièces de rechange à la demande.' },
  { title: 'Robotique', summary: 'Préhenseurs sur mesure, bras allégés et pièces de cobots.' },
  { title: 'Médical', summary: 'Guides chirurgicaux, modèles anatomiques et dispositifs sur mesure.' },
]);

export const REALISATIONS: Realisation[] = deepFr([
  { title: 'Ferrure de volet optimisée', sector: 0, process: 'SLM', material: 'Titane Ti6Al4V', shape: 'bracket', description: 'Ferrure de fixation redessinée par optimisation topologique à partir d’une pièce usinée dans la masse.', result: '−48 % de masse, rigidité conservée, 3 pièces consolidées en 1' },
  { title: 'Conduit de ventilation cabine', sector: 0, process: 'SLS', material: 'PA11', shape: 'nozzle', description: 'Conduit d’air à section évolutive imprimé d’un seul tenant, sans collage ni rivet.', result: '7 pièces remplacées par 1, délai de 3 semaines au lieu de 14' },
  { title: 'Support d’antenne de nanosatellite', sector: 1, process: 'SLM', material: 'Aluminium AlSi10Mg', shape: 'lattice', description: 'Support à structure lattice gyroïde pour un CubeSat 6U, validé en vibration.', result: '62 g au lieu de 140 g, premier mode propre au-delà de 400 Hz' },
  { title: 'Injecteur de banc d’essai', sector: 1, process: 'SLM', material: 'Acier inoxydable 316L', shape: 'manifold', description: 'Injecteur à canaux internes hélicoïdaux pour un banc d’essai de propulsion.', result: 'Canaux impossibles à usiner, étanchéité validée à 80 bar' },
  { title: 'Collecteur hydraulique', sector: 2, process: 'SLM', material: 'Acier inoxydable 316L', shape: 'manifold', description: 'Bloc foré remplacé par un collecteur aux canaux courbes, sans bouchons de perçage.', result: '−70 % de masse, pertes de charge réduites de 35 %' },
  { title: 'Pignon de rechange', sector: 2, process: 'MJF', material: 'PA12', shape: 'gear', description: 'Pièce d’une machine d’emballage qui n’est plus fabriquée, reproduite d’après un scan 3D.', result: 'Machine relancée en 4 jours, 20 pièces en stock de sécurité' },
  { title: 'Préhenseur à doigts souples', sector: 3, process: 'SLS', material: 'TPU souple (Shore 88A)', shape: 'gripper', description: 'Doigts pneumatiques souples pour saisir des produits fragiles sur une ligne de conditionnement.', result: 'Taux de casse divisé par 10, changement de format en 2 minutes' },
  { title: 'Carter de bras de cobot', sector: 3, process: 'MJF', material: 'PA12 chargé billes de verre', shape: 'housing', description: 'Carter à nervures internes intégrant les passages de câbles et les fixations des moteurs.', result: '−35 % de masse, 12 vis et 4 pièces supprimées' },
  { title: 'Guide de coupe chirurgical', sector: 4, process: 'SLA', material: 'Résine standard', shape: 'implant', description: 'Guide sur mesure conçu d’après l’imagerie du patient, pour une ostéotomie planifiée.', result: 'Temps opératoire réduit, précision de positionnement inférieure au millimètre' },
  { title: 'Cupule à surface poreuse', sector: 4, process: 'SLM', material: 'Titane Ti6Al4V', shape: 'lattice', description: 'Prototype de cupule dont la surface lattice favorise l’ostéo-intégration (projet de recherche).', result: 'Porosité de 65 % maîtrisée, pores de 600 µm' },
]);
