//! The accounts the inactivity rule concerns (`jobs::inactive_accounts`): customer accounts
//! without sign-in for three years, to warn, and those warned 30 days ago and still unused, to
//! close (`commerce::account_closure`).

use sqlx::{AnyConnection, Row};

/// Customer accounts, open, without sign-in (or, never signed in, created) since `before` and
/// not warned yet: `(id, e-mail)`,
/// at most `limit`.
pub async fn inactive_unwarned(
    conn: &mut AnyConnection,
    before: i64,
    limit: i64,
) -> Result<Vec<(i64, String)>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, email FROM accounts WHERE closed_at IS NULL AND role = 'client' \
         AND inactivity_warned_at IS NULL AND COALESCE(last_sign_in_at, created_at) < $1 \
         ORDER BY id LIMIT $2",
    )
    .bind(before)
    .bind(limit)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter()
        .map(|r| Ok((r.try_get("id")?, r.try_get("email")?)))
        .collect()
}

/// Records that the account was warned at `now`, if it is still unwarned and inactive since
/// `before` (a sign-in meanwhile wins); returns whether it was.
pub async fn mark_warned(
    conn: &mut AnyConnection,
    id: i64,
    before: i64,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE accounts SET inactivity_warned_at = $1 WHERE id = $2 AND closed_at IS NULL \
         AND inactivity_warned_at IS NULL AND COALESCE(last_sign_in_at, created_at) < $3",
    )
    .bind(now)
    .bind(id)
    .bind(before)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Open accounts warned at or before `warned_before` and not signed in since: to anonymise.
pub async fn warned_and_still_inactive(
    conn: &mut AnyConnection,
    warned_before: i64,
    limit: i64,
) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT id FROM accounts WHERE closed_at IS NULL AND role = 'client' \
         AND inactivity_warned_at IS NOT NULL AND inactivity_warned_at <= $1 \
         AND (last_sign_in_at IS NULL OR last_sign_in_at < inactivity_warned_at) \
         ORDER BY id LIMIT $2",
    )
    .bind(warned_before)
    .bind(limit)
    .fetch_all(&mut *conn)
    .await
}
