//! Endpoint for `GET Admin/Tableau`: the dashboard's counts and the month's revenue.

use axum::extract::State;
use serde::Serialize;

use crate::admin::dashboard;
use crate::auth::AdminUser;
use crate::clock;
use crate::error::ApiError;
use crate::extract::Json;
use crate::state::AppState;

/// The dashboard as the API returns it; amounts in cents.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Dashboard"))]
pub struct DashboardView {
    pieces_a_verifier: i64,
    virements_en_attente: i64,
    commandes_a_produire: i64,
    commandes_a_expedier: i64,
    /// French name of the current Paris month (`novembre 2026`).
    mois: String,
    chiffre_affaires_ht_cents: i64,
    chiffre_affaires_ttc_cents: i64,
    factures_du_mois: i64,
}

/// Handles `GET /api/backend/Admin/Tableau` (admin).
pub async fn dashboard(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
) -> Result<Json<DashboardView>, ApiError> {
    let mut conn = state.db.pool.acquire().await?;
    let d = dashboard::at(&mut conn, clock::now()).await?;
    Ok(Json(DashboardView {
        pieces_a_verifier: d.backlog.parts_to_review,
        virements_en_attente: d.backlog.transfers_awaiting,
        commandes_a_produire: d.backlog.paid_to_produce,
        commandes_a_expedier: d.backlog.to_ship,
        mois: d.month,
        chiffre_affaires_ht_cents: d.revenue.ht_cents,
        chiffre_affaires_ttc_cents: d.revenue.ttc_cents,
        factures_du_mois: d.revenue.invoices,
    }))
}
