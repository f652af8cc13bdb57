//! `GET Commande/Frais_Port/{idAdresse}`: the shipping fee of the basket to one of the account's
//! addresses.

use axum::extract::State;
use serde::Serialize;

use crate::auth::AuthUser;
use crate::commerce::vat::VatDecision;
use crate::commerce::{addresses, shipping, totals};
use crate::db::account_parts;
use crate::error::ApiError;
use crate::extract::{Json, Path};
use crate::state::AppState;

/// Answer of `GET Commande/Frais_Port/{idAdresse}`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ShippingFee"))]
pub struct FraisPort {
    /// `france`, `ue` or `monde`.
    pub zone: &'static str,
    /// French name of the zone, from the catalog.
    pub zone_libelle: String,
    /// Parcel weight, g.
    pub poids_g: u64,
    /// Fee, cents excl. VAT.
    pub frais_port_cents: i64,
}

/// Handles `GET /api/backend/Commande/Frais_Port/{idAdresse}`.
pub async fn frais_port(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(raw_id): Path<String>,
) -> Result<Json<FraisPort>, ApiError> {
    let address = {
        let mut conn = state.db.pool.acquire().await?;
        addresses::owned(&mut conn, raw_id.parse().ok(), user.account_id()).await?
    };
    let catalog = state.catalog();
    let rows =
        account_parts::list_for_account(&mut *state.db.acquire().await?, user.account_id()).await?;
    let zone = shipping::zone_code(&address.id_pays.code);
    // Only the weight and the fee are read: the VAT decision does not matter here.
    let t = totals::compute(
        &rows,
        &catalog,
        zone,
        VatDecision::french(),
        None,
        crate::clock::now(),
    )?;
    Ok(Json(FraisPort {
        zone,
        zone_libelle: catalog
            .shipping
            .zone(zone)
            .map(|z| z.name.clone())
            .unwrap_or_default(),
        poids_g: t.weight_g,
        frais_port_cents: t.shipping.get(),
    }))
}
