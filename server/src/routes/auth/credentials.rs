//! `POST /api/auth/signin/credentials` and `/api/auth/callback/credentials`: form-encoded
//! `csrfToken`, `callbackUrl`, `json`, `email`, `password`. Wrong credentials answer 401 with one
//! generic message whether the e-mail exists or not; repeated failures answer 429. The same
//! [`authenticate`] serves the `Auth/login` controller.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Redirect, Response};
use axum::Json;

use crate::extract::{Form, Path};
use axum_extra::extract::cookie::Cookie;
use axum_extra::extract::CookieJar;
use serde::Deserialize;
use serde_json::json;

use super::safe_callback;
use crate::admin::accounts::DISABLED_SIGN_IN;
use crate::auth::{captcha, cookies, csrf, password, session, sign_in_lock, tokens};
use crate::db::accounts::Role;
use crate::db::{accounts, sessions};
use crate::error::ApiError;
use crate::middleware::ClientIp;
use crate::rate_limit::{self, LOGIN_PER_ACCOUNT, LOGIN_PER_EMAIL, LOGIN_PER_IP};
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
    /// A solved captcha, needed once the e-mail has had too many failures.
    altcha: Option<String>,
}

/// What one sign-in attempt carries (the form of the NextAuth route or the `Auth/login` body).
pub struct Attempt<'a> {
    /// The e-mail as typed.
    pub email: &'a str,
    /// The password as typed.
    pub password: String,
    /// The ALTCHA payload, when the user solved one.
    pub altcha: Option<&'a str>,
    /// The client's address.
    pub ip: &'a str,
    /// The browser's user agent.
    pub user_agent: &'a str,
    /// The CSRF token the attempt was checked with: the new session is bound to it.
    pub csrf_token: &'a str,
}

/// A successful sign-in.
pub struct SignedIn {
    /// The new session's cookie.
    pub cookie: Cookie<'static>,
    /// Whether the session still waits for the second factor.
    pub two_factor_pending: bool,
    /// An admin whose two-factor authentication is off: sent to its set-up.
    pub admin_setup: bool,
}

impl SignedIn {
    /// The page the browser goes to next: the second factor's when it is awaited, the admin's
    /// two-factor set-up for an admin without it (issue 22, finding 10), else `callback`.
    pub fn next_page(&self, callback: String) -> String {
        if self.two_factor_pending {
            format!("/verify-2fa?callbackUrl={}", url_encode(&callback))
        } else if self.admin_setup {
            ADMIN_SETUP_PAGE.to_owned()
        } else {
            callback
        }
    }
}

/// Where an admin without two-factor authentication is sent after signing in: the admin home,
/// which shows the set-up until the second factor is on.
pub const ADMIN_SETUP_PAGE: &str = "/compte/admin-home";

/// Checks the credentials under the sign-in limits and opens a new session. Every attempt is
/// counted before the password is checked, in three buckets: per address and e-mail, per
/// address, and per e-mail whatever the address (so forged or rotating addresses do not help);
/// past the per-e-mail limit, only an attempt with a solved captcha goes on, so the owner is
/// never locked out. A success forgets the e-mail's failures. Shared by
/// `POST /api/auth/callback/credentials` and the `Auth/login` controller.
pub async fn authenticate(
    state: &AppState,
    jar: &CookieJar,
    attempt: Attempt<'_>,
) -> Result<SignedIn, ApiError> {
    let email = accounts::normalize_email(attempt.email);
    let password = attempt.password;
    if email.is_empty() || password.is_empty() || password.len() > 1024 {
        return Err(ApiError::UnauthorizedWith(SIGNIN_FAILED.to_owned()));
    }
    let ip = attempt.ip;
    let client = rate_limit::client_key(ip);
    let account_bucket = format!("login:{client}:{email}");
    let ip_bucket = format!("login-ip:{client}");
    let email_bucket = format!("login-email:{email}");
    let tickets = rate_limit::take_all(
        state,
        &[
            (&account_bucket, LOGIN_PER_ACCOUNT),
            (&ip_bucket, LOGIN_PER_IP),
        ],
    )
    .await?;
    if let Err(over) = rate_limit::take(state, &email_bucket, LOGIN_PER_EMAIL).await {
        // The captcha costs more as the e-mail's failures grow (issue 22, finding 1).
        let (failed, _) = sign_in_lock::failures(state, &email).await?;
        let cost = sign_in_lock::captcha_cost(captcha::base_cost(state), failed);
        let solved = match attempt.altcha.filter(|a| !a.is_empty()) {
            Some(payload) => captcha::verify_costing(state, Some(payload), cost)
                .await
                .is_ok(),
            None => false,
        };
        if !solved {
            for t in tickets {
                t.release(state).await?;
            }
            return Err(match over {
                ApiError::TooManyRequests => ApiError::CaptchaRequired,
                other => other,
            });
        }
    }

    // The account's own limit, whatever the address and the captcha (a guesser on many
    // addresses): past it, only a browser unlocked by the owner's e-mailed link goes on.
    let gate = match sign_in_lock::pass(state, jar, &email).await {
        Ok(gate) => gate,
        Err(e) => {
            for t in tickets {
                t.release(state).await?;
            }
            tracing::warn!(target: "sign_in", email = %sign_in_lock::email_tag(&email), ip, "sign-in refused: locked");
            return Err(e);
        }
    };

    let found = accounts::find_with_hash(&mut *state.db.acquire().await?, &email).await?;
    let (account, hash) = match found {
        Some((a, h)) => (Some(a), Some(h)),
        None => (None, None),
    };
    let ok = password::verify(password, hash).await?;
    let Some(account) = account.filter(|_| ok) else {
        tracing::warn!(
            target: "sign_in",
            email = %sign_in_lock::email_tag(&email),
            ip,
            "sign-in failed"
        );
        return Err(ApiError::UnauthorizedWith(SIGNIN_FAILED.to_owned()));
    };
    // Told only to whoever knows the password, so that it reveals nothing to others.
    if account.is_disabled() {
        return Err(ApiError::UnauthorizedWith(DISABLED_SIGN_IN.to_owned()));
    }
    rate_limit::clear(state, &account_bucket).await?;
    rate_limit::clear(state, &email_bucket).await?;
    for t in tickets {
        t.release(state).await?;
    }
    if let sign_in_lock::Gate::Counted(t) = gate {
        t.release(state).await?;
    }
    sign_in_lock::forget(state, &email, account.id).await?;
    tracing::info!(target: "sign_in", account = account.id, ip, "sign-in succeeded");

    // A new session every time: never reuse a token that existed before the sign-in.
    if let Some(old) = jar.get(cookies::SESSION) {
        sessions::delete_by_hash(
            &mut *state.db.acquire().await?,
            &tokens::sha256_hex(old.value()),
        )
        .await?;
    }
    let pending = account.two_factor_enabled;
    let admin_setup = account.role == Role::Admin && !account.two_factor_enabled;
    let cookie = session::create(
        state,
        account.id,
        pending,
        ip,
        attempt.user_agent,
        attempt.csrf_token,
    )
    .await?;
    Ok(SignedIn {
        cookie,
        two_factor_pending: pending,
        admin_setup,
    })
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
    let signed_in = authenticate(
        &state,
        &jar,
        Attempt {
            email: form.email.as_deref().unwrap_or_default(),
            password: form.password.unwrap_or_default(),
            altcha: form.altcha.as_deref(),
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
    let url = signed_in.next_page(safe_callback(form.callback_url.as_deref()));
    let jar = jar.add(signed_in.cookie);
    if form.json.as_deref() == Some("true") {
        Ok((
            jar,
            Json(json!({ "url": url, "two_factor_required": pending })),
        )
            .into_response())
    } else {
        Ok((jar, Redirect::to(&url)).into_response())
    }
}

fn url_encode(s: &str) -> String {
    url::form_urlencoded::byte_serialize(s.as_bytes()).collect()
}
