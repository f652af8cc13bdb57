//! Rate limits counted in the database (so that several instances share them): a bucket name,
//! a window and a maximum. Over the limit, the answer is 429 with the specification's message.

use crate::clock;
use crate::db::rate_limits;
use crate::error::ApiError;
use crate::state::AppState;

/// A limit: at most `max` events per `window` seconds.
#[derive(Debug, Clone, Copy)]
pub struct Limit {
    /// Events allowed in the window.
    pub max: i64,
    /// Window length in seconds.
    pub window: i64,
}

/// Failed sign-ins per IP and e-mail.
pub const LOGIN_PER_ACCOUNT: Limit = Limit {
    max: 5,
    window: 15 * 60,
};
/// Failed sign-ins per IP, whatever the e-mail.
pub const LOGIN_PER_IP: Limit = Limit {
    max: 30,
    window: 15 * 60,
};
/// Account creations per IP.
pub const SIGNUP_PER_IP: Limit = Limit {
    max: 10,
    window: 60 * 60,
};

/// 429 when `bucket` already holds `limit.max` events in the window.
pub async fn check(state: &AppState, bucket: &str, limit: Limit) -> Result<(), ApiError> {
    let since = clock::now() - limit.window;
    if rate_limits::count_since(&state.db, bucket, since).await? >= limit.max {
        return Err(ApiError::TooManyRequests);
    }
    Ok(())
}

/// Counts one event in `bucket`.
pub async fn record(state: &AppState, bucket: &str) -> Result<(), ApiError> {
    rate_limits::record(&state.db, bucket, clock::now()).await?;
    Ok(())
}

/// Checks then counts: for actions limited whether they succeed or not (e-mails sent, ...).
pub async fn hit(state: &AppState, bucket: &str, limit: Limit) -> Result<(), ApiError> {
    check(state, bucket, limit).await?;
    record(state, bucket).await
}

/// Forgets a bucket (a successful sign-in clears its failures).
pub async fn clear(state: &AppState, bucket: &str) -> Result<(), ApiError> {
    rate_limits::clear(&state.db, bucket).await?;
    Ok(())
}
