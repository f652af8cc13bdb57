//! The per-account lock of the sign-in (issue 22, finding 1): whatever the client address and
//! whether or not a captcha was solved, at most [`LOGIN_LOCK_PER_EMAIL`] attempts an hour reach
//! the password check of one e-mail. Past it the sign-in answers 429 (the same for an e-mail
//! without an account), and the account's owner is e-mailed once a link that unlocks the
//! sign-in in the browser that opens it: the link sets the `fa_unlock` cookie, which lets that
//! browser's attempts through the lock until the link expires or a sign-in succeeds. A guesser
//! therefore gets 20 passwords an hour per account, and the owner is never locked out.

use axum_extra::extract::CookieJar;

use crate::auth::{cookies, tokens};
use crate::clock;
use crate::db::{accounts, reset_tokens};
use crate::error::ApiError;
use crate::mail::templates;
use crate::rate_limit::{self, Limit, Ticket};
use crate::state::AppState;

/// Attempts that may reach the password check of one e-mail per hour, whatever the address.
pub const LOGIN_LOCK_PER_EMAIL: Limit = Limit {
    max: 20,
    window: 60 * 60,
};

/// How long an unlock link serves, in minutes.
pub const UNLOCK_MINUTES: u32 = 60;

/// The answer of a locked sign-in (the same whether the e-mail has an account or not).
pub const LOCKED_MESSAGE: &str = "Trop de tentatives de connexion pour cette adresse. \
Si elle correspond à un compte, son titulaire a reçu un e-mail avec un lien pour débloquer \
la connexion ; sinon, réessayez dans une heure.";

/// What the lock says of one attempt.
#[derive(Debug)]
pub enum Gate {
    /// Under the limit: the attempt is counted (its ticket).
    Counted(Ticket),
    /// Over the limit, but this browser carries a live unlock link of the account.
    Unlocked,
}

fn bucket(email: &str) -> String {
    format!("login-lock:{email}")
}

/// Counts one attempt on `email` (already normalised) before its password is checked. Over the
/// limit: lets it through when the browser holds a live unlock token of the account; otherwise
/// e-mails the owner an unlock link (once while one is live) and refuses.
pub async fn pass(state: &AppState, jar: &CookieJar, email: &str) -> Result<Gate, ApiError> {
    match rate_limit::take(state, &bucket(email), LOGIN_LOCK_PER_EMAIL).await {
        Ok(ticket) => return Ok(Gate::Counted(ticket)),
        Err(ApiError::TooManyRequests) => {}
        Err(other) => return Err(other),
    }
    let now = clock::now();
    let mut conn = state.db.acquire().await?;
    let Some(account) = accounts::find_by_email(&mut conn, email).await? else {
        return Err(ApiError::SignInLocked);
    };
    if let Some(cookie) = jar.get(cookies::UNLOCK) {
        let hash = tokens::sha256_hex(cookie.value());
        let purpose = reset_tokens::SIGN_IN_UNLOCK;
        if reset_tokens::live_account(&mut conn, purpose, &hash, now).await? == Some(account.id) {
            return Ok(Gate::Unlocked);
        }
    }
    if !reset_tokens::has_live(&mut conn, reset_tokens::SIGN_IN_UNLOCK, account.id, now).await? {
        let token = tokens::random_token();
        let expires = now + i64::from(UNLOCK_MINUTES) * 60;
        reset_tokens::insert(
            &mut conn,
            reset_tokens::SIGN_IN_UNLOCK,
            account.id,
            &tokens::sha256_hex(&token),
            now,
            expires,
        )
        .await?;
        drop(conn);
        tracing::warn!(
            target: "sign_in",
            account = account.id,
            "sign-in locked after repeated failures; owner e-mailed"
        );
        state
            .mailer
            .notify(templates::sign_in_locked_notice(
                state.mailer.brand(),
                state.mailer.base_url(),
                &account.email,
                &token,
                UNLOCK_MINUTES,
            ))
            .await;
    }
    Err(ApiError::SignInLocked)
}

/// After a successful sign-in: the lock of the e-mail is lifted and the account's unlock links
/// are spent.
pub async fn forget(state: &AppState, email: &str, account_id: i64) -> Result<(), ApiError> {
    rate_limit::clear(state, &bucket(email)).await?;
    reset_tokens::void_for_account(
        &mut *state.db.acquire().await?,
        reset_tokens::SIGN_IN_UNLOCK,
        account_id,
        clock::now(),
    )
    .await?;
    Ok(())
}

/// Whether `token` (from an e-mailed link) is a live unlock token.
pub async fn live_token(state: &AppState, token: &str) -> Result<bool, ApiError> {
    let found: Option<i64> = reset_tokens::live_account(
        &mut *state.db.acquire().await?,
        reset_tokens::SIGN_IN_UNLOCK,
        &tokens::sha256_hex(token),
        clock::now(),
    )
    .await?;
    Ok(found.is_some())
}

/// A short, stable, non-reversible name of an e-mail for the logs.
pub fn email_tag(email: &str) -> String {
    tokens::sha256_hex(email)[..16].to_owned()
}
