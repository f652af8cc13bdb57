//! The per-account lock of the sign-in (issue 22, finding 1): whatever the client address and
//! whether or not a captcha was solved, at most [`LOGIN_LOCK_PER_EMAIL`] attempts an hour reach
//! the password check of one e-mail. Past it the sign-in answers 429 (the same for an e-mail
//! without an account), and the account's owner is e-mailed once a link that unlocks the
//! sign-in in the browser that opens it: the link sets the `fa_unlock` cookie, which lets that
//! browser's attempts through the lock until the link expires or a sign-in succeeds. A guesser
//! therefore gets 20 passwords an hour per account, and the owner is never locked out.
//!
//! Before the lock, the attempts on one e-mail slow down: past [`FREE_FAILURES`] failures in the
//! hour, each attempt waits [`delay_after`] seconds after the previous one (1, 2, 4 … 60 s,
//! whatever the address), and the captcha the sign-in asks for costs more ([`captcha_cost`]:
//! doubled every four failures, up to 32 times).

use axum_extra::extract::CookieJar;

use crate::auth::{cookies, tokens};
use crate::clock;
use crate::db::{accounts, rate_limits, reset_tokens};
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

/// Failed attempts on one e-mail within the hour that cost nothing; each further one waits.
pub const FREE_FAILURES: i64 = 5;
/// The longest wait between two attempts on one e-mail, in seconds.
pub const MAX_DELAY: i64 = 60;

/// The wait, in seconds, that `failures` failures on an e-mail impose before the next attempt:
/// none up to [`FREE_FAILURES`], then 1, 2, 4, 8, 16, 32, 60 s.
pub fn delay_after(failures: i64) -> i64 {
    if failures < FREE_FAILURES {
        return 0;
    }
    (1i64 << (failures - FREE_FAILURES).min(6)).min(MAX_DELAY)
}

/// The captcha's cost (the upper bound of its secret number, so the expected work) after
/// `failures` failures on an e-mail: `base`, doubled every four failures, at most 32 × `base`.
pub fn captcha_cost(base: u64, failures: i64) -> u64 {
    let doublings = u32::try_from((failures.max(0) / 4).min(5)).unwrap_or(5);
    base.max(1).saturating_mul(1u64 << doublings)
}

/// The attempts that reached the password check of `email` (normalised) within the lock's hour,
/// and the time of the newest one. A successful sign-in forgets them.
pub async fn failures(state: &AppState, email: &str) -> Result<(i64, Option<i64>), ApiError> {
    let since = clock::now() - LOGIN_LOCK_PER_EMAIL.window;
    Ok(rate_limits::recent(&mut *state.db.acquire().await?, &bucket(email), since).await?)
}

/// The answer of an attempt that came too soon after the previous failures.
pub fn delayed_message(seconds: i64) -> String {
    let unit = if seconds > 1 { "secondes" } else { "seconde" };
    format!(
        "Trop de tentatives de connexion pour cette adresse. Patientez {seconds}\u{a0}{unit} \
         avant de réessayer."
    )
}

/// Whether the browser carries a live unlock link of `account_id` (its `fa_unlock` cookie).
async fn unlocked(
    conn: &mut sqlx::AnyConnection,
    jar: &CookieJar,
    account_id: i64,
    now: i64,
) -> Result<bool, ApiError> {
    let Some(cookie) = jar.get(cookies::UNLOCK) else {
        return Ok(false);
    };
    let hash = tokens::sha256_hex(cookie.value());
    let purpose = reset_tokens::SIGN_IN_UNLOCK;
    Ok(reset_tokens::live_account(conn, purpose, &hash, now).await? == Some(account_id))
}

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
    // The growing delay: too soon after the previous failures, the attempt is not counted and
    // goes no further (a browser unlocked by the owner's link is not slowed down). Once the
    // lock is reached, the lock answers (and e-mails the owner) instead.
    let (failed, last) = failures(state, email).await?;
    let now = clock::now();
    let wait = last.map_or(0, |last| last + delay_after(failed) - now);
    if wait > 0 && failed < LOGIN_LOCK_PER_EMAIL.max {
        let mut conn = state.db.acquire().await?;
        let owner = accounts::find_by_email(&mut conn, email).await?;
        match owner {
            Some(account) if unlocked(&mut conn, jar, account.id, now).await? => {
                return Ok(Gate::Unlocked)
            }
            _ => return Err(ApiError::SignInDelayed(wait)),
        }
    }
    match rate_limit::take(state, &bucket(email), LOGIN_LOCK_PER_EMAIL).await {
        Ok(ticket) => return Ok(Gate::Counted(ticket)),
        Err(ApiError::TooManyRequests) => {}
        Err(other) => return Err(other),
    }
    let mut conn = state.db.acquire().await?;
    let Some(account) = accounts::find_by_email(&mut conn, email).await? else {
        return Err(ApiError::SignInLocked);
    };
    if unlocked(&mut conn, jar, account.id, now).await? {
        return Ok(Gate::Unlocked);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wait_grows_from_the_sixth_failure_and_stops_at_a_minute() {
        let waits: Vec<i64> = (0..14).map(delay_after).collect();
        assert_eq!(waits, [0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 60, 60, 60]);
    }

    #[test]
    fn the_captcha_doubles_every_four_failures_up_to_thirty_two_times() {
        let costs: Vec<u64> = [0, 3, 4, 8, 12, 16, 19, 20, 40]
            .into_iter()
            .map(|f| captcha_cost(50_000, f))
            .collect();
        assert_eq!(
            costs,
            [50_000, 50_000, 100_000, 200_000, 400_000, 800_000, 800_000, 1_600_000, 1_600_000]
        );
    }

    #[test]
    fn the_delay_is_said_in_french_with_its_unit() {
        assert!(delayed_message(1).contains("1\u{a0}seconde avant"));
        assert!(delayed_message(32).contains("32\u{a0}secondes"));
    }
}
