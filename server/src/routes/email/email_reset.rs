//! `Email/send|verify|reset/email_reset`: changing the signed-in account's e-mail address.
//! `send` needs the session and the password (or, on an account with two-factor authentication,
//! a code of the authenticator or a backup code instead) and e-mails a code to the *new* address (an address
//! that already has an account gets a notice instead, with the same answer); `verify` checks that
//! code; `reset` then moves the account, signs out its other sessions and tells the former address.
//! Codes are bound to the account that asked for them.

use axum::extract::State;
use serde::{Deserialize, Serialize};

use super::{codes, Done, CODE_MINUTES, CODE_SENT};
use crate::auth::{password, AuthUser};
use crate::db::{accounts, email_codes, sessions};
use crate::domain::Email;
use crate::error::{ApiError, ResultExt};
use crate::extract::Json;
use crate::mail::templates;
use crate::middleware::ClientIp;
use crate::rate_limit::{self, LOGIN_PER_ACCOUNT};
use crate::routes::two_factor;
use crate::state::AppState;

/// Purpose of the codes of this flow (followed by `:` and the account id in the table).
pub const EMAIL_RESET: &str = "email_reset";
/// How long a verified code stays good for `reset`, in seconds.
const VERIFIED_MAX_AGE: i64 = 30 * 60;
const TAKEN: &str = "Un compte existe déjà avec cette adresse e-mail.";
const NOT_PROVED: &str = "Veuillez d'abord valider le code reçu à votre nouvelle adresse e-mail.";
const WRONG_PASSWORD: &str = "Mot de passe incorrect.";
const NO_PROOF: &str =
    "Saisissez votre mot de passe ou un code de double authentification pour changer d'adresse.";
const NO_SECOND_FACTOR: &str =
    "La double authentification n'est pas activée sur votre compte : saisissez votre mot de passe.";
const WRONG_SECOND_FACTOR: &str = "Code de double authentification invalide.";
const SAME_ADDRESS: &str = "La nouvelle adresse e-mail doit être différente de l'actuelle.";

/// Body of `send`: the new address and the account's password, or instead a second-factor code
/// (authenticator or backup code) when two-factor authentication is on.
#[derive(Debug, Deserialize)]
pub struct SendBody {
    email: Option<String>,
    password: Option<String>,
    code: Option<String>,
}

/// Body of `verify`: the new address and the code it received.
#[derive(Debug, Deserialize)]
pub struct CodeBody {
    email: Option<String>,
    code: Option<String>,
}

/// Body of `reset`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ResetBody {
    old_email: Option<String>,
    new_email: Option<String>,
}

/// Answer of `reset`.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "EmailResetDone"))]
pub struct ResetDone {
    success: bool,
    message: &'static str,
    email: String,
}

/// The codes of one account's change.
fn purpose(account_id: i64) -> String {
    format!("{EMAIL_RESET}:{account_id}")
}

fn parse_new(raw: Option<&str>) -> Result<Email, ApiError> {
    Email::parse(raw.unwrap_or_default()).map_err(|_| {
        ApiError::Validation(vec![
            "La nouvelle adresse e-mail n'est pas valide.".to_owned()
        ])
    })
}

/// Handles `POST /api/backend/Email/send/email_reset` (`{email, password}` or `{email, code}`):
/// 401 without a session; the password is checked under the account's limit, a second-factor
/// code under the two-factor failure limit, each counted before the check.
pub async fn send(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    ClientIp(ip): ClientIp,
    Json(body): Json<SendBody>,
) -> Result<Json<Done>, ApiError> {
    let account = user.account_id();
    let new = parse_new(body.email.as_deref())?;
    if new.as_str() == user.row.email {
        return Err(ApiError::bad_request(SAME_ADDRESS));
    }
    let given = body.password.unwrap_or_default();
    let second = body.code.unwrap_or_default();
    if !given.is_empty() {
        check_password(&state, account, given).await?;
    } else if !second.trim().is_empty() {
        let enabled = accounts::find(&mut *state.db.acquire().await?, account)
            .await?
            .is_some_and(|a| a.two_factor_enabled);
        if !enabled {
            return Err(ApiError::bad_request(NO_SECOND_FACTOR));
        }
        if !two_factor::check_second_factor(&state, account, &second).await? {
            return Err(ApiError::bad_request(WRONG_SECOND_FACTOR));
        }
    } else {
        return Err(ApiError::bad_request(NO_PROOF));
    }
    codes::limit_send(&state, "email_reset", &new, &ip).await?;
    let brand = state.mailer.brand().to_owned();
    if accounts::find_by_email(&mut *state.db.acquire().await?, new.as_str())
        .await?
        .is_some()
    {
        codes::deliver(&state, templates::email_taken_notice(&brand, new.as_str())).await?;
    } else {
        codes::send(&state, &purpose(account), &new, |code| {
            templates::email_change_code(&brand, new.as_str(), code, CODE_MINUTES)
        })
        .await?;
    }
    Ok(Json(Done::new(CODE_SENT)))
}

/// Checks the account's password under the account's limit, counted before the check.
async fn check_password(state: &AppState, account: i64, given: String) -> Result<(), ApiError> {
    let bucket = format!("password-change:{account}");
    let ticket = rate_limit::take(state, &bucket, LOGIN_PER_ACCOUNT).await?;
    let hash = accounts::password_hash(&mut *state.db.acquire().await?, account).await?;
    let ok = given.len() <= 1024 && password::verify(given, hash).await?;
    if !ok {
        return Err(ApiError::bad_request(WRONG_PASSWORD));
    }
    ticket.release(state).await?;
    Ok(())
}

/// Handles `POST /api/backend/Email/verify/email_reset` (`{email, code}`): the code sent to the
/// new address, for the signed-in account only.
pub async fn verify(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    ClientIp(ip): ClientIp,
    Json(body): Json<CodeBody>,
) -> Result<Json<Done>, ApiError> {
    let new = parse_new(body.email.as_deref())?;
    codes::verify(
        &state,
        &purpose(user.account_id()),
        &new,
        body.code.as_deref().unwrap_or_default(),
        &ip,
    )
    .await?;
    Ok(Json(Done::new("Code vérifié.")))
}

/// Handles `POST /api/backend/Email/reset/email_reset` (`{oldEmail, newEmail}`): needs the
/// session of the account whose address is `oldEmail`, and a code verified for `newEmail` by that
/// account in the last 30 minutes. The former address is told of the change.
pub async fn reset(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Json(body): Json<ResetBody>,
) -> Result<Json<ResetDone>, ApiError> {
    let account = user.account_id();
    let old = Email::parse(body.old_email.as_deref().unwrap_or_default())?;
    let new = parse_new(body.new_email.as_deref())?;
    if old == new {
        return Err(ApiError::bad_request(SAME_ADDRESS));
    }
    if old.as_str() != user.row.email {
        return Err(ApiError::bad_request(
            "L'adresse actuelle ne correspond pas à votre compte.",
        ));
    }
    if !email_codes::consume_verified(
        &mut *state.db.acquire().await?,
        &purpose(account),
        new.as_str(),
        VERIFIED_MAX_AGE,
    )
    .await?
    {
        return Err(ApiError::bad_request(NOT_PROVED));
    }
    accounts::set_email(&mut *state.db.acquire().await?, account, new.as_str())
        .await
        .on_unique_violation(TAKEN)?;
    sessions::delete_for_account(&mut *state.db.acquire().await?, account, Some(user.row.id))
        .await?;
    tracing::info!(account, "e-mail address changed");
    let notice = templates::email_changed_notice(state.mailer.brand(), old.as_str(), new.as_str());
    state.mailer.notify(notice).await;
    Ok(Json(ResetDone {
        success: true,
        message: "Votre adresse e-mail a été modifiée.",
        email: new.as_str().to_owned(),
    }))
}
