//! Admin-only controllers of the admin area, under `/api/backend/Admin/...`: the dashboard
//! (`GET Admin/Tableau`, see [`tableau`]) and the accounts (`GET Admin/Comptes`,
//! `GET Admin/Comptes/{id}`, `PUT Admin/Comptes/{id}/desactivation`, see [`comptes`]).

pub mod comptes;
pub mod tableau;

use axum::routing::{get, put};
use axum::Router;

use crate::state::AppState;

/// The admin routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/Admin/Tableau", get(tableau::dashboard))
        .route("/Admin/Comptes", get(comptes::list))
        .route("/Admin/Comptes/{id}", get(comptes::detail))
        .route(
            "/Admin/Comptes/{id}/desactivation",
            put(comptes::set_disabled),
        )
}
