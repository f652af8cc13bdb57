//! The `settings` table: site-wide key/value settings (maintenance flag, CSRF secret).

use sqlx::Row;

use sqlx::AnyConnection;

/// Reads a setting.
pub async fn get(conn: &mut AnyConnection, key: &str) -> Result<Option<String>, sqlx::Error> {
    let row = sqlx::query("SELECT value FROM settings WHERE key = $1")
        .bind(key)
        .fetch_optional(&mut *conn)
        .await?;
    row.map(|r| r.try_get("value")).transpose()
}

/// Writes a setting.
pub async fn set(conn: &mut AnyConnection, key: &str, value: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO settings (key, value) VALUES ($1, $2) \
         ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    )
    .bind(key)
    .bind(value)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Writes a setting only if it is absent, then returns the stored value (first writer wins,
/// so several instances agree on one value).
pub async fn get_or_init(
    conn: &mut AnyConnection,
    key: &str,
    value: &str,
) -> Result<String, sqlx::Error> {
    sqlx::query("INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING")
        .bind(key)
        .bind(value)
        .execute(&mut *conn)
        .await?;
    Ok(get(&mut *conn, key)
        .await?
        .unwrap_or_else(|| value.to_owned()))
}

/// Whether maintenance mode is on.
pub async fn maintenance(conn: &mut AnyConnection) -> Result<bool, sqlx::Error> {
    Ok(get(&mut *conn, "maintenance").await?.as_deref() == Some("true"))
}

/// Turns maintenance mode on or off.
pub async fn set_maintenance(conn: &mut AnyConnection, on: bool) -> Result<(), sqlx::Error> {
    set(&mut *conn, "maintenance", if on { "true" } else { "false" }).await
}

/// Turns maintenance mode on or off inside the caller's transaction; returns whether it was on.
pub async fn switch_maintenance(conn: &mut AnyConnection, on: bool) -> Result<bool, sqlx::Error> {
    let before: Option<String> =
        sqlx::query_scalar("SELECT value FROM settings WHERE key = 'maintenance'")
            .fetch_optional(&mut *conn)
            .await?;
    sqlx::query(
        "INSERT INTO settings (key, value) VALUES ('maintenance', $1) \
         ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    )
    .bind(if on { "true" } else { "false" })
    .execute(conn)
    .await?;
    Ok(before.as_deref() == Some("true"))
}
