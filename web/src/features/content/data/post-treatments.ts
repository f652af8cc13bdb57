//! The three post-treatments of /post_traitement (index 0 polishing, 1 tapping, 2 coating).
import { deepFr } from '@/lib/typography';

export interface PostTreatment {
  title: string;
  summary: string;
  paragraphs: string[];
  specs: [string, string][];
  processes: string;
}

export const POST_TREATMENTS: PostTreatment[] = deepFr([
  {
    title: 'Polissage',
    summary: 'Des surfaces lisses, mates ou brillantes, sans trace de couche.',
    paragraphs: [
      'Après retrait des supports, les faces visibles sont poncées à grains successifs puis polies à la main ou en tonneau vibrant selon la taille de la pièce. Sur les polyamides, le lissage vapeur referme les pores et donne une surface satinée, lavable et plus étanche.',
      'Le polissage est facturé selon la surface de la pièce, calculée automatiquement à partir de votre fichier lors du devis.',
    ],
    specs: [
      ['Rugosité obtenue', 'Ra ≈ 0,4 à 0,8 µm (résine), Ra ≈ 2 µm (polyamide lissé), poli miroir possible sur inox'],
      ['Faces traitées', 'Toutes les faces accessibles ; les canaux internes ne sont pas polis'],
      ['Effet sur les cotes', 'Retrait de matière de 0,02 à 0,05 mm par face'],
    ],
    processes: 'SLA, SLS, MJF et SLM',
  },
  {
    title: 'Taraudage',
    summary: 'Des filetages propres et fiables, ou des inserts métalliques.',
    paragraphs: [
      'Les filetages imprimés sont imprécis et s’usent vite. Nous imprimons des avant-trous au bon diamètre, puis les taraudons à la main ou à la machine. Dans les polyamides et les résines, nous posons de préférence des inserts filetés en laiton, montés à chaud, qui supportent des montages et démontages répétés.',
      'Indiquez le nombre de trous à tarauder lors du devis et précisez les filetages dans un plan joint ou dans le commentaire de la commande.',
    ],
    specs: [
      ['Filetages', 'Métriques M2 à M12, pas standard ; autres filetages sur demande'],
      ['Avant-trous à modéliser', 'M3 : Ø 2,5 mm, M4 : Ø 3,3 mm, M5 : Ø 4,2 mm, M6 : Ø 5 mm'],
      ['Inserts', 'Laiton, montés à chaud dans les résines et polyamides'],
      ['Tarification', 'Au trou taraudé ou à l’insert posé'],
    ],
    processes: 'SLA, SLS, MJF et SLM',
  },
  {
    title: 'Revêtement de surface',
    summary: 'Protéger, colorer et fonctionnaliser vos pièces.',
    paragraphs: [
      "Selon le matériau, nous appliquons un apprêt garnissant suivi d'une peinture (teintes RAL), un vernis incolore, une teinture dans la masse pour les polyamides, ou une anodisation pour l'aluminium. Le revêtement améliore aussi la résistance aux UV et aux taches.",
      'Le revêtement est facturé selon la surface de la pièce. Pour les couleurs d’entreprise, envoyez-nous la référence RAL ou Pantone avec votre commande.',
    ],
    specs: [
      ['Peinture', 'Apprêt + laque bi-composant, teintes RAL, mat, satiné ou brillant'],
      ['Vernis', 'Incolore, protection UV, transparence optique pour les résines claires'],
      ['Métal', 'Anodisation (AlSi10Mg), passivation (316L), microbillage'],
      ['Épaisseur ajoutée', '20 à 60 µm : à prévoir sur les ajustements serrés'],
    ],
    processes: 'SLA, SLS, MJF et SLM',
  },
]);
