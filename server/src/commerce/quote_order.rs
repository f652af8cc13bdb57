//! « Commander ce devis » (issue 25, part 3): the parts of a saved quote go back to the basket
//! with the options and quantities it priced. While the quote is valid each line keeps the
//! quote's price (the catalog may have changed since: `quoted_price` holds it until the options
//! or the quantity change); after, the lines are priced at today's catalog and the answer says
//! line by line what changed, as « Commander à nouveau » does.

use quote_core::Catalog;
use serde::Serialize;

use super::error::CommerceError;
use super::quote::QuotedBasketLine;
use super::reorder::{then_and_now, ReorderedLine, Then};
use crate::db::account_parts::{self, QuotedLine};
use crate::db::pieces::{self, BasketLine};
use crate::db::{quotes, Db};
use crate::domain::paris_time::fr_date;

/// Answer for a quote that is not the caller's, or an unknown number.
pub const QUOTE_NOT_FOUND: &str = "Devis introuvable.";

/// Answer for a quote issued before quotes kept what they priced.
pub const NOT_KEPT: &str = "Ce devis a été émis avant que les devis puissent être commandés directement\u{a0}: ajoutez ses pièces au panier depuis la page de devis, ou téléchargez un nouveau devis de votre panier.";

/// Answer when a part of the quote is no longer the account's.
pub const PART_GONE: &str =
    "Une pièce de ce devis n'appartient plus à votre compte\u{a0}: le devis ne peut pas être commandé.";

/// The answer of `POST Devis/{numero}/commander`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct QuoteOrdered {
    /// The quote's number.
    pub numero: String,
    /// Whether the lines keep the quote's prices (it is valid); else they are at today's.
    pub au_prix_du_devis: bool,
    /// Its last day of validity, French (« 27 décembre 2026 »).
    pub valable_jusqu_au: String,
    /// Its lines, in order: the quote's line total and the basket's now.
    pub lignes: Vec<ReorderedLine>,
}

/// Puts the lines of the quote `number` of `account_id` in the basket (a part already there takes
/// the quote's options and quantity), all or none in one transaction, at the quote's prices while
/// it is valid at `now`; then prices the basket as it shows it.
pub async fn order_quote(
    db: &Db,
    catalog: &Catalog,
    account_id: i64,
    number: &str,
    now: i64,
) -> Result<QuoteOrdered, CommerceError> {
    let quote = quotes::orderable(&mut *db.acquire().await?, number)
        .await?
        .filter(|q| q.account_id == account_id)
        .ok_or_else(|| CommerceError::NotFound(QUOTE_NOT_FOUND.to_owned()))?;
    let Some(basket) = quote.basket.as_deref() else {
        return Err(CommerceError::refused(NOT_KEPT));
    };
    let lines: Vec<QuotedBasketLine> = serde_json::from_str(basket)?;
    if lines.is_empty() {
        return Err(CommerceError::internal(format!(
            "quote {number}: no line kept"
        )));
    }
    let valid = now <= quote.valid_until;
    let options: Vec<String> = lines.iter().map(|l| l.options.to_string()).collect();
    let put: Vec<BasketLine> = lines
        .iter()
        .zip(&options)
        .map(|(l, o)| BasketLine {
            part_id: l.part_id,
            options: o.clone(),
            quantite: l.quantite,
        })
        .collect();
    let mut tx = db.begin().await?;
    if !pieces::add_to_basket(&mut tx, account_id, &put, now).await? {
        return Err(CommerceError::refused(PART_GONE));
    }
    for (l, o) in lines.iter().zip(&options) {
        let quoted = valid.then_some(QuotedLine {
            number,
            part_id: l.part_id,
            options: o,
            quantite: l.quantite,
            line_cents: l.line_cents,
            valid_until: quote.valid_until,
        });
        account_parts::set_quoted(&mut tx, account_id, l.part_id, quoted.as_ref()).await?;
    }
    tx.commit().await?;
    tracing::info!(
        account = account_id,
        quote = number,
        parts = lines.len(),
        at_quote_prices = valid,
        "quote put in the basket"
    );

    let then = lines
        .iter()
        .map(|l| Then {
            part_id: l.part_id,
            designation: None,
            quantite: l.quantite,
            total_ht_cents: l.line_cents,
        })
        .collect();
    let lignes = then_and_now(db, catalog, account_id, then, now).await?;
    Ok(QuoteOrdered {
        numero: quote.number,
        au_prix_du_devis: valid,
        valable_jusqu_au: fr_date(quote.valid_until),
        lignes,
    })
}
