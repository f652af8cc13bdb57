//! Maintenance mode for the API: while it is on, API calls answer 503 except the exempt paths
//! (sign-in, the maintenance flag, the captcha and the second factor's two verify routes, which
//! an admin's sign-in needs) and the calls of a signed-in admin (second factor on), so that
//! `/compte/admin-home` keeps working; an admin still without its second factor reaches only its
//! set-up (`generate`, `toggle`). Page navigations are handled by `routes::pages::rules`.
//! The flag is read from the instance's in-memory snapshot ([`crate::snapshot`]), not the database.

use axum::extract::{Request, State};
use axum::http::HeaderMap;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::auth::session::{lookup, Lookup};
use crate::error::ApiError;
use crate::state::AppState;

/// API paths that always pass. `/api/proxy` passes here because the controller call it carries
/// goes through [`controller_guard`], which judges the controller's own path.
const EXEMPT: [&str; 5] = [
    "/api/auth/",
    "/api/get-maintenance",
    "/api/admin/set-maintenance",
    "/api/captcha/",
    "/api/proxy",
];

/// Controller paths (under `/api/backend`, or called through `/api/proxy`) that always pass:
/// `verify` and `verify-backup-code` only. The set-up (`generate`, `toggle`) is a customer's
/// change like any other and waits for the end of maintenance.
const EXEMPT_CONTROLLERS: [&str; 1] = ["/AuthentificationDoubleFacteur/verify"];

/// The second factor's set-up, which an admin without it may still reach during maintenance (it
/// needs it to reach the admin pages, issue 22, finding 10).
const TWO_FACTOR_SETUP: [&str; 2] = [
    "/AuthentificationDoubleFacteur/generate",
    "/AuthentificationDoubleFacteur/toggle",
];

fn controller_exempt(path: &str) -> bool {
    EXEMPT_CONTROLLERS.iter().any(|p| path.starts_with(p))
}

fn two_factor_setup(controller: &str) -> bool {
    TWO_FACTOR_SETUP.contains(&controller)
}

/// Whether the guard judges `path` of the site's router (API calls only; pages are
/// `routes::pages::rules`'s).
fn guarded(path: &str) -> bool {
    if let Some(controller) = path.strip_prefix("/api/backend") {
        return !controller_exempt(controller);
    }
    path.starts_with("/api/") && !EXEMPT.iter().any(|p| path.starts_with(p))
}

/// Middleware: the maintenance guard of the API.
pub async fn maintenance_guard(
    State(state): State<AppState>,
    req: Request,
    next: Next,
) -> Response {
    let path = req.uri().path();
    let guarded = guarded(path);
    let setup = path
        .strip_prefix("/api/backend")
        .is_some_and(two_factor_setup);
    guard(&state, guarded, setup, req, next).await
}

/// Middleware: the same guard on the controller router that `/api/proxy` calls in-process, so
/// that a proxied call is judged by the controller it names.
pub async fn controller_guard(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let guarded = !controller_exempt(req.uri().path());
    let setup = two_factor_setup(req.uri().path());
    guard(&state, guarded, setup, req, next).await
}

/// `setup`: the call is the second factor's set-up, open to an admin still without it.
async fn guard(state: &AppState, guarded: bool, setup: bool, req: Request, next: Next) -> Response {
    if guarded {
        match blocked(state, req.headers(), setup).await {
            Ok(false) => {}
            Ok(true) => return ApiError::Maintenance.into_response(),
            Err(e) => return e.into_response(),
        }
    }
    next.run(req).await
}

async fn blocked(state: &AppState, headers: &HeaderMap, setup: bool) -> Result<bool, ApiError> {
    if !state.snapshot.maintenance() {
        return Ok(false);
    }
    Ok(!matches!(
        lookup(state, headers).await?,
        Lookup::Live(s) if !s.row.two_factor_pending
            && (s.is_admin() || (setup && s.admin_needs_two_factor()))
    ))
}

#[cfg(test)]
mod tests {
    use super::{controller_exempt, guarded};

    #[test]
    fn only_the_verify_routes_of_the_second_factor_pass_among_controllers() {
        assert!(!guarded(
            "/api/backend/AuthentificationDoubleFacteur/verify"
        ));
        assert!(!guarded(
            "/api/backend/AuthentificationDoubleFacteur/verify-backup-code"
        ));
        assert!(guarded(
            "/api/backend/AuthentificationDoubleFacteur/generate"
        ));
        assert!(guarded("/api/backend/AuthentificationDoubleFacteur/toggle"));
        assert!(guarded("/api/backend/Comptes/me"));
        assert!(controller_exempt("/AuthentificationDoubleFacteur/verify"));
        assert!(!controller_exempt("/AuthentificationDoubleFacteur/toggle"));
    }

    #[test]
    fn the_proxy_is_judged_by_the_controller_it_calls_and_pages_are_not_judged_here() {
        assert!(!guarded("/api/proxy"));
        assert!(!guarded("/api/auth/signin"));
        assert!(guarded("/api/devis/process-file"));
        assert!(!guarded("/compte/admin-home"));
    }
}
