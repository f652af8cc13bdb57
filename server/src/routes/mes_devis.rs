//! `GET Devis/mes-devis`: « Mes devis », the quotes issued to the signed-in account (from the
//! basket or the checkout), newest first, each with its validity and its PDF as handed out
//! (`GET Devis/{numero}/pdf`); and `POST Devis/{numero}/commander`, « Commander ce devis ».

use axum::extract::State;
use axum::routing::{get, post};
use axum::Router;
use serde::Serialize;

use crate::auth::AuthUser;
use crate::clock;
use crate::commerce::quote_order::{self, QuoteOrdered};
use crate::db::quotes::{self, QuoteRow};
use crate::documents::QuoteData;
use crate::error::ApiError;
use crate::extract::{Json, Path};
use crate::state::AppState;

/// The `Devis/mes-devis` route.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/Devis/mes-devis", get(my_quotes))
        .route("/Devis/{numero}/commander", post(order_quote))
}

/// Handles `POST Devis/{numero}/commander`: « Commander ce devis », its parts back in the basket
/// at its prices while it is valid, else at today's (`commerce::quote_order`).
pub async fn order_quote(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(number): Path<String>,
) -> Result<Json<QuoteOrdered>, ApiError> {
    let catalog = state.catalog();
    let ordered = quote_order::order_quote(
        &state.db,
        &catalog,
        user.account_id(),
        &number,
        clock::now(),
    )
    .await?;
    Ok(Json(ordered))
}

/// One quote of « Mes devis ».
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "MyQuote"))]
pub struct MyQuoteView {
    /// `DE-2026-000001`.
    pub numero: String,
    /// Issued at, ISO 8601.
    pub date: String,
    /// Last instant of validity, ISO 8601 (the end of the 30th Paris day).
    pub valable_jusqu_au: String,
    /// Whether it is still valid now.
    pub valide: bool,
    /// Number of lines (parts).
    pub pieces: usize,
    /// Total excl. VAT, cents.
    pub total_ht_cents: i64,
    /// Total incl. VAT, cents.
    pub total_ttc_cents: i64,
    /// The buyer's order reference it prints, when given.
    pub reference_commande_client: Option<String>,
    /// Ship date it gives for an order paid at its issue (`AAAA-MM-JJ`); `null` on older quotes.
    pub expedition: Option<String>,
    /// Its PDF as handed out.
    pub url: String,
    /// Whether « Commander ce devis » can put it back in the basket (quotes issued before they
    /// kept what they priced cannot).
    pub commandable: bool,
}

fn view(row: QuoteRow, now: i64) -> Result<MyQuoteView, ApiError> {
    let data: QuoteData = serde_json::from_str(&row.data)
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("quote {}: {e}", row.number)))?;
    Ok(MyQuoteView {
        url: format!("/api/backend/Devis/{}/pdf", row.number),
        commandable: row.basket.is_some(),
        date: clock::iso8601(row.issued_at),
        valable_jusqu_au: clock::iso8601(row.valid_until),
        valide: now <= row.valid_until,
        pieces: data.lines.len(),
        total_ht_cents: data.totals.total_ht.get(),
        total_ttc_cents: row.total_ttc_cents,
        reference_commande_client: data.buyer_reference,
        expedition: data.ship_date,
        numero: row.number,
    })
}

/// Handles `GET /api/backend/Devis/mes-devis`: the account's quotes, newest first.
pub async fn my_quotes(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
) -> Result<Json<Vec<MyQuoteView>>, ApiError> {
    let rows =
        quotes::list_for_account(&mut *state.db.pool.acquire().await?, user.account_id()).await?;
    let now = clock::now();
    rows.into_iter()
        .map(|r| view(r, now))
        .collect::<Result<Vec<_>, _>>()
        .map(Json)
}
