//! What closing an account does to the database (« Supprimer mon compte », or three years without
//! sign-in): every table is cleared of the account's personal data, except what the law obliges
//! the shop to keep — the invoices and credit notes (ten years, Code de commerce L123-22), which
//! carry the buyer's identity in their frozen data, and the orders they were issued for, kept
//! without the e-mail and with only the country of their address snapshots. The account's row
//! stays, anonymised and closed, because those orders name it. Run in one transaction.

use sqlx::{AnyConnection, Row};

use super::account_admin::like_pattern;

/// The e-mail a closed account keeps: unique, never deliverable (`.invalid`, RFC 2606), and
/// never one a person can sign up with, so the former address is free again.
pub fn closed_email(account_id: i64) -> String {
    format!("compte-supprime-{account_id}@compte-ferme.invalid")
}

/// The statuses of an order still being fulfilled: the account cannot be closed before it is
/// delivered (the shop needs the address) — the caller names the order.
const IN_PROGRESS: &str = "('payée', 'en production', 'expédiée')";

/// The number of an order of the account still being fulfilled, if any.
pub async fn order_in_progress(
    conn: &mut AnyConnection,
    account_id: i64,
) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar(&format!(
        "SELECT numero FROM orders WHERE account_id = $1 AND status IN {IN_PROGRESS} \
         ORDER BY id LIMIT 1"
    ))
    .bind(account_id)
    .fetch_optional(&mut *conn)
    .await
}

/// What was erased, for the caller to remove from the object store after the commit.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Erased {
    /// Storage keys of the account's uploaded files (delete each one nothing names any more).
    pub files: Vec<String>,
    /// Numbers of the quotes deleted (their kept PDFs go too).
    pub quotes: Vec<String>,
    /// Storage keys of the account's data exports.
    pub exports: Vec<String>,
    /// Orders deleted (never invoiced: unpaid or cancelled before payment).
    pub orders_deleted: u64,
    /// Orders kept for their invoice, anonymised.
    pub orders_kept: u64,
}

/// The orders of `$1` never invoiced (a sub-select, bound to the account as `$1`).
const UNINVOICED: &str = "SELECT o.id FROM orders o WHERE o.account_id = $1 \
     AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.order_id = o.id)";

/// Runs `sql` with the account id as `$1`.
async fn run(conn: &mut AnyConnection, sql: &str, account_id: i64) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query(sql)
        .bind(account_id)
        .execute(&mut *conn)
        .await?
        .rows_affected())
}

/// An address snapshot reduced to its country (for the VAT reports of the kept orders).
fn country_only(snapshot: &str) -> String {
    let v: serde_json::Value = serde_json::from_str(snapshot).unwrap_or_default();
    serde_json::json!({ "idPays": v.get("idPays").cloned().unwrap_or_default() }).to_string()
}

/// Erases the personal data of the account `account_id` (whose e-mail is `email`) everywhere,
/// and closes it with the unusable password hash `placeholder_hash`. Call it in a transaction.
pub async fn erase(
    conn: &mut AnyConnection,
    account_id: i64,
    email: &str,
    placeholder_hash: &str,
    now: i64,
) -> Result<Erased, sqlx::Error> {
    let mut erased = Erased::default();
    let anon = closed_email(account_id);

    // Orders never invoiced go, with everything that hangs on them.
    for table in [
        "payment_events",
        "discount_uses",
        "deliveries",
        "order_status_history",
        "order_lines",
    ] {
        run(
            conn,
            &format!("DELETE FROM {table} WHERE order_id IN ({UNINVOICED})"),
            account_id,
        )
        .await?;
    }
    erased.orders_deleted = run(
        conn,
        &format!("DELETE FROM orders WHERE id IN ({UNINVOICED})"),
        account_id,
    )
    .await?;
    // Invoiced orders stay for their invoice, without the e-mail, the addresses or the parcels.
    run(
        conn,
        "DELETE FROM deliveries WHERE order_id IN (SELECT id FROM orders WHERE account_id = $1)",
        account_id,
    )
    .await?;
    let kept = sqlx::query(
        "SELECT id, billing_address, shipping_address FROM orders WHERE account_id = $1",
    )
    .bind(account_id)
    .fetch_all(&mut *conn)
    .await?;
    for row in &kept {
        let id: i64 = row.try_get("id")?;
        let billing: String = row.try_get("billing_address")?;
        let shipping: String = row.try_get("shipping_address")?;
        sqlx::query(
            "UPDATE orders SET customer_email = '', billing_address = $1, shipping_address = $2, \
             vat_notice = '', updated_at = $3 WHERE id = $4",
        )
        .bind(country_only(&billing))
        .bind(country_only(&shipping))
        .bind(now)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    }
    erased.orders_kept = kept.len() as u64;

    // Parts and uploads: the files go; a part an invoiced order names stays, nameless.
    erased.files = sqlx::query_scalar(
        "SELECT storage_key FROM parts WHERE account_id = $1 AND storage_key <> '' \
         UNION SELECT storage_key FROM temp_uploads WHERE account_id = $1",
    )
    .bind(account_id)
    .fetch_all(&mut *conn)
    .await?;
    run(
        conn,
        "DELETE FROM account_parts WHERE account_id = $1",
        account_id,
    )
    .await?;
    run(
        conn,
        "DELETE FROM part_status_history WHERE part_id IN \
         (SELECT id FROM parts WHERE account_id = $1)",
        account_id,
    )
    .await?;
    run(
        conn,
        "DELETE FROM parts WHERE account_id = $1 \
         AND NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.part_id = parts.id)",
        account_id,
    )
    .await?;
    run(
        conn,
        "UPDATE parts SET account_id = NULL, file_name = 'Pièce supprimée', storage_key = '', \
         review_note = '', review_request = '' WHERE account_id = $1",
        account_id,
    )
    .await?;
    run(
        conn,
        "DELETE FROM temp_uploads WHERE account_id = $1",
        account_id,
    )
    .await?;

    // Quotes are never tied to an invoice: all of them go.
    erased.quotes = sqlx::query_scalar("SELECT number FROM quotes WHERE account_id = $1")
        .bind(account_id)
        .fetch_all(&mut *conn)
        .await?;
    // Their share links first (SQLite enforces no foreign key here).
    run(
        conn,
        "DELETE FROM quote_links WHERE quote_id IN (SELECT id FROM quotes WHERE account_id = $1)",
        account_id,
    )
    .await?;
    run(conn, "DELETE FROM quotes WHERE account_id = $1", account_id).await?;

    // VIES answers about the account's companies, unless a kept order rests on them.
    run(
        conn,
        "DELETE FROM vies_checks WHERE vat_number IN \
         (SELECT UPPER(REPLACE(numero_tva, ' ', '')) FROM companies \
          WHERE account_id = $1 AND numero_tva IS NOT NULL) \
         AND request_identifier NOT IN \
         (SELECT vies_request_identifier FROM orders WHERE account_id = $1)",
        account_id,
    )
    .await?;
    for sql in [
        "DELETE FROM addresses WHERE account_id = $1",
        "DELETE FROM companies WHERE account_id = $1",
        "DELETE FROM payment_terms WHERE account_id = $1",
        "DELETE FROM reset_tokens WHERE account_id = $1",
        "DELETE FROM totp_secrets WHERE account_id = $1",
        "DELETE FROM backup_codes WHERE account_id = $1",
        "DELETE FROM sessions WHERE account_id = $1",
    ] {
        run(conn, sql, account_id).await?;
    }
    erased.exports = sqlx::query_scalar(
        "SELECT storage_key FROM data_exports WHERE account_id = $1 AND storage_key <> ''",
    )
    .bind(account_id)
    .fetch_all(&mut *conn)
    .await?;
    run(
        conn,
        "DELETE FROM data_exports WHERE account_id = $1",
        account_id,
    )
    .await?;
    // Discount codes reserved to the account: deleted when never used, else switched off.
    run(
        conn,
        "DELETE FROM discounts WHERE account_id = $1 \
         AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.discount_id = discounts.id) \
         AND NOT EXISTS (SELECT 1 FROM discount_uses u WHERE u.discount_id = discounts.id)",
        account_id,
    )
    .await?;
    run(
        conn,
        "UPDATE discounts SET account_id = NULL, active = 0 WHERE account_id = $1",
        account_id,
    )
    .await?;

    // What names the account by its e-mail.
    let pattern = like_pattern(email);
    let by_email = [
        "DELETE FROM email_codes WHERE LOWER(email) = $1 OR purpose = 'email_reset:' || $3",
        "DELETE FROM contact_messages WHERE LOWER(email) = $1",
        "DELETE FROM rate_limit_events WHERE LOWER(bucket) LIKE $2 ESCAPE '\\' \
         OR bucket LIKE '%:' || $3",
        "DELETE FROM mail_outbox WHERE LOWER(recipient) = $1 \
         OR LOWER(subject) LIKE $2 ESCAPE '\\'",
        "UPDATE catalogs SET created_by_email = $4 WHERE created_by_email = $1",
        "UPDATE audit_log SET actor_email = $4 WHERE actor_email = $1",
        "UPDATE audit_log SET target = $4 WHERE target = $1",
    ];
    for sql in by_email {
        // Parameters a statement does not use are harmless on SQLite but not on PostgreSQL,
        // which wants every bound parameter typed: bind only up to the highest one it names.
        let highest = (1..=4usize)
            .rev()
            .find(|n| sql.contains(&format!("${n}")))
            .unwrap_or(0);
        let values = [
            email.to_owned(),
            pattern.clone(),
            account_id.to_string(),
            anon.clone(),
        ];
        let mut q = sqlx::query(sql);
        for v in values.into_iter().take(highest) {
            q = q.bind(v);
        }
        q.execute(&mut *conn).await?;
    }
    // Copies of contact-form messages to the staff name the sender in their Reply-To header.
    let copies = sqlx::query("SELECT id, message FROM mail_outbox WHERE purpose = 'contact'")
        .fetch_all(&mut *conn)
        .await?;
    for row in copies {
        let message: Vec<u8> = row.try_get("message")?;
        let lowered = message.to_ascii_lowercase();
        if !email.is_empty() && lowered.windows(email.len()).any(|w| w == email.as_bytes()) {
            sqlx::query("DELETE FROM mail_outbox WHERE id = $1")
                .bind(row.try_get::<i64, _>("id")?)
                .execute(&mut *conn)
                .await?;
        }
    }
    // The audit lines about the account keep what was done, without the e-mail.
    sqlx::query(
        "UPDATE audit_log SET before_json = REPLACE(before_json, $1, $2), \
         after_json = REPLACE(after_json, $1, $2) \
         WHERE before_json LIKE $3 ESCAPE '\\' OR after_json LIKE $3 ESCAPE '\\'",
    )
    .bind(email)
    .bind(&anon)
    .bind(&pattern)
    .execute(&mut *conn)
    .await?;

    sqlx::query(
        "UPDATE accounts SET email = $1, password_hash = $2, nom = '', prenom = '', \
         email_verified = 0, two_factor_enabled = 0, disabled_at = COALESCE(disabled_at, $3), \
         closed_at = $3, last_sign_in_at = NULL, inactivity_warned_at = NULL, updated_at = $3 \
         WHERE id = $4",
    )
    .bind(&anon)
    .bind(placeholder_hash)
    .bind(now)
    .bind(account_id)
    .execute(&mut *conn)
    .await?;
    Ok(erased)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_order_keeps_only_the_country_of_its_addresses() {
        let snapshot = r#"{"nom":"Dupont","prenom":"Jeanne","rue":"3 rue Neuve",
            "idPays":{"code":"fr","name":"France"}}"#;
        let kept = country_only(snapshot);
        assert_eq!(kept, r#"{"idPays":{"code":"fr","name":"France"}}"#);
        assert_eq!(country_only("pas du JSON"), r#"{"idPays":null}"#);
    }

    #[test]
    fn a_closed_account_gets_an_address_nobody_can_own() {
        assert_eq!(closed_email(42), "compte-supprime-42@compte-ferme.invalid");
    }
}
