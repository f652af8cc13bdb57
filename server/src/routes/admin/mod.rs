//! Admin-only controllers of the admin area, under `/api/backend/...`: the dashboard
//! (`GET Admin/Tableau`, see [`tableau`]), the accounts (`GET Admin/Comptes`,
//! `GET Admin/Comptes/{id}`, `GET Admin/Comptes/{id}/Commandes`,
//! `GET Admin/Comptes/{id}/Pieces`, `PUT Admin/Comptes/{id}/desactivation`, see [`comptes`]),
//! the shop's figures over a period (`GET Statistiques`) and the audit log of admin actions
//! (`GET Admin/Journal`), and the pricing catalog's versions (`GET|POST Admin/Catalogue`,
//! `GET Admin/Catalogue/{version}`, see [`catalogue`]), and payment terms
//! (`GET Admin/PaiementTerme`, `PUT Admin/PaiementTerme/{id}`, `GET Admin/Echeances`, see
//! [`paiement_terme`]).

pub mod catalogue;
pub mod comptes;
pub mod journal;
pub mod paiement_terme;
pub mod statistiques;
pub mod tableau;

use axum::routing::{get, put};
use axum::Router;

use crate::state::AppState;

/// The admin routes, relative to `/api/backend`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/Admin/Tableau", get(tableau::dashboard))
        .route("/Admin/Comptes", get(comptes::list))
        .route("/Admin/Comptes/{id}", get(comptes::detail))
        .route("/Admin/Comptes/{id}/Commandes", get(comptes::orders))
        .route("/Admin/Comptes/{id}/Pieces", get(comptes::parts))
        .route(
            "/Admin/Comptes/{id}/desactivation",
            put(comptes::set_disabled),
        )
        .route("/Statistiques", get(statistiques::statistics))
        .route("/Admin/Journal", get(journal::journal))
        .route(
            "/Admin/Catalogue",
            get(catalogue::current).post(catalogue::save),
        )
        .route("/Admin/Catalogue/{version}", get(catalogue::one))
        .route("/Admin/PaiementTerme", get(paiement_terme::list))
        .route("/Admin/PaiementTerme/{id}", put(paiement_terme::decide))
        .route("/Admin/Echeances", get(paiement_terme::open_invoices))
}
