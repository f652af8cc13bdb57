//! The `vies_checks` table: every answer VIES gave about a VAT number (`valide`, `invalide`,
//! `indisponible`), with its consultation number. The latest row of a number is its status; a
//! valid row younger than a day spares the order another call.

use sqlx::AnyConnection;

/// A stored check.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct CheckRow {
    /// Normalised number (`DE123456789`).
    pub vat_number: String,
    /// `valide`, `invalide` or `indisponible`.
    pub outcome: String,
    /// Consultation number of a valid answer.
    pub request_identifier: String,
    /// Trader's name, as VIES gave it.
    pub trader_name: String,
    /// Trader's address, as VIES gave it.
    pub trader_address: String,
    /// When it was asked, UTC Unix seconds.
    pub checked_at: i64,
}

const SELECT: &str = "SELECT vat_number, outcome, request_identifier, trader_name, \
     trader_address, checked_at FROM vies_checks";

/// Records an answer (`detail`: why VIES did not answer, for the logs and the admin).
pub async fn insert(
    conn: &mut AnyConnection,
    row: &CheckRow,
    detail: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO vies_checks (vat_number, outcome, request_identifier, trader_name, \
         trader_address, detail, checked_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(&row.vat_number)
    .bind(&row.outcome)
    .bind(&row.request_identifier)
    .bind(&row.trader_name)
    .bind(&row.trader_address)
    .bind(detail)
    .bind(row.checked_at)
    .execute(conn)
    .await?;
    Ok(())
}

/// The latest check of `vat_number`.
pub async fn latest(
    conn: &mut AnyConnection,
    vat_number: &str,
) -> Result<Option<CheckRow>, sqlx::Error> {
    let sql = format!("{SELECT} WHERE vat_number = $1 ORDER BY checked_at DESC, id DESC LIMIT 1");
    sqlx::query_as(&sql)
        .bind(vat_number)
        .fetch_optional(conn)
        .await
}

/// The latest valid check of `vat_number` made at `since` or later.
pub async fn latest_valid_since(
    conn: &mut AnyConnection,
    vat_number: &str,
    since: i64,
) -> Result<Option<CheckRow>, sqlx::Error> {
    let sql = format!(
        "{SELECT} WHERE vat_number = $1 AND outcome = 'valide' AND checked_at >= $2 \
         ORDER BY checked_at DESC, id DESC LIMIT 1"
    );
    sqlx::query_as(&sql)
        .bind(vat_number)
        .bind(since)
        .fetch_optional(conn)
        .await
}

/// A company's VIES status as the settings page shows it: the latest check of its number.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ViesStatus"))]
pub struct ViesState {
    /// `valide`, `invalide` or `indisponible`.
    #[cfg_attr(
        feature = "ts",
        ts(type = "\"valide\" | \"invalide\" | \"indisponible\"")
    )]
    pub statut: String,
    /// When VIES was asked, ISO 8601.
    pub date: String,
    /// What it means, in French (« Numéro de TVA vérifié auprès de VIES le 22/11/2026 »).
    pub message: String,
}

impl ViesState {
    /// The status of a check with `outcome` made at `checked_at`.
    pub fn of(outcome: &str, checked_at: i64) -> ViesState {
        let day = crate::domain::paris_time::fr_date(checked_at);
        let message = match outcome {
            "valide" => format!("Numéro de TVA vérifié auprès de VIES le {day}"),
            "invalide" => format!("Numéro de TVA invalide selon VIES (vérifié le {day})"),
            _ => format!("Numéro de TVA non vérifié\u{a0}: service VIES indisponible le {day}"),
        };
        ViesState {
            statut: outcome.to_owned(),
            date: crate::clock::iso8601(checked_at),
            message,
        }
    }
}

/// The VIES status of `vat_number` (`None`: never checked).
pub async fn state_of(
    conn: &mut AnyConnection,
    vat_number: Option<&str>,
) -> Result<Option<ViesState>, sqlx::Error> {
    let Some(number) = vat_number.filter(|n| !n.is_empty()) else {
        return Ok(None);
    };
    Ok(latest(conn, number)
        .await?
        .map(|row| ViesState::of(&row.outcome, row.checked_at)))
}
