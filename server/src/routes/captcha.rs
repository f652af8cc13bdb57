//! Endpoint for `GET /api/captcha/challenge`: a fresh ALTCHA proof-of-work challenge.

use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::{Json, Router};

use serde::Deserialize;

use crate::auth::{captcha, sign_in_lock};
use crate::db::accounts::normalize_email;
use crate::error::ApiError;
use crate::extract::Query;
use crate::state::AppState;

/// The captcha route.
pub fn router() -> Router<AppState> {
    Router::new().route("/api/captcha/challenge", get(challenge))
}

/// Query of the challenge: the e-mail a sign-in is for, if any.
#[derive(Debug, Deserialize)]
pub struct ChallengeQuery {
    email: Option<String>,
}

/// Handles `GET /api/captcha/challenge` (`?email=` for a sign-in: the challenge then costs what
/// that e-mail's failures demand, issue 22, finding 1).
pub async fn challenge(
    State(state): State<AppState>,
    Query(query): Query<ChallengeQuery>,
) -> Result<impl IntoResponse, ApiError> {
    let base = captcha::base_cost(&state);
    let cost = match query.email.as_deref().map(normalize_email) {
        Some(email) if !email.is_empty() && email.len() <= 254 => {
            let (failed, _) = sign_in_lock::failures(&state, &email).await?;
            sign_in_lock::captcha_cost(base, failed)
        }
        _ => base,
    };
    let challenge = captcha::challenge_costing(&state, cost);
    Ok(([(header::CACHE_CONTROL, "no-store")], Json(challenge)))
}
