//! Endpoints of the `Commande` controller (docs/commerce-api.md), one file per resource: the
//! shipping fee (`shipping_fee`), the recap (`recap`), placing an order (`place`), the lists
//! (`lists`), the admin's status change (`status`), parcels (`deliveries`) and correction of the
//! buyer's order reference (`reference`), the PDFs (`pdf`), ordering again (`reorder`), the
//! transfer received for an invoice on terms (`settlement`).
//! Handlers parse and answer; `commerce` decides.

mod deliveries;
mod lists;
pub mod pdf;
mod place;
pub mod recap;
mod reference;
mod reorder;
mod settlement;
mod shipping_fee;
mod status;
pub mod view;

use axum::routing::{get, post, put};
use axum::Router;

use crate::commerce::invoicing::ORDER_NOT_FOUND;
use crate::error::ApiError;
use crate::state::AppState;

pub use lists::ListPage;
pub use place::{OrderBody, PaymentView, PlacedView};
pub use shipping_fee::FraisPort;
pub use status::{DocumentLink, StatusView};

/// The `Commande` routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/Commande/Frais_Port/{id}", get(shipping_fee::frais_port))
        .route("/Commande/Recapitulatif", post(recap::recapitulatif))
        .route("/Commande", post(place::place_order).get(lists::admin_list))
        .route("/Commande/mes-commandes", get(lists::my_orders))
        .route("/Commande/Livraisons", get(lists::my_deliveries))
        .route("/Commande/{id}", get(lists::admin_one))
        .route("/Commande/{id}/statut", put(status::put_status))
        .route("/Commande/{id}/reference", put(reference::put_reference))
        .route("/Commande/{id}/recommander", post(reorder::reorder))
        .route("/Commande/{id}/reglement", post(settlement::settle))
        .route("/Commande/{id}/Livraisons", post(deliveries::add_delivery))
        .route("/Commande/{id}/facture.pdf", get(pdf::invoice_pdf))
        .route("/Commande/{id}/avoir.pdf", get(pdf::credit_note_pdf))
}

/// The order id of a path, or "introuvable".
fn order_id(raw: &str) -> Result<i64, ApiError> {
    raw.parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| ApiError::NotFoundWith(ORDER_NOT_FOUND.to_owned()))
}
