//! The four printing processes of /impression_3D (index 0 SLA, 1 SLS, 2 MJF, 3 SLM). Numbers
//! match quote-core/catalog/default.json (build volume, minimum wall, layer, tolerance); the lead
//! times are read from the catalog itself (../lead-times.ts).
import { deepFr } from '@/lib/typography';

export interface Material {
  name: string;
  properties: string;
  uses: string;
}

export interface Process {
  code: string;
  name: string;
  short: string;
  summary: string;
  principle: string;
  buildVolumeMm: [number, number, number];
  layerMm: string;
  minWallMm: string;
  tolerance: string;
  surface: string;
  materials: Material[];
  strengths: string[];
  limits: string[];
  design: string[];
}

export const PROCESSES: Process[] = deepFr([
  {
    code: 'SLA',
    name: 'Stéréolithographie (SLA)',
    short: 'SLA',
    summary: 'Des pièces en résine aux surfaces lisses et aux détails très fins, pour le prototypage visuel, la précision et les pièces transparentes.',
    principle:
      "Un laser UV polymérise une résine liquide couche après couche. La pièce est construite tête en bas sur des supports, puis lavée à l'alcool isopropylique et post-polymérisée aux UV pour atteindre ses propriétés mécaniques finales.",
    buildVolumeMm: [335, 200, 300],
    layerMm: '0,05 mm (50 µm)',
    minWallMm: '0,6 mm',
    tolerance: '± 0,15 mm (+ 0,1 % au-delà de 100 mm)',
    surface: 'Ra ≈ 1 à 3 µm brut ; traces de supports poncées sur les faces portantes',
    materials: [
      { name: 'Résine standard', properties: 'Rigide, très bon rendu de détail, gris, blanc ou noir', uses: 'Maquettes, prototypes visuels, boîtiers, masters de moulage' },
      { name: 'Résine tenace', properties: 'Résistance aux chocs proche de l’ABS, allongement à la rupture ≈ 25 %', uses: 'Clips, assemblages encliquetables, prototypes fonctionnels' },
      { name: 'Résine transparente', properties: 'Incolore, transparence optique après ponçage et vernis', uses: 'Guides de lumière, visualisation de flux, capots' },
    ],
    strengths: ['Meilleur état de surface des procédés plastiques', 'Détails jusqu’à 0,2 mm et textes en relief lisibles', 'Pièces étanches et transparentes possibles'],
    limits: ['Supports nécessaires : petites marques sur les faces en contrepente', 'Résines sensibles aux UV et à la chaleur (HDT ≈ 50 à 60 °C)', 'Volume utile plus réduit que les procédés poudre'],
    design: ['Épaisseur de paroi minimale 0,6 mm, 1 mm conseillé pour les parois porteuses', 'Prévoir des trous d’évacuation (Ø 3 mm minimum) pour les pièces creuses', 'Orienter les faces esthétiques vers le haut pour éviter les points de support'],
  },
  {
    code: 'SLS',
    name: 'Frittage laser sélectif (SLS)',
    short: 'SLS',
    summary: 'Des pièces fonctionnelles en polyamide, robustes et sans supports, pour les géométries complexes et les petites séries.',
    principle:
      'Un laser CO2 fritte une poudre de polyamide préchauffée. La poudre non frittée soutient la pièce : aucune structure de support, ce qui permet d’imbriquer des dizaines de pièces dans un même bac.',
    buildVolumeMm: [340, 340, 600],
    layerMm: '0,10 mm (100 µm)',
    minWallMm: '0,8 mm',
    tolerance: '± 0,3 mm (+ 0,3 % au-delà de 100 mm)',
    surface: 'Ra ≈ 6 à 10 µm, aspect granuleux mat ; lissage vapeur possible',
    materials: [
      { name: 'Polyamide 12 (PA12)', properties: 'Bon compromis rigidité / résilience, blanc naturel ou teint en noir', uses: 'Pièces mécaniques, boîtiers, gabarits, séries de 1 à 1 000 pièces' },
      { name: 'Polyamide 11 (PA11)', properties: 'Biosourcé (huile de ricin), plus ductile, meilleure tenue aux chocs', uses: 'Charnières, pièces soumises aux chocs, clips' },
      { name: 'TPU souple (Shore 88A)', properties: 'Élastomère flexible, résistant à l’abrasion', uses: 'Joints, soufflets, semelles, amortisseurs' },
    ],
    strengths: ['Aucun support : liberté géométrique totale, pièces imbriquées', 'Propriétés mécaniques proches de l’injection', 'Économique en petite série grâce au remplissage du bac'],
    limits: ['Surface légèrement granuleuse', 'Les grandes surfaces planes peuvent se voiler', 'Les volumes creux fermés emprisonnent de la poudre'],
    design: ['Paroi minimale 0,8 mm ; 2 mm pour les grandes surfaces planes', 'Jeu entre pièces mobiles imprimées assemblées : 0,5 mm minimum', 'Prévoir deux trous d’évacuation de poudre (Ø 5 mm) pour les corps creux'],
  },
  {
    code: 'MJF',
    name: 'Multi Jet Fusion (MJF)',
    short: 'MJF',
    summary: 'Des pièces en PA12 denses et homogènes, avec des détails nets et des cadences adaptées à la production en série.',
    principle:
      'Une tête d’impression dépose un agent de fusion et un agent de détail sur un lit de poudre, puis une lampe infrarouge fusionne la couche entière en un seul passage. Le procédé est plus rapide que le SLS et donne des pièces plus isotropes.',
    buildVolumeMm: [380, 284, 380],
    layerMm: '0,08 mm (80 µm)',
    minWallMm: '0,6 mm',
    tolerance: '± 0,3 mm (+ 0,3 % au-delà de 100 mm)',
    surface: 'Ra ≈ 5 à 7 µm après microbillage ; teinte gris naturel ou noir',
    materials: [
      { name: 'Polyamide 12 (PA12)', properties: 'Dense, étanche, propriétés quasi isotropes, gris naturel ou noir', uses: 'Pièces de production, boîtiers, fixations, connecteurs' },
      { name: 'PA12 chargé billes de verre', properties: 'Rigidité accrue (module ≈ 2 800 MPa), stabilité dimensionnelle', uses: 'Supports, carters, outillages et gabarits de contrôle' },
    ],
    strengths: ['Détails plus fins et arêtes plus nettes que le SLS', 'Pièces étanches sans traitement', 'Coût unitaire bas en série'],
    limits: ['Couleurs limitées au gris et au noir', 'Matériaux moins nombreux qu’en SLS', 'Grandes pièces plates sensibles au voilage'],
    design: ['Paroi minimale 0,6 mm, 1,5 mm conseillé pour les pièces fonctionnelles', 'Textes et reliefs : 0,5 mm de hauteur minimum', 'Évider les sections massives au-delà de 10 mm pour limiter les retraits'],
  },
  {
    code: 'SLM',
    name: 'Fusion laser sélective métal (SLM)',
    short: 'SLM',
    summary: 'Des pièces métalliques denses en aluminium, inox ou titane, pour l’aéronautique, le médical et l’outillage.',
    principle:
      'Un laser fibre fond complètement une poudre métallique sous atmosphère inerte (argon). Les pièces sont construites sur un plateau, avec des supports qui évacuent la chaleur, puis détensionnées, découpées du plateau et sablées.',
    buildVolumeMm: [250, 250, 325],
    layerMm: '0,03 mm (30 µm)',
    minWallMm: '0,4 mm',
    tolerance: '± 0,1 mm (+ 0,2 % au-delà de 100 mm)',
    surface: 'Ra ≈ 8 à 12 µm après sablage ; usinage des portées fonctionnelles sur demande',
    materials: [
      { name: 'Aluminium AlSi10Mg', properties: 'Léger (2,67 g/cm³), bonne conductivité thermique', uses: 'Échangeurs, supports allégés, boîtiers, pièces de drones' },
      { name: 'Acier inoxydable 316L', properties: 'Résistant à la corrosion, soudable, 7,99 g/cm³', uses: 'Pièces agroalimentaires, marine, raccords, outillage' },
      { name: 'Titane Ti6Al4V', properties: 'Excellent rapport résistance / masse, biocompatible', uses: 'Aéronautique, implants et instruments, pièces de compétition' },
    ],
    strengths: ['Densité supérieure à 99,5 %', 'Canaux internes et structures lattices impossibles en usinage', 'Consolidation de plusieurs pièces en une seule'],
    limits: ['Supports obligatoires sous 45° : ils sont retirés à la main ou par usinage', 'Coût au cm³ élevé : la conception doit être optimisée', 'Contraintes résiduelles : traitement thermique indispensable'],
    design: ['Paroi minimale 0,4 mm ; 1 mm pour les parois structurelles', 'Angles de contre-dépouille supérieurs à 45° par rapport à l’horizontale', 'Prévoir des surépaisseurs d’usinage de 0,5 mm sur les surfaces fonctionnelles'],
  },
]);
