//! The `accounts` table: customers and admins.

use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::flag;
use crate::clock;

/// A role stored on the account (`visiteur` is the absence of an account).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// A signed-in customer.
    Client,
    /// Staff.
    Admin,
}

impl Role {
    /// The column value.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Client => "client",
            Role::Admin => "admin",
        }
    }

    /// Parses the column value or a request field.
    pub fn parse(s: &str) -> Option<Role> {
        match s {
            "client" => Some(Role::Client),
            "admin" => Some(Role::Admin),
            _ => None,
        }
    }
}

/// An account row (without its password hash).
#[derive(Debug, Clone, Serialize)]
pub struct Account {
    /// Primary key.
    pub id: i64,
    /// Lower-cased e-mail.
    pub email: String,
    /// Last name.
    pub nom: String,
    /// First name.
    pub prenom: String,
    /// Role.
    pub role: Role,
    /// The e-mail was proved by a code.
    pub email_verified: bool,
    /// Two-factor sign-in is on.
    pub two_factor_enabled: bool,
    /// Creation time (Unix seconds).
    pub created_at: i64,
    /// When an admin disabled the account (Unix seconds); `None` while it is active.
    pub disabled_at: Option<i64>,
    /// When the account was closed and anonymised (its owner's request or inactivity); a closed
    /// account is also disabled, and nothing reopens it.
    pub closed_at: Option<i64>,
}

impl Account {
    /// Whether an admin disabled the account: no session, no sign-in.
    pub fn is_disabled(&self) -> bool {
        self.disabled_at.is_some()
    }
}

/// What it takes to create an account.
#[derive(Debug, Clone)]
pub struct NewAccount<'a> {
    /// E-mail (normalised here).
    pub email: &'a str,
    /// argon2id PHC string.
    pub password_hash: &'a str,
    /// Last name.
    pub nom: &'a str,
    /// First name.
    pub prenom: &'a str,
    /// Role.
    pub role: Role,
    /// The e-mail was proved.
    pub email_verified: bool,
}

pub(crate) const COLUMNS: &str =
    "id, email, nom, prenom, role, email_verified, two_factor_enabled, created_at, disabled_at, \
     closed_at";

/// Trims and lower-cases an e-mail: the unique key is case-insensitive.
pub fn normalize_email(email: &str) -> String {
    email.trim().to_lowercase()
}

pub(crate) fn from_row(row: &AnyRow) -> Result<Account, sqlx::Error> {
    let role: String = row.try_get("role")?;
    Ok(Account {
        id: row.try_get("id")?,
        email: row.try_get("email")?,
        nom: row.try_get("nom")?,
        prenom: row.try_get("prenom")?,
        role: Role::parse(&role).unwrap_or(Role::Client),
        email_verified: flag(row, "email_verified")?,
        two_factor_enabled: flag(row, "two_factor_enabled")?,
        created_at: row.try_get("created_at")?,
        disabled_at: row.try_get("disabled_at")?,
        closed_at: row.try_get("closed_at")?,
    })
}

/// Inserts an account; a taken e-mail is a unique violation.
pub async fn insert(
    conn: &mut AnyConnection,
    new: &NewAccount<'_>,
) -> Result<Account, sqlx::Error> {
    let now = clock::now();
    let sql = format!(
        "INSERT INTO accounts (email, password_hash, nom, prenom, role, email_verified, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING {COLUMNS}"
    );
    let row = sqlx::query(&sql)
        .bind(normalize_email(new.email))
        .bind(new.password_hash)
        .bind(new.nom.trim())
        .bind(new.prenom.trim())
        .bind(new.role.as_str())
        .bind(i64::from(new.email_verified))
        .bind(now)
        .fetch_one(&mut *conn)
        .await?;
    from_row(&row)
}

/// Finds an account by id.
pub async fn find(conn: &mut AnyConnection, id: i64) -> Result<Option<Account>, sqlx::Error> {
    let sql = format!("SELECT {COLUMNS} FROM accounts WHERE id = $1");
    let row = sqlx::query(&sql)
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
    row.as_ref().map(from_row).transpose()
}

/// Finds an account on `conn` (a transaction's), with `lock` (`Db::for_update`) after the query.
pub async fn find_in(
    conn: &mut AnyConnection,
    id: i64,
    lock: &str,
) -> Result<Option<Account>, sqlx::Error> {
    let sql = format!("SELECT {COLUMNS} FROM accounts WHERE id = $1{lock}");
    let row = sqlx::query(&sql).bind(id).fetch_optional(conn).await?;
    row.as_ref().map(from_row).transpose()
}

/// Finds an account and its password hash by e-mail (case-insensitive).
pub async fn find_with_hash(
    conn: &mut AnyConnection,
    email: &str,
) -> Result<Option<(Account, String)>, sqlx::Error> {
    let sql = format!("SELECT {COLUMNS}, password_hash FROM accounts WHERE email = $1");
    let row = sqlx::query(&sql)
        .bind(normalize_email(email))
        .fetch_optional(&mut *conn)
        .await?;
    match row {
        Some(row) => Ok(Some((from_row(&row)?, row.try_get("password_hash")?))),
        None => Ok(None),
    }
}

/// The password hash of an account.
pub async fn password_hash(
    conn: &mut AnyConnection,
    id: i64,
) -> Result<Option<String>, sqlx::Error> {
    let row = sqlx::query("SELECT password_hash FROM accounts WHERE id = $1")
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
    row.map(|r| r.try_get("password_hash")).transpose()
}

/// Finds an account by e-mail (case-insensitive).
pub async fn find_by_email(
    conn: &mut AnyConnection,
    email: &str,
) -> Result<Option<Account>, sqlx::Error> {
    Ok(find_with_hash(&mut *conn, email).await?.map(|(a, _)| a))
}

/// Every account, oldest first.
pub async fn list(conn: &mut AnyConnection) -> Result<Vec<Account>, sqlx::Error> {
    let sql = format!("SELECT {COLUMNS} FROM accounts ORDER BY id");
    let rows = sqlx::query(&sql).fetch_all(&mut *conn).await?;
    rows.iter().map(from_row).collect()
}

/// Updates names (and the role when given), on `conn` (the caller's transaction).
pub async fn update_profile(
    conn: &mut AnyConnection,
    id: i64,
    nom: &str,
    prenom: &str,
    role: Option<Role>,
) -> Result<Option<Account>, sqlx::Error> {
    let sql = format!(
        "UPDATE accounts SET nom = $1, prenom = $2, role = COALESCE($3, role), updated_at = $4 \
         WHERE id = $5 RETURNING {COLUMNS}"
    );
    let row = sqlx::query(&sql)
        .bind(nom.trim())
        .bind(prenom.trim())
        .bind(role.map(Role::as_str))
        .bind(clock::now())
        .bind(id)
        .fetch_optional(conn)
        .await?;
    row.as_ref().map(from_row).transpose()
}

/// Sets the password hash.
pub async fn set_password(
    conn: &mut AnyConnection,
    id: i64,
    password_hash: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE accounts SET password_hash = $1, updated_at = $2 WHERE id = $3")
        .bind(password_hash)
        .bind(clock::now())
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Sets the role.
pub async fn set_role(conn: &mut AnyConnection, id: i64, role: Role) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE accounts SET role = $1, updated_at = $2 WHERE id = $3")
        .bind(role.as_str())
        .bind(clock::now())
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Changes the e-mail (a taken e-mail is a unique violation).
pub async fn set_email(conn: &mut AnyConnection, id: i64, email: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE accounts SET email = $1, email_verified = 1, updated_at = $2 WHERE id = $3",
    )
    .bind(normalize_email(email))
    .bind(clock::now())
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Turns two-factor sign-in on or off.
pub async fn set_two_factor(
    conn: &mut AnyConnection,
    id: i64,
    enabled: bool,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE accounts SET two_factor_enabled = $1, updated_at = $2 WHERE id = $3")
        .bind(i64::from(enabled))
        .bind(clock::now())
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Records a sign-in (password accepted) at `now`: the inactivity clock starts again and a
/// pending warning of anonymisation is withdrawn.
pub async fn record_sign_in(
    conn: &mut AnyConnection,
    id: i64,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE accounts SET last_sign_in_at = $1, inactivity_warned_at = NULL WHERE id = $2",
    )
    .bind(now)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
