//! The figures of the admin statistics, computed by SQL over Unix-second ranges that the caller
//! has cut on Paris calendar months (`commerce::statistics`). An order counts once paid
//! (`paid_at`) and not cancelled; orders placed are counted by `created_at` whatever became of
//! them; quotes are the numbered PDF quotes (`quotes`), parts the files analysed (`parts`).

use sqlx::{AnyConnection, FromRow};

use super::Backend;

/// A half-open range `[start, end)` of Unix seconds with its key (`2026-03`).
#[derive(Debug, Clone)]
pub struct Range {
    /// Key returned with the figures.
    pub key: String,
    /// First second included.
    pub start: i64,
    /// First second after.
    pub end: i64,
}

/// The figures of one range.
#[derive(Debug, Clone, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct RangeFigures {
    /// Key of the range.
    pub key: String,
    /// Orders paid in the range and not cancelled.
    pub paid_orders: i64,
    /// Their totals excl. VAT (after discount, shipping included), cents.
    #[sqlx(rename = "revenue")]
    pub revenue_ht_cents: i64,
    /// Orders placed in the range, whatever their status now.
    pub placed_orders: i64,
    /// PDF quotes issued in the range.
    pub quotes: i64,
    /// Parts analysed (uploaded and priced) in the range.
    pub parts: i64,
}

/// Paid order lines of a period grouped by process and material.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct MixRow {
    /// Process code (`SLS`), as ordered.
    pub process: String,
    /// Material code, `None` for the process's default material.
    pub material: Option<String>,
    /// Sum of the line totals excl. VAT (before the order's discount), cents.
    #[sqlx(rename = "total")]
    pub total_ht_cents: i64,
    /// Parts made (sum of the quantities).
    pub quantity: i64,
}

/// The figures of each range, in the order given (at most a few dozen ranges).
pub async fn by_range(
    conn: &mut AnyConnection,
    ranges: &[Range],
) -> Result<Vec<RangeFigures>, sqlx::Error> {
    if ranges.is_empty() {
        return Ok(Vec::new());
    }
    let values = (0..ranges.len())
        .map(|i| {
            let p = 4 * i;
            format!(
                "(CAST(${} AS BIGINT), ${}, CAST(${} AS BIGINT), CAST(${} AS BIGINT))",
                p + 1,
                p + 2,
                p + 3,
                p + 4
            )
        })
        .collect::<Vec<_>>()
        .join(", ");
    let in_range = |col: &str| format!("{col} >= r.start_at AND {col} < r.end_at");
    let sql = format!(
        "WITH r (pos, key, start_at, end_at) AS (VALUES {values}) \
         SELECT r.pos, r.key, \
         (SELECT COUNT(*) FROM orders o WHERE {paid} AND o.status <> 'annulée') AS paid_orders, \
         (SELECT CAST(COALESCE(SUM(o.total_ht_cents), 0) AS BIGINT) FROM orders o \
          WHERE {paid} AND o.status <> 'annulée') AS revenue, \
         (SELECT COUNT(*) FROM orders o WHERE {placed}) AS placed_orders, \
         (SELECT COUNT(*) FROM quotes q WHERE {quoted}) AS quotes, \
         (SELECT COUNT(*) FROM parts p WHERE {analysed}) AS parts \
         FROM r ORDER BY r.pos",
        paid = in_range("o.paid_at"),
        placed = in_range("o.created_at"),
        quoted = in_range("q.issued_at"),
        analysed = in_range("p.created_at"),
    );
    let mut query = sqlx::query(&sql);
    for (i, r) in ranges.iter().enumerate() {
        query = query
            .bind(i as i64)
            .bind(r.key.as_str())
            .bind(r.start)
            .bind(r.end);
    }
    let rows = query.fetch_all(conn).await?;
    rows.iter().map(RangeFigures::from_row).collect()
}

/// The lines of the orders paid in `[start, end)` and not cancelled, by process and material,
/// largest total first.
pub async fn mix(
    conn: &mut AnyConnection,
    backend: Backend,
    start: i64,
    end: i64,
) -> Result<Vec<MixRow>, sqlx::Error> {
    let (process, material) = match backend {
        Backend::Sqlite => (
            "json_extract(l.details, '$.options.process')",
            "json_extract(l.details, '$.options.material')",
        ),
        Backend::Postgres => (
            "(CAST(l.details AS jsonb) #>> '{options,process}')",
            "(CAST(l.details AS jsonb) #>> '{options,material}')",
        ),
    };
    let sql = format!(
        "SELECT x.process, x.material, CAST(SUM(x.total) AS BIGINT) AS total, \
         CAST(SUM(x.quantity) AS BIGINT) AS quantity FROM ( \
           SELECT COALESCE({process}, '') AS process, {material} AS material, \
           l.line_total_cents AS total, l.quantite AS quantity \
           FROM order_lines l JOIN orders o ON o.id = l.order_id \
           WHERE o.paid_at >= $1 AND o.paid_at < $2 AND o.status <> 'annulée') x \
         GROUP BY x.process, x.material ORDER BY total DESC, x.process, x.material"
    );
    let rows = sqlx::query(&sql)
        .bind(start)
        .bind(end)
        .fetch_all(conn)
        .await?;
    rows.iter().map(MixRow::from_row).collect()
}
