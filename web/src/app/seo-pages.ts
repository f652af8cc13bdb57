//! What search engines and link previews see of each public page before any script runs: its
//! title (the specification's template), meta description, canonical address, Open Graph tags and
//! schema.org data, and whether it is indexed. The build writes this table to
//! `dist/seo-pages.json` (vite.config.ts); the server writes each page's head from it and builds
//! `sitemap.xml` and `robots.txt` (server/src/seo). Titles come from the same data as the pages.
import { COMPANY } from '@/config/company';
import { DESIGN_TOPICS } from '@/features/content/data/design-topics';
import { FAQ } from '@/features/content/data/faq';
import { GENERIC_PAGES } from '@/features/content/data/generic-pages';
import { JOIN_TOPICS } from '@/features/content/data/join';
import { POST_TREATMENTS } from '@/features/content/data/post-treatments';
import { PROCESSES } from '@/features/content/data/processes';
import { SECTORS } from '@/features/content/data/realisations';
import { pageTitle } from '@/lib/title';
import { fr } from '@/lib/typography';

/** One page state: a path, and for pages with topics the `?index=` it shows. */
export interface SeoPage {
  /** The path, `/` for the home page. */
  path: string;
  /** The topic shown (`?index=N`), or null for a page without topics (or its "all" view). */
  index: number | null;
  /** Whether this state is what the path shows without a valid `index`. */
  default: boolean;
  /** The document title, template applied. */
  title: string;
  description: string;
  /** The address search engines should keep for this content (a duplicate points to its original). */
  canonical: string;
  /** Listed in sitemap.xml and open to indexing; false: `noindex`. */
  indexed: boolean;
  /** schema.org objects written as JSON-LD. */
  structured: object[];
}

export interface SeoTable {
  /** The site's name, default title and description (pages not in the table, the 404). */
  site: { name: string; title: string; description: string; locale: string; image: string; imageAlt: string };
  pages: SeoPage[];
  /** Path prefixes closed to crawlers in robots.txt: the account, checkout and admin pages. */
  disallow: string[];
}

/** The share image of every page (1200 × 630, web/public). */
const SHARE_IMAGE = '/og-image.png';

const SITE_DESCRIPTION = fr(
  `${COMPANY.brand}, votre expert en impression 3D : SLA, SLS, MJF et SLM métal, conception avancée et devis en ligne instantané pour chaque procédé.`,
);

/** Meta descriptions are cut by search engines past about 160 characters: keep whole words. */
function clip(text: string, max = 160): string {
  const clean = fr(text.replace(/\s+/g, ' ').trim());
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' '))}\u2026`;
}

/** The organisation behind the site, for schema.org. */
function organization(): object {
  return {
    '@type': 'Organization',
    name: COMPANY.brand,
    legalName: COMPANY.legalName,
    url: '/',
    logo: '/favicon.svg',
    email: COMPANY.email,
    telephone: COMPANY.phone,
    address: { '@type': 'PostalAddress', streetAddress: COMPANY.address, addressCountry: 'FR' },
  };
}

function service(name: string, description: string, serviceType: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name,
    description,
    serviceType,
    areaServed: { '@type': 'Place', name: 'Union européenne' },
    provider: { '@type': 'Organization', name: COMPANY.brand, url: '/' },
  };
}

interface Entry {
  path: string;
  index?: number | null;
  default?: boolean;
  title: string;
  description: string;
  canonical?: string;
  indexed?: boolean;
  structured?: object[];
}

/** Pages with one state per topic: `?index=0` to `count - 1`, the first being the default. */
function topics<T>(path: string, items: T[], entry: (item: T, index: number) => Omit<Entry, 'path' | 'index'>): Entry[] {
  return items.map((item, index) => ({ path, index, default: index === 0, ...entry(item, index) }));
}

function entries(): Entry[] {
  const brand = COMPANY.brand;
  return [
    {
      path: '/',
      title: 'Accueil',
      description: SITE_DESCRIPTION,
      structured: [{ '@context': 'https://schema.org', ...organization() }],
    },
    {
      path: '/devis_ligne',
      title: 'Devis en ligne',
      description: 'Déposez vos fichiers STL, OBJ, 3MF ou STEP : aperçu 3D, dimensions, étanchéité et prix de chaque procédé en quelques secondes, sans inscription.',
    },
    ...topics('/conception_avancee', DESIGN_TOPICS, (t) => ({
      title: t.title,
      description: `Conception avancée : ${t.title}. ${t.summary}`,
      structured: [service(t.title, t.summary, 'Conception pour la fabrication additive')],
    })),
    {
      path: '/service_conception',
      title: 'Service de conception',
      description: 'Une idée, un croquis ou une pièce à reproduire : notre bureau d’études la modélise en 3D, optimisée pour le procédé d’impression choisi.',
      structured: [service('Service de conception', 'Modélisation 3D, rétro-conception et optimisation pour la fabrication additive.', 'Bureau d’études')],
    },
    ...topics('/impression_3D', PROCESSES, (p) => ({
      title: `Impression 3D ${p.short}`,
      description: `${p.name} : ${p.summary}`,
      structured: [service(p.name, p.summary, 'Impression 3D')],
    })),
    ...topics('/post_traitement', POST_TREATMENTS, (t) => ({
      title: t.title,
      description: `Post-traitement : ${t.title}. ${t.summary}`,
      structured: [service(t.title, t.summary, 'Post-traitement de pièces imprimées en 3D')],
    })),
    {
      path: '/innovation',
      default: true,
      title: 'Innovation et réalisations',
      description: 'Des pièces conçues et fabriquées pour des industriels exigeants : masse réduite, fonctions intégrées, délais raccourcis.',
    },
    ...SECTORS.map((s, index) => ({
      path: '/innovation',
      index,
      title: `Innovation : ${s.title}`,
      description: `Nos réalisations en impression 3D, secteur ${s.title.toLowerCase()} : ${s.summary}`,
    })),
    ...topics('/rejoindre', JOIN_TOPICS, (t) => ({ title: t.title, description: t.lead })),
    {
      path: '/entreprise',
      title: 'L’entreprise',
      description: `${brand} réunit un bureau d’études et un atelier de production pour livrer des pièces fonctionnelles en résine, en polyamide et en métal.`,
    },
    {
      path: '/contact',
      title: 'Contact',
      description: 'Une question sur un devis, un projet de conception, un partenariat ? Écrivez-nous : notre équipe vous répond sous 48 heures ouvrées.',
    },
    {
      path: '/aide',
      title: 'Centre d’aide',
      description: 'Les réponses aux questions fréquentes sur les devis, les procédés, les commandes, la livraison et votre compte.',
      structured: [
        {
          '@context': 'https://schema.org',
          '@type': 'FAQPage',
          mainEntity: FAQ.map((q) => ({ '@type': 'Question', name: q.question, acceptedAnswer: { '@type': 'Answer', text: q.answer } })),
        },
      ],
    },
    {
      path: '/charte_confidentialite',
      title: 'Charte de confidentialité',
      description: 'Comment nous traitons vos données personnelles, combien de temps nous les gardons, et comment exercer vos droits.',
    },
    {
      path: '/mentions_legales',
      title: 'Mentions légales',
      description: `Éditeur, directeur de la publication et hébergeur du site ${brand}.`,
    },
    {
      path: '/mention_legales',
      title: 'Mentions légales',
      description: `Éditeur, directeur de la publication et hébergeur du site ${brand}.`,
      canonical: '/mentions_legales',
      indexed: false,
    },
    {
      path: '/conditions_vente',
      title: 'Conditions générales de vente',
      description: 'Les conditions applicables aux commandes des particuliers et des professionnels : prix, paiement, fabrication, livraison, garanties.',
    },
    {
      path: '/accessibilite',
      title: 'Déclaration d’accessibilité',
      description: 'L’état de conformité du site au RGAA, les contenus non accessibles et les voies de recours.',
    },
    ...Object.entries(GENERIC_PAGES).map(([slug, page]) => ({ path: `/${slug}`, title: page.title, description: page.lead })),
    // Reachable by everyone, of no use in a search result.
    { path: '/not_allowed_for_mobile', title: 'Appareil non pris en charge', description: SITE_DESCRIPTION, indexed: false },
    { path: '/connexion_compte', title: 'Connexion', description: `Connectez-vous à votre compte ${brand}.`, indexed: false },
    { path: '/creation_compte', title: 'Création de compte', description: `Créez votre compte ${brand} pour commander vos pièces.`, indexed: false },
    { path: '/mdp_oubli', title: 'Mot de passe oublié', description: SITE_DESCRIPTION, indexed: false },
    { path: '/mdp_mail', title: 'Nouveau mot de passe', description: SITE_DESCRIPTION, indexed: false },
    { path: '/email_oubli', title: 'Changer d’adresse e-mail', description: SITE_DESCRIPTION, indexed: false },
    { path: '/email_mail', title: 'Confirmer le changement d’adresse', description: SITE_DESCRIPTION, indexed: false },
    { path: '/verify-2fa', title: 'Vérification en deux étapes', description: SITE_DESCRIPTION, indexed: false },
  ];
}

/** The whole table, as the build writes it. */
export function seoTable(): SeoTable {
  const pages = entries().map((e): SeoPage => {
    const index = e.index ?? null;
    const own = index === null ? e.path : `${e.path}?index=${index}`;
    return {
      path: e.path,
      index,
      default: e.default ?? index === null,
      title: pageTitle(e.title),
      description: clip(e.description),
      canonical: e.canonical ?? own,
      indexed: e.indexed ?? true,
      structured: e.structured ?? [],
    };
  });
  return {
    site: {
      name: COMPANY.brand,
      title: pageTitle(''),
      description: clip(SITE_DESCRIPTION),
      locale: 'fr_FR',
      image: SHARE_IMAGE,
      imageAlt: fr(`${COMPANY.brand} : pièces imprimées en 3D en résine, polyamide et métal`),
    },
    pages,
    disallow: ['/compte', '/checkout', '/api/'],
  };
}
