//! The header's five drop-down menus: each item is a page and, for pages with topics, an index.

export interface NavItem {
  label: string;
  page: string;
  index: number | null;
}

export interface NavMenu {
  label: string;
  icon: string;
  items: NavItem[];
}

export const NAV_MENUS: NavMenu[] = [
  {
    label: 'Conception avancée',
    icon: 'pi pi-compass',
    items: [
      { label: 'Optimisation topologique', page: '/conception_avancee', index: 0 },
      { label: 'Conception pour la fabrication additive', page: '/conception_avancee', index: 1 },
      { label: 'Allègement et structures lattices', page: '/conception_avancee', index: 2 },
      { label: 'Consolidation de pièces', page: '/conception_avancee', index: 3 },
      { label: 'Simulation et validation', page: '/conception_avancee', index: 4 },
      { label: 'Service de conception', page: '/service_conception', index: null },
    ],
  },
  {
    label: 'Fabrication de pièces',
    icon: 'pi pi-box',
    items: [
      { label: 'Devis en ligne', page: '/devis_ligne', index: null },
      { label: 'Stéréolithographie (SLA)', page: '/impression_3D', index: 0 },
      { label: 'Frittage laser sélectif (SLS)', page: '/impression_3D', index: 1 },
      { label: 'Multi Jet Fusion (MJF)', page: '/impression_3D', index: 2 },
      { label: 'Fusion laser métal (SLM)', page: '/impression_3D', index: 3 },
      { label: 'Polissage', page: '/post_traitement', index: 0 },
      { label: 'Taraudage', page: '/post_traitement', index: 1 },
      { label: 'Revêtement de surface', page: '/post_traitement', index: 2 },
    ],
  },
  {
    label: 'Innovation',
    icon: 'pi pi-lightbulb',
    items: [
      { label: 'Toutes les réalisations', page: '/innovation', index: null },
      { label: 'Aéronautique', page: '/innovation', index: 0 },
      { label: 'Aérospatial', page: '/innovation', index: 1 },
      { label: 'Machines industrielles', page: '/innovation', index: 2 },
      { label: 'Robotique', page: '/innovation', index: 3 },
      { label: 'Médical', page: '/innovation', index: 4 },
    ],
  },
  {
    label: 'Nous rejoindre',
    icon: 'pi pi-users',
    items: [
      { label: 'Devenir partenaire', page: '/rejoindre', index: 0 },
      { label: 'Rejoindre l’équipe', page: '/rejoindre', index: 1 },
    ],
  },
  {
    label: 'Entreprise',
    icon: 'pi pi-building',
    items: [
      { label: 'Qui sommes-nous', page: '/entreprise', index: null },
      { label: 'Contact', page: '/contact', index: null },
      { label: 'Centre d’aide', page: '/aide', index: null },
    ],
  },
];
