//! The `companies` table: the companies a customer buys for (name, intra-EU VAT number and
//! SIREN), attached to their addresses. Every read and write is scoped to the owning account.

use serde::Serialize;
use sqlx::{AnyConnection, FromRow};

use super::vies_checks::{self, ViesState};

/// A company as the API returns it (`nom_Entreprise`, `numero_Tva`, as the specification reads them).
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Company {
    /// Primary key.
    #[serde(rename = "id_entreprise")]
    pub id: i64,
    /// Company name.
    #[serde(rename = "nom_Entreprise")]
    pub nom_entreprise: String,
    /// Intra-EU VAT number, normalised.
    #[serde(rename = "numero_Tva")]
    pub numero_tva: Option<String>,
    /// SIREN (nine digits), when the customer gave it.
    pub siren: Option<String>,
    /// The latest VIES check of the number (`None`: never checked).
    #[sqlx(skip)]
    pub vies: Option<ViesState>,
}

/// A company's validated fields, to create or update it.
#[derive(Debug, Clone, Copy)]
pub struct NewCompany<'a> {
    /// Company name.
    pub nom: &'a str,
    /// Intra-EU VAT number, normalised.
    pub tva: Option<&'a str>,
    /// SIREN, nine digits.
    pub siren: Option<&'a str>,
}

/// The columns every read returns.
const COLUMNS: &str = "id, nom_entreprise, numero_tva, siren";

/// The company with the VIES status of its number.
async fn with_vies(conn: &mut AnyConnection, mut c: Company) -> Result<Company, sqlx::Error> {
    c.vies = vies_checks::state_of(conn, c.numero_tva.as_deref()).await?;
    Ok(c)
}

/// Creates a company for an account.
pub async fn insert(
    conn: &mut AnyConnection,
    account_id: i64,
    c: NewCompany<'_>,
    now: i64,
) -> Result<Company, sqlx::Error> {
    let row = sqlx::query(&format!(
        "INSERT INTO companies (account_id, nom_entreprise, numero_tva, siren, created_at, \
         updated_at) VALUES ($1, $2, $3, $4, $5, $5) RETURNING {COLUMNS}"
    ))
    .bind(account_id)
    .bind(c.nom)
    .bind(c.tva)
    .bind(c.siren)
    .bind(now)
    .fetch_one(&mut *conn)
    .await?;
    with_vies(conn, Company::from_row(&row)?).await
}

/// Locks the account's row (PostgreSQL; SQLite's write transaction is already exclusive) and
/// counts its companies: the cap is checked and the company inserted under that lock, so that
/// concurrent creations cannot pass it.
pub async fn count_locked(
    tx: &mut AnyConnection,
    lock: &str,
    account_id: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query(&format!("SELECT id FROM accounts WHERE id = $1{lock}"))
        .bind(account_id)
        .fetch_optional(&mut *tx)
        .await?;
    sqlx::query_scalar("SELECT COUNT(*) AS n FROM companies WHERE account_id = $1")
        .bind(account_id)
        .fetch_one(&mut *tx)
        .await
}

/// The account's company with this id (`None` for another account's).
pub async fn find_owned(
    conn: &mut AnyConnection,
    id: i64,
    account_id: i64,
) -> Result<Option<Company>, sqlx::Error> {
    let row = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM companies WHERE id = $1 AND account_id = $2"
    ))
    .bind(id)
    .bind(account_id)
    .fetch_optional(&mut *conn)
    .await?;
    match row.as_ref().map(Company::from_row).transpose()? {
        Some(c) => Ok(Some(with_vies(conn, c).await?)),
        None => Ok(None),
    }
}

/// Every company of an account, oldest first.
pub async fn list_for_account(
    conn: &mut AnyConnection,
    account_id: i64,
) -> Result<Vec<Company>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM companies WHERE account_id = $1 ORDER BY id"
    ))
    .bind(account_id)
    .fetch_all(&mut *conn)
    .await?;
    let mut out = Vec::with_capacity(rows.len());
    for row in &rows {
        out.push(with_vies(conn, Company::from_row(row)?).await?);
    }
    Ok(out)
}

/// Updates the account's company; `None` when it is not theirs.
pub async fn update(
    conn: &mut AnyConnection,
    id: i64,
    account_id: i64,
    c: NewCompany<'_>,
    now: i64,
) -> Result<Option<Company>, sqlx::Error> {
    let row = sqlx::query(&format!(
        "UPDATE companies SET nom_entreprise = $1, numero_tva = $2, siren = $3, updated_at = $4 \
         WHERE id = $5 AND account_id = $6 RETURNING {COLUMNS}"
    ))
    .bind(c.nom)
    .bind(c.tva)
    .bind(c.siren)
    .bind(now)
    .bind(id)
    .bind(account_id)
    .fetch_optional(&mut *conn)
    .await?;
    match row.as_ref().map(Company::from_row).transpose()? {
        Some(c) => Ok(Some(with_vies(conn, c).await?)),
        None => Ok(None),
    }
}

/// Deletes the account's company and detaches it from their addresses (two statements: call it in
/// a transaction); `false` when it is not theirs.
pub async fn delete(tx: &mut AnyConnection, id: i64, account_id: i64) -> Result<bool, sqlx::Error> {
    sqlx::query("UPDATE addresses SET company_id = NULL WHERE company_id = $1 AND account_id = $2")
        .bind(id)
        .bind(account_id)
        .execute(&mut *tx)
        .await?;
    let done = sqlx::query("DELETE FROM companies WHERE id = $1 AND account_id = $2")
        .bind(id)
        .bind(account_id)
        .execute(&mut *tx)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Number of addresses that use a company.
pub async fn address_count(conn: &mut AnyConnection, id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) AS n FROM addresses WHERE company_id = $1")
        .bind(id)
        .fetch_one(&mut *conn)
        .await
}
