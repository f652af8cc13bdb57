//! Endpoint for `GET /api/backend/health`: 204 when the database answers (for load balancers).

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::get;
use axum::Router;

use crate::error::ApiError;
use crate::state::AppState;

/// The health route.
pub fn router() -> Router<AppState> {
    Router::new().route("/health", get(health))
}

/// Handles `GET /api/backend/health`.
pub async fn health(State(state): State<AppState>) -> Result<StatusCode, ApiError> {
    sqlx::query("SELECT 1").execute(&state.db.pool).await?;
    Ok(StatusCode::NO_CONTENT)
}
