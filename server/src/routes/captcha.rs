//! Endpoint for `GET /api/captcha/challenge`: a fresh ALTCHA proof-of-work challenge.

use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::{Json, Router};

use crate::auth::captcha;
use crate::error::ApiError;
use crate::state::AppState;

/// The captcha route.
pub fn router() -> Router<AppState> {
    Router::new().route("/api/captcha/challenge", get(challenge))
}

/// Handles `GET /api/captcha/challenge`.
pub async fn challenge(State(state): State<AppState>) -> Result<impl IntoResponse, ApiError> {
    let challenge = captcha::challenge(&state);
    Ok(([(header::CACHE_CONTROL, "no-store")], Json(challenge)))
}
