//! « Commander à nouveau »: the parts of an earlier order go back to the basket with the options
//! and quantities they were ordered with, priced at today's catalog (never at the old prices),
//! and the answer says line by line what changed.

use quote_core::Catalog;
use serde::Serialize;

use super::error::CommerceError;
use super::invoicing::ORDER_NOT_FOUND;
use super::totals::{self, TotalLine};
use super::vat::VatDecision;
use crate::db::pieces::{self, BasketLine};
use crate::db::{account_parts, orders, Db};

/// A line put back in the basket: its price then and now (excl. VAT, for the same quantity).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReorderedLine {
    /// The part.
    pub id_piece: i64,
    /// As printed on the order.
    pub designation: String,
    /// Number of parts, as ordered.
    pub quantite: i64,
    /// Line total excl. VAT on the order.
    pub total_ht_avant_cents: i64,
    /// Line total excl. VAT today; `null` when the line cannot be priced now.
    pub total_ht_cents: Option<i64>,
    /// Why the line cannot be ordered now (an option no longer offered, a refused part), in
    /// French; `null` when it can.
    pub raison: Option<String>,
}

/// The answer of `POST Commande/{id}/recommander`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Reordered {
    /// The order's number.
    pub numero: String,
    /// Its lines, in order.
    pub lignes: Vec<ReorderedLine>,
}

/// A line as it was priced before (ordered, or quoted) and put back in the basket.
pub(crate) struct Then {
    pub part_id: i64,
    /// As printed then; `None` to take the basket's.
    pub designation: Option<String>,
    pub quantite: i64,
    /// Line total excl. VAT then.
    pub total_ht_cents: i64,
}

/// The basket of `account_id` priced at `now` as it shows it, each line of `then` beside its
/// total now (or why it cannot be ordered now): what « Commander à nouveau » and « Commander ce
/// devis » answer.
pub(crate) async fn then_and_now(
    db: &Db,
    catalog: &Catalog,
    account_id: i64,
    then: Vec<Then>,
    now: i64,
) -> Result<Vec<ReorderedLine>, CommerceError> {
    let rows = account_parts::list_for_account(&mut *db.acquire().await?, account_id).await?;
    let priced = totals::compute(
        &rows,
        catalog,
        super::quote::DEFAULT_ZONE,
        VatDecision::french(),
        None,
        now,
    )?;
    Ok(then
        .into_iter()
        .map(|l| {
            let line = priced.lines.iter().find(|p| p.part_id == l.part_id);
            ReorderedLine {
                id_piece: l.part_id,
                designation: l
                    .designation
                    .or_else(|| line.map(|p| p.designation.clone()))
                    .unwrap_or_default(),
                quantite: l.quantite,
                total_ht_avant_cents: l.total_ht_cents,
                total_ht_cents: line
                    .filter(|p| p.breakdown.is_some())
                    .map(|p| p.total_ht.get()),
                raison: line.and_then(why_not),
            }
        })
        .collect())
}

/// Puts the lines of the order `order_id` back in the basket of `account_id` (a part already
/// there takes the order's options and quantity), all or none in one transaction; then prices
/// them as the basket does. A 404 when the order is not the account's.
pub async fn reorder(
    db: &Db,
    catalog: &Catalog,
    account_id: i64,
    order_id: i64,
    now: i64,
) -> Result<Reordered, CommerceError> {
    let not_found = || CommerceError::NotFound(ORDER_NOT_FOUND.to_owned());
    let mut tx = db.begin().await?;
    let head = orders::find_row(&mut tx, order_id, "")
        .await?
        .filter(|o| o.head.account_id == account_id)
        .ok_or_else(not_found)?;
    let lines = orders::reorder_lines(&mut tx, order_id, account_id).await?;
    if lines.is_empty() {
        return Err(not_found());
    }
    let basket: Vec<BasketLine> = lines
        .iter()
        .map(|l| {
            Ok(BasketLine {
                part_id: l.part_id,
                options: ordered_options(&l.details)?,
                quantite: l.quantite,
            })
        })
        .collect::<Result<_, CommerceError>>()?;
    if !pieces::add_to_basket(&mut tx, account_id, &basket, now).await? {
        // The order's parts are the account's: another owner means a broken invariant.
        return Err(CommerceError::internal(format!(
            "order {order_id}: a part of the order belongs to another account"
        )));
    }
    tx.commit().await?;
    tracing::info!(
        account = account_id,
        order = order_id,
        parts = lines.len(),
        "order put back in the basket"
    );

    let then = lines
        .into_iter()
        .map(|l| Then {
            part_id: l.part_id,
            designation: Some(l.designation),
            quantite: l.quantite,
            total_ht_cents: l.line_total_cents,
        })
        .collect();
    let lignes = then_and_now(db, catalog, account_id, then, now).await?;
    Ok(Reordered {
        numero: head.head.numero,
        lignes,
    })
}

/// The options JSON a line was ordered with (`details.options`).
fn ordered_options(details: &str) -> Result<String, CommerceError> {
    let value: serde_json::Value = serde_json::from_str(details)
        .map_err(|e| CommerceError::internal(format!("order line details: {e}")))?;
    match value.get("options") {
        Some(options) if options.is_object() => Ok(options.to_string()),
        _ => Err(CommerceError::internal("order line without its options")),
    }
}

/// Why a basket line cannot be ordered, when it cannot.
pub(crate) fn why_not(line: &TotalLine) -> Option<String> {
    if line.orderable {
        None
    } else {
        Some(
            line.reason
                .clone()
                .unwrap_or_else(|| "Cette pièce ne peut pas être commandée en l’état.".to_owned()),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::ordered_options;

    #[test]
    fn the_options_are_those_the_line_was_ordered_with() {
        let details =
            r#"{"options":{"process":"SLA","quantity":3,"express":true},"delai_jours":3}"#;
        let options: serde_json::Value =
            serde_json::from_str(&ordered_options(details).unwrap()).unwrap();
        assert_eq!(options["process"], "SLA");
        assert_eq!(options["express"], true);
        assert!(ordered_options(r#"{"delai_jours":3}"#).is_err());
        assert!(ordered_options("not json").is_err());
    }
}
