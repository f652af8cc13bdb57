//! Writes to the `addresses` table (reads live in `addresses`): create, update and delete, each
//! scoped to the owning account so that one customer can never touch another's address.

use sqlx::{AnyConnection, Row};

use super::addresses::{view_from_row, AddressView, VIEW_SELECT};
pub use super::companies::NewCompany;

/// The validated fields of an address.
#[derive(Debug, Clone)]
pub struct AddressFields<'a> {
    /// ISO country code, lower case, present in `countries`.
    pub country_code: &'a str,
    /// City.
    pub ville: &'a str,
    /// Postcode.
    pub code_postal: &'a str,
    /// Street.
    pub rue: &'a str,
    /// Extra line ('' when none).
    pub complement: &'a str,
    /// Recipient's last name.
    pub nom: &'a str,
    /// Recipient's first name.
    pub prenom: &'a str,
    /// Phone in E.164 ('' when none).
    pub tel: &'a str,
}

/// Creates an address and returns its id.
pub async fn insert(
    conn: &mut AnyConnection,
    account_id: i64,
    f: &AddressFields<'_>,
    company_id: Option<i64>,
    now: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO addresses (account_id, country_code, ville, code_postal, rue, complement, nom, prenom, \
         tel, company_id, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING id",
    )
    .bind(account_id)
    .bind(f.country_code)
    .bind(f.ville)
    .bind(f.code_postal)
    .bind(f.rue)
    .bind(f.complement)
    .bind(f.nom)
    .bind(f.prenom)
    .bind(f.tel)
    .bind(company_id)
    .bind(now)
    .fetch_one(&mut *conn)
    .await
}

/// Creates an address, and its company when given, in one transaction that holds the account's
/// row while it counts its addresses: `None` (nothing created) when the account already has `max`.
/// Call it in a transaction of `Db::begin` with `lock` = `Db::for_update()`: the account row is
/// locked first, so concurrent creations
/// for one account wait for each other on both backends, and the cap cannot be passed.
pub async fn insert_capped(
    tx: &mut AnyConnection,
    lock: &str,
    account_id: i64,
    f: &AddressFields<'_>,
    company: Option<NewCompany<'_>>,
    max: i64,
    now: i64,
) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query(&format!("SELECT id FROM accounts WHERE id = $1{}", lock))
        .bind(account_id)
        .fetch_optional(&mut *tx)
        .await?;
    let count: i64 =
        sqlx::query_scalar("SELECT COUNT(*) AS n FROM addresses WHERE account_id = $1")
            .bind(account_id)
            .fetch_one(&mut *tx)
            .await?;
    if count >= max {
        return Ok(None);
    }
    let company_id: Option<i64> = match company {
        Some(c) => Some(
            sqlx::query(
                "INSERT INTO companies (account_id, nom_entreprise, numero_tva, siren, created_at, \
                 updated_at) VALUES ($1, $2, $3, $4, $5, $5) RETURNING id",
            )
            .bind(account_id)
            .bind(c.nom)
            .bind(c.tva)
            .bind(c.siren)
            .bind(now)
            .fetch_one(&mut *tx)
            .await?
            .try_get("id")?,
        ),
        None => None,
    };
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO addresses (account_id, country_code, ville, code_postal, rue, complement, nom, prenom, \
         tel, company_id, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING id",
    )
    .bind(account_id)
    .bind(f.country_code)
    .bind(f.ville)
    .bind(f.code_postal)
    .bind(f.rue)
    .bind(f.complement)
    .bind(f.nom)
    .bind(f.prenom)
    .bind(f.tel)
    .bind(company_id)
    .bind(now)
    .fetch_one(&mut *tx)
    .await?;
    Ok(Some(id))
}

/// Updates the account's address; `false` when it is not theirs.
pub async fn update(
    conn: &mut AnyConnection,
    id: i64,
    account_id: i64,
    f: &AddressFields<'_>,
    company_id: Option<i64>,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE addresses SET country_code = $1, ville = $2, code_postal = $3, rue = $4, complement = $5, \
         nom = $6, prenom = $7, tel = $8, company_id = $9, updated_at = $10 \
         WHERE id = $11 AND account_id = $12",
    )
    .bind(f.country_code)
    .bind(f.ville)
    .bind(f.code_postal)
    .bind(f.rue)
    .bind(f.complement)
    .bind(f.nom)
    .bind(f.prenom)
    .bind(f.tel)
    .bind(company_id)
    .bind(now)
    .bind(id)
    .bind(account_id)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The company of the account's address: `None` when the address is not theirs,
/// `Some(None)` when it has no company.
pub async fn company_of_owned(
    conn: &mut AnyConnection,
    id: i64,
    account_id: i64,
) -> Result<Option<Option<i64>>, sqlx::Error> {
    let row = sqlx::query("SELECT company_id FROM addresses WHERE id = $1 AND account_id = $2")
        .bind(id)
        .bind(account_id)
        .fetch_optional(&mut *conn)
        .await?;
    row.map(|r| r.try_get("company_id")).transpose()
}

/// Attaches a company to the account's address; `false` when the address is not theirs.
pub async fn set_company(
    conn: &mut AnyConnection,
    id: i64,
    account_id: i64,
    company_id: Option<i64>,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE addresses SET company_id = $1, updated_at = $2 WHERE id = $3 AND account_id = $4",
    )
    .bind(company_id)
    .bind(now)
    .bind(id)
    .bind(account_id)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Deletes the account's address; `false` when it is not theirs.
pub async fn delete(
    conn: &mut AnyConnection,
    id: i64,
    account_id: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("DELETE FROM addresses WHERE id = $1 AND account_id = $2")
        .bind(id)
        .bind(account_id)
        .execute(&mut *conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// One address in the API's shape.
pub async fn view(conn: &mut AnyConnection, id: i64) -> Result<Option<AddressView>, sqlx::Error> {
    let sql = format!("{VIEW_SELECT} WHERE a.id = $1");
    let row = sqlx::query(&sql)
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
    row.as_ref().map(view_from_row).transpose()
}
