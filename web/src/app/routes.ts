//! Lazy page modules by path, grouped by guard. Each page is its own chunk.
import type { Loader } from './router';

const content = (name: string): Loader => () =>
  import(`../features/content/pages/${name}.tsx`).then((m: Record<string, never>) => ({ Component: m.default }));

export const publicRoutes: Record<string, Loader> = {
  '/': content('home-page'),
  devis_ligne: () => import('@/features/quote/quote-page').then((m) => ({ Component: m.QuotePage })),
  'devis/partage/:token': () => import('@/features/quote/shared-quote-page').then((m) => ({ Component: m.default })),
  conception_avancee: content('design-page'),
  service_conception: content('design-service-page'),
  impression_3D: content('printing-page'),
  post_traitement: content('post-treatment-page'),
  innovation: content('innovation-page'),
  rejoindre: content('join-page'),
  entreprise: content('company-page'),
  contact: () => import('@/features/contact/contact-page').then((m) => ({ Component: m.default })),
  aide: content('help-page'),
  charte_confidentialite: content('privacy-page'),
  mentions_legales: content('legal-notice-page'),
  mention_legales: content('legal-notice-page'),
  conditions_vente: content('terms-page'),
  accessibilite: content('accessibility-page'),
  not_allowed_for_mobile: content('mobile-page'),
};

const auth = (name: string): Loader => () =>
  import(`../features/auth/pages/${name}.tsx`).then((m: Record<string, never>) => ({ Component: m.default }));

/** Pages open to everybody that deal with authentication. */
export const authRoutes: Record<string, Loader> = {
  'verify-2fa': auth('verify-2fa-page'),
  'compte/logout': auth('logout-page'),
  // The e-mail change needs the session and the password: the pages ask to sign in first.
  email_oubli: auth('email-forgot-page'),
  email_mail: auth('email-reset-page'),
};

/** Pages for visitors who are not signed in. */
export const visitorRoutes: Record<string, Loader> = {
  connexion_compte: auth('sign-in-page'),
  creation_compte: auth('sign-up-page'),
  mdp_oubli: auth('password-forgot-page'),
  mdp_mail: auth('password-reset-page'),
};

const account = (name: string): Loader => () =>
  import(`../features/account/pages/${name}.tsx`).then((m: Record<string, never>) => ({ Component: m.default }));

export const accountRoutes: Record<string, Loader> = {
  'compte/panier': () => import('@/features/cart/pages/cart-page').then((m) => ({ Component: m.default })),
  'compte/parametrage': account('settings-page'),
  'compte/historique-commande': account('orders-page'),
  'compte/mes-devis': account('quotes-page'),
};

const admin = (name: string): Loader => () =>
  import(`../features/admin/pages/${name}.tsx`).then((m: Record<string, never>) => ({ Component: m.default }));

export const adminRoutes: Record<string, Loader> = {
  'compte/admin-home': admin('admin-home-page'),
  'compte/admin/account': admin('accounts-page'),
  'compte/admin/commande': admin('orders-page'),
  'compte/admin/commande/:id': admin('order-page'),
  'compte/admin/factures': admin('invoices-page'),
  'compte/admin/paiement-terme': admin('payment-terms-page'),
  'compte/admin/reduction': admin('discounts-page'),
  'compte/admin/statistics': admin('statistics-page'),
  'compte/admin/journal': admin('journal-page'),
  'compte/admin/catalogue': admin('catalog-page'),
  'compte/admin/piece-validation': admin('part-validation-page'),
};
