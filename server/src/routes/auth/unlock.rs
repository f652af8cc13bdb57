//! `GET /api/auth/unlock?token=`: the link e-mailed to the owner of an account whose sign-in was
//! locked after many wrong passwords (`auth::sign_in_lock`). A live link sets the `fa_unlock`
//! cookie, which lets this browser's sign-in through the lock, and sends the browser to the
//! sign-in page with `?debloque=1`; a dead one to `?debloque=expire`.

use axum::extract::State;
use axum::response::{IntoResponse, Redirect, Response};
use axum_extra::extract::CookieJar;
use serde::Deserialize;

use crate::auth::{cookies, sign_in_lock};
use crate::error::ApiError;
use crate::extract::Query;
use crate::state::AppState;

/// The link's query.
#[derive(Debug, Deserialize)]
pub struct UnlockQuery {
    token: Option<String>,
}

/// Handles `GET /api/auth/unlock`.
pub async fn unlock(
    State(state): State<AppState>,
    jar: CookieJar,
    Query(q): Query<UnlockQuery>,
) -> Result<Response, ApiError> {
    let token = q.token.unwrap_or_default();
    let live =
        !token.is_empty() && token.len() <= 128 && sign_in_lock::live_token(&state, &token).await?;
    if !live {
        return Ok(Redirect::to("/connexion_compte?debloque=expire").into_response());
    }
    let cookie = cookies::build(
        cookies::UNLOCK,
        token,
        state.config.cookie_secure,
        Some(i64::from(sign_in_lock::UNLOCK_MINUTES) * 60),
    );
    Ok((
        jar.add(cookie),
        Redirect::to("/connexion_compte?debloque=1"),
    )
        .into_response())
}
