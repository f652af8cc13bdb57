//! Endpoints for `/api/auth/*`, in the shapes of NextAuth that the specification names:
//! session, csrf, providers, signin/callback with credentials, signout, updateSessionInfo; and
//! the `Auth/login` controller of section 7.

mod credentials;
pub(crate) mod login;
mod session;
mod signout;
mod unlock;

use axum::routing::{get, post};
use axum::Router;

use crate::state::AppState;

pub use credentials::SIGNIN_FAILED;
pub use signout::SIGNOUT_CSRF_MESSAGE;

/// The auth routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/auth/session", get(session::get_session))
        .route("/api/auth/csrf", get(session::get_csrf))
        .route("/api/auth/providers", get(session::get_providers))
        .route("/api/auth/signin/{provider}", post(credentials::sign_in))
        .route("/api/auth/callback/{provider}", post(credentials::sign_in))
        .route("/api/auth/signout", post(signout::sign_out))
        .route("/api/auth/unlock", get(unlock::unlock))
        .route(
            "/api/auth/updateSessionInfo",
            post(session::update_session_info),
        )
}

/// The `Auth/...` controller, under `/api/backend`.
pub fn controller_router() -> Router<AppState> {
    Router::new().route("/Auth/login", post(login::login))
}

/// A same-site path to go to after an auth action: relative paths only, `/` otherwise.
pub(crate) fn safe_callback(callback: Option<&str>) -> String {
    let Some(raw) = callback.map(str::trim).filter(|c| !c.is_empty()) else {
        return "/".to_owned();
    };
    // Browsers strip tabs and newlines from URLs: `/\t/evil.example` would become
    // `//evil.example`. No control character is ever accepted.
    if raw.chars().any(char::is_control) {
        return "/".to_owned();
    }
    // Accept an absolute URL of any origin only by keeping its path: never redirect off-site.
    let path = match url::Url::parse(raw) {
        Ok(u) if u.scheme() == "http" || u.scheme() == "https" => {
            let mut p = u.path().to_owned();
            if let Some(q) = u.query() {
                p.push('?');
                p.push_str(q);
            }
            p
        }
        Ok(_) => return "/".to_owned(),
        Err(_) => raw.to_owned(),
    };
    if path.starts_with('/') && !path.starts_with("//") && !path.contains('\\') {
        path
    } else {
        "/".to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::safe_callback;

    #[test]
    fn callback_urls_never_leave_the_site() {
        assert_eq!(safe_callback(Some("/compte/panier")), "/compte/panier");
        assert_eq!(safe_callback(Some("//evil.example/x")), "/");
        assert_eq!(safe_callback(Some("https://evil.example/x?a=1")), "/x?a=1");
        assert_eq!(safe_callback(Some("javascript:alert(1)")), "/");
        assert_eq!(safe_callback(None), "/");
    }

    #[test]
    fn a_tab_or_any_control_character_is_refused() {
        assert_eq!(safe_callback(Some("/\t/evil.example")), "/");
        assert_eq!(safe_callback(Some("/\n/evil.example")), "/");
        assert_eq!(safe_callback(Some("/compte\u{0}")), "/");
        assert_eq!(safe_callback(Some("/\u{7f}/evil.example")), "/");
        assert_eq!(safe_callback(Some("https://x.example/\t/evil")), "/");
    }
}
