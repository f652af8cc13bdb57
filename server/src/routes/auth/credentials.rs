//! `POST /api/auth/signin/credentials` and `/api/auth/callback/credentials`: form-encoded
//! `csrfToken`, `callbackUrl`, `json`, `email`, `password`. Wrong credentials answer 401 with one
//! generic message whether the e-mail exists or not; repeated failures answer 429.

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Redirect, Response};
use axum::Json;

use crate::extract::Form;
use axum_extra::extract::CookieJar;
use serde::Deserialize;
use serde_json::json;

use super::safe_callback;
use crate::auth::{cookies, csrf, password, session, tokens};
use crate::db::{accounts, sessions};
use crate::error::ApiError;
use crate::middleware::ClientIp;
use crate::rate_limit::{self, LOGIN_PER_ACCOUNT, LOGIN_PER_IP};
use crate::state::AppState;

/// The one message of a failed sign-in.
pub const SIGNIN_FAILED: &str = "Adresse e-mail ou mot de passe incorrect.";

/// The sign-in form.
#[derive(Debug, Deserialize)]
pub struct SignInForm {
    #[serde(rename = "csrfToken")]
    csrf_token: Option<String>,
    #[serde(rename = "callbackUrl")]
    callback_url: Option<String>,
    json: Option<String>,
    email: Option<String>,
    password: Option<String>,
}

/// Handles `POST /api/auth/signin/{provider}` and `/api/auth/callback/{provider}`.
pub async fn sign_in(
    State(state): State<AppState>,
    Path(provider): Path<String>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    jar: CookieJar,
    Form(form): Form<SignInForm>,
) -> Result<Response, ApiError> {
    if provider != "credentials" {
        return Err(ApiError::NotFound);
    }
    let submitted = form
        .csrf_token
        .as_deref()
        .or_else(|| headers.get(csrf::HEADER).and_then(|v| v.to_str().ok()));
    if !csrf::verify(&state.keys, &jar, submitted) {
        return Err(ApiError::Csrf);
    }
    let email = accounts::normalize_email(form.email.as_deref().unwrap_or_default());
    let password = form.password.unwrap_or_default();
    if email.is_empty() || password.is_empty() || password.len() > 1024 {
        return Err(ApiError::UnauthorizedWith(SIGNIN_FAILED.to_owned()));
    }
    let account_bucket = format!("login:{ip}:{email}");
    let ip_bucket = format!("login-ip:{ip}");
    rate_limit::check(&state, &account_bucket, LOGIN_PER_ACCOUNT).await?;
    rate_limit::check(&state, &ip_bucket, LOGIN_PER_IP).await?;

    let found = accounts::find_with_hash(&state.db, &email).await?;
    let (account, hash) = match found {
        Some((a, h)) => (Some(a), Some(h)),
        None => (None, None),
    };
    let ok = password::verify(password, hash).await?;
    let Some(account) = account.filter(|_| ok) else {
        rate_limit::record(&state, &account_bucket).await?;
        rate_limit::record(&state, &ip_bucket).await?;
        return Err(ApiError::UnauthorizedWith(SIGNIN_FAILED.to_owned()));
    };
    rate_limit::clear(&state, &account_bucket).await?;

    // A new session every time: never reuse a token that existed before the sign-in.
    if let Some(old) = jar.get(cookies::SESSION) {
        sessions::delete_by_hash(&state.db, &tokens::sha256_hex(old.value())).await?;
    }
    let user_agent = headers
        .get("user-agent")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let pending = account.two_factor_enabled;
    let cookie = session::create(&state, account.id, pending, &ip, user_agent).await?;
    let callback = safe_callback(form.callback_url.as_deref());
    let url = if pending {
        format!("/verify-2fa?callbackUrl={}", url_encode(&callback))
    } else {
        callback
    };
    let jar = jar.add(cookie);
    if form.json.as_deref() == Some("true") {
        Ok((
            jar,
            Json(json!({ "url": url, "twoFactorRequired": pending })),
        )
            .into_response())
    } else {
        Ok((jar, Redirect::to(&url)).into_response())
    }
}

fn url_encode(s: &str) -> String {
    url::form_urlencoded::byte_serialize(s.as_bytes()).collect()
}
