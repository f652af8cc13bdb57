//! Endpoint for `GET Combinaison/full`: the pricing catalog of quote-core, as stored in the
//! database, for everyone (anonymous visitors price with it too).

use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;

use crate::db::catalogs;
use crate::error::ApiError;
use crate::state::AppState;

/// The catalog route.
pub fn router() -> Router<AppState> {
    Router::new().route("/Combinaison/full", get(full))
}

/// Handles `GET /api/backend/Combinaison/full`.
pub async fn full(State(state): State<AppState>) -> Result<impl IntoResponse, ApiError> {
    let (version, json) = catalogs::current(&state.db)
        .await?
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("no catalog in the database")))?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/json".to_owned()),
            (header::CACHE_CONTROL, "no-cache".to_owned()),
            (header::ETAG, format!("\"catalog-{version}\"")),
        ],
        json,
    ))
}

/// Seeds the database with quote-core's default catalog when it holds none.
pub async fn seed_default(db: &crate::db::Db) -> anyhow::Result<()> {
    let json = serde_json::to_string(&quote_core::Catalog::default_catalog())?;
    catalogs::seed_if_empty(db, &json).await?;
    Ok(())
}
