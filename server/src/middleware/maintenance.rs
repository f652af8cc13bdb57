//! Maintenance mode for the API: while it is on, API calls answer 503 except the exempt paths
//! (sign-in, the maintenance flag, two-factor) and the calls of a signed-in admin, so that
//! `/compte/admin-home` keeps working. Page navigations are handled by `routes::pages::rules`.
//! The flag is read from the instance's in-memory snapshot ([`crate::snapshot`]), not the database.

use axum::extract::{Request, State};
use axum::http::HeaderMap;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::auth::session::{lookup, Lookup};
use crate::error::ApiError;
use crate::state::AppState;

/// API paths that always pass.
const EXEMPT: [&str; 5] = [
    "/api/auth/",
    "/api/get-maintenance",
    "/api/admin/set-maintenance",
    "/api/captcha/",
    "/api/backend/AuthentificationDoubleFacteur/",
];

/// Middleware: the maintenance guard of the API.
pub async fn maintenance_guard(
    State(state): State<AppState>,
    req: Request,
    next: Next,
) -> Response {
    let path = req.uri().path();
    let guarded = path.starts_with("/api/") && !EXEMPT.iter().any(|p| path.starts_with(p));
    if guarded {
        match blocked(&state, req.headers()).await {
            Ok(false) => {}
            Ok(true) => return ApiError::Maintenance.into_response(),
            Err(e) => return e.into_response(),
        }
    }
    next.run(req).await
}

async fn blocked(state: &AppState, headers: &HeaderMap) -> Result<bool, ApiError> {
    if !state.snapshot.maintenance() {
        return Ok(false);
    }
    Ok(!matches!(
        lookup(state, headers).await?,
        Lookup::Live(s) if s.is_admin() && !s.row.two_factor_pending
    ))
}
