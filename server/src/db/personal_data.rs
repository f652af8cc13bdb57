//! Everything the site holds about one account, read for « Télécharger mes données »: one query
//! per kind of data, each row as a JSON object of its columns (every column but the secrets:
//! password hash, session tokens, second-factor secrets), so that a column added later is in
//! the export without a change here. Columns holding JSON text are given as JSON.

use serde_json::{Map, Value};
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Column, Row};

/// Columns whose text is JSON (address snapshots, options, frozen documents).
const JSON_COLUMNS: [&str; 7] = [
    "data",
    "analysis",
    "options",
    "details",
    "billing_address",
    "shipping_address",
    "before_json",
];

/// Columns never exported: where a file is kept on our side.
const HIDDEN_COLUMNS: [&str; 1] = ["storage_key"];

/// One row as a JSON object.
fn row_json(row: &AnyRow) -> Value {
    let mut out = Map::new();
    for (i, column) in row.columns().iter().enumerate() {
        let name = column.name();
        if HIDDEN_COLUMNS.contains(&name) {
            continue;
        }
        let value = if let Ok(v) = row.try_get::<Option<i64>, _>(i) {
            v.map_or(Value::Null, Value::from)
        } else if let Ok(v) = row.try_get::<Option<String>, _>(i) {
            match v {
                Some(text) if JSON_COLUMNS.contains(&name) => {
                    serde_json::from_str(&text).unwrap_or(Value::String(text))
                }
                Some(text) => Value::String(text),
                None => Value::Null,
            }
        } else if let Ok(v) = row.try_get::<Option<f64>, _>(i) {
            v.map_or(Value::Null, Value::from)
        } else {
            Value::Null
        };
        out.insert(name.to_owned(), value);
    }
    Value::Object(out)
}

/// The rows of `sql` (its `$1` the account id) as JSON.
async fn rows(
    conn: &mut AnyConnection,
    sql: &str,
    account_id: i64,
) -> Result<Vec<Value>, sqlx::Error> {
    let found = sqlx::query(sql)
        .bind(account_id)
        .fetch_all(&mut *conn)
        .await?;
    Ok(found.iter().map(row_json).collect())
}

/// The kinds of data of an account: the file each goes to in the export, and its query.
pub const KINDS: [(&str, &str); 15] = [
    (
        "compte.json",
        "SELECT id, email, nom, prenom, role, email_verified, two_factor_enabled, created_at, \
         updated_at, last_sign_in_at, disabled_at FROM accounts WHERE id = $1",
    ),
    (
        "adresses.json",
        "SELECT * FROM addresses WHERE account_id = $1 ORDER BY id",
    ),
    (
        "entreprises.json",
        "SELECT * FROM companies WHERE account_id = $1 ORDER BY id",
    ),
    (
        "pieces.json",
        "SELECT * FROM parts WHERE account_id = $1 ORDER BY id",
    ),
    (
        "pieces_historique.json",
        "SELECT h.* FROM part_status_history h JOIN parts p ON p.id = h.part_id \
         WHERE p.account_id = $1 ORDER BY h.id",
    ),
    (
        "panier.json",
        "SELECT * FROM account_parts WHERE account_id = $1 ORDER BY id",
    ),
    (
        "devis.json",
        "SELECT * FROM quotes WHERE account_id = $1 ORDER BY id",
    ),
    (
        "commandes.json",
        "SELECT * FROM orders WHERE account_id = $1 ORDER BY id",
    ),
    (
        "commandes_lignes.json",
        "SELECT l.* FROM order_lines l JOIN orders o ON o.id = l.order_id \
         WHERE o.account_id = $1 ORDER BY l.order_id, l.position",
    ),
    (
        "commandes_historique.json",
        "SELECT h.id, h.order_id, h.from_status, h.to_status, h.note, h.created_at \
         FROM order_status_history h JOIN orders o ON o.id = h.order_id \
         WHERE o.account_id = $1 ORDER BY h.id",
    ),
    (
        "livraisons.json",
        "SELECT d.* FROM deliveries d JOIN orders o ON o.id = d.order_id \
         WHERE o.account_id = $1 ORDER BY d.id",
    ),
    (
        "factures.json",
        "SELECT i.* FROM invoices i JOIN orders o ON o.id = i.order_id \
         WHERE o.account_id = $1 ORDER BY i.id",
    ),
    (
        "avoirs.json",
        "SELECT c.* FROM credit_notes c JOIN invoices i ON i.id = c.invoice_id \
         JOIN orders o ON o.id = i.order_id WHERE o.account_id = $1 ORDER BY c.id",
    ),
    (
        "messages_contact.json",
        "SELECT id, nom, email, sujet, message, ip, created_at FROM contact_messages \
         WHERE LOWER(email) = (SELECT email FROM accounts WHERE id = $1) ORDER BY id",
    ),
    (
        "connexions.json",
        "SELECT id, created_at, last_seen, expires_at, ip, user_agent, two_factor_pending \
         FROM sessions WHERE account_id = $1 ORDER BY id",
    ),
];

/// Every kind of data of the account `account_id`: `(file name, rows)`.
pub async fn all(
    conn: &mut AnyConnection,
    account_id: i64,
) -> Result<Vec<(&'static str, Vec<Value>)>, sqlx::Error> {
    let mut out = Vec::with_capacity(KINDS.len());
    for (file, sql) in KINDS {
        out.push((file, rows(conn, sql, account_id).await?));
    }
    Ok(out)
}

/// The account's uploaded files: `(part id, file name, storage key)`.
pub async fn part_files(
    conn: &mut AnyConnection,
    account_id: i64,
) -> Result<Vec<(i64, String, String)>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, file_name, storage_key FROM parts WHERE account_id = $1 \
         AND storage_key <> '' ORDER BY id",
    )
    .bind(account_id)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter()
        .map(|r| {
            Ok((
                r.try_get("id")?,
                r.try_get("file_name")?,
                r.try_get("storage_key")?,
            ))
        })
        .collect()
}

/// The account's documents.
#[derive(Debug, Clone, Default)]
pub struct Documents {
    /// Numbers of its quotes.
    pub quotes: Vec<String>,
    /// Its invoices: number and frozen data.
    pub invoices: Vec<(String, String)>,
    /// Its credit notes: number and frozen data.
    pub credit_notes: Vec<(String, String)>,
}

/// The account's quotes, invoices and credit notes.
pub async fn documents(
    conn: &mut AnyConnection,
    account_id: i64,
) -> Result<Documents, sqlx::Error> {
    let quotes = sqlx::query_scalar("SELECT number FROM quotes WHERE account_id = $1 ORDER BY id")
        .bind(account_id)
        .fetch_all(&mut *conn)
        .await?;
    let pairs = |rows: Vec<AnyRow>| -> Result<Vec<(String, String)>, sqlx::Error> {
        rows.iter()
            .map(|r| Ok((r.try_get("number")?, r.try_get("data")?)))
            .collect()
    };
    let invoices = sqlx::query(
        "SELECT i.number, i.data FROM invoices i JOIN orders o ON o.id = i.order_id \
         WHERE o.account_id = $1 ORDER BY i.id",
    )
    .bind(account_id)
    .fetch_all(&mut *conn)
    .await?;
    let credit_notes = sqlx::query(
        "SELECT c.number, c.data FROM credit_notes c JOIN invoices i ON i.id = c.invoice_id \
         JOIN orders o ON o.id = i.order_id WHERE o.account_id = $1 ORDER BY c.id",
    )
    .bind(account_id)
    .fetch_all(&mut *conn)
    .await?;
    Ok(Documents {
        quotes,
        invoices: pairs(invoices)?,
        credit_notes: pairs(credit_notes)?,
    })
}
