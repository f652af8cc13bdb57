//! The `payment_terms` and `payment_reminders` tables, and the orders on payment terms (issue 25,
//! part 4): a company's request for « paiement à 30 jours » and the admin's decision, what an
//! account owes on terms, the invoices past their due date, and the reminders sent for them.

use sqlx::{AnyConnection, FromRow};

/// The payment method of an order on terms as the API spells it (`modePaiement`,
/// `mode_paiement`). It is stored as `virement` (it is paid by bank transfer, and the column's
/// check allows only `virement` and `carte`); what makes an order one on terms is its due date,
/// `orders.due_at`, set when it is placed.
pub const METHOD: &str = "virement_30_jours";
/// The status of a cancelled order (its invoice is cancelled by a credit note: nothing is owed).
const CANCELLED: &str = "annulée";

/// An account's request for payment terms and its decision.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct TermsRow {
    /// The account.
    pub account_id: i64,
    /// Company name.
    pub company_name: String,
    /// SIREN, nine digits.
    pub siren: String,
    /// Where invoices and reminders go.
    pub accounts_email: String,
    /// `demandee`, `accordee` or `refusee`.
    pub state: String,
    /// Credit limit incl. VAT, cents, once granted.
    pub credit_limit_cents: Option<i64>,
    /// Reason of a refusal, else empty.
    pub refusal_reason: String,
    /// When the request was (last) made.
    pub requested_at: i64,
    /// When an admin decided.
    pub decided_at: Option<i64>,
}

const COLUMNS: &str = "account_id, company_name, siren, accounts_email, state, \
     credit_limit_cents, refusal_reason, requested_at, decided_at";

/// The request of `account_id`, if it made one.
pub async fn find(
    conn: &mut AnyConnection,
    account_id: i64,
) -> Result<Option<TermsRow>, sqlx::Error> {
    let row = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM payment_terms WHERE account_id = $1"
    ))
    .bind(account_id)
    .fetch_optional(conn)
    .await?;
    row.map(|r| TermsRow::from_row(&r)).transpose()
}

/// The request of `account_id`, its row locked until the transaction ends (PostgreSQL; `lock`
/// is `Db::for_update()`): an order on terms checks the credit limit under it.
pub async fn find_locked(
    conn: &mut AnyConnection,
    account_id: i64,
    lock: &str,
) -> Result<Option<TermsRow>, sqlx::Error> {
    let row = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM payment_terms WHERE account_id = $1{lock}"
    ))
    .bind(account_id)
    .fetch_optional(conn)
    .await?;
    row.map(|r| TermsRow::from_row(&r)).transpose()
}

/// What a request carries.
#[derive(Debug, Clone, Copy)]
pub struct NewRequest<'a> {
    /// Company name.
    pub company_name: &'a str,
    /// SIREN.
    pub siren: &'a str,
    /// Accounts e-mail.
    pub accounts_email: &'a str,
}

/// Records the request of `account_id` (a new one, or again after a refusal): state `demandee`,
/// no limit, no decision.
pub async fn save_request(
    conn: &mut AnyConnection,
    account_id: i64,
    r: NewRequest<'_>,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO payment_terms (account_id, company_name, siren, accounts_email, state, \
         credit_limit_cents, refusal_reason, requested_at, decided_at, decided_by) \
         VALUES ($1, $2, $3, $4, 'demandee', NULL, '', $5, NULL, NULL) \
         ON CONFLICT (account_id) DO UPDATE SET company_name = $2, siren = $3, \
         accounts_email = $4, state = 'demandee', credit_limit_cents = NULL, refusal_reason = '', \
         requested_at = $5, decided_at = NULL, decided_by = NULL",
    )
    .bind(account_id)
    .bind(r.company_name)
    .bind(r.siren)
    .bind(r.accounts_email)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Records an admin's decision on the request of `account_id`: `accordee` with `limit`, or
/// `refusee` with `reason`; `false` when the account made no request.
pub async fn decide(
    conn: &mut AnyConnection,
    account_id: i64,
    state: &str,
    limit: Option<i64>,
    reason: &str,
    admin_id: i64,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE payment_terms SET state = $1, credit_limit_cents = $2, refusal_reason = $3, \
         decided_at = $4, decided_by = $5 WHERE account_id = $6",
    )
    .bind(state)
    .bind(limit)
    .bind(reason)
    .bind(now)
    .bind(admin_id)
    .bind(account_id)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A request as the admin's list shows it.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct TermsListRow {
    /// The request.
    #[sqlx(flatten)]
    pub terms: TermsRow,
    /// The account's e-mail.
    pub email: String,
    /// What the account owes on terms, incl. VAT, cents.
    pub outstanding_cents: i64,
}

/// Every request, those waiting for a decision first, then by date of request.
pub async fn list(conn: &mut AnyConnection) -> Result<Vec<TermsListRow>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "SELECT t.account_id, t.company_name, t.siren, t.accounts_email, t.state, \
         t.credit_limit_cents, t.refusal_reason, t.requested_at, t.decided_at, a.email, \
         CAST(COALESCE((SELECT SUM(o.total_ttc_cents) FROM orders o WHERE o.account_id = t.account_id \
           AND o.due_at IS NOT NULL AND o.settled_at IS NULL \
           AND o.status <> '{CANCELLED}'), 0) AS BIGINT) AS outstanding_cents \
         FROM payment_terms t JOIN accounts a ON a.id = t.account_id \
         ORDER BY CASE WHEN t.state = 'demandee' THEN 0 ELSE 1 END, t.requested_at DESC"
    ))
    .fetch_all(conn)
    .await?;
    rows.iter().map(TermsListRow::from_row).collect()
}

/// What `account_id` owes on terms: the totals incl. VAT of its orders on terms neither settled
/// nor cancelled, cents.
pub async fn outstanding(conn: &mut AnyConnection, account_id: i64) -> Result<i64, sqlx::Error> {
    let sum: Option<i64> = sqlx::query_scalar(&format!(
        "SELECT CAST(SUM(total_ttc_cents) AS BIGINT) FROM orders WHERE account_id = $1 \
         AND due_at IS NOT NULL AND settled_at IS NULL AND status <> '{CANCELLED}'"
    ))
    .bind(account_id)
    .fetch_one(conn)
    .await?;
    Ok(sum.unwrap_or(0))
}

/// Sets the due date of the invoice of an order on terms.
pub async fn set_due(
    conn: &mut AnyConnection,
    order_id: i64,
    due_at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE orders SET due_at = $1 WHERE id = $2")
        .bind(due_at)
        .bind(order_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Records the transfer of an order on terms as received; `false` when it already was.
pub async fn settle(
    conn: &mut AnyConnection,
    order_id: i64,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE orders SET settled_at = $1, paid_at = COALESCE(paid_at, $1), updated_at = $1 \
         WHERE id = $2 AND settled_at IS NULL",
    )
    .bind(now)
    .bind(order_id)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// An invoice on terms not yet paid.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct OpenInvoiceRow {
    /// The order.
    pub order_id: i64,
    /// `CO-2026-000005`.
    pub order_number: String,
    /// The account.
    pub account_id: i64,
    /// The customer's e-mail at ordering.
    pub customer_email: String,
    /// The company's name, from its request.
    pub company_name: String,
    /// Where reminders go, from its request.
    pub accounts_email: String,
    /// `FA-2026-000001`.
    pub invoice_number: String,
    /// Total incl. VAT, cents.
    pub total_ttc_cents: i64,
    /// Issue date of the invoice.
    pub issued_at: i64,
    /// Due date.
    pub due_at: i64,
    /// The reminders sent, comma-separated stages (empty when none).
    pub reminders: String,
}

/// Every invoice on terms neither paid nor cancelled with `due_at` before `before`, oldest due
/// date first (`i64::MAX`: all of them).
pub async fn open_invoices(
    conn: &mut AnyConnection,
    before: i64,
) -> Result<Vec<OpenInvoiceRow>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "SELECT o.id AS order_id, o.numero AS order_number, o.account_id, o.customer_email, \
         COALESCE(t.company_name, '') AS company_name, \
         COALESCE(t.accounts_email, '') AS accounts_email, i.number AS invoice_number, \
         o.total_ttc_cents, i.issued_at, o.due_at, \
         COALESCE((SELECT STRING_AGG(r.stage, ',') FROM payment_reminders r \
           WHERE r.order_id = o.id), '') AS reminders \
         FROM orders o JOIN invoices i ON i.order_id = o.id \
         LEFT JOIN payment_terms t ON t.account_id = o.account_id \
         WHERE o.due_at IS NOT NULL AND o.settled_at IS NULL \
         AND o.status <> '{CANCELLED}' AND o.due_at IS NOT NULL AND o.due_at < $1 \
         ORDER BY o.due_at, o.id"
    ))
    .bind(before)
    .fetch_all(conn)
    .await?;
    rows.iter().map(OpenInvoiceRow::from_row).collect()
}

/// Records that the reminder `stage` of `order_id` was sent; `false` when it already was (each
/// reminder is sent once, whichever instance runs the job).
pub async fn record_reminder(
    conn: &mut AnyConnection,
    order_id: i64,
    stage: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO payment_reminders (order_id, stage, sent_at) VALUES ($1, $2, $3) \
         ON CONFLICT (order_id, stage) DO NOTHING",
    )
    .bind(order_id)
    .bind(stage)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}
