//! Endpoints of the `Commande` controller (docs/commerce-api.md): `GET Commande/Frais_Port/{idAdresse}`
//! (the shipping fee of the basket to one of the account's addresses) and
//! `POST Commande/Recapitulatif` (every total of the basket for a delivery and a billing address).
//! `POST Commande` places the order (header `Idempotency-Key`).
//! Handlers read and answer; `commerce` decides.

pub mod pdf;
pub mod recap;
pub mod view;

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{get, post, put};
use axum::Router;
use serde::{Deserialize, Serialize};

use self::recap::{RecapBody, RecapView};
use self::view::{commande_view, CommandeView, LivraisonView};
use crate::audit;
use crate::auth::{AdminUser, AuthUser};
use crate::clock;
use crate::commerce::checkout::{self, Checkout, Confirmation, PaymentMethod, TransferDetails};
use crate::commerce::invoicing::{self, Actor};
use crate::commerce::order_status::OrderStatus;
use crate::commerce::{discounts, payment_mail, shipping, totals, vat};
use crate::db::addresses::{self, AddressView};
use crate::db::{account_parts, catalogs, deliveries, orders, payments};
use crate::documents::Seller;
use crate::domain::Cents;
use crate::error::ApiError;
use crate::extract::{Json, Path, Query};
use crate::mail::{order_templates, OutgoingMail};
use crate::payment::client::StripeError;
use crate::payment::{CardPayment, Stripe};
use crate::routes::devis::current_catalog;
use crate::state::AppState;

/// Answer for an address that is not the caller's.
pub const ADDRESS_NOT_FOUND: &str = "Cette adresse est introuvable dans votre compte.";

/// The `Commande` routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/Commande/Frais_Port/{id}", get(frais_port))
        .route("/Commande/Recapitulatif", post(recapitulatif))
        .route("/Commande", post(place_order).get(admin_list))
        .route("/Commande/mes-commandes", get(my_orders))
        .route("/Commande/Livraisons", get(my_deliveries))
        .route("/Commande/{id}", get(admin_one))
        .route("/Commande/{id}/statut", put(put_status))
        .route("/Commande/{id}/Livraisons", post(add_delivery))
        .route("/Commande/{id}/facture.pdf", get(pdf::invoice_pdf))
        .route("/Commande/{id}/avoir.pdf", get(pdf::credit_note_pdf))
}

/// Answer of `GET Commande/Frais_Port/{idAdresse}`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ShippingFee"))]
pub struct FraisPort {
    /// `france`, `ue` or `monde`.
    pub zone: &'static str,
    /// French name of the zone, from the catalog.
    pub zone_libelle: String,
    /// Parcel weight, g.
    pub poids_g: u64,
    /// Fee, cents excl. VAT.
    pub frais_port_cents: i64,
}

/// The account's address with this id, or a 404.
pub async fn owned_address(
    state: &AppState,
    raw_id: Option<i64>,
    account_id: i64,
) -> Result<AddressView, ApiError> {
    let not_found = || ApiError::NotFoundWith(ADDRESS_NOT_FOUND.to_owned());
    let id = raw_id.filter(|id| *id > 0).ok_or_else(not_found)?;
    let mut conn = state.db.pool.acquire().await?;
    addresses::find_owned(&mut conn, id, account_id)
        .await?
        .ok_or_else(not_found)
}

/// The VAT decision for a delivery and a billing address.
pub fn vat_for(delivery: &AddressView, billing: &AddressView) -> vat::VatDecision {
    vat::decide(vat::VatInput {
        delivery_country: &delivery.id_pays.code,
        billing_country: &billing.id_pays.code,
        company: billing.entreprise.is_some(),
        vat_number: billing
            .entreprise
            .as_ref()
            .and_then(|e| e.numero_tva.as_deref()),
    })
}

/// Handles `GET /api/backend/Commande/Frais_Port/{idAdresse}`.
pub async fn frais_port(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(raw_id): Path<String>,
) -> Result<Json<FraisPort>, ApiError> {
    let address = owned_address(&state, raw_id.parse().ok(), user.account_id()).await?;
    let catalog = current_catalog(&state).await?;
    let rows = account_parts::list_for_account(&state.db, user.account_id()).await?;
    let zone = shipping::zone_code(&address.id_pays.code);
    let t = totals::compute(&rows, &catalog, zone, vat_for(&address, &address), None)?;
    Ok(Json(FraisPort {
        zone,
        zone_libelle: catalog
            .shipping
            .zone(zone)
            .map(|z| z.name.clone())
            .unwrap_or_default(),
        poids_g: t.weight_g,
        frais_port_cents: t.shipping.get(),
    }))
}

/// Handles `POST /api/backend/Commande/Recapitulatif`
/// `{idAdresseLivraison, idAdresseFacturation, codeReduction?}`: a refused code is not applied and
/// its French reason is `raison_code`.
pub async fn recapitulatif(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Json(body): Json<RecapBody>,
) -> Result<Json<RecapView>, ApiError> {
    let account = user.account_id();
    let delivery = owned_address(&state, body.id_adresse_livraison, account).await?;
    let billing = owned_address(&state, body.id_adresse_facturation, account).await?;
    let catalog = current_catalog(&state).await?;
    let rows = account_parts::list_for_account(&state.db, account).await?;
    let zone = shipping::zone_code(&delivery.id_pays.code);
    let decision = vat_for(&delivery, &billing);
    let t = totals::compute(&rows, &catalog, zone, decision.clone(), None)?;
    let code = body
        .code_reduction
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty());
    let Some(code) = code else {
        return Ok(Json(RecapView::from(&t)));
    };
    let mut conn = state.db.pool.acquire().await?;
    let checked = discounts::check_code(&mut conn, code, account, t.subtotal, clock::now()).await?;
    drop(conn);
    match checked {
        Ok((_, d)) => {
            let t = totals::compute(&rows, &catalog, zone, decision, Some(&d))?;
            Ok(Json(RecapView::from(&t)))
        }
        Err(reason) => {
            let mut view = RecapView::from(&t);
            view.raison_code = Some(reason);
            Ok(Json(view))
        }
    }
}

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
}

/// Answer of `POST Commande`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "PlacedOrder"))]
#[serde(rename_all = "camelCase")]
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
            ApiError::bad_request("Choisissez un mode de paiement\u{a0}: virement ou carte.")
        })?;
    let card_not_offered = || {
        ApiError::bad_request(
            "Le paiement par carte n'est pas proposé\u{a0}: choisissez le virement bancaire.",
        )
    };
    if payment == PaymentMethod::Carte && state.payment.is_none() {
        return Err(card_not_offered());
    }
    let not_found = || ApiError::NotFoundWith(ADDRESS_NOT_FOUND.to_owned());
    let delivery_id = body.id_adresse_livraison.ok_or_else(not_found)?;
    let billing_id = body.id_adresse_facturation.ok_or_else(not_found)?;
    let (version, json) = catalogs::current(&state.db)
        .await?
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("no catalog in the database")))?;
    let catalog = quote_core::Catalog::from_json(&json)
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("stored catalog: {e}")))?;
    let seller = Seller::from_env(&state.config.settings.brand_name);
    let request = Checkout {
        account_id: user.account_id(),
        email: &user.row.email,
        key,
        delivery_id,
        billing_id,
        payment,
        discount_code: body
            .code_reduction
            .as_deref()
            .map(str::trim)
            .filter(|c| !c.is_empty()),
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
        PaymentView::Virement(checkout::transfer_details(&order, &seller))
    };
    let view = PlacedView {
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

/// Body of `PUT Commande/{id}/statut`.
#[derive(Debug, Deserialize)]
pub struct StatusBody {
    /// The new status, spelled as docs/commerce-api.md.
    pub statut: Option<String>,
    /// Note kept in the history (the reason of a cancellation).
    pub note: Option<String>,
}

/// A document issued for an order.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DocumentLink {
    /// `FA-2026-000001`.
    pub numero: String,
    /// Where the PDF is downloaded.
    pub url: String,
}

/// Answer of `PUT Commande/{id}/statut`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "OrderStatusChange"))]
#[serde(rename_all = "camelCase")]
pub struct StatusView {
    /// Order id.
    pub id_commande: i64,
    /// Order number.
    pub numero: String,
    /// The new status.
    pub statut: &'static str,
    /// Invoice issued by this change.
    pub facture: Option<DocumentLink>,
    /// Credit note issued by this change.
    pub avoir: Option<DocumentLink>,
}

/// Handles `PUT /api/backend/Commande/{id}/statut` `{statut, note?}` (admin): the state machine;
/// "payée" records the transfer and issues the invoice, "annulée" after payment the credit note.
pub async fn put_status(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    Path(raw_id): Path<String>,
    Json(body): Json<StatusBody>,
) -> Result<Json<StatusView>, ApiError> {
    let id = raw_id
        .parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| ApiError::NotFoundWith(invoicing::ORDER_NOT_FOUND.to_owned()))?;
    let to = body
        .statut
        .as_deref()
        .and_then(OrderStatus::parse)
        .ok_or_else(|| {
            ApiError::bad_request(
                "Statut inconnu\u{a0}: en attente de paiement, payée, en production, expédiée, livrée ou annulée.",
            )
        })?;
    let note = body.note.unwrap_or_default();
    if note.chars().count() > 2000 {
        return Err(ApiError::bad_request(
            "La note ne doit pas dépasser 2000\u{a0}caractères.",
        ));
    }
    let seller = Seller::from_env(&state.config.settings.brand_name);
    let mut tx = state.db.begin().await?;
    let change = invoicing::change_status(
        &mut tx,
        state.db.for_update(),
        id,
        to,
        Actor {
            account_id: Some(admin.account_id()),
            note: &note,
        },
        &seller,
        clock::now(),
    )
    .await?;
    let before = serde_json::json!({ "statut": change.from.as_str() });
    let after = serde_json::json!({ "statut": change.to.as_str(), "note": note, "facture": change.invoice, "avoir": change.credit_note });
    audit::record(
        &mut tx,
        &admin,
        audit::ORDER_STATUS,
        &change.order_number,
        &before,
        &after,
    )
    .await?;
    tx.commit().await?;
    if let Some(mail) =
        payment_mail::payment_received(&state.db, &state.storage, &state.mailer, id, &change).await
    {
        send(&state, mail).await;
    }
    Ok(Json(StatusView {
        id_commande: id,
        numero: change.order_number,
        statut: change.to.as_str(),
        facture: change.invoice.map(|numero| DocumentLink {
            numero,
            url: format!("/api/backend/Commande/{id}/facture.pdf"),
        }),
        avoir: change.credit_note.map(|numero| DocumentLink {
            numero,
            url: format!("/api/backend/Commande/{id}/avoir.pdf"),
        }),
    }))
}

fn order_id(raw: &str) -> Result<i64, ApiError> {
    raw.parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| ApiError::NotFoundWith(invoicing::ORDER_NOT_FOUND.to_owned()))
}

/// Handles `GET /api/backend/Commande/mes-commandes`: the account's orders, newest first.
pub async fn my_orders(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
) -> Result<Json<Vec<CommandeView>>, ApiError> {
    let seller = Seller::from_env(&state.config.settings.brand_name);
    let mut conn = state.db.pool.acquire().await?;
    let rows = orders::list_for_account(&mut conn, user.account_id()).await?;
    let mut out = Vec::with_capacity(rows.len());
    for o in rows {
        out.push(commande_view(&mut conn, o, &seller, false).await?);
    }
    Ok(Json(out))
}

/// Handles `GET /api/backend/Commande/Livraisons`: the account's parcels, newest first.
pub async fn my_deliveries(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
) -> Result<Json<Vec<LivraisonView>>, ApiError> {
    let mut conn = state.db.pool.acquire().await?;
    let rows = deliveries::for_account(&mut conn, user.account_id()).await?;
    Ok(Json(rows.into_iter().map(LivraisonView::from).collect()))
}

/// Query of the admin list.
#[derive(Debug, Deserialize)]
pub struct ListQuery {
    /// Exact status.
    pub statut: Option<String>,
    /// Search in the number and the customer's e-mail.
    pub q: Option<String>,
    /// Page from 1.
    pub page: Option<i64>,
    /// Orders a page (1 to 100, 20 by default).
    pub par_page: Option<i64>,
}

/// A page of the admin list.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "OrdersPage"))]
pub struct ListPage {
    /// Orders with their customer.
    pub items: Vec<CommandeView>,
    /// Orders matching the filters.
    pub total: i64,
    /// This page.
    pub page: i64,
    /// Page size.
    pub par_page: i64,
}

/// Handles `GET /api/backend/Commande?statut=&q=&page=&par_page=` (admin).
pub async fn admin_list(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
    Query(query): Query<ListQuery>,
) -> Result<Json<ListPage>, ApiError> {
    let status = match query
        .statut
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        Some(s) => Some(
            OrderStatus::parse(s)
                .ok_or_else(|| ApiError::bad_request("Statut de commande inconnu."))?
                .as_str(),
        ),
        None => None,
    };
    let q = query.q.as_deref().map(str::trim).filter(|q| !q.is_empty());
    let page = query.page.unwrap_or(1).max(1);
    let par_page = query.par_page.unwrap_or(20).clamp(1, 100);
    let seller = Seller::from_env(&state.config.settings.brand_name);
    let mut conn = state.db.pool.acquire().await?;
    let (rows, total) =
        orders::search(&mut conn, status, q, par_page, (page - 1) * par_page).await?;
    let mut items = Vec::with_capacity(rows.len());
    for o in rows {
        items.push(commande_view(&mut conn, o, &seller, true).await?);
    }
    Ok(Json(ListPage {
        items,
        total,
        page,
        par_page,
    }))
}

/// Handles `GET /api/backend/Commande/{id}` (admin).
pub async fn admin_one(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
    Path(raw_id): Path<String>,
) -> Result<Json<CommandeView>, ApiError> {
    let id = order_id(&raw_id)?;
    let seller = Seller::from_env(&state.config.settings.brand_name);
    let mut conn = state.db.pool.acquire().await?;
    let o = orders::find_row(&mut conn, id, "")
        .await?
        .ok_or_else(|| ApiError::NotFoundWith(invoicing::ORDER_NOT_FOUND.to_owned()))?;
    Ok(Json(commande_view(&mut conn, o, &seller, true).await?))
}

/// Body of `POST Commande/{id}/Livraisons`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryBody {
    /// Carrier.
    pub transporteur: Option<String>,
    /// Tracking number.
    pub numero_suivi: Option<String>,
}

/// Handles `POST /api/backend/Commande/{id}/Livraisons` `{transporteur, numeroSuivi}` (admin):
/// records the parcel; the order becomes "expédiée" (state machine).
pub async fn add_delivery(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    Path(raw_id): Path<String>,
    Json(body): Json<DeliveryBody>,
) -> Result<(StatusCode, Json<LivraisonView>), ApiError> {
    let id = order_id(&raw_id)?;
    let field = |v: Option<String>| v.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty());
    let mut errors = Vec::new();
    let carrier = field(body.transporteur);
    let number = field(body.numero_suivi);
    if carrier.as_ref().is_none_or(|c| c.chars().count() > 100) {
        errors.push("Indiquez le transporteur (100\u{a0}caractères au plus).".to_owned());
    }
    if number.as_ref().is_none_or(|n| n.chars().count() > 100) {
        errors.push("Indiquez le numéro de suivi (100\u{a0}caractères au plus).".to_owned());
    }
    let (Some(carrier), Some(number), true) = (carrier, number, errors.is_empty()) else {
        return Err(ApiError::Validation(errors));
    };
    let url = shipping::tracking_url(&carrier, &number);
    let now = clock::now();
    let seller = Seller::from_env(&state.config.settings.brand_name);
    let mut tx = state.db.begin().await?;
    let change = invoicing::change_status(
        &mut tx,
        state.db.for_update(),
        id,
        OrderStatus::Shipped,
        Actor {
            account_id: Some(admin.account_id()),
            note: &format!("{carrier} {number}"),
        },
        &seller,
        now,
    )
    .await?;
    let delivery_id = deliveries::insert(&mut tx, id, &carrier, &number, &url, now).await?;
    let row = deliveries::for_order(&mut tx, id)
        .await?
        .into_iter()
        .find(|d| d.id == delivery_id)
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("delivery just inserted")))?;
    let before = serde_json::json!({ "statut": change.from.as_str() });
    let after = serde_json::json!({ "statut": change.to.as_str(), "transporteur": carrier, "numeroSuivi": number, "lienSuivi": url });
    audit::record(
        &mut tx,
        &admin,
        audit::ORDER_DELIVERY,
        &change.order_number,
        &before,
        &after,
    )
    .await?;
    // Queued in the shipment's transaction: the customer is told exactly when it is recorded.
    let mail = order_templates::order_shipped(
        state.mailer.brand(),
        &change.customer_email,
        &change.order_number,
        &carrier,
        &number,
        &url,
    );
    state.mailer.queue(&mut tx, &mail).await?;
    tx.commit().await?;
    state.mailer.wake();
    Ok((StatusCode::CREATED, Json(LivraisonView::from(row))))
}

/// Queues an order e-mail built after its transaction committed (the outbox sends it); a
/// failure is logged, the order stays as it is.
async fn send(state: &AppState, mail: OutgoingMail) {
    if let Err(e) = state.mailer.send(mail).await {
        tracing::warn!(error = %e, "order e-mail not queued");
    }
}
