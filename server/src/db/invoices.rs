//! The `invoices` and `credit_notes` tables: issued once, never updated; `data` is the frozen JSON
//! of everything printed. The admin list reads both through one search.

use sqlx::{AnyConnection, Row};

/// A document to store.
#[derive(Debug, Clone)]
pub struct NewDocument<'a> {
    /// `FA-2026-000001` or `AV-2026-000001`.
    pub number: &'a str,
    /// Paris year of the number.
    pub year: i64,
    /// Sequence in the year.
    pub seq: i64,
    /// Issue time.
    pub issued_at: i64,
    /// Total incl. VAT.
    pub total_ttc_cents: i64,
    /// Frozen JSON.
    pub data: &'a str,
}

/// Stores the invoice of an order; returns its id.
pub async fn insert_invoice(
    conn: &mut AnyConnection,
    order_id: i64,
    d: &NewDocument<'_>,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO invoices (order_id, number, year, seq, issued_at, total_ttc_cents, data) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
    )
    .bind(order_id)
    .bind(d.number)
    .bind(d.year)
    .bind(d.seq)
    .bind(d.issued_at)
    .bind(d.total_ttc_cents)
    .bind(d.data)
    .fetch_one(conn)
    .await
}

/// Stores the credit note of an invoice; returns its id.
pub async fn insert_credit_note(
    conn: &mut AnyConnection,
    invoice_id: i64,
    reason: &str,
    d: &NewDocument<'_>,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO credit_notes (invoice_id, number, year, seq, issued_at, reason, total_ttc_cents, data) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
    )
    .bind(invoice_id)
    .bind(d.number)
    .bind(d.year)
    .bind(d.seq)
    .bind(d.issued_at)
    .bind(reason)
    .bind(d.total_ttc_cents)
    .bind(d.data)
    .fetch_one(conn)
    .await
}

/// An issued invoice: `(id, number, data)`.
pub async fn invoice_of_order(
    conn: &mut AnyConnection,
    order_id: i64,
) -> Result<Option<(i64, String, String)>, sqlx::Error> {
    sqlx::query_as("SELECT id, number, data FROM invoices WHERE order_id = $1")
        .bind(order_id)
        .fetch_optional(conn)
        .await
}

/// The credit note of an order's invoice: `(number, data)`.
pub async fn credit_note_of_order(
    conn: &mut AnyConnection,
    order_id: i64,
) -> Result<Option<(String, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT c.number, c.data FROM credit_notes c JOIN invoices i ON i.id = c.invoice_id \
         WHERE i.order_id = $1",
    )
    .bind(order_id)
    .fetch_optional(conn)
    .await
}

/// What [`search`] lists: an invoice or a credit note.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DocKind {
    /// An invoice (`FA-…`).
    Invoice,
    /// A credit note (`AV-…`).
    CreditNote,
}

impl DocKind {
    /// The API spelling (`type` of `GET Factures`).
    pub fn as_str(self) -> &'static str {
        match self {
            DocKind::Invoice => "facture",
            DocKind::CreditNote => "avoir",
        }
    }

    /// Reads the API spelling.
    pub fn parse(s: &str) -> Option<DocKind> {
        match s {
            "facture" => Some(DocKind::Invoice),
            "avoir" => Some(DocKind::CreditNote),
            _ => None,
        }
    }
}

/// An issued document with its order, as the admin list shows it.
#[derive(Debug, Clone)]
pub struct DocumentRow {
    /// Invoice or credit note.
    pub kind: DocKind,
    /// `FA-2026-000001` or `AV-2026-000001`.
    pub number: String,
    /// Issue time.
    pub issued_at: i64,
    /// Total incl. VAT.
    pub total_ttc_cents: i64,
    /// Frozen JSON of what is printed.
    pub data: String,
    /// The credit note's reason (empty for an invoice).
    pub reason: String,
    /// For an invoice, the credit note that cancels it; for a credit note, the invoice it cancels.
    pub related: Option<String>,
    /// The order.
    pub order_id: i64,
    /// Its number.
    pub order_number: String,
    /// Its status now.
    pub order_status: String,
    /// The customer's e-mail at ordering.
    pub customer_email: String,
    /// The customer's account.
    pub account_id: i64,
}

/// Every invoice and credit note (one row each), of one kind or both, whose number, its order's
/// number or its order's customer (e-mail, name, company: `orders::order_matches`) matches `q`;
/// newest first. Returns the page and the total count.
pub async fn search(
    conn: &mut AnyConnection,
    kind: Option<DocKind>,
    q: Option<&str>,
    limit: i64,
    offset: i64,
) -> Result<(Vec<DocumentRow>, i64), sqlx::Error> {
    let pattern = q.map(super::orders::like_pattern);
    let order = super::orders::order_matches("o", "$2");
    // The frozen `data` is read for the page's rows only, after sorting and paging.
    let documents = format!(
        "SELECT 'facture' AS kind, i.id AS doc_id, i.number AS number, i.issued_at AS issued_at, \
           i.total_ttc_cents AS total_ttc_cents, '' AS reason, c.number AS related, \
           o.id AS order_id, o.numero AS order_number, o.status AS order_status, \
           o.customer_email AS customer_email, o.account_id AS account_id \
         FROM invoices i JOIN orders o ON o.id = i.order_id \
         LEFT JOIN credit_notes c ON c.invoice_id = i.id \
         WHERE ($2 IS NULL OR LOWER(i.number) LIKE $2 ESCAPE '\\' OR {order}) \
         UNION ALL \
         SELECT 'avoir', c.id, c.number, c.issued_at, c.total_ttc_cents, c.reason, i.number, \
           o.id, o.numero, o.status, o.customer_email, o.account_id \
         FROM credit_notes c JOIN invoices i ON i.id = c.invoice_id \
         JOIN orders o ON o.id = i.order_id \
         WHERE ($2 IS NULL OR LOWER(c.number) LIKE $2 ESCAPE '\\' \
           OR LOWER(i.number) LIKE $2 ESCAPE '\\' OR {order})"
    );
    let kind = kind.map(DocKind::as_str);
    let count_sql =
        format!("SELECT COUNT(*) AS n FROM ({documents}) d WHERE ($1 IS NULL OR d.kind = $1)");
    let total: i64 = sqlx::query_scalar(&count_sql)
        .bind(kind)
        .bind(pattern.as_deref())
        .fetch_one(&mut *conn)
        .await?;
    let sql = format!(
        "SELECT p.*, CASE WHEN p.kind = 'facture' \
           THEN (SELECT data FROM invoices WHERE id = p.doc_id) \
           ELSE (SELECT data FROM credit_notes WHERE id = p.doc_id) END AS data \
         FROM (SELECT * FROM ({documents}) d WHERE ($1 IS NULL OR d.kind = $1) \
           ORDER BY d.issued_at DESC, d.number DESC LIMIT $3 OFFSET $4) p \
         ORDER BY p.issued_at DESC, p.number DESC"
    );
    let rows = sqlx::query(&sql)
        .bind(kind)
        .bind(pattern.as_deref())
        .bind(limit)
        .bind(offset)
        .fetch_all(conn)
        .await?;
    let rows = rows
        .iter()
        .map(|r| {
            let kind: String = r.try_get("kind")?;
            Ok(DocumentRow {
                kind: DocKind::parse(&kind)
                    .ok_or_else(|| sqlx::Error::Decode(format!("document kind {kind}").into()))?,
                number: r.try_get("number")?,
                issued_at: r.try_get("issued_at")?,
                total_ttc_cents: r.try_get("total_ttc_cents")?,
                data: r.try_get("data")?,
                reason: r.try_get("reason")?,
                related: r.try_get("related")?,
                order_id: r.try_get("order_id")?,
                order_number: r.try_get("order_number")?,
                order_status: r.try_get("order_status")?,
                customer_email: r.try_get("customer_email")?,
                account_id: r.try_get("account_id")?,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    Ok((rows, total))
}
