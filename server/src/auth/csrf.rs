//! CSRF protection by signed double-submit cookie: `GET /api/auth/csrf` sets `fa_csrf` to
//! `token.hmac(token)` and returns the token; a state-changing request made with the session
//! cookie must send the same token in `X-CSRF-Token` (or the `csrfToken` form field on the auth
//! routes). The HMAC key is shared through the database, so any instance can check any token.
//! A session is bound to the token of the browser that signed in (`sessions.csrf_token`).

use axum::extract::{Request, State};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum_extra::extract::CookieJar;

use super::cookies;
use super::session::{self, Lookup};
use super::tokens::{hmac_hex, random_token, same};
use crate::error::ApiError;
use crate::state::{AppState, Keys};

/// Header carrying the token on JSON requests.
pub const HEADER: &str = "x-csrf-token";

/// Paths whose handlers check the token themselves (form posts of the auth routes).
const SELF_CHECKED: [&str; 3] = [
    "/api/auth/signin/",
    "/api/auth/callback/",
    "/api/auth/signout",
];

/// Paths no browser calls, authenticated by their own signature (Stripe's webhook).
const SIGNED_ELSEWHERE: [&str; 1] = [crate::payment::webhook::WEBHOOK_PATH];

/// A new token and the cookie value that proves it.
pub fn issue(keys: &Keys) -> (String, String) {
    let token = random_token();
    let value = cookie_value(keys, &token);
    (token, value)
}

/// The cookie value that proves `token`.
pub fn cookie_value(keys: &Keys, token: &str) -> String {
    format!("{token}.{}", hmac_hex(&keys.csrf, token))
}

/// The token held by a well-signed cookie value.
pub fn token_from_cookie(keys: &Keys, value: &str) -> Option<String> {
    let (token, mac) = value.split_once('.')?;
    same(&hmac_hex(&keys.csrf, token), mac).then(|| token.to_owned())
}

/// Whether `submitted` is the token of the request's CSRF cookie.
pub fn verify(keys: &Keys, jar: &CookieJar, submitted: Option<&str>) -> bool {
    let Some(submitted) = submitted.filter(|s| !s.is_empty()) else {
        return false;
    };
    jar.get(cookies::CSRF)
        .and_then(|c| token_from_cookie(keys, c.value()))
        .is_some_and(|token| same(&token, submitted))
}

/// Middleware: refuses (403) a state-changing API request that carries the session cookie
/// without the right `X-CSRF-Token` header, or with a token other than the one its session is
/// bound to (a token planted in the browser by someone else opens nothing). The session found
/// is kept in the request for the handlers.
pub async fn require_csrf(State(state): State<AppState>, mut req: Request, next: Next) -> Response {
    let unsafe_method = !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    let path = req.uri().path();
    let checked_here = path.starts_with("/api/")
        && !SELF_CHECKED.iter().any(|p| path.starts_with(p))
        && !SIGNED_ELSEWHERE.contains(&path);
    if unsafe_method && checked_here {
        let jar = CookieJar::from_headers(req.headers());
        if jar.get(cookies::SESSION).is_some() {
            let header = req.headers().get(HEADER).and_then(|v| v.to_str().ok());
            if !verify(&state.keys, &jar, header) {
                return ApiError::Csrf.into_response();
            }
            let found = match session::lookup(&state, req.headers()).await {
                Ok(found) => found,
                Err(e) => return e.into_response(),
            };
            if let Lookup::Live(s) = &found {
                let bound = &s.row.csrf_token;
                if !bound.is_empty() && !same(bound, header.unwrap_or_default()) {
                    return ApiError::Csrf.into_response();
                }
            }
            req.extensions_mut().insert(found);
        }
    }
    next.run(req).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys() -> Keys {
        Keys::derive(b"k", "c".into())
    }

    #[test]
    fn an_issued_cookie_gives_back_its_token() {
        let (token, value) = issue(&keys());
        assert_eq!(token_from_cookie(&keys(), &value), Some(token));
    }

    #[test]
    fn a_forged_cookie_is_refused() {
        let (token, _) = issue(&keys());
        assert_eq!(token_from_cookie(&keys(), &format!("{token}.00")), None);
        let other = Keys::derive(b"other", "c".into());
        let (_, value) = issue(&other);
        assert_eq!(token_from_cookie(&keys(), &value), None);
    }
}
