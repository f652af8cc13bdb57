//! `PUT Commande/{id}/reference` (admin): corrects the buyer's own order reference
//! (purchase-order number) while the order has no invoice; answers the order as the admin sees it.

use axum::extract::State;
use serde::Deserialize;

use super::order_id;
use super::view::{commande_view, CommandeView};
use crate::auth::AdminUser;
use crate::clock;
use crate::commerce::error::CommerceError;
use crate::commerce::invoicing::ORDER_NOT_FOUND;
use crate::commerce::order_reference;
use crate::db::orders;
use crate::documents::Seller;
use crate::domain::OrderReference;
use crate::error::ApiError;
use crate::extract::{Json, Path};
use crate::state::AppState;

/// Body of `PUT Commande/{id}/reference`: the new reference; empty, `null` or absent removes it.
#[derive(Debug, Deserialize)]
pub struct ReferenceBody {
    /// The buyer's order reference.
    #[serde(default)]
    pub reference_commande_client: Option<String>,
}

/// Handles `PUT /api/backend/Commande/{id}/reference` `{reference_commande_client}` (admin): 200
/// with the order; 400 naming the field for a refused reference; 409 once the invoice is issued
/// or the order cancelled.
pub async fn put_reference(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    Path(raw_id): Path<String>,
    Json(body): Json<ReferenceBody>,
) -> Result<Json<CommandeView>, ApiError> {
    let id = order_id(&raw_id)?;
    let reference = OrderReference::parse_optional(body.reference_commande_client.as_deref())
        .map_err(CommerceError::from)?;
    order_reference::correct(&state.db, &admin, id, reference.as_ref(), clock::now()).await?;
    let seller = Seller::from_env(&state.config.settings.brand_name);
    let mut conn = state.db.pool.acquire().await?;
    let o = orders::find_row(&mut conn, id, "")
        .await?
        .ok_or_else(|| ApiError::NotFoundWith(ORDER_NOT_FOUND.to_owned()))?;
    let dates = super::view::OrderDates::of(&state);
    Ok(Json(
        commande_view(&mut conn, o, &seller, true, &dates).await?,
    ))
}
