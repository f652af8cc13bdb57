//! `POST Auth/login` (the controller of the specification's section 7, under `/api/backend`):
//! `{email, password, altcha?, callbackUrl?}` in JSON with the CSRF header. The same
//! [`authenticate`] as the credentials sign-in, so the same limits, messages and session.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::Json;
use axum_extra::extract::CookieJar;
use serde::{Deserialize, Serialize};

use super::credentials::{authenticate, Attempt};
use super::safe_callback;
use crate::auth::csrf;
use crate::error::ApiError;
use crate::extract::Json as JsonBody;
use crate::middleware::ClientIp;
use crate::state::AppState;

/// Body of `Auth/login`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoginBody {
    email: Option<String>,
    password: Option<String>,
    altcha: Option<String>,
    callback_url: Option<String>,
}

/// Answer of a successful `Auth/login`; the session cookie comes with it.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LoggedIn {
    success: bool,
    two_factor_required: bool,
    url: String,
}

/// Handles `POST /api/backend/Auth/login`. The CSRF header is required even without a session
/// (no sign-in into someone else's account from another site).
pub async fn login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    jar: CookieJar,
    JsonBody(body): JsonBody<LoginBody>,
) -> Result<Response, ApiError> {
    let submitted = headers.get(csrf::HEADER).and_then(|v| v.to_str().ok());
    if !csrf::verify(&state.keys, &jar, submitted) {
        return Err(ApiError::Csrf);
    }
    let signed_in = authenticate(
        &state,
        &jar,
        Attempt {
            email: body.email.as_deref().unwrap_or_default(),
            password: body.password.unwrap_or_default(),
            altcha: body.altcha.as_deref(),
            ip: &ip,
            csrf_token: submitted.unwrap_or_default(),
            user_agent: headers
                .get("user-agent")
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default(),
        },
    )
    .await?;
    let pending = signed_in.two_factor_pending;
    let url = signed_in.next_page(safe_callback(body.callback_url.as_deref()));
    Ok((
        jar.add(signed_in.cookie),
        Json(LoggedIn {
            success: true,
            two_factor_required: pending,
            url,
        }),
    )
        .into_response())
}
