//! HTTP routes. `api_router()` merges one router per area; the controllers of the
//! specification's table (section 7) live in `backend_router()`, nested under `/api/backend` and
//! called in-process by `POST /api/proxy`.

pub mod admin;
pub mod adresses;
#[cfg(feature = "ts")]
pub mod api_types;
pub mod auth;
pub mod captcha;
pub mod combinaison;
pub mod commande;
pub mod compte_piece;
pub mod comptes;
pub mod conditions_paiement;
pub mod contact;
pub mod devis;
pub mod devis_partage;
pub mod devis_pdf;
pub mod download;
pub mod email;
pub mod entreprise;
pub mod factures;
pub mod health;
pub mod maintenance;
pub mod mes_devis;
pub mod pages;
pub mod paging;
pub mod payment;
pub mod pieces;
pub mod proxy;
pub mod reduction;
pub mod reduction_compte;
pub mod two_factor;

use axum::Router;

use crate::state::AppState;

/// The controllers, with paths relative to `/api/backend` (`/Comptes`, `/Adresses/{id}`, ...).
/// Each area adds one `.merge(area::router())` line here.
pub fn backend_router() -> Router<AppState> {
    Router::new()
        .merge(comptes::router())
        .merge(combinaison::router())
        .merge(health::router())
        .merge(email::router())
        .merge(two_factor::router())
        .merge(adresses::router())
        .merge(entreprise::router())
        .merge(conditions_paiement::router())
        .merge(compte_piece::router())
        .merge(auth::controller_router())
        .merge(payment::backend_router())
        .merge(reduction::router())
        .merge(reduction_compte::router())
        .merge(commande::router())
        .merge(devis_pdf::router())
        .merge(mes_devis::router())
        .merge(devis_partage::router())
        .merge(pieces::router())
        .merge(factures::router())
        .merge(admin::router())
}

/// Every `/api/...` route of the site.
pub fn api_router() -> Router<AppState> {
    Router::new()
        .merge(auth::router())
        .merge(maintenance::router())
        .merge(captcha::router())
        .merge(proxy::router())
        .merge(devis::router())
        .merge(contact::router())
        .merge(comptes::export::link_router())
        .merge(payment::router())
        .nest("/api/backend", backend_router())
}
