//! `Email/send|verify|reset/email_reset`: changing an account's e-mail address. A code sent to
//! the current address proves the account is the caller's; `reset` then moves the account to the
//! new address and signs out its other sessions. (The web app's flow asks for the code of the
//! current address only, so the new one is taken as typed.)

use axum::extract::State;
use axum::Json;
use serde::{Deserialize, Serialize};

use super::{codes, Done, CODE_MINUTES};
use crate::auth::MaybeUser;
use crate::db::{accounts, email_codes, sessions};
use crate::domain::Email;
use crate::error::{ApiError, ResultExt};
use crate::mail::templates;
use crate::middleware::ClientIp;
use crate::state::AppState;

/// Purpose of the codes of this flow.
pub const EMAIL_RESET: &str = "email_reset";
/// How long a verified code stays good for `reset`, in seconds.
const VERIFIED_MAX_AGE: i64 = 30 * 60;
const TAKEN: &str = "Un compte existe déjà avec cette adresse e-mail.";

/// Body of `send` and `verify`.
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
pub struct ResetDone {
    success: bool,
    message: &'static str,
    email: String,
}

/// Handles `POST /api/backend/Email/send/email_reset` (`{email}`). The code is sent to any valid
/// address (rate-limited), so the answer says nothing about which addresses have an account.
pub async fn send(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(body): Json<CodeBody>,
) -> Result<Json<Done>, ApiError> {
    let email = Email::parse(body.email.as_deref().unwrap_or_default())?;
    let brand = state.mailer.brand().to_owned();
    codes::send(&state, EMAIL_RESET, &email, &ip, |code| {
        templates::email_change_code(&brand, email.as_str(), code, CODE_MINUTES)
    })
    .await?;
    Ok(Json(Done::new(
        "Un code de vérification vient de vous être envoyé par e-mail.",
    )))
}

/// Handles `POST /api/backend/Email/verify/email_reset` (`{email, code}`).
pub async fn verify(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(body): Json<CodeBody>,
) -> Result<Json<Done>, ApiError> {
    let email = Email::parse(body.email.as_deref().unwrap_or_default())?;
    codes::verify(
        &state,
        EMAIL_RESET,
        &email,
        body.code.as_deref().unwrap_or_default(),
        &ip,
    )
    .await?;
    Ok(Json(Done::new("Code vérifié.")))
}

/// Handles `POST /api/backend/Email/reset/email_reset` (`{oldEmail, newEmail}`): needs a code
/// verified for `oldEmail` in the last 30 minutes.
pub async fn reset(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
    Json(body): Json<ResetBody>,
) -> Result<Json<ResetDone>, ApiError> {
    let mut errors = Vec::new();
    let old = Email::parse(body.old_email.as_deref().unwrap_or_default())
        .map_err(|e| errors.push(e.to_string()))
        .ok();
    let new = Email::parse(body.new_email.as_deref().unwrap_or_default())
        .map_err(|_| errors.push("La nouvelle adresse e-mail n'est pas valide.".to_owned()))
        .ok();
    let (Some(old), Some(new)) = (old, new) else {
        return Err(ApiError::Validation(errors));
    };
    if old == new {
        return Err(ApiError::bad_request(
            "La nouvelle adresse e-mail doit être différente de l'actuelle.",
        ));
    }
    let Some(account) = accounts::find_by_email(&state.db, old.as_str()).await? else {
        return Err(ApiError::bad_request(NOT_PROVED));
    };
    if accounts::find_by_email(&state.db, new.as_str())
        .await?
        .is_some()
    {
        return Err(ApiError::Conflict(TAKEN.to_owned()));
    }
    if !email_codes::consume_verified(&state.db, EMAIL_RESET, old.as_str(), VERIFIED_MAX_AGE)
        .await?
    {
        return Err(ApiError::bad_request(NOT_PROVED));
    }
    accounts::set_email(&state.db, account.id, new.as_str())
        .await
        .on_unique_violation(TAKEN)?;
    let keep = caller
        .filter(|s| s.account_id() == account.id)
        .map(|s| s.row.id);
    sessions::delete_for_account(&state.db, account.id, keep).await?;
    tracing::info!(account = account.id, "e-mail address changed");
    Ok(Json(ResetDone {
        success: true,
        message: "Votre adresse e-mail a été modifiée.",
        email: new.as_str().to_owned(),
    }))
}

const NOT_PROVED: &str = "Veuillez d'abord valider le code reçu à votre adresse e-mail actuelle.";
