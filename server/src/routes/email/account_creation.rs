//! `Email/send/account_creation` and `Email/verify/account_creation`: the code that proves the
//! address before `POST Comptes` creates the account.

use axum::extract::State;
use serde::Deserialize;

use super::{codes, Done};
use crate::db::{accounts, email_codes::ACCOUNT_CREATION};
use crate::domain::Email;
use crate::error::ApiError;
use crate::extract::Json;
use crate::mail::templates;
use crate::middleware::ClientIp;
use crate::state::AppState;

/// Body of both calls.
#[derive(Debug, Deserialize)]
pub struct Body {
    email: Option<String>,
    code: Option<String>,
}

/// Handles `POST /api/backend/Email/send/account_creation` (`{email}`). Rate-limited before
/// anything else; answers the same for an address that already has an account.
pub async fn send(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(body): Json<Body>,
) -> Result<Json<Done>, ApiError> {
    let email = Email::parse(body.email.as_deref().unwrap_or_default())?;
    // The limits first, and the same answer whether the address has an account or not: an
    // existing account's owner gets a notice instead of a code.
    codes::limit_send(&state, "account_creation", &email, &ip).await?;
    let brand = state.mailer.brand().to_owned();
    if accounts::find_by_email(&mut *state.db.acquire().await?, email.as_str())
        .await?
        .is_some()
    {
        let notice =
            templates::account_exists_notice(&brand, state.mailer.base_url(), email.as_str());
        codes::deliver(&state, notice).await?;
    } else {
        codes::send(&state, ACCOUNT_CREATION, &email, |code| {
            templates::account_creation_code(&brand, email.as_str(), code, super::CODE_MINUTES)
        })
        .await?;
    }
    Ok(Json(Done::new(super::CODE_SENT)))
}

/// Handles `POST /api/backend/Email/verify/account_creation` (`{email, code}`).
pub async fn verify(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(body): Json<Body>,
) -> Result<Json<Done>, ApiError> {
    let email = Email::parse(body.email.as_deref().unwrap_or_default())?;
    codes::verify(
        &state,
        ACCOUNT_CREATION,
        &email,
        body.code.as_deref().unwrap_or_default(),
        &ip,
    )
    .await?;
    Ok(Json(Done::new("Votre adresse e-mail est vérifiée.")))
}
