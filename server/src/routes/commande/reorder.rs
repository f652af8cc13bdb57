//! `POST Commande/{id}/recommander` (the order's customer): « Commander à nouveau » puts the
//! order's parts back in the basket with their options and quantities, at today's prices.

use axum::extract::State;

use super::order_id;
use crate::auth::AuthUser;
use crate::clock;
use crate::commerce::reorder::{self, Reordered};
use crate::error::ApiError;
use crate::extract::{Json, Path};
use crate::state::AppState;

/// Handles `POST /api/backend/Commande/{id}/recommander`: 200 with each line's total then and
/// now (`null` and the French reason when it cannot be ordered now); 404 for an order that is
/// not the caller's.
pub async fn reorder(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(raw_id): Path<String>,
) -> Result<Json<Reordered>, ApiError> {
    let id = order_id(&raw_id)?;
    let catalog = state.catalog();
    let done = reorder::reorder(&state.db, &catalog, user.account_id(), id, clock::now()).await?;
    Ok(Json(done))
}
