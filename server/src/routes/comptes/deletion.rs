//! Endpoint for `POST Comptes/me/suppression` `{password, code}` (« Supprimer mon compte »): the
//! signed-in customer closes their account with their password, and a code of their
//! authenticator or a backup code when two-factor authentication is on. The account is closed at
//! once (`commerce::account_closure`): its sessions end, its e-mail is free, its personal data
//! are erased; its invoices stay ten years. Wrong passwords count like failed sign-ins.

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum_extra::extract::CookieJar;
use serde::{Deserialize, Serialize};

use crate::auth::{cookies, password, AuthUser};
use crate::clock;
use crate::commerce::account_closure;
use crate::db::accounts;
use crate::error::ApiError;
use crate::extract::Json;
use crate::middleware::ClientIp;
use crate::rate_limit::{self, LOGIN_PER_ACCOUNT, LOGIN_PER_IP};
use crate::routes::devis::entry::Signer;
use crate::routes::two_factor;
use crate::state::AppState;

/// No password given.
pub const NO_PASSWORD: &str = "Saisissez votre mot de passe pour supprimer votre compte.";
/// Wrong password.
pub const WRONG_PASSWORD: &str = "Mot de passe incorrect.";
/// Two-factor authentication is on and no code was given.
pub const NO_CODE: &str = "Saisissez un code de double authentification (application ou code de secours) pour supprimer votre compte.";
/// Wrong second-factor code.
pub const WRONG_CODE: &str = "Code de double authentification invalide.";
/// Answer of a closed account.
pub const CLOSED: &str = "Votre compte a été supprimé. Vos factures restent conservées dix ans, comme la loi l'impose ; tout le reste a été effacé.";

/// Body of `POST Comptes/me/suppression`.
#[derive(Debug, Deserialize)]
pub struct DeletionBody {
    password: Option<String>,
    code: Option<String>,
}

/// Answer of a closed account.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "AccountDeleted"))]
pub struct Deleted {
    success: bool,
    message: &'static str,
}

/// Handles `POST /api/backend/Comptes/me/suppression`: 200 `{success, message}` and the session
/// cookie removed; 400 with a French reason (password, code, an order being fulfilled, an admin
/// account); 429 after too many wrong passwords.
pub async fn delete_account(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    ClientIp(ip): ClientIp,
    jar: CookieJar,
    Json(body): Json<DeletionBody>,
) -> Result<Response, ApiError> {
    let account = user.account_id();
    let given = body.password.unwrap_or_default();
    if given.is_empty() {
        return Err(ApiError::bad_request(NO_PASSWORD));
    }
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
    if !(given.len() <= 1024 && password::verify(given, hash).await?) {
        return Err(ApiError::bad_request(WRONG_PASSWORD));
    }
    for ticket in tickets {
        ticket.release(&state).await?;
    }
    let two_factor_on = accounts::find(&mut *state.db.acquire().await?, account)
        .await?
        .is_some_and(|a| a.two_factor_enabled);
    if two_factor_on {
        let code = body.code.unwrap_or_default();
        if code.trim().is_empty() {
            return Err(ApiError::bad_request(NO_CODE));
        }
        if !two_factor::check_second_factor(&state, account, &code).await? {
            return Err(ApiError::bad_request(WRONG_CODE));
        }
    }
    account_closure::close(&state.db, &state.storage, account, clock::now()).await?;
    // The quote in progress leaves with the account, as at sign-out.
    let removals = Signer::new(&state.keys)
        .forget_all(&state.db, &jar, state.config.cookie_secure)
        .await?;
    let mut jar = jar.add(cookies::removal(
        cookies::SESSION,
        state.config.cookie_secure,
    ));
    for removal in removals {
        jar = jar.add(removal);
    }
    Ok((
        jar,
        Json(Deleted {
            success: true,
            message: CLOSED,
        }),
    )
        .into_response())
}
