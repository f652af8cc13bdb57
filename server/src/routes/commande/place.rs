//! `POST Commande`: places the order of the basket (header `Idempotency-Key`), and starts the
//! card payment when the customer pays by card.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};

use crate::auth::AuthUser;
use crate::clock;
use crate::commerce::addresses::ADDRESS_NOT_FOUND;
use crate::commerce::checkout::{self, Checkout, Confirmation, PaymentMethod};
use crate::commerce::error::CommerceError;
use crate::commerce::payment_mail;
use crate::commerce::ship_dates::ShipClock;
use crate::db::{catalogs, invoices, orders, payments};
use crate::documents::Seller;
use crate::domain::{Cents, OrderReference};
use crate::error::ApiError;
use crate::extract::Json;
use crate::payment::client::StripeError;
use crate::payment::transfer::{self, TransferDetails};
use crate::payment::{CardPayment, Stripe};
use crate::routes::commande::DocumentLink;
use crate::state::AppState;

/// Body of `POST Commande` (read loosely, so that a wrong type gets a French message).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OrderBody {
    /// Delivery address id.
    pub id_adresse_livraison: Option<i64>,
    /// Billing address id.
    pub id_adresse_facturation: Option<i64>,
    /// `virement` or `carte`.
    pub mode_paiement: Option<String>,
    /// The terms of sale, with the custom-goods clause, accepted.
    pub cgv_acceptees: Option<bool>,
    /// Discount code, if the customer typed one.
    pub code_reduction: Option<String>,
    /// The buyer's own order reference (purchase-order number), optional.
    #[serde(rename = "reference_commande_client")]
    pub reference_commande_client: Option<String>,
}

/// Answer of `POST Commande`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "PlacedOrder"))]
pub struct PlacedView {
    /// Order id.
    pub id_commande: i64,
    /// `CO-2026-000005`.
    pub numero: String,
    /// Status.
    pub statut: String,
    /// Total incl. VAT, cents.
    #[serde(rename = "total_ttc_cents")]
    pub total_ttc_cents: i64,
    /// How to pay.
    pub paiement: PaymentView,
    /// Why French VAT applies to a company of another member state (VIES silent or the number
    /// invalid), shown before payment.
    #[serde(rename = "avis_tva")]
    pub avis_tva: Option<String>,
    /// On payment terms: the invoice issued at ordering.
    pub facture: Option<DocumentLink>,
    /// On payment terms: the invoice's due date, `AAAA-MM-JJ` (Paris).
    pub echeance: Option<String>,
}

/// The `Paiement` of a placed order: the bank details, or the card's PaymentIntent.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Payment"))]
#[serde(untagged)]
pub enum PaymentView {
    /// `mode: "virement"`.
    Virement(TransferDetails),
    /// `mode: "carte"`.
    Carte(CardPayment),
}

/// Handles `POST /api/backend/Commande`: 201 with the new order, 200 with the same order for a
/// key already used.
pub async fn place_order(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    headers: HeaderMap,
    Json(body): Json<OrderBody>,
) -> Result<(StatusCode, Json<PlacedView>), ApiError> {
    let key = checkout::check_key(headers.get("idempotency-key").and_then(|v| v.to_str().ok()))?;
    if body.cgv_acceptees != Some(true) {
        return Err(ApiError::bad_request(checkout::CGV_REQUIRED));
    }
    let payment = body
        .mode_paiement
        .as_deref()
        .and_then(PaymentMethod::parse)
        .ok_or_else(|| {
            ApiError::bad_request(
                "Choisissez un mode de paiement\u{a0}: virement, carte ou virement à 30\u{a0}jours.",
            )
        })?;
    let card_not_offered = || {
        ApiError::bad_request(
            "Le paiement par carte n'est pas proposé\u{a0}: choisissez le virement bancaire.",
        )
    };
    if payment == PaymentMethod::Carte && state.payment.is_none() {
        return Err(card_not_offered());
    }
    let buyer_reference = OrderReference::parse_optional(body.reference_commande_client.as_deref())
        .map_err(CommerceError::from)?;
    let not_found = || ApiError::NotFoundWith(ADDRESS_NOT_FOUND.to_owned());
    let delivery_id = body.id_adresse_livraison.ok_or_else(not_found)?;
    let billing_id = body.id_adresse_facturation.ok_or_else(not_found)?;
    let (version, json) = catalogs::current(&mut *state.db.acquire().await?)
        .await?
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("no catalog in the database")))?;
    let catalog = quote_core::Catalog::from_json(&json)
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("stored catalog: {e}")))?;
    let seller = Seller::from_env(&state.config.settings.brand_name);
    let request = Checkout {
        account_id: user.account_id(),
        email: &user.row.email,
        key,
        vies: &state.vies,
        seller: &seller,
        dates: ShipClock {
            catalog: &catalog,
            now: state.dates_now(),
        },
        delivery_id,
        billing_id,
        payment,
        discount_code: body
            .code_reduction
            .as_deref()
            .map(str::trim)
            .filter(|c| !c.is_empty()),
        buyer_reference: buyer_reference.as_ref(),
        // The "order received" e-mail is queued in the order's transaction.
        confirmation: Some(Confirmation {
            mailer: &state.mailer,
            seller: &seller,
        }),
    };
    let (order, created) =
        checkout::place(&state.db, &catalog, version, &request, clock::now()).await?;
    // The order of this key decides (a retry names the mode of the first request).
    let paiement = if order.payment_method == PaymentMethod::Carte.as_str() {
        let stripe = state.payment.as_ref().ok_or_else(card_not_offered)?;
        PaymentView::Carte(card_payment(&state, stripe, &order).await?)
    } else {
        PaymentView::Virement(transfer::transfer_details(&order, &seller))
    };
    let notice = orders::vat_notice(&mut *state.db.acquire().await?, order.id).await?;
    // An order on terms (its due date set when placed): its invoice and due date.
    let (facture, echeance) = terms_invoice(&state, order.id, created).await?;
    let view = PlacedView {
        avis_tva: (!notice.is_empty()).then_some(notice),
        facture,
        echeance,
        id_commande: order.id,
        paiement,
        numero: order.numero,
        statut: order.status,
        total_ttc_cents: order.total_ttc_cents,
    };
    let status = if created {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    Ok((status, Json(view)))
}

/// The card payment of a placed order: its PaymentIntent, created once per order (after the
/// order's transaction committed) and stored on it; a retry reads the stored one back from Stripe.
async fn card_payment(
    state: &AppState,
    stripe: &Stripe,
    order: &orders::OrderHead,
) -> Result<CardPayment, ApiError> {
    let refused = |e: StripeError| {
        tracing::error!(order_id = order.id, error = %e, "card payment not started");
        ApiError::bad_request(e.user_message())
    };
    let mut conn = state.db.pool.acquire().await?;
    if let Some(id) = payments::payment_intent_of(&mut conn, order.id).await? {
        return stripe.resume_card_payment(&id).await.map_err(refused);
    }
    let (id, card) = stripe
        .start_card_payment(order.id, &order.numero, Cents(order.total_ttc_cents))
        .await
        .map_err(refused)?;
    if payments::claim_payment_intent(&mut conn, order.id, &id).await? {
        return Ok(card);
    }
    // A concurrent retry stored its intent first: answer with that one.
    let stored = payments::payment_intent_of(&mut conn, order.id)
        .await?
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("order {} lost its intent", order.id)))?;
    stripe.resume_card_payment(&stored).await.map_err(refused)
}

/// The invoice of an order on terms and its due date; when the order was just `created`, its
/// invoice is also e-mailed, with its PDF, to the company's accounts address.
async fn terms_invoice(
    state: &AppState,
    order_id: i64,
    created: bool,
) -> Result<(Option<DocumentLink>, Option<String>), ApiError> {
    let mut conn = state.db.acquire().await?;
    let row = orders::find_row(&mut conn, order_id, "").await?;
    let invoice = invoices::invoice_of_order(&mut conn, order_id).await?;
    let (Some(row), Some((_, number, _))) = (row, invoice) else {
        return Ok((None, None));
    };
    let Some(due) = row.due_at else {
        return Ok((None, None));
    };
    drop(conn);
    if created {
        payment_mail::send_terms_invoice(
            &state.db,
            &state.storage,
            &state.mailer,
            payment_mail::TermsInvoice {
                order_id,
                account_id: row.head.account_id,
                invoice_number: &number,
                order_number: &row.head.numero,
                total_ttc: Cents(row.head.total_ttc_cents),
                due_at: due,
            },
        )
        .await;
    }
    Ok((
        Some(DocumentLink {
            url: format!("/api/backend/Commande/{order_id}/facture.pdf"),
            numero: number,
        }),
        Some(quote_core::calendar::paris_local(due).0.to_string()),
    ))
}
