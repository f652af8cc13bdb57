//! `Email/send/forgot_password` and `Email/reset/forgot_password`: a single-use link valid one
//! hour to choose a new password. The request answers the same whether the account exists or not,
//! and the e-mail goes out in the background so that timing does not tell either.

use axum::extract::State;
use serde::Deserialize;

use super::{codes, Done, CHECKS_PER_IP, LINK_MINUTES};
use crate::auth::{password, tokens, MaybeUser};
use crate::clock;
use crate::commerce::password_reset::{self, LINK_INVALID};
use crate::db::accounts;
use crate::db::reset_tokens::{self, FORGOT_PASSWORD};
use crate::domain::{Email, Password};
use crate::error::ApiError;
use crate::extract::Json;
use crate::mail::templates;
use crate::middleware::ClientIp;
use crate::rate_limit;
use crate::state::AppState;

/// The one answer of a forgotten-password request.
pub const SENT: &str =
    "Si un compte correspond à cette adresse, un e-mail vient de lui être envoyé \
     avec un lien pour choisir un nouveau mot de passe.";

/// Body of `send` (the specification spells the field `Email`).
#[derive(Debug, Deserialize)]
pub struct SendBody {
    #[serde(rename = "Email", alias = "email")]
    email: Option<String>,
}

/// Body of `reset`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ResetBody {
    token: Option<String>,
    new_password: Option<String>,
}

/// Handles `POST /api/backend/Email/send/forgot_password` (`{Email}`).
pub async fn send(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(body): Json<SendBody>,
) -> Result<Json<Done>, ApiError> {
    let email = Email::parse(body.email.as_deref().unwrap_or_default())?;
    codes::limit_send(&state, "forgot_password", &email, &ip).await?;
    if let Some(account) =
        accounts::find_by_email(&mut *state.db.acquire().await?, email.as_str()).await?
    {
        let token = tokens::random_token();
        let now = clock::now();
        let expires = now + i64::from(LINK_MINUTES) * 60;
        reset_tokens::insert(
            &mut *state.db.acquire().await?,
            FORGOT_PASSWORD,
            account.id,
            &tokens::sha256_hex(&token),
            now,
            expires,
        )
        .await?;
        let mailer = state.mailer.clone();
        let mail = templates::password_reset_link(
            mailer.brand(),
            mailer.base_url(),
            email.as_str(),
            &token,
            LINK_MINUTES,
        );
        // Queued before the answer, sent by the outbox: an insert, not an SMTP exchange, so a
        // known address answers about as fast as an unknown one.
        if let Err(e) = mailer.send(mail).await {
            tracing::error!(error = %e, account = account.id, "password reset e-mail not queued");
        }
    }
    Ok(Json(Done::new(SENT)))
}

/// Handles `POST /api/backend/Email/reset/forgot_password` (`{token, newPassword}`): sets the
/// password, voids the account's other links and signs out its other sessions.
pub async fn reset(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    MaybeUser(caller): MaybeUser,
    Json(body): Json<ResetBody>,
) -> Result<Json<Done>, ApiError> {
    rate_limit::hit(
        &state,
        &format!("reset-ip:{}", rate_limit::client_key(&ip)),
        CHECKS_PER_IP,
    )
    .await?;
    let new_password = Password::parse(body.new_password.as_deref().unwrap_or_default())?;
    let token = body.token.unwrap_or_default();
    if token.is_empty() || token.len() > 200 {
        return Err(ApiError::bad_request(LINK_INVALID));
    }
    // Hashed before the transaction (the slow part), then all or nothing.
    let hash = password::hash(new_password.expose().to_owned()).await?;
    let keep = caller.map(|s| (s.account_id(), s.row.id));
    password_reset::reset(&state.db, &state.mailer, &token, &hash, keep, clock::now()).await?;
    Ok(Json(Done::new(
        "Votre mot de passe a été modifié. Vous pouvez maintenant vous connecter.",
    )))
}
