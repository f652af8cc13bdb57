//! Endpoint for `PUT Comptes/me/password` `{currentPassword, newPassword}`: a signed-in customer
//! changes their password by giving the current one. Wrong guesses count like failed sign-ins
//! (429 past the limit); on success every other session of the account is signed out and its
//! forgotten-password links are voided, while the session that made the change stays.

use axum::extract::State;
use serde::{Deserialize, Serialize};

use crate::auth::{password, AuthUser};
use crate::clock;
use crate::db::reset_tokens::{self, FORGOT_PASSWORD};
use crate::db::{accounts, sessions};
use crate::domain::Password;
use crate::error::ApiError;
use crate::extract::Json;
use crate::mail::templates;
use crate::middleware::ClientIp;
use crate::rate_limit::{self, LOGIN_PER_ACCOUNT, LOGIN_PER_IP};
use crate::state::AppState;

/// Answer to a wrong current password.
pub const WRONG_CURRENT: &str = "Mot de passe actuel incorrect.";
/// Answer to a successful change.
pub const CHANGED: &str = "Votre mot de passe a été modifié.";

/// Body of `PUT Comptes/me/password`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PasswordBody {
    current_password: Option<String>,
    new_password: Option<String>,
}

/// Answer of a successful change.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "PasswordChanged"))]
pub struct Changed {
    success: bool,
    message: &'static str,
}

/// Handles `PUT /api/backend/Comptes/me/password`: 200 `{success, message}`; 400 with
/// [`WRONG_CURRENT`] or the password rule's message; 429 after too many wrong guesses.
pub async fn change(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    ClientIp(ip): ClientIp,
    Json(body): Json<PasswordBody>,
) -> Result<Json<Changed>, ApiError> {
    let account = user.account_id();
    let new_password = Password::parse(body.new_password.as_deref().unwrap_or_default())?;
    let current = body.current_password.unwrap_or_default();
    let account_bucket = format!("password-change:{account}");
    let ip_bucket = format!("login-ip:{}", rate_limit::client_key(&ip));
    let tickets = rate_limit::take_all(
        &state,
        &[
            (&account_bucket, LOGIN_PER_ACCOUNT),
            (&ip_bucket, LOGIN_PER_IP),
        ],
    )
    .await?;
    let hash = accounts::password_hash(&mut *state.db.acquire().await?, account).await?;
    let ok = !current.is_empty()
        && current.len() <= 1024
        && password::verify(current.clone(), hash).await?;
    if !ok {
        return Err(ApiError::bad_request(WRONG_CURRENT));
    }
    rate_limit::clear(&state, &account_bucket).await?;
    for ticket in tickets {
        ticket.release(&state).await?;
    }
    if current == new_password.expose() {
        return Err(ApiError::Validation(vec![
            "Le nouveau mot de passe doit être différent de l'actuel.".to_owned(),
        ]));
    }
    let hash = password::hash(new_password.expose().to_owned()).await?;
    accounts::set_password(&mut *state.db.acquire().await?, account, &hash).await?;
    reset_tokens::void_for_account(
        &mut *state.db.acquire().await?,
        FORGOT_PASSWORD,
        account,
        clock::now(),
    )
    .await?;
    sessions::delete_for_account(&mut *state.db.acquire().await?, account, Some(user.row.id))
        .await?;
    tracing::info!(account, "password changed from the settings page");
    let notice = templates::password_changed_notice(state.mailer.brand(), &user.row.email);
    state.mailer.notify(notice).await;
    Ok(Json(Changed {
        success: true,
        message: CHANGED,
    }))
}
