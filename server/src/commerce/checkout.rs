//! Placing an order (`POST Commande`): one transaction takes the order number from the `CO`
//! counter, snapshots the addresses, prices the lines again, records the totals and the first
//! status, and empties the basket. The same `Idempotency-Key` again returns the same order,
//! whether the first request finished or is still running: the unique (account, key) index makes
//! the second insert fail (on PostgreSQL after waiting for the first transaction), and the order
//! is then read again. VIES is asked about the buyer's VAT number before the transaction opens
//! (no database lock is held while it answers); the decision is taken inside it from the
//! addresses read there.

use quote_core::Catalog;

use super::addresses::ADDRESS_NOT_FOUND;
use super::discounts;
use super::error::CommerceError;
use super::invoicing;
use super::order_status::OrderStatus;
use super::payment_terms;
use super::ship_dates::{self, ShipClock};
use super::shipping;
use super::totals::{self, Totals};
use super::vat::VatDecision;
use super::vat_check::{self, Checked};
use crate::db::addresses::{self, AddressView};
use crate::db::orders::{self, NewLine, NewOrder, OrderHead};
use crate::db::payment_terms as payment_terms_db;
use crate::db::{account_parts, counters, Db};
use crate::documents::Seller;
use crate::domain::paris_time::{fr_date_long, paris_year};
use crate::domain::{Cents, OrderReference};
use crate::mail::{order_templates, terms_templates, Mailer, OutgoingMail};
use crate::payment::transfer::transfer_details;
use crate::vies::Vies;

/// Longest accepted idempotency key.
pub const MAX_KEY_LEN: usize = 200;
/// Answer without `cgvAcceptees: true`.
pub const CGV_REQUIRED: &str =
    "Veuillez accepter les conditions générales de vente\u{a0}: les pièces \
     sont fabriquées selon vos spécifications et ne peuvent pas faire l'objet d'un droit de \
     rétractation (article L221-28 3° du Code de la consommation).";

/// How the customer pays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaymentMethod {
    /// Bank transfer, with the order number as reference.
    Virement,
    /// Card through Stripe.
    Carte,
    /// Bank transfer within 30 days of the invoice, for a company granted payment terms: the
    /// order is made without waiting and invoiced at once.
    Terms,
}

impl PaymentMethod {
    /// `virement` or `carte`.
    pub fn as_str(self) -> &'static str {
        match self {
            PaymentMethod::Virement => "virement",
            PaymentMethod::Carte => "carte",
            PaymentMethod::Terms => payment_terms_db::METHOD,
        }
    }

    /// The spelling stored in `orders.payment_method`: an order on terms is paid by transfer (its
    /// due date, `orders.due_at`, says it is on terms).
    pub fn stored(self) -> &'static str {
        match self {
            PaymentMethod::Terms => PaymentMethod::Virement.as_str(),
            other => other.as_str(),
        }
    }

    /// Reads `virement`, `carte` or `virement_30_jours`.
    pub fn parse(s: &str) -> Option<PaymentMethod> {
        match s {
            "virement" => Some(PaymentMethod::Virement),
            "carte" => Some(PaymentMethod::Carte),
            payment_terms_db::METHOD => Some(PaymentMethod::Terms),
            _ => None,
        }
    }
}

/// A checked request to place an order.
#[derive(Debug, Clone)]
pub struct Checkout<'a> {
    /// The customer.
    pub account_id: i64,
    /// Their e-mail.
    pub email: &'a str,
    /// The `Idempotency-Key` header.
    pub key: &'a str,
    /// Delivery address id.
    pub delivery_id: i64,
    /// Billing address id.
    pub billing_id: i64,
    /// How they pay.
    pub payment: PaymentMethod,
    /// The discount code the customer typed, if any: checked and counted in the transaction.
    pub discount_code: Option<&'a str>,
    /// The buyer's own reference for the order (purchase-order number), if they gave one.
    pub buyer_reference: Option<&'a OrderReference>,
    /// The VIES client that checks the buyer's VAT number.
    pub vies: &'a Vies,
    /// The seller, whose invoice an order on terms gets when it is placed.
    pub seller: &'a Seller,
    /// What fixes the ship date of an order on terms when it is placed (it is made at once).
    pub dates: ShipClock<'a>,
    /// Where the "order received" e-mail is queued, in the order's transaction (`None`: no
    /// e-mail).
    pub confirmation: Option<Confirmation<'a>>,
}

/// What the "order received" e-mail of a new order needs: it is queued in the outbox in the
/// order's own transaction, so it exists exactly when the order does (an instance that dies
/// after the commit leaves it to the others).
#[derive(Debug, Clone, Copy)]
pub struct Confirmation<'a> {
    /// The mailer (brand and outbox).
    pub mailer: &'a Mailer,
    /// The seller, whose bank details a transfer order's e-mail gives.
    pub seller: &'a Seller,
}

/// What placing an order on terms issued.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TermsInvoice {
    /// Its invoice's number.
    pub invoice: String,
    /// The invoice's due date.
    pub due_at: i64,
    /// The ship date fixed at ordering.
    pub ship_date: Option<String>,
}

impl Confirmation<'_> {
    /// The e-mail telling `email` that `order` was received under the VAT decision `vat` (with
    /// the bank details when it is paid by transfer, and its invoice and due date on terms).
    pub fn mail(
        &self,
        email: &str,
        order: &OrderHead,
        vat: &VatDecision,
        on_terms: Option<&TermsInvoice>,
    ) -> OutgoingMail {
        if let Some(terms) = on_terms {
            return terms_templates::order_on_terms(
                self.mailer.brand(),
                email,
                &terms_templates::OrderOnTerms {
                    order: &order.numero,
                    total_ttc: Cents(order.total_ttc_cents),
                    vat: vat.regime.mention().or(vat.notice),
                    invoice: &terms.invoice,
                    due: &fr_date_long(terms.due_at),
                    ship_date: terms.ship_date.as_deref(),
                    transfer: &transfer_details(order, self.seller),
                },
            );
        }
        let transfer = (order.payment_method == PaymentMethod::Virement.as_str())
            .then(|| transfer_details(order, self.seller));
        order_templates::order_received(
            self.mailer.brand(),
            email,
            &order.numero,
            Cents(order.total_ttc_cents),
            vat.regime.mention().or(vat.notice),
            transfer.as_ref(),
        )
    }
}

/// Checks an `Idempotency-Key` header value: 1 to 200 visible ASCII characters.
pub fn check_key(key: Option<&str>) -> Result<&str, CommerceError> {
    key.map(str::trim)
        .filter(|k| {
            !k.is_empty() && k.len() <= MAX_KEY_LEN && k.bytes().all(|b| b.is_ascii_graphic())
        })
        .ok_or_else(|| {
            CommerceError::refused(
                "En-tête Idempotency-Key manquant ou invalide\u{a0}: rechargez la page et réessayez.",
            )
        })
}

fn snapshot(a: &AddressView) -> Result<String, CommerceError> {
    serde_json::to_string(a).map_err(|e| CommerceError::Internal(e.into()))
}

fn not_orderable(t: &Totals) -> CommerceError {
    CommerceError::Invalid(t.reasons.clone())
}

/// Places the order, or returns the one already placed with the same key. `created` is false when
/// the order existed.
pub async fn place(
    db: &Db,
    catalog: &Catalog,
    catalog_version: i64,
    req: &Checkout<'_>,
    now: i64,
) -> Result<(OrderHead, bool), CommerceError> {
    {
        let mut conn = db.pool.acquire().await?;
        if let Some(existing) = orders::find_by_key(&mut conn, req.account_id, req.key).await? {
            return Ok((existing, false));
        }
    }
    let checked = {
        let not_found = || CommerceError::NotFound(ADDRESS_NOT_FOUND.to_owned());
        let mut conn = db.pool.acquire().await?;
        let delivery = addresses::find_owned(&mut conn, req.delivery_id, req.account_id)
            .await?
            .ok_or_else(not_found)?;
        let billing = addresses::find_owned(&mut conn, req.billing_id, req.account_id)
            .await?
            .ok_or_else(not_found)?;
        drop(conn);
        vat_check::check_for_order(db, req.vies, &delivery, &billing, now).await?
    };
    match try_place(db, catalog, catalog_version, req, checked.as_ref(), now).await {
        Ok(placed) => Ok(placed),
        Err(PlaceError::Duplicate) => {
            // The other request committed (PostgreSQL reports the violation after it did).
            let mut conn = db.pool.acquire().await?;
            let existing = orders::find_by_key(&mut conn, req.account_id, req.key)
                .await?
                .ok_or_else(|| {
                    CommerceError::Internal(anyhow::anyhow!(
                        "idempotency key violated but not found"
                    ))
                })?;
            Ok((existing, false))
        }
        Err(PlaceError::Rule(e)) => Err(e),
    }
}

enum PlaceError {
    Duplicate,
    Rule(CommerceError),
}

impl From<sqlx::Error> for PlaceError {
    fn from(e: sqlx::Error) -> Self {
        match &e {
            sqlx::Error::Database(d) if d.is_unique_violation() => PlaceError::Duplicate,
            _ => PlaceError::Rule(e.into()),
        }
    }
}

impl From<CommerceError> for PlaceError {
    fn from(e: CommerceError) -> Self {
        PlaceError::Rule(e)
    }
}

async fn try_place(
    db: &Db,
    catalog: &Catalog,
    catalog_version: i64,
    req: &Checkout<'_>,
    checked: Option<&Checked>,
    now: i64,
) -> Result<(OrderHead, bool), PlaceError> {
    let mut tx = db.begin().await?;
    // One checkout of an account at a time: the account row is locked on PostgreSQL, and on SQLite
    // the transaction is the only writer. A request that waited sees the order just committed
    // (each statement reads the latest committed data) before reading the basket it emptied.
    orders::lock_account(&mut tx, req.account_id, db.for_update()).await?;
    if let Some(existing) = orders::find_by_key(&mut tx, req.account_id, req.key).await? {
        return Ok((existing, false));
    }
    let not_found = || CommerceError::NotFound(ADDRESS_NOT_FOUND.to_owned());
    let delivery = addresses::find_owned(&mut tx, req.delivery_id, req.account_id)
        .await?
        .ok_or_else(not_found)?;
    let billing = addresses::find_owned(&mut tx, req.billing_id, req.account_id)
        .await?
        .ok_or_else(not_found)?;
    let rows = account_parts::list_for_account(&mut tx, req.account_id).await?;
    let zone = shipping::zone_code(&delivery.id_pays.code);
    let decision = vat_check::decide_with(&delivery, &billing, checked);
    let mut t = totals::compute(&rows, catalog, zone, decision.clone(), None, now)?;
    let mut discount_id = None;
    if let Some(code) = req.discount_code {
        // The customer asked for this code: a refusal refuses the order, with the reason.
        let (id, d) = discounts::check_code(&mut tx, code, req.account_id, t.subtotal, now)
            .await?
            .map_err(CommerceError::Refused)?;
        t = totals::compute(&rows, catalog, zone, decision, Some(&d), now)?;
        discount_id = Some(id);
    }
    if !t.orderable {
        return Err(not_orderable(&t).into());
    }
    if req.payment == PaymentMethod::Terms {
        // Under the request's lock: two orders cannot pass the limit together.
        payment_terms::check_credit(&mut tx, db.for_update(), req.account_id, t.total_ttc).await?;
    }
    let year = paris_year(now);
    let seq = counters::next(&mut tx, "CO", year).await?;
    let numero = counters::format_number("CO", year, seq);
    let status = OrderStatus::AwaitingPayment.as_str();
    let billing_json = snapshot(&billing)?;
    let delivery_json = snapshot(&delivery)?;
    let order_id = orders::insert(
        &mut tx,
        &NewOrder {
            numero: &numero,
            account_id: req.account_id,
            status,
            idempotency_key: req.key,
            customer_email: req.email,
            billing_address: &billing_json,
            shipping_address: &delivery_json,
            shipping_zone: t.zone,
            weight_g: i64::try_from(t.weight_g).unwrap_or(i64::MAX),
            subtotal_cents: t.subtotal.get(),
            discount_cents: t.discount.get(),
            shipping_cents: t.shipping.get(),
            total_ht_cents: t.total_ht.get(),
            vat_rate_bp: t.vat.rate_bp,
            vat_cents: t.vat_amount.get(),
            total_ttc_cents: t.total_ttc.get(),
            vat_regime: t.vat.regime.as_str(),
            buyer_vat_number: t.vat.buyer_vat_number.as_deref().unwrap_or(""),
            vies_request_identifier: t
                .vat
                .vies
                .as_ref()
                .map_or("", |v| v.request_identifier.as_str()),
            vies_checked_at: t.vat.vies.as_ref().map(|v| v.checked_at),
            vat_notice: t.vat.notice.unwrap_or(""),
            discount_id,
            discount_code: t.discount_code.as_deref().unwrap_or(""),
            payment_method: req.payment.stored(),
            buyer_reference: req.buyer_reference.map_or("", OrderReference::as_str),
            catalog_version,
            now,
        },
    )
    .await?;
    for (i, l) in t.lines.iter().enumerate() {
        let details = serde_json::json!({
            "options": l.options,
            "poids_g": l.breakdown.as_ref().map(|b| b.weight_g),
            "volume_cm3": l.breakdown.as_ref().map(|b| b.material_volume_cm3),
            "delai_jours": l.breakdown.as_ref().map(|b| b.lead_time_days),
        })
        .to_string();
        orders::insert_line(
            &mut tx,
            order_id,
            &NewLine {
                part_id: l.part_id,
                position: i as i64 + 1,
                designation: &l.designation,
                details: &details,
                quantite: l.quantite,
                unit_price_cents: l.unit.get(),
                line_total_cents: l.total_ht.get(),
            },
        )
        .await?;
    }
    orders::insert_status(
        &mut tx,
        order_id,
        None,
        status,
        "",
        Some(req.account_id),
        now,
    )
    .await?;
    if let Some(id) = discount_id {
        // Counted on the code's locked row: a refusal here (another order took the last use)
        // drops the transaction, so the order is rolled back.
        discounts::consume(&mut tx, id, req.account_id, order_id, t.discount, now)
            .await
            .map_err(CommerceError::from)?;
    }
    let mut on_terms = None;
    if req.payment == PaymentMethod::Terms {
        // Made without waiting for its payment: invoiced now, due in 30 days, ship date fixed.
        let due = payment_terms::due_date(now);
        let invoice = invoicing::issue_on_terms(&mut tx, order_id, req.seller, now, due).await?;
        payment_terms_db::set_due(&mut tx, order_id, due).await?;
        let days = orders::line_lead_times(&mut tx, order_id).await?;
        let ship = ship_dates::slowest(req.dates.catalog, days, req.dates.now, None)?;
        if let Some(ship) = &ship {
            orders::set_ship_date(&mut tx, order_id, &ship.expedition).await?;
        }
        on_terms = Some(TermsInvoice {
            invoice,
            due_at: due,
            ship_date: ship.map(|s| s.expedition),
        });
    }
    account_parts::empty(&mut tx, req.account_id).await?;
    let head = OrderHead {
        id: order_id,
        numero,
        account_id: req.account_id,
        status: status.to_owned(),
        total_ttc_cents: t.total_ttc.get(),
        payment_method: req.payment.stored().to_owned(),
    };
    if let Some(confirmation) = &req.confirmation {
        let mail = confirmation.mail(req.email, &head, &t.vat, on_terms.as_ref());
        confirmation.mailer.queue(&mut tx, &mail).await?;
    }
    tx.commit().await?;
    if let Some(confirmation) = &req.confirmation {
        confirmation.mailer.wake();
    }
    Ok((head, true))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_idempotency_key_is_required_and_bounded() {
        assert_eq!(check_key(Some(" abc-123 ")).unwrap(), "abc-123");
        for bad in [None, Some(""), Some("   "), Some("a b"), Some("clé")] {
            assert!(check_key(bad).is_err(), "{bad:?}");
        }
        assert!(check_key(Some(&"k".repeat(201))).is_err());
        assert!(check_key(Some(&"k".repeat(200))).is_ok());
    }

    #[test]
    fn payment_methods_are_the_contract_s_words() {
        assert_eq!(
            PaymentMethod::parse("virement"),
            Some(PaymentMethod::Virement)
        );
        assert_eq!(PaymentMethod::parse("carte"), Some(PaymentMethod::Carte));
        assert_eq!(
            PaymentMethod::parse("virement_30_jours"),
            Some(PaymentMethod::Terms)
        );
        assert_eq!(PaymentMethod::Terms.as_str(), "virement_30_jours");
        assert_eq!(PaymentMethod::Terms.stored(), "virement");
        assert_eq!(PaymentMethod::parse("cheque"), None);
    }
}
