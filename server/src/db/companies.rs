//! The `companies` table: the companies a customer buys for (name and intra-EU VAT number),
//! attached to their addresses. Every read and write is scoped to the owning account.

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
    /// The latest VIES check of the number (`None`: never checked).
    #[sqlx(skip)]
    pub vies: Option<ViesState>,
}

/// The company with the VIES status of its number.
async fn with_vies(conn: &mut AnyConnection, mut c: Company) -> Result<Company, sqlx::Error> {
    c.vies = vies_checks::state_of(conn, c.numero_tva.as_deref()).await?;
    Ok(c)
}

/// Creates a company for an account.
pub async fn insert(
    conn: &mut AnyConnection,
    account_id: i64,
    nom: &str,
    tva: Option<&str>,
    now: i64,
) -> Result<Company, sqlx::Error> {
    let row = sqlx::query(
        "INSERT INTO companies (account_id, nom_entreprise, numero_tva, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $4) RETURNING id, nom_entreprise, numero_tva",
    )
    .bind(account_id)
    .bind(nom)
    .bind(tva)
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
    let row = sqlx::query(
        "SELECT id, nom_entreprise, numero_tva FROM companies WHERE id = $1 AND account_id = $2",
    )
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
    let rows = sqlx::query(
        "SELECT id, nom_entreprise, numero_tva FROM companies WHERE account_id = $1 ORDER BY id",
    )
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
    nom: &str,
    tva: Option<&str>,
    now: i64,
) -> Result<Option<Company>, sqlx::Error> {
    let row = sqlx::query(
        "UPDATE companies SET nom_entreprise = $1, numero_tva = $2, updated_at = $3 \
         WHERE id = $4 AND account_id = $5 RETURNING id, nom_entreprise, numero_tva",
    )
    .bind(nom)
    .bind(tva)
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
