//! `POST Commande/{id}/Livraisons` (admin): a parcel handed to a carrier; the order becomes
//! "expédiée" and the customer is told.

use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;

use super::order_id;
use super::view::LivraisonView;
use crate::auth::AdminUser;
use crate::clock;
use crate::commerce::order_changes::{self, Parcel};
use crate::documents::Seller;
use crate::error::ApiError;
use crate::extract::{Json, Path};
use crate::state::AppState;

/// Body of `POST Commande/{id}/Livraisons`.
#[derive(Debug, Deserialize)]
pub struct DeliveryBody {
    /// Carrier.
    pub transporteur: Option<String>,
    /// Tracking number.
    pub numero_suivi: Option<String>,
}

/// Handles `POST /api/backend/Commande/{id}/Livraisons` `{transporteur, numero_suivi}` (admin):
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
    let seller = Seller::from_env(&state.config.settings.brand_name);
    let parcel = Parcel {
        carrier: &carrier,
        number: &number,
    };
    let row =
        order_changes::ship(state.receipts(), &admin, id, parcel, &seller, clock::now()).await?;
    Ok((StatusCode::CREATED, Json(LivraisonView::from(row))))
}
