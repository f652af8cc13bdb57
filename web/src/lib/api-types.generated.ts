// Generated from the server's Rust view types by ts-rs: do not edit.
// Regenerate with `cargo run --features server/ts --example api-types` (docs/api-types.md).
// Types of the JSON the server's API answers with; the engine's types come from ../wasm/types.

import type { Analysis, Catalog, DeliveryRange, PriceOptions, Unit } from '../wasm/types';

/**
 * A role stored on the account (`visiteur` is the absence of an account).
 */
export type Role = "client" | "admin";

/**
 * An account as the API returns it.
 */
export type AccountView = { id: number, email: string, nom: string, prenom: string, role: Role, email_verified: boolean, two_factor_enabled: boolean, created_at: string,
/**
 * An admin disabled the account: it cannot sign in.
 */
desactive: boolean,
/**
 * The account was closed and anonymised (its owner's request or inactivity): it cannot be
 * reopened.
 */
supprime: boolean,
/**
 * When it was closed, ISO 8601.
 */
supprime_le: string | null, };

/**
 * A country as the web app's selector reads it.
 */
export type AddressCountry = {
  /**
   * Two-letter lower-case code.
   */
  code: string,
  /**
   * French name.
   */
  name: string,
};

/**
 * A company's VIES status as the settings page shows it: the latest check of its number.
 */
export type ViesStatus = {
  /**
   * `valide`, `invalide` or `indisponible`.
   */
  statut: "valide" | "invalide" | "indisponible",
  /**
   * When VIES was asked, ISO 8601.
   */
  date: string,
  /**
   * What it means, in French (« Numéro de TVA vérifié auprès de VIES le 22/11/2026 »).
   */
  message: string,
};

/**
 * The company attached to an address, as the server returns it.
 */
export type AddressCompany = {
  /**
   * Company id.
   */
  id_entreprise: number,
  /**
   * Company name.
   */
  nom_Entreprise: string,
  /**
   * Intra-EU VAT number.
   */
  numero_Tva: string | null,
  /**
   * SIREN (nine digits), when the customer gave it.
   */
  siren: string | null,
  /**
   * The latest VIES check of the number (`None`: never checked).
   */
  vies: ViesStatus | null,
};

/**
 * An address as the API returns it.
 */
export type Address = {
  /**
   * Address id.
   */
  idAdresse: number,
  /**
   * Country.
   */
  idPays: AddressCountry,
  /**
   * City.
   */
  ville: string,
  /**
   * Postcode.
   */
  codePostal: string,
  /**
   * Street.
   */
  rue: string,
  /**
   * Extra line.
   */
  complement: string,
  /**
   * Last name.
   */
  nom: string,
  /**
   * First name.
   */
  prenom: string,
  /**
   * Phone.
   */
  tel: string,
  /**
   * Company, if any.
   */
  entreprise: AddressCompany | null,
};

/**
 * `Comptes/me`: the account and its addresses.
 */
export type Me = { adresses: Array<Address>, id: number, email: string, nom: string, prenom: string, role: Role, email_verified: boolean, two_factor_enabled: boolean, created_at: string,
/**
 * An admin disabled the account: it cannot sign in.
 */
desactive: boolean,
/**
 * The account was closed and anonymised (its owner's request or inactivity): it cannot be
 * reopened.
 */
supprime: boolean,
/**
 * When it was closed, ISO 8601.
 */
supprime_le: string | null, };

/**
 * A company as the API returns it (`nom_Entreprise`, `numero_Tva`, as the specification reads them).
 */
export type Company = {
  /**
   * Primary key.
   */
  id_entreprise: number,
  /**
   * Company name.
   */
  nom_Entreprise: string,
  /**
   * Intra-EU VAT number, normalised.
   */
  numero_Tva: string | null,
  /**
   * SIREN (nine digits), when the customer gave it.
   */
  siren: string | null,
  /**
   * The latest VIES check of the number (`None`: never checked).
   */
  vies: ViesStatus | null,
};

/**
 * Answer of a successful `Auth/login`; the session cookie comes with it.
 */
export type LoggedIn = { success: boolean, two_factor_required: boolean, url: string, };

/**
 * Answer of `verify` and `verify-backup-code`. `token` and `refreshToken` name the now complete
 * session (the sha256 of its cookie: an identifier, not a credential; the cookie stays HttpOnly).
 */
export type TwoFactorVerify = { valid: boolean, token: string | null, refreshToken: string | null, message: string, backup_codes?: Array<string>, };

/**
 * Answer of `generate`.
 */
export type TwoFactorSetup = { secret: string, otpauth_url: string,
/**
 * SVG document.
 */
qr_code: string,
/**
 * The same SVG as a `data:` URL, for an `<img>`.
 */
qr_code_data_url: string, };

/**
 * Answer of `toggle`.
 */
export type TwoFactorToggle = { enabled: boolean, two_factor_enabled: boolean, backup_codes?: Array<string>, message: string, };

/**
 * Answer of a successful change.
 */
export type PasswordChanged = { success: boolean, message: string, };

/**
 * One live session as « Mes sessions » shows it.
 */
export type SessionView = {
  /**
   * Session id (to end it).
   */
  id: number,
  /**
   * The browser and system, in French (« Firefox sur Linux »).
   */
  appareil: string,
  /**
   * The user agent as the browser sent it.
   */
  agent: string,
  /**
   * The client address at sign-in.
   */
  adresse_ip: string,
  /**
   * Sign-in, ISO 8601.
   */
  connexion: string,
  /**
   * Last use (to the minute), ISO 8601.
   */
  derniere_utilisation: string,
  /**
   * The session of the browser asking.
   */
  courante: boolean,
};

/**
 * Answer of ending every other session.
 */
export type SessionsEnded = {
  /**
   * How many sessions ended.
   */
  fermees: number,
};

/**
 * Answer of a closed account.
 */
export type AccountDeleted = { success: boolean, message: string, };

/**
 * Where the latest request stands.
 */
export type DataExportStatus = {
  /**
   * `aucun`, `en_attente`, `prete` or `echec`.
   */
  statut: string,
  /**
   * When it was asked for, ISO 8601.
   */
  demande_le: string | null,
  /**
   * When its link stops working, ISO 8601 (ready exports).
   */
  expire_le: string | null,
  /**
   * In French, for the settings page.
   */
  message: string,
};

/**
 * The answer of every successful `Email` call.
 */
export type EmailDone = { success: boolean, message: string, };

/**
 * Answer of `reset`.
 */
export type EmailResetDone = { success: boolean, message: string, email: string, };

/**
 * Answer of an accepted message.
 */
export type ContactSent = { success: boolean, message: string, };

/**
 * A challenge, as the ALTCHA widget reads it.
 */
export type CaptchaChallenge = {
  /**
   * Always `SHA-256`.
   */
  algorithm: string,
  /**
   * Hex sha256 of `salt + number`.
   */
  challenge: string,
  /**
   * Upper bound of the search.
   */
  maxnumber: number,
  /**
   * Random salt with `?expires=UNIX&`.
   */
  salt: string,
  /**
   * Hex HMAC-SHA256 of `challenge`.
   */
  signature: string,
};

/**
 * What the web app reads of an entry (`cookieData`, `get-cookies`).
 */
export type QuoteEntry = {
  /**
   * Position.
   */
  index: number,
  /**
   * File name.
   */
  file_name: string,
  /**
   * Size in bytes.
   */
  size: number,
  /**
   * Unit.
   */
  unit: Unit,
  /**
   * Options.
   */
  options: PriceOptions,
  /**
   * The analysed part (`Id_Piece`), if any.
   */
  part_id: number | null,
  /**
   * Whether the server has analysed the file in this unit.
   */
  analysed: boolean,
  /**
   * The body of the file this entry is (0-based), after a split; `null` for the whole file.
   */
  body: number | null,
};

/**
 * One line of `GET ComptePiece`. Amounts are integer cents excluding VAT.
 */
export type CartLine = {
  /**
   * Line id, for `DELETE ComptePiece/{id}`.
   */
  id: number,
  /**
   * The part.
   */
  Id_Piece: number,
  /**
   * Number of parts.
   */
  Quantite: number,
  /**
   * File name of the part.
   */
  nom_fichier: string,
  /**
   * Part status id (1 Analysée, 2 À vérifier, 3 Validée, 4 Refusée).
   */
  id_statut: number,
  /**
   * The status's French name.
   */
  statut: string,
  /**
   * Why the part waits for a review (French, from its analysis).
   */
  motifs: Array<string>,
  /**
   * What the engine repaired on the part before measuring it (French, from its analysis):
   * for a body split out of a file, the repairs made on that body.
   */
  reparations: Array<string>,
  /**
   * The admin's comment on the part.
   */
  commentaire_admin: string,
  /**
   * The customer's latest review request.
   */
  demande_client: string,
  /**
   * The line can be ordered: the part is Analysée or Validée and the line is priced.
   */
  commandable: boolean,
  /**
   * The options the line is priced with (`quantity` is the line's).
   */
  options: PriceOptions,
  /**
   * Process name, when the line could be priced.
   */
  procede: string | null,
  /**
   * French summary: process, material, colour, finish, post-treatments, express or économique.
   */
  resume: string,
  /**
   * Price of one part before the quantity discount, cents excl. VAT.
   */
  prix_unitaire: number | null,
  /**
   * Line total (quantity discount and lead-time tier factor included), cents excl. VAT.
   */
  prix: number | null,
  /**
   * Quantity discount, percent.
   */
  remise: number,
  /**
   * Lead time in working days.
   */
  delai_jours: number | null,
  /**
   * Ship date of the line ordered now (`AAAA-MM-JJ`, by the server's clock and the catalog's
   * calendar), when it could be priced; the basket ships on its latest.
   */
  expedition: string | null,
  /**
   * Why the line cannot be priced any more (catalog changed, part refused), in French.
   */
  erreur: string | null,
  /**
   * The quote whose price the line keeps (« Commander ce devis », `DE-2026-000001`): `prix`
   * is then that quote's line total and `prix_unitaire` its unit price, discount included.
   */
  prix_devis: string | null,
};

/**
 * One quote of « Mes devis ».
 */
export type MyQuote = {
  /**
   * `DE-2026-000001`.
   */
  numero: string,
  /**
   * Issued at, ISO 8601.
   */
  date: string,
  /**
   * Last instant of validity, ISO 8601 (the end of the 30th Paris day).
   */
  valable_jusqu_au: string,
  /**
   * Whether it is still valid now.
   */
  valide: boolean,
  /**
   * Number of lines (parts).
   */
  pieces: number,
  /**
   * Total excl. VAT, cents.
   */
  total_ht_cents: number,
  /**
   * Total incl. VAT, cents.
   */
  total_ttc_cents: number,
  /**
   * The buyer's order reference it prints, when given.
   */
  reference_commande_client: string | null,
  /**
   * Ship date it gives for an order paid at its issue (`AAAA-MM-JJ`); `null` on older quotes.
   */
  expedition: string | null,
  /**
   * Its PDF as handed out.
   */
  url: string,
  /**
   * Whether « Commander ce devis » can put it back in the basket (quotes issued before they
   * kept what they priced cannot).
   */
  commandable: boolean,
};

/**
 * A link as its owner sees it.
 */
export type QuoteLink = {
  /**
   * Its id (for revoking it).
   */
  id: number,
  /**
   * When it was made, ISO 8601.
   */
  cree_le: string,
  /**
   * The address « Envoyer au service achats » sent it to; `null` for a link copied by hand.
   */
  envoye_a: string | null,
  /**
   * The link itself: only in the answer that made it (the server keeps its hash alone).
   */
  lien?: string,
};

/**
 * The body of `POST Devis/{numero}/envoyer`.
 */
export type QuoteForwardBody = {
  /**
   * The recipient's address (the purchasing department).
   */
  email: string,
  /**
   * A few words for the recipient (plain text), optional.
   */
  message?: string,
};

/**
 * A line of a shared quote.
 */
export type SharedQuoteLine = {
  /**
   * What the line is (« cube.stl — SLA, Résine standard »).
   */
  designation: string,
  /**
   * Its small print (dimensions, quantity discount, lead time).
   */
  details: Array<string>,
  /**
   * Number of parts.
   */
  quantite: number,
  /**
   * Unit price excl. VAT, cents.
   */
  prix_unitaire_ht_cents: number,
  /**
   * Line total excl. VAT, cents.
   */
  total_ht_cents: number,
};

/**
 * A quote as its share link shows it: what its PDF prints, read-only.
 */
export type SharedQuote = {
  /**
   * `DE-2026-000001`.
   */
  numero: string,
  /**
   * Issued at, ISO 8601.
   */
  date: string,
  /**
   * Last instant of validity, ISO 8601.
   */
  valable_jusqu_au: string,
  /**
   * The seller's legal name.
   */
  vendeur: string,
  /**
   * The customer's name.
   */
  client: string,
  /**
   * The customer's company, if any.
   */
  entreprise: string | null,
  /**
   * The buyer's order reference it prints, when given.
   */
  reference_commande_client: string | null,
  /**
   * Its lines.
   */
  lignes: Array<SharedQuoteLine>,
  /**
   * Sum of the lines excl. VAT, cents.
   */
  sous_total_ht_cents: number,
  /**
   * Discount excl. VAT, cents (0 without one).
   */
  remise_cents: number,
  /**
   * What the discount is, when there is one.
   */
  remise_libelle: string | null,
  /**
   * Shipping excl. VAT, cents.
   */
  frais_port_cents: number,
  /**
   * Total excl. VAT, cents.
   */
  total_ht_cents: number,
  /**
   * VAT rate, basis points (2000 = 20 %).
   */
  tva_taux_bp: number,
  /**
   * VAT, cents.
   */
  tva_cents: number,
  /**
   * Total incl. VAT, cents.
   */
  total_ttc_cents: number,
  /**
   * Ship date it gives for an order paid at its issue (`AAAA-MM-JJ`), when it prints one.
   */
  expedition: string | null,
  /**
   * Delivery range (`AAAA-MM-JJ`, first and last day), when it prints one.
   */
  livraison: [string, string] | null,
  /**
   * Its remarks (what the shipping fee assumes, parts still to be checked).
   */
  remarques: Array<string>,
  /**
   * Its PDF, through the same link.
   */
  pdf: string,
};

/**
 * An order's status, spelled in the API as the customer reads it.
 */
export type OrderStatus = "en attente de paiement" | "payée" | "en production" | "expédiée" | "livrée" | "annulée";

/**
 * Answer of `GET Commande/Frais_Port/{idAdresse}`.
 */
export type ShippingFee = {
  /**
   * `france`, `ue` or `monde`.
   */
  zone: string,
  /**
   * French name of the zone, from the catalog.
   */
  zone_libelle: string,
  /**
   * Parcel weight, g.
   */
  poids_g: number,
  /**
   * Fee, cents excl. VAT.
   */
  frais_port_cents: number,
};

/**
 * The ship date of a basket or an order: that of its slowest line.
 */
export type ShipDate = {
  /**
   * Working days of the slowest line (its tier and its post-treatments).
   */
  jours_ouvres: number,
  /**
   * Ship date, `AAAA-MM-JJ`.
   */
  expedition: string,
  /**
   * Delivery range to the delivery zone, when the zone is known.
   */
  livraison: DeliveryRange | null,
};

/**
 * One line of the summary.
 */
export type RecapLine = {
  /**
   * The part.
   */
  Id_Piece: number,
  /**
   * File name — process, material, options.
   */
  designation: string,
  /**
   * Number of parts.
   */
  Quantite: number,
  /**
   * Price of one part before the quantity discount, cents excl. VAT.
   */
  prix_unitaire_cents: number,
  /**
   * Line total excl. VAT.
   */
  total_ht_cents: number,
  /**
   * Part status id.
   */
  id_statut: number,
  /**
   * Whether the line can be ordered.
   */
  commandable: boolean,
  /**
   * Why not, in French.
   */
  raison: string | null,
};

/**
 * Answer of `POST Commande/Recapitulatif`.
 */
export type Recap = {
  /**
   * Lines in basket order.
   */
  lignes: Array<RecapLine>,
  /**
   * Σ lines.
   */
  sous_total_cents: number,
  /**
   * Discount.
   */
  remise_cents: number,
  /**
   * Code applied.
   */
  code_reduction: string | null,
  /**
   * Why the code was not applied.
   */
  raison_code: string | null,
  /**
   * Shipping fee.
   */
  frais_port_cents: number,
  /**
   * Shipping zone.
   */
  zone: string,
  /**
   * Parcel weight, g.
   */
  poids_g: number,
  /**
   * Total excl. VAT.
   */
  total_ht_cents: number,
  /**
   * VAT rate, basis points.
   */
  tva_taux_bp: number,
  /**
   * VAT.
   */
  tva_cents: number,
  /**
   * Total incl. VAT.
   */
  total_ttc_cents: number,
  /**
   * Intra-EU supply of goods (0 %, CGI art. 262 ter I): the buyer's VAT number of the
   * member state of delivery was found valid by VIES.
   */
  intracommunautaire: boolean,
  /**
   * Export outside the EU.
   */
  export_hors_ue: boolean,
  /**
   * Mention printed under the totals.
   */
  mention_tva: string | null,
  /**
   * Why French VAT applies to a company of another member state (VIES silent or the number
   * invalid), to show before payment.
   */
  avis_tva: string | null,
  /**
   * Whether the basket can be ordered.
   */
  commandable: boolean,
  /**
   * Why not, in French.
   */
  raisons: Array<string>,
  /**
   * The basket's ship date if ordered now (its slowest priced line), with the delivery range
   * to the delivery address's zone; `null` without any priced line.
   */
  expedition: ShipDate | null,
};

/**
 * One code. `valeur` is in basis points for `percent`, in cents for `fixed`.
 */
export type Discount = {
  /**
   * Id.
   */
  id: number,
  /**
   * Upper-cased code.
   */
  code: string,
  /**
   * Description.
   */
  description: string,
  /**
   * `percent` or `fixed`.
   */
  type: "percent" | "fixed",
  /**
   * Basis points or cents.
   */
  valeur: number,
  /**
   * Minimum subtotal excl. VAT, cents.
   */
  minimum_commande_cents: number,
  /**
   * Start of validity (ISO 8601 UTC), if any.
   */
  valide_du: string | null,
  /**
   * End of validity (ISO 8601 UTC), if any.
   */
  valide_au: string | null,
  /**
   * Global limit.
   */
  utilisations_max: number | null,
  /**
   * Per-account limit.
   */
  utilisations_max_par_compte: number | null,
  /**
   * Uses so far.
   */
  utilisations: number,
  /**
   * Reserved account.
   */
  id_compte: number | null,
  /**
   * Its e-mail (admin views).
   */
  email_compte?: string,
  /**
   * Active flag.
   */
  actif: boolean,
};

/**
 * Answer of `GetCodeAsUser`: `{utilisable: true, reduction, remise_cents}` or
 * `{utilisable: false, raison}`.
 */
export type CodeCheck = {
  /**
   * Whether the code applies to the current basket now.
   */
  utilisable: boolean,
  /**
   * The code, when usable.
   */
  reduction?: Discount,
  /**
   * The discount on the current basket excl. VAT, when usable.
   */
  remise_cents?: number,
  /**
   * Why not, in French.
   */
  raison?: string,
};

/**
 * The bank-transfer instructions of an order.
 */
export type TransferDetails = {
  /**
   * `virement`.
   */
  mode: "virement",
  /**
   * The order number, to quote as the transfer reference.
   */
  reference: string,
  /**
   * IBAN of the seller.
   */
  iban: string,
  /**
   * BIC of the seller.
   */
  bic: string,
  /**
   * Account holder.
   */
  titulaire: string,
  /**
   * Amount to transfer, cents.
   */
  montant_cents: number,
};

/**
 * The `Paiement` answer of a card order (docs/commerce-api.md).
 */
export type CardPayment = {
  /**
   * Always `carte`.
   */
  mode: "carte",
  /**
   * The PaymentIntent's client secret, for the Payment Element (spelled as the
   * specification's browser storage key that keeps it).
   */
  clientSecret: string,
  /**
   * `pk_...`.
   */
  publishable_key: string,
  /**
   * Stripe.js (or localstripe's stand-in in the tests).
   */
  stripe_js_url: string,
};

/**
 * The `Paiement` of a placed order: the bank details, or the card's PaymentIntent.
 */
export type Payment = TransferDetails | CardPayment;

/**
 * Answer of `POST Commande`.
 */
export type PlacedOrder = {
  /**
   * Order id.
   */
  id_commande: number,
  /**
   * `CO-2026-000005`.
   */
  numero: string,
  /**
   * Status.
   */
  statut: string,
  /**
   * Total incl. VAT, cents.
   */
  total_ttc_cents: number,
  /**
   * How to pay.
   */
  paiement: Payment,
  /**
   * Why French VAT applies to a company of another member state (VIES silent or the number
   * invalid), shown before payment.
   */
  avis_tva: string | null,
  /**
   * On payment terms: the invoice issued at ordering.
   */
  facture: DocumentLink | null,
  /**
   * On payment terms: the invoice's due date, `AAAA-MM-JJ` (Paris).
   */
  echeance: string | null,
};

/**
 * A document issued for an order.
 */
export type DocumentLink = {
  /**
   * `FA-2026-000001`.
   */
  numero: string,
  /**
   * Where the PDF is downloaded.
   */
  url: string,
};

/**
 * One status change.
 */
export type OrderHistory = {
  /**
   * Status before.
   */
  de: string | null,
  /**
   * Status after.
   */
  vers: string,
  /**
   * ISO date.
   */
  date: string,
  /**
   * Note.
   */
  note: string,
};

/**
 * One line.
 */
export type OrderLine = {
  /**
   * The part.
   */
  Id_Piece: number,
  /**
   * As printed.
   */
  designation: string,
  /**
   * Number of parts.
   */
  Quantite: number,
  /**
   * Price of one part.
   */
  prix_unitaire_cents: number,
  /**
   * Line total excl. VAT.
   */
  total_ht_cents: number,
};

/**
 * A parcel.
 */
export type Delivery = {
  /**
   * Id.
   */
  id: number,
  /**
   * Order id.
   */
  id_commande: number,
  /**
   * Order number.
   */
  numero: string,
  /**
   * Carrier.
   */
  transporteur: string,
  /**
   * Tracking number.
   */
  numero_suivi: string,
  /**
   * Tracking link (empty when the carrier has none).
   */
  lien_suivi: string,
  /**
   * ISO date.
   */
  date: string,
};

/**
 * The customer of an order, for the admin list.
 */
export type OrderClient = {
  /**
   * Account id.
   */
  id: number,
  /**
   * E-mail at ordering.
   */
  email: string,
};

/**
 * An order.
 */
export type Order = {
  /**
   * Id.
   */
  id_commande: number,
  /**
   * Number.
   */
  numero: string,
  /**
   * ISO date placed.
   */
  date: string,
  /**
   * Status.
   */
  statut: string,
  /**
   * Ship date (`AAAA-MM-JJ`), fixed when the order was paid (by card, or the transfer
   * received) from its slowest line; `null` until then.
   */
  expedition: string | null,
  /**
   * Whether the order is late: its ship date has passed (Paris date by the server's clock,
   * `AppState::dates_now`) and it is still paid or in production, not shipped.
   */
  en_retard: boolean,
  /**
   * A late order's revised ship date (`AAAA-MM-JJ`): the earliest it can now leave, the
   * business day after today's day 0 by the workshop's calendar; `null` when on time.
   */
  expedition_revue: string | null,
  /**
   * Delivery range of a paid order to its delivery zone, from its ship date (its revised one
   * when late) and the carrier's business days; `null` until the ship date is fixed.
   */
  livraison_estimee: DeliveryRange | null,
  /**
   * While the order waits for its payment: its ship date and delivery range if it were paid
   * now (its slowest line, by the server's clock for dates); `null` otherwise.
   */
  expedition_si_paiement: ShipDate | null,
  /**
   * Status history, oldest first.
   */
  historique: Array<OrderHistory>,
  /**
   * Lines.
   */
  lignes: Array<OrderLine>,
  /**
   * Σ lines.
   */
  sous_total_cents: number,
  /**
   * Discount.
   */
  remise_cents: number,
  /**
   * Code used.
   */
  code_reduction: string | null,
  /**
   * Shipping.
   */
  frais_port_cents: number,
  /**
   * Total excl. VAT.
   */
  total_ht_cents: number,
  /**
   * VAT rate.
   */
  tva_taux_bp: number,
  /**
   * VAT.
   */
  tva_cents: number,
  /**
   * Total incl. VAT.
   */
  total_ttc_cents: number,
  /**
   * Reverse charge (orders placed before issue 23 only: parts are goods).
   */
  autoliquidation: boolean,
  /**
   * Intra-EU supply of goods (0 %, CGI art. 262 ter I).
   */
  intracommunautaire: boolean,
  /**
   * The VAT mention of the order (intra-EU supply, export).
   */
  mention_tva: string | null,
  /**
   * The VIES consultation an intra-EU supply rests on (« Consultation VIES n° … du … »).
   */
  consultation_vies: string | null,
  /**
   * What the customer was told about the VAT at checkout.
   */
  avis_tva: string | null,
  /**
   * `virement` or `carte`.
   */
  mode_paiement: string,
  /**
   * The buyer's own order reference (purchase-order number), as given at checkout or
   * corrected by an admin before the invoice.
   */
  reference_commande_client: string | null,
  /**
   * Delivery address as ordered.
   */
  adresse_livraison: unknown,
  /**
   * Billing address as ordered.
   */
  adresse_facturation: unknown,
  /**
   * Parcels.
   */
  livraisons: Array<Delivery>,
  /**
   * The invoice.
   */
  facture: DocumentLink | null,
  /**
   * The credit note.
   */
  avoir: DocumentLink | null,
  /**
   * Bank details while a transfer is awaited.
   */
  paiement: TransferDetails | null,
  /**
   * On payment terms (`virement_30_jours`): the invoice's due date, `AAAA-MM-JJ` (Paris).
   */
  echeance: string | null,
  /**
   * On payment terms: ISO date the transfer was received (`null` while owed).
   */
  reglee_le: string | null,
  /**
   * On payment terms: whole days past the due date while owed (0 otherwise).
   */
  jours_retard: number,
  /**
   * The customer (admin views).
   */
  client?: OrderClient,
  /**
   * The statuses the state machine allows next (admin views).
   */
  statuts_suivants?: Array<string>,
};

/**
 * A page of the admin list.
 */
export type OrdersPage = {
  /**
   * Orders with their customer.
   */
  items: Array<Order>,
  /**
   * Orders matching the filters.
   */
  total: number,
  /**
   * This page.
   */
  page: number,
  /**
   * Page size.
   */
  par_page: number,
};

/**
 * Answer of `PUT Commande/{id}/statut`.
 */
export type OrderStatusChange = {
  /**
   * Order id.
   */
  id_commande: number,
  /**
   * Order number.
   */
  numero: string,
  /**
   * The new status.
   */
  statut: string,
  /**
   * Invoice issued by this change.
   */
  facture: DocumentLink | null,
  /**
   * Credit note issued by this change.
   */
  avoir: DocumentLink | null,
};

/**
 * A line put back in the basket: its price then and now (excl. VAT, for the same quantity).
 */
export type ReorderedLine = {
  /**
   * The part.
   */
  id_piece: number,
  /**
   * As printed on the order.
   */
  designation: string,
  /**
   * Number of parts, as ordered.
   */
  quantite: number,
  /**
   * Line total excl. VAT on the order.
   */
  total_ht_avant_cents: number,
  /**
   * Line total excl. VAT today; `null` when the line cannot be priced now.
   */
  total_ht_cents: number | null,
  /**
   * Why the line cannot be ordered now (an option no longer offered, a refused part), in
   * French; `null` when it can.
   */
  raison: string | null,
};

/**
 * The answer of `POST Commande/{id}/recommander`.
 */
export type Reordered = {
  /**
   * The order's number.
   */
  numero: string,
  /**
   * Its lines, in order.
   */
  lignes: Array<ReorderedLine>,
};

/**
 * The answer of `POST Devis/{numero}/commander`.
 */
export type QuoteOrdered = {
  /**
   * The quote's number.
   */
  numero: string,
  /**
   * Whether the lines keep the quote's prices (it is valid); else they are at today's.
   */
  au_prix_du_devis: boolean,
  /**
   * Its last day of validity, French (« 27 décembre 2026 »).
   */
  valable_jusqu_au: string,
  /**
   * Its lines, in order: the quote's line total and the basket's now.
   */
  lignes: Array<ReorderedLine>,
};

/**
 * Where an account's payment terms stand.
 */
export type PaymentTerms = {
  /**
   * `aucune` (never asked), `demandee`, `accordee` or `refusee`.
   */
  etat: string,
  /**
   * Company name of the request.
   */
  nom_entreprise: string | null,
  /**
   * SIREN of the request.
   */
  siren: string | null,
  /**
   * Accounts e-mail of the request.
   */
  email_comptabilite: string | null,
  /**
   * Credit limit incl. VAT, cents, once granted.
   */
  plafond_cents: number | null,
  /**
   * Owed on terms (invoices neither paid nor cancelled), cents.
   */
  encours_cents: number,
  /**
   * What may still be ordered on terms, cents (0 unless granted).
   */
  disponible_cents: number,
  /**
   * Reason of a refusal.
   */
  motif_refus: string | null,
  /**
   * ISO date of the request.
   */
  demandee_le: string | null,
  /**
   * ISO date of the decision.
   */
  decidee_le: string | null,
};

/**
 * The payment terms of professionals.
 */
export type PaymentConditions = {
  /**
   * Days between an invoice on terms and its due date.
   */
  delai_jours: number,
  /**
   * Annual late-payment rate, basis points.
   */
  taux_penalites_bp: number,
  /**
   * The same rate as printed on the invoices (« 10 % »).
   */
  taux_penalites: string,
  /**
   * The fixed recovery indemnity, cents.
   */
  indemnite_recouvrement_cents: number,
};

/**
 * A request as the admin's list shows it.
 */
export type PaymentTermsRequest = {
  /**
   * The account.
   */
  id_compte: number,
  /**
   * The account's e-mail.
   */
  email: string,
  /**
   * `aucune` (never asked), `demandee`, `accordee` or `refusee`.
   */
  etat: string,
  /**
   * Company name of the request.
   */
  nom_entreprise: string | null,
  /**
   * SIREN of the request.
   */
  siren: string | null,
  /**
   * Accounts e-mail of the request.
   */
  email_comptabilite: string | null,
  /**
   * Credit limit incl. VAT, cents, once granted.
   */
  plafond_cents: number | null,
  /**
   * Owed on terms (invoices neither paid nor cancelled), cents.
   */
  encours_cents: number,
  /**
   * What may still be ordered on terms, cents (0 unless granted).
   */
  disponible_cents: number,
  /**
   * Reason of a refusal.
   */
  motif_refus: string | null,
  /**
   * ISO date of the request.
   */
  demandee_le: string | null,
  /**
   * ISO date of the decision.
   */
  decidee_le: string | null,
};

/**
 * An invoice on terms not yet paid.
 */
export type OpenInvoice = {
  /**
   * The order.
   */
  id_commande: number,
  /**
   * `CO-2026-000005`.
   */
  numero_commande: string,
  /**
   * `FA-2026-000001`.
   */
  numero_facture: string,
  /**
   * Where the invoice is downloaded.
   */
  url_facture: string,
  /**
   * The account.
   */
  id_compte: number,
  /**
   * The company, from its request.
   */
  entreprise: string,
  /**
   * The customer's e-mail at ordering.
   */
  email: string,
  /**
   * The accounts e-mail, from the request.
   */
  email_comptabilite: string,
  /**
   * Amount due incl. VAT, cents.
   */
  montant_cents: number,
  /**
   * ISO date of issue.
   */
  emise_le: string,
  /**
   * Due date, `AAAA-MM-JJ` (Paris).
   */
  echeance: string,
  /**
   * Whole days past the due date (0 when not yet due).
   */
  jours_retard: number,
  /**
   * The reminders sent: `avant_echeance`, `j1`, `j15`.
   */
  relances: Array<string>,
};

/**
 * The dashboard as the API returns it; amounts in cents.
 */
export type Dashboard = { pieces_a_verifier: number, virements_en_attente: number, commandes_a_produire: number, commandes_a_expedier: number,
/**
 * French name of the current Paris month (`novembre 2026`).
 */
mois: string, chiffre_affaires_ht_cents: number, chiffre_affaires_ttc_cents: number, factures_du_mois: number, };

/**
 * One page of accounts.
 */
export type AdminAccountPage = { comptes: Array<AccountView>, total: number, page: number, par_page: number, };

/**
 * An account (its orders and parts are paged by `GET Admin/Comptes/{id}/Commandes` and
 * `GET Admin/Comptes/{id}/Pieces`).
 */
export type AdminAccountDetail = { compte: AccountView, };

/**
 * An order in an account's page.
 */
export type AccountOrder = { id: number, numero: string, statut: string, total_ttc_cents: number, created_at: string, };

/**
 * A part in an account's page.
 */
export type AccountPart = { id: number, file_name: string, id_status: number, statut: string, created_at: string, };

/**
 * One page of an account's rows (orders or parts), in the shape of the admin's other lists.
 */
export type AccountRowsPage<T> = { items: Array<T>, total: number, page: number, par_page: number, };

/**
 * One part status of `GET Pieces/AllStatus`.
 */
export type PartStatus = {
  /**
   * Status id.
   */
  id: number,
  /**
   * French name.
   */
  libelle: string,
};

/**
 * One status the part was given.
 */
export type PartHistory = {
  /**
   * Status id.
   */
  id_statut: number,
  /**
   * Its French name.
   */
  statut: string,
  /**
   * The analysis's reasons, the customer's request or the admin's comment.
   */
  commentaire: string,
  /**
   * `analyse`, `client` or `equipe`.
   */
  par: string,
  /**
   * ISO 8601 UTC.
   */
  date: string,
};

/**
 * The owner of a part, in the admin's views.
 */
export type PartClient = {
  /**
   * Account id.
   */
  id: number,
  /**
   * E-mail.
   */
  email: string,
  /**
   * Last name.
   */
  nom: string,
  /**
   * First name.
   */
  prenom: string,
};

/**
 * A part of `Pieces/ById`, `Pieces/ByCommande`, `Pieces/ById_AsAdmin` and `Pieces/ForReview`.
 */
export type ReviewPart = {
  /**
   * Part id.
   */
  id: number,
  /**
   * The same, spelled as the specification.
   */
  Id_Piece: number,
  /**
   * File name as uploaded.
   */
  nom_fichier: string,
  /**
   * 1 Analysée, 2 À vérifier, 3 Validée, 4 Refusée.
   */
  id_statut: number,
  /**
   * The status's French name.
   */
  statut: string,
  /**
   * What the analysis found, French, one reason an entry.
   */
  motifs: Array<string>,
  /**
   * The customer's latest review request.
   */
  demande_client: string,
  /**
   * The admin's comment of the latest status change.
   */
  commentaire_admin: string,
  /**
   * quote-core's analysis.
   */
  analyse: Partial<Analysis>,
  /**
   * The customer's price options.
   */
  options: Record<string, unknown>,
  /**
   * Every status given, oldest first.
   */
  historique: Array<PartHistory>,
  /**
   * `GET` it for the original file (the whole file, every body of it, for a body part).
   */
  fichier_url: string,
  /**
   * The body of the original file this part is (0-based, as the quote's `body`), when the
   * customer split a multi-body file into one part per body: the viewer shows that body
   * alone. Absent for a part that is the whole file.
   */
  corps?: number,
  /**
   * What the engine repaired on the part before measuring it, in French (welded vertices,
   * turned faces, bodies turned inside out), from its stored analysis: for a body part, the
   * repairs made on that body.
   */
  reparations: Array<string>,
  /**
   * ISO 8601 UTC.
   */
  cree_le: string,
  /**
   * The owner (admin views only).
   */
  client?: PartClient,
  /**
   * Since when the part waits for a review, ISO 8601 UTC (`Pieces/ForReview` only).
   */
  en_attente_depuis?: string,
};

/**
 * One page of the review queue, in the shape of the admin's other lists.
 */
export type ReviewPage = {
  /**
   * The page's parts, longest waiting first, each with its owner and `en_attente_depuis`.
   */
  items: Array<ReviewPart>,
  /**
   * Parts waiting that match the search, over every page.
   */
  total: number,
  /**
   * This page, from 1.
   */
  page: number,
  /**
   * Page size.
   */
  par_page: number,
};

/**
 * The account that used a code.
 */
export type DiscountAccount = {
  /**
   * Account id.
   */
  id: number,
  /**
   * E-mail.
   */
  email: string,
  /**
   * Last name.
   */
  nom: string,
  /**
   * First name.
   */
  prenom: string,
};

/**
 * One use of a code (`GET Reduction/{id}/utilisations`).
 */
export type DiscountUse = {
  /**
   * The order.
   */
  id_commande: number,
  /**
   * Its number.
   */
  numero: string,
  /**
   * Its status now.
   */
  statut: string,
  /**
   * When it was placed (ISO 8601 UTC).
   */
  date: string,
  /**
   * Discount granted, cents excl. VAT.
   */
  remise_cents: number,
  /**
   * The account.
   */
  compte: DiscountAccount,
};

/**
 * A page of uses.
 */
export type DiscountUsesPage = {
  /**
   * Uses, newest first.
   */
  items: Array<DiscountUse>,
  /**
   * Uses in all.
   */
  total: number,
  /**
   * This page.
   */
  page: number,
  /**
   * Page size.
   */
  par_page: number,
};

/**
 * The customer as the document prints it.
 */
export type InvoiceClient = {
  /**
   * Account id.
   */
  id: number,
  /**
   * E-mail at ordering.
   */
  email: string,
  /**
   * First and last name on the document.
   */
  nom: string,
  /**
   * Company on the document, if any.
   */
  entreprise: string | null,
};

/**
 * One invoice or credit note.
 */
export type InvoiceDocument = {
  /**
   * `facture` or `avoir`.
   */
  type: "facture" | "avoir",
  /**
   * `FA-2026-000001` or `AV-2026-000001`.
   */
  numero: string,
  /**
   * ISO date of issue.
   */
  date: string,
  /**
   * The order.
   */
  id_commande: number,
  /**
   * Its number.
   */
  commande: string,
  /**
   * Its status now.
   */
  statut_commande: string,
  /**
   * The customer.
   */
  client: InvoiceClient,
  /**
   * Total excl. VAT as printed (a credit note credits the invoice's totals).
   */
  total_ht_cents: number,
  /**
   * VAT as printed.
   */
  tva_cents: number,
  /**
   * Total incl. VAT as printed.
   */
  total_ttc_cents: number,
  /**
   * Where the PDF is downloaded.
   */
  url: string,
  /**
   * For an invoice: the credit note that cancels it, if any.
   */
  avoir: string | null,
  /**
   * For a credit note: the invoice it cancels.
   */
  facture: string | null,
  /**
   * For a credit note: its reason.
   */
  motif: string | null,
  /**
   * For an invoice: whether its order may still be cancelled (which issues the credit note).
   */
  annulable: boolean,
};

/**
 * A page of documents.
 */
export type InvoicesPage = {
  /**
   * Documents.
   */
  items: Array<InvoiceDocument>,
  /**
   * Documents matching the filters.
   */
  total: number,
  /**
   * This page.
   */
  page: number,
  /**
   * Page size.
   */
  par_page: number,
};

/**
 * An action the filter offers.
 */
export type JournalAction = {
  /**
   * Code.
   */
  code: string,
  /**
   * French name.
   */
  libelle: string,
};

/**
 * One line of the journal.
 */
export type JournalEntry = {
  /**
   * Id.
   */
  id: number,
  /**
   * ISO 8601 UTC.
   */
  date: string,
  /**
   * The admin's e-mail at the time.
   */
  acteur: string,
  /**
   * The admin's account id, if it still exists.
   */
  id_compte: number | null,
  /**
   * Action code.
   */
  action: string,
  /**
   * Its French name.
   */
  action_libelle: string,
  /**
   * What was changed.
   */
  cible: string,
  /**
   * State before (JSON, `null` for a creation).
   */
  avant: unknown,
  /**
   * State after.
   */
  apres: unknown,
};

/**
 * Answer of `GET Admin/Journal`.
 */
export type JournalPage = {
  /**
   * Lines, newest first.
   */
  items: Array<JournalEntry>,
  /**
   * Lines matching the filters.
   */
  total: number,
  /**
   * This page.
   */
  page: number,
  /**
   * Page size.
   */
  par_page: number,
  /**
   * Every action code, for the filter.
   */
  actions: Array<JournalAction>,
};

/**
 * A version in the history.
 */
export type CatalogVersion = { version: number,
/**
 * ISO 8601, UTC.
 */
date: string,
/**
 * The admin's e-mail; empty for the catalog shipped with the site.
 */
auteur: string, };

/**
 * Answer of `GET Admin/Catalogue` and `GET Admin/Catalogue/{version}`.
 */
export type CatalogView = { version: number, date: string, auteur: string,
/**
 * Whether this is the version new quotes use.
 */
courante: boolean,
/**
 * quote-core's catalog, as stored.
 */
catalogue: Catalog,
/**
 * Every version, newest first.
 */
versions: Array<CatalogVersion>, };

/**
 * One month of the report.
 */
export type StatisticsMonth = {
  /**
   * `2026-03`.
   */
  mois: string,
  /**
   * `mars 2026`.
   */
  libelle: string,
  /**
   * Orders paid in the month, not cancelled.
   */
  commandes_payees: number,
  /**
   * Their totals excl. VAT, cents.
   */
  chiffre_affaires_ht_cents: number,
  /**
   * Orders placed in the month.
   */
  commandes_passees: number,
  /**
   * PDF quotes issued in the month.
   */
  devis: number,
  /**
   * Parts analysed in the month.
   */
  pieces_analysees: number,
};

/**
 * Totals of the period.
 */
export type StatisticsTotals = {
  /**
   * Orders paid, not cancelled.
   */
  commandes_payees: number,
  /**
   * Revenue excl. VAT, cents.
   */
  chiffre_affaires_ht_cents: number,
  /**
   * Revenue / paid orders, rounded to the nearest cent; 0 without orders.
   */
  panier_moyen_ht_cents: number,
  /**
   * Orders placed.
   */
  commandes_passees: number,
  /**
   * PDF quotes issued.
   */
  devis: number,
  /**
   * Parts analysed.
   */
  pieces_analysees: number,
  /**
   * Orders placed / PDF quotes, basis points (10 000 = 100 %); `None` without quotes.
   */
  taux_transformation_bp: number | null,
};

/**
 * A share of the revenue (process or material).
 */
export type StatisticsShare = {
  /**
   * Code (`SLS`, `PA12`).
   */
  code: string,
  /**
   * French name from the current catalog (the code if it is no longer there).
   */
  libelle: string,
  /**
   * Sum of the line totals excl. VAT, cents.
   */
  total_ht_cents: number,
  /**
   * Parts made.
   */
  quantite: number,
  /**
   * Share of the lines' sum, basis points.
   */
  part_bp: number,
};

/**
 * The answer of `GET Statistiques`.
 */
export type Statistics = {
  /**
   * First day, `YYYY-MM-DD`.
   */
  du: string,
  /**
   * Last day, `YYYY-MM-DD`.
   */
  au: string,
  /**
   * Each month of the period.
   */
  mois: Array<StatisticsMonth>,
  /**
   * The period's totals.
   */
  totaux: StatisticsTotals,
  /**
   * Revenue by process.
   */
  par_procede: Array<StatisticsShare>,
  /**
   * Revenue by material (code and process, `SLS · PA12`).
   */
  par_matiere: Array<StatisticsShare>,
};
