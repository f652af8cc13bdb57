//! `POST /api/auth/signout`: form-encoded `csrfToken`, `callbackUrl`, `json`.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::Json;

use crate::extract::Form;
use axum_extra::extract::CookieJar;
use serde::Deserialize;
use serde_json::json;

use super::safe_callback;
use crate::auth::session::{self, Lookup};
use crate::auth::{cookies, csrf, tokens};
use crate::db::sessions;
use crate::error::ApiError;
use crate::routes::devis::entry::Signer;
use crate::state::AppState;

/// The specification's message when the token is missing.
pub const SIGNOUT_CSRF_MESSAGE: &str = "Could not fetch CSRF Token for signing out";

/// The sign-out form.
#[derive(Debug, Deserialize)]
pub struct SignOutForm {
    #[serde(rename = "csrfToken")]
    csrf_token: Option<String>,
    #[serde(rename = "callbackUrl")]
    callback_url: Option<String>,
    json: Option<String>,
}

/// Handles `POST /api/auth/signout`: deletes the session and its cookie.
pub async fn sign_out(
    State(state): State<AppState>,
    headers: HeaderMap,
    jar: CookieJar,
    Form(form): Form<SignOutForm>,
) -> Result<Response, ApiError> {
    let submitted = form
        .csrf_token
        .as_deref()
        .or_else(|| headers.get(csrf::HEADER).and_then(|v| v.to_str().ok()));
    if !csrf::verify(&state.keys, &jar, submitted) {
        let body = Json(json!({ "message": SIGNOUT_CSRF_MESSAGE }));
        return Ok((StatusCode::BAD_REQUEST, body).into_response());
    }
    // The session accepts only the token of the browser that signed in: a CSRF cookie planted
    // by another site or subdomain signs nobody out.
    if let Lookup::Live(session) = session::lookup(&state, &headers).await? {
        let bound = &session.row.csrf_token;
        if !bound.is_empty() && !tokens::same(bound, submitted.unwrap_or_default()) {
            let body = Json(json!({ "message": SIGNOUT_CSRF_MESSAGE }));
            return Ok((StatusCode::BAD_REQUEST, body).into_response());
        }
    }
    if let Some(cookie) = jar.get(cookies::SESSION) {
        sessions::delete_by_hash(
            &mut *state.db.acquire().await?,
            &tokens::sha256_hex(cookie.value()),
        )
        .await?;
    }
    // The quote in progress leaves with the session: on a shared computer, the next person
    // must not list the entries nor download the files dropped while signed in.
    let quote_removals = Signer::new(&state.keys)
        .forget_all(&state.db, &jar, state.config.cookie_secure)
        .await?;
    let mut jar = jar.add(cookies::removal(
        cookies::SESSION,
        state.config.cookie_secure,
    ));
    for removal in quote_removals {
        jar = jar.add(removal);
    }
    let url = safe_callback(form.callback_url.as_deref());
    if form.json.as_deref() == Some("true") {
        Ok((jar, Json(json!({ "url": url }))).into_response())
    } else {
        Ok((jar, Redirect::to(&url)).into_response())
    }
}
