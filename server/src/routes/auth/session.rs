//! `GET /api/auth/session`, `GET /api/auth/csrf`, `GET /api/auth/providers` and
//! `POST /api/auth/updateSessionInfo`.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::Json;
use axum_extra::extract::CookieJar;
use serde_json::{json, Value};

use crate::auth::session::{lookup, Lookup, Session};
use crate::auth::{cookies, csrf, AuthUser};
use crate::clock;
use crate::error::ApiError;
use crate::state::AppState;

/// The session object of NextAuth: `{user: {...}, expires}`.
pub(crate) fn session_json(s: &Session) -> Value {
    json!({
        "user": {
            "name": s.display_name(),
            "email": s.row.email,
            "nom": s.row.nom,
            "prenom": s.row.prenom,
            "role": s.row.role,
            "id": s.row.account_id,
            // An admin without it is taken to its set-up (issue 22, finding 10).
            "two_factor_enabled": s.row.two_factor_enabled,
        },
        "expires": clock::iso8601(s.row.expires_at),
    })
}

/// Handles `GET /api/auth/session`: `{}` when anonymous (or the cookie is dead), the session
/// otherwise; `{"two_factor_pending": true}` while the second factor is awaited.
pub async fn get_session(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(match lookup(&state, &headers).await? {
        Lookup::Live(s) if s.row.two_factor_pending => json!({ "two_factor_pending": true }),
        Lookup::Live(s) => session_json(&s),
        Lookup::NoCookie | Lookup::Dead => json!({}),
    }))
}

/// Handles `GET /api/auth/csrf`: `{csrfToken}`, reusing the token of a valid cookie.
pub async fn get_csrf(
    State(state): State<AppState>,
    headers: HeaderMap,
    jar: CookieJar,
) -> Result<(CookieJar, Json<Value>), ApiError> {
    let existing = jar
        .get(cookies::CSRF)
        .and_then(|c| csrf::token_from_cookie(&state.keys, c.value()));
    // A session accepts only the token it is bound to: give that one back (and its cookie).
    let bound = match lookup(&state, &headers).await? {
        Lookup::Live(s) if !s.row.csrf_token.is_empty() => Some(s.row.csrf_token),
        _ => None,
    };
    let (token, issue) = match (bound, existing) {
        (Some(bound), Some(existing)) if bound == existing => (bound, None),
        (Some(bound), _) => {
            let value = csrf::cookie_value(&state.keys, &bound);
            (bound, Some(value))
        }
        (None, Some(existing)) => (existing, None),
        (None, None) => {
            let (token, value) = csrf::issue(&state.keys);
            (token, Some(value))
        }
    };
    let jar = match issue {
        Some(value) => jar.add(cookies::build(
            cookies::CSRF,
            value,
            state.config.cookie_secure,
            None,
        )),
        None => jar,
    };
    Ok((jar, Json(json!({ "csrfToken": token }))))
}

/// Handles `GET /api/auth/providers`: the one credentials provider.
pub async fn get_providers() -> Json<Value> {
    Json(json!({
        "credentials": {
            "id": "credentials",
            "name": "Credentials",
            "type": "credentials",
            "signin_url": "/api/auth/signin/credentials",
            "callbackUrl": "/api/auth/callback/credentials",
        }
    }))
}

/// Handles `POST /api/auth/updateSessionInfo`: re-reads the account (names, role) and slides the
/// session; the web app calls it around an account update.
pub async fn update_session_info(AuthUser(session): AuthUser) -> Json<Value> {
    Json(session_json(&session))
}
