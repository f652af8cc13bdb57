//! Endpoint of the `ReductionCompte` controller: `GET ReductionCompte/GetCodeAsUser/{code}`,
//! whether the signed-in account may use a code now on its current basket, with the French
//! reason when it may not (404 for a code that does not exist or is reserved to another account:
//! the same answer, so that guessing tells nothing). Misses are limited per account and per
//! client address (`rate_limit::code_lookup`): past them, 429 whatever the code.

use axum::extract::State;
use axum::routing::get;
use axum::Router;
use serde::Serialize;

use crate::auth::AuthUser;
use crate::clock;
use crate::commerce::discounts::{self, Usage};
use crate::db::discounts as db_discounts;
use crate::error::ApiError;
use crate::extract::{Json, Path};
use crate::middleware::ClientIp;
use crate::rate_limit;
use crate::routes::compte_piece::basket_subtotal;
use crate::routes::reduction::view::ReductionView;
use crate::state::AppState;

/// The `ReductionCompte` routes.
pub fn router() -> Router<AppState> {
    Router::new().route("/ReductionCompte/GetCodeAsUser/{code}", get(get_code))
}

/// Answer of `GetCodeAsUser`: `{utilisable: true, reduction, remise_cents}` or
/// `{utilisable: false, raison}`.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "CodeCheck"))]
pub struct CodeAnswer {
    /// Whether the code applies to the current basket now.
    pub utilisable: bool,
    /// The code, when usable.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub reduction: Option<ReductionView>,
    /// The discount on the current basket excl. VAT, when usable.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub remise_cents: Option<i64>,
    /// Why not, in French.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub raison: Option<String>,
}

/// Handles `GET /api/backend/ReductionCompte/GetCodeAsUser/{code}`.
pub async fn get_code(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    ClientIp(ip): ClientIp,
    Path(raw): Path<String>,
) -> Result<Json<CodeAnswer>, ApiError> {
    let account_id = user.account_id();
    let code = discounts::normalise_code(&raw);
    let unknown = || ApiError::NotFoundWith(discounts::UNKNOWN.to_owned());
    let tickets = rate_limit::code_lookup(&state, account_id, &ip).await?;
    if code.is_empty() {
        return Err(unknown());
    }
    let mut conn = state.db.pool.acquire().await?;
    let d = db_discounts::find_by_code(&mut conn, &code)
        .await?
        .filter(|d| discounts::visible_to(d, account_id))
        .ok_or_else(unknown)?;
    // A code that exists for this account is no guess: its lookup does not count.
    for t in tickets {
        t.release(&state).await?;
    }
    let account_uses = db_discounts::uses_by_account(&mut conn, d.id, account_id).await?;
    drop(conn);
    let subtotal = basket_subtotal(&state, account_id).await?;
    let usage = Usage {
        account_id,
        account_uses,
        now: clock::now(),
    };
    Ok(Json(match discounts::evaluate(&d, &usage, subtotal) {
        Ok(amount) => CodeAnswer {
            utilisable: true,
            reduction: Some(d.into()),
            remise_cents: Some(amount.get()),
            raison: None,
        },
        Err(reason) => CodeAnswer {
            utilisable: false,
            reduction: None,
            remise_cents: None,
            raison: Some(reason),
        },
    }))
}
