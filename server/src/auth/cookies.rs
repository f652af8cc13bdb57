//! The cookies the site sets: the session (`fa_session`) and the CSRF double-submit cookie
//! (`fa_csrf`). Both HttpOnly, SameSite=Lax, Secure outside local development.

use axum_extra::extract::cookie::{Cookie, SameSite};
use cookie::time::Duration;

/// Name of the session cookie.
pub const SESSION: &str = "fa_session";
/// Name of the CSRF cookie.
pub const CSRF: &str = "fa_csrf";
/// Name of the cookie that unlocks a locked sign-in in one browser (the raw token of the link
/// the owner was e-mailed).
pub const UNLOCK: &str = "fa_unlock";

/// Builds a site cookie with the shared attributes.
pub fn build(
    name: &'static str,
    value: String,
    secure: bool,
    max_age_secs: Option<i64>,
) -> Cookie<'static> {
    let mut cookie = Cookie::build((name, value))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(secure)
        .build();
    if let Some(secs) = max_age_secs {
        cookie.set_max_age(Duration::seconds(secs));
    }
    cookie
}

/// A cookie that deletes `name` in the browser.
pub fn removal(name: &'static str, secure: bool) -> Cookie<'static> {
    build(name, String::new(), secure, Some(0))
}
