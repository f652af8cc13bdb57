//! `POST Commande/{id}/reglement` (admin): the transfer received for the invoice of an order on
//! payment terms settles it (its reminders stop, it no longer counts against the company's credit
//! limit); an order still « en attente de paiement » becomes « payée ».

use axum::extract::State;

use super::order_id;
use super::status::{DocumentLink, StatusView};
use crate::auth::AdminUser;
use crate::clock;
use crate::commerce::order_changes;
use crate::documents::Seller;
use crate::error::ApiError;
use crate::extract::{Json, Path};
use crate::state::AppState;

/// Handles `POST /api/backend/Commande/{id}/reglement` (admin).
pub async fn settle(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    Path(raw_id): Path<String>,
) -> Result<Json<StatusView>, ApiError> {
    let id = order_id(&raw_id)?;
    let seller = Seller::from_env(&state.config.settings.brand_name);
    let change = order_changes::settle(state.receipts(), &admin, id, &seller, clock::now()).await?;
    Ok(Json(StatusView {
        id_commande: id,
        numero: change.order_number,
        statut: change.to.as_str(),
        facture: change.invoice.map(|numero| DocumentLink {
            numero,
            url: format!("/api/backend/Commande/{id}/facture.pdf"),
        }),
        avoir: None,
    }))
}
