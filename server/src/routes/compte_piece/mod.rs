//! Endpoints of the `ComptePiece` controller (the basket): `GET ComptePiece` (every line of the
//! signed-in account, priced), `POST ComptePiece` (`{Id_Piece, Quantite}`: puts one of the
//! account's parts in the basket or sets its quantity) and `DELETE ComptePiece/{id}`.
//! Another account's part or line answers 404 as an unknown one would.

pub mod view;

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{delete, get};
use axum::Router;
use quote_core::pricing::validate_quantity;
use quote_core::Catalog;
use serde::Deserialize;
use serde_json::Value;

use self::view::{line_view, LineView};
use crate::auth::AuthUser;
use crate::clock;
use crate::db::account_parts;
use crate::db::pieces::{self, status};
use crate::domain::Cents;
use crate::error::ApiError;
use crate::extract::{Json, Path};
use crate::state::AppState;

/// Answer for a line that is not in the caller's basket.
pub const LINE_NOT_FOUND: &str = "Cette ligne n'est pas dans votre panier.";
/// Answer for a part that is not the caller's.
pub const PART_NOT_FOUND: &str = "Cette pièce est introuvable dans votre compte.";

/// The `ComptePiece` routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/ComptePiece", get(list).post(put_line))
        .route("/ComptePiece/{id}", delete(remove))
}

/// Handles `GET /api/backend/ComptePiece`: the account's lines, oldest first.
pub async fn list(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
) -> Result<Json<Vec<LineView>>, ApiError> {
    let rows =
        account_parts::list_for_account(&mut *state.db.acquire().await?, user.account_id()).await?;
    let catalog = state.catalog();
    let now = state.dates_now();
    let lines = rows
        .into_iter()
        .map(|r| line_view(r, &catalog, now))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Json(lines))
}

/// The subtotal excl. VAT of the account's basket: the sum of its priced lines, each rounded
/// once by quote-core (a line that cannot be priced adds nothing).
pub async fn basket_subtotal(state: &AppState, account_id: i64) -> Result<Cents, ApiError> {
    let rows = account_parts::list_for_account(&mut *state.db.acquire().await?, account_id).await?;
    if rows.is_empty() {
        return Ok(Cents::ZERO);
    }
    let catalog = state.catalog();
    let mut total = Cents::ZERO;
    for row in rows {
        if let Some(cents) = line_view(row, &catalog, state.dates_now())?.prix {
            total += Cents(i64::try_from(cents).unwrap_or(i64::MAX));
        }
    }
    Ok(total)
}

/// Body of `POST ComptePiece` (read loosely, so that a wrong type gets a French message).
#[derive(Debug, Deserialize)]
pub struct LineBody {
    #[serde(rename = "Id_Piece")]
    id_piece: Option<Value>,
    #[serde(rename = "Quantite")]
    quantite: Option<Value>,
}

/// Answer to a quantity that is not a whole number.
pub const QUANTITY_NOT_INTEGER: &str =
    "Quantité invalide\u{a0}: indiquez un nombre entier de pièces.";

/// The quantity of a line: a whole number, then quote-core's rule and French message (1 to the
/// catalog's maximum).
pub fn parse_quantite(value: Option<&Value>, catalog: &Catalog) -> Result<i64, String> {
    let quantite = value
        .and_then(Value::as_i64)
        .ok_or_else(|| QUANTITY_NOT_INTEGER.to_owned())?;
    validate_quantity(catalog, quantite)
        .map(i64::from)
        .map_err(|e| e.message())
}

/// Handles `POST /api/backend/ComptePiece` `{Id_Piece, Quantite}`: 200 with the priced line.
pub async fn put_line(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Json(body): Json<LineBody>,
) -> Result<Json<LineView>, ApiError> {
    let account = user.account_id();
    let catalog = state.catalog();
    let part_id = body
        .id_piece
        .as_ref()
        .and_then(Value::as_i64)
        .filter(|id| *id > 0)
        .ok_or_else(|| {
            ApiError::Validation(vec!["Indiquez la pièce à mettre au panier.".to_owned()])
        })?;
    let quantite = parse_quantite(body.quantite.as_ref(), &catalog)
        .map_err(|m| ApiError::Validation(vec![m]))?;
    let part = pieces::find(&mut *state.db.acquire().await?, part_id)
        .await?
        .filter(|p| p.account_id == Some(account))
        .ok_or_else(|| ApiError::NotFoundWith(PART_NOT_FOUND.to_owned()))?;
    if part.status_id == status::REFUSED {
        return Err(ApiError::bad_request(format!(
            "« {} » a été refusé par notre équipe.",
            part.file_name
        )));
    }
    let id = account_parts::upsert(
        &mut *state.db.acquire().await?,
        account,
        part.id,
        quantite,
        clock::now(),
    )
    .await?;
    let row = account_parts::find_owned(&mut *state.db.acquire().await?, id, account)
        .await?
        .ok_or_else(|| ApiError::NotFoundWith(LINE_NOT_FOUND.to_owned()))?;
    Ok(Json(line_view(row, &catalog, state.dates_now())?))
}

/// Handles `DELETE /api/backend/ComptePiece/{id}`: 204.
pub async fn remove(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(raw_id): Path<String>,
) -> Result<StatusCode, ApiError> {
    let not_found = || ApiError::NotFoundWith(LINE_NOT_FOUND.to_owned());
    let id = raw_id
        .parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(not_found)?;
    if !account_parts::delete_owned(&mut *state.db.acquire().await?, id, user.account_id()).await? {
        return Err(not_found());
    }
    Ok(StatusCode::NO_CONTENT)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_quantity_is_a_whole_number_that_quote_core_accepts() {
        let c = Catalog::default_catalog();
        assert_eq!(parse_quantite(Some(&json!(1)), &c), Ok(1));
        assert_eq!(parse_quantite(Some(&json!(1000)), &c), Ok(1000));
        for bad in [0, 1001, -3] {
            let verdict = validate_quantity(&c, bad).unwrap_err().message();
            assert_eq!(parse_quantite(Some(&json!(bad)), &c), Err(verdict));
        }
        for bad in [json!(2.5), json!("3"), json!(null)] {
            let err = parse_quantite(Some(&bad), &c).unwrap_err();
            assert_eq!(err, QUANTITY_NOT_INTEGER, "{bad}");
        }
        assert!(parse_quantite(None, &c).is_err());
    }
}
