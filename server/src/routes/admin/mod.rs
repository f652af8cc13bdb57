//! Admin-only controllers: `GET Statistiques` (the shop's figures over a period) and
//! `GET Admin/Journal` (the audit log of admin actions).

pub mod journal;
pub mod statistiques;

use axum::routing::get;
use axum::Router;

use crate::state::AppState;

/// The admin routes, relative to `/api/backend`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/Statistiques", get(statistiques::statistics))
        .route("/Admin/Journal", get(journal::journal))
}
