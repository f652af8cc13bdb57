//! Endpoints of the `AuthentificationDoubleFacteur` controller: set-up (`generate`, `toggle`)
//! and the second step of a sign-in (`verify`, `verify-backup-code`). Served under
//! `/api/backend/` with the session cookie and the CSRF header like every controller.

pub(crate) mod setup;
mod verify;

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use serde::Serialize;

use crate::clock;
use crate::db::two_factor;
use crate::error::ApiError;
use crate::rate_limit::{self, Limit};
use crate::state::AppState;
use crate::twofa::{backup, TotpSecret};

/// Wrong codes (TOTP, backup or password) allowed per account in 15 minutes before 429.
pub const FAILURES: Limit = Limit {
    max: 5,
    window: 15 * 60,
};
/// Answer to a wrong TOTP code.
pub const CODE_INVALID: &str = "Code de vérification invalide.";
/// Answer to a wrong backup code (specification, section 8).
pub const BACKUP_INVALID: &str = "Code de secours invalide";

/// The `AuthentificationDoubleFacteur/...` routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/AuthentificationDoubleFacteur/generate",
            post(setup::generate),
        )
        .route("/AuthentificationDoubleFacteur/toggle", post(setup::toggle))
        .route(
            "/AuthentificationDoubleFacteur/verify",
            post(verify::verify),
        )
        .route(
            "/AuthentificationDoubleFacteur/verify-backup-code",
            post(verify::verify_backup_code),
        )
}

/// Answer of `verify` and `verify-backup-code`. `token` and `refreshToken` name the now complete
/// session (the sha256 of its cookie: an identifier, not a credential; the cookie stays HttpOnly).
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "TwoFactorVerify"))]
pub struct VerifyAnswer {
    valid: bool,
    token: Option<String>,
    // Spelled as the specification's `verify-backup-code` answer spells it.
    #[serde(rename = "refreshToken")]
    refresh_token: Option<String>,
    message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    backup_codes: Option<Vec<String>>,
}

impl VerifyAnswer {
    fn accepted(session_hash: &str, message: String) -> Self {
        VerifyAnswer {
            valid: true,
            token: Some(session_hash.to_owned()),
            refresh_token: Some(session_hash.to_owned()),
            message,
            backup_codes: None,
        }
    }

    /// A 400 whose body still has the answer's shape (`valid: false` and the message).
    fn rejected(message: &str) -> Response {
        let body = VerifyAnswer {
            valid: false,
            token: None,
            refresh_token: None,
            message: message.to_owned(),
            backup_codes: None,
        };
        (StatusCode::BAD_REQUEST, Json(body)).into_response()
    }
}

fn failures_bucket(account_id: i64) -> String {
    format!("2fa:{account_id}")
}

/// Counts one attempt before the code is compared: 429 once the account has too many recent
/// failures, even when the attempts arrive in parallel.
pub(crate) async fn take_attempt(state: &AppState, account_id: i64) -> Result<(), ApiError> {
    rate_limit::hit(state, &failures_bucket(account_id), FAILURES).await
}

/// After a success, forgets the account's failures (a failure stays counted).
pub(crate) async fn settle(
    state: &AppState,
    account_id: i64,
    accepted: bool,
) -> Result<(), ApiError> {
    if accepted {
        rate_limit::clear(state, &failures_bucket(account_id)).await?;
    }
    Ok(())
}

/// Checks a TOTP code against the account's secret (confirmed or not, as asked), refusing a
/// step already used. Counts failures.
async fn check_totp(
    state: &AppState,
    account_id: i64,
    code: &str,
    confirmed_only: bool,
) -> Result<bool, ApiError> {
    take_attempt(state, account_id).await?;
    let row = two_factor::find(&mut *state.db.acquire().await?, account_id).await?;
    let row = row.filter(|r| !confirmed_only || r.confirmed_at.is_some());
    let accepted = match row {
        None => false,
        Some(row) => {
            let secret = TotpSecret::from_base32(&row.secret).map_err(anyhow::Error::from)?;
            let last = row.last_used_step.and_then(|s| u64::try_from(s).ok());
            let now = u64::try_from(clock::now()).unwrap_or(0);
            match secret
                .verify(code, now, last)
                .and_then(|s| i64::try_from(s).ok())
            {
                Some(step) => {
                    two_factor::use_step(&mut *state.db.acquire().await?, account_id, step).await?
                }
                None => false,
            }
        }
    };
    settle(state, account_id, accepted).await?;
    Ok(accepted)
}

/// Checks a second factor given instead of the password (an e-mail change): a code of the
/// confirmed authenticator, or one of the backup codes, which is then used up. Counts failures
/// under the same per-account limit as a sign-in's second step.
pub(crate) async fn check_second_factor(
    state: &AppState,
    account_id: i64,
    code: &str,
) -> Result<bool, ApiError> {
    let code = code.trim();
    if code.len() == 6 && code.bytes().all(|b| b.is_ascii_digit()) {
        check_totp(state, account_id, code, true).await
    } else {
        Ok(use_backup_code(state, account_id, code).await?.is_some())
    }
}

/// Checks and uses one of the account's backup codes; returns how many remain, or `None` when
/// the code matches none. Every stored code is compared, in constant time. Counts failures.
async fn use_backup_code(
    state: &AppState,
    account_id: i64,
    code: &str,
) -> Result<Option<usize>, ApiError> {
    take_attempt(state, account_id).await?;
    let stored =
        two_factor::unused_backup_codes(&mut *state.db.acquire().await?, account_id).await?;
    let mut matched = None;
    for (id, hash) in &stored {
        if backup::verify(code, hash) {
            matched = Some(*id);
        }
    }
    let used = match matched {
        Some(id) => {
            two_factor::use_backup_code(&mut *state.db.acquire().await?, id, clock::now()).await?
        }
        None => false,
    };
    settle(state, account_id, used).await?;
    Ok(used.then(|| stored.len() - 1))
}
