//! `PUT Commande/{id}/statut` (admin): the order's state machine; "payée" records a transfer
//! received and issues the invoice, "annulée" after payment the credit note.

use axum::extract::State;
use serde::{Deserialize, Serialize};

use super::order_id;
use crate::auth::AdminUser;
use crate::clock;
use crate::commerce::order_changes;
use crate::commerce::order_status::OrderStatus;
use crate::commerce::ship_dates::ShipClock;
use crate::documents::Seller;
use crate::error::ApiError;
use crate::extract::{Json, Path};
use crate::state::AppState;

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
    let id = order_id(&raw_id)?;
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
    let catalog = state.catalog();
    let change = order_changes::set_status(
        state.receipts(),
        &admin,
        id,
        to,
        &note,
        &seller,
        clock::now(),
        ShipClock {
            catalog: &catalog,
            now: state.dates_now(),
        },
    )
    .await?;
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
