//! Quotes (devis) of a basket: the basket's totals (computed by [`super::totals`], as for
//! `POST Commande/Recapitulatif`) written out as a [`QuoteData`], with each part's dimensions,
//! valid until the end of the 30th Paris day after issue, numbered `DE-YYYY-NNNNNN` per Paris
//! year from the `counters` row and stored frozen in `quotes`.

use quote_core::pricing::LeadTimeMode;
use quote_core::{Analysis, Catalog};

use super::discounts;
use super::error::CommerceError;
use super::ship_dates::ShipDate;
use super::totals::{self, TotalLine, Totals};
use super::vat::VatDecision;
use crate::db::account_parts::BasketRow;
use crate::db::invoices::NewDocument;
use crate::db::pieces::status;
use crate::db::{account_parts, counters, quotes, Db};
use crate::documents::{DocLine, DocTotals, Party, QuoteData, Seller};
use crate::domain::paris_time::{paris_day_end_after, paris_year};
use crate::domain::OrderReference;

/// How long a quote holds, in Paris calendar days after its issue day.
pub const VALIDITY_DAYS: i64 = 30;

/// Kind of the quote numbers in `counters`.
pub const COUNTER_KIND: &str = "DE";

/// Shipping zone of a quote that names no address.
pub const DEFAULT_ZONE: &str = "france";

/// Answer for a quote of an empty basket.
pub const EMPTY_BASKET: &str =
    "Votre panier est vide\u{a0}: ajoutez une pièce avant de télécharger un devis.";

/// What a quote is made for, besides the basket.
#[derive(Debug, Clone)]
pub struct QuoteFor {
    /// The customer as printed (company and VAT number from the billing address, when given).
    pub buyer: Party,
    /// French name of the delivery zone the shipping fee was computed for.
    pub zone_name: String,
    /// Whether the customer named the delivery address (else France métropolitaine is assumed).
    pub address_given: bool,
    /// Whether card payment is offered.
    pub card_payment: bool,
    /// The buyer's own order reference typed at checkout, printed « Votre référence ».
    pub buyer_reference: Option<OrderReference>,
    /// The basket's ship date and delivery range to the zone for an order paid now, as the basket
    /// shows it ([`super::ship_dates::of_basket`]).
    pub ship_date: Option<ShipDate>,
}

/// `24,5`: one decimal, French comma.
fn decimal_fr(x: f64) -> String {
    format!("{x:.1}").replace('.', ",")
}

/// `0,18 kg`: a weight in grams, as kilograms with two decimals.
fn kilograms_fr(grams: u64) -> String {
    let hundredths = grams.div_ceil(10);
    format!("{},{:02}\u{a0}kg", hundredths / 100, hundredths % 100)
}

/// The small print of a line: size and volume of the part, the quantity discount, the lead time
/// and, for a part still to be checked, that it cannot be ordered yet.
fn details(line: &TotalLine, analysis: Option<&Analysis>) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(a) = analysis {
        let size: Vec<String> = (0..3)
            .map(|i| decimal_fr(a.bbox_max[i] - a.bbox_min[i]))
            .collect();
        out.push(format!(
            "Dimensions\u{a0}: {}\u{a0}mm · volume\u{a0}: {}\u{a0}cm³",
            size.join("\u{a0}×\u{a0}"),
            decimal_fr(a.volume_mm3 / 1000.0)
        ));
    }
    if let Some(b) = &line.breakdown {
        let tier = match b.lead_time_mode() {
            LeadTimeMode::Standard => String::new(),
            mode => format!(" ({})", mode.french().to_lowercase()),
        };
        let lead = format!("{}\u{a0}jours ouvrés{tier}", b.lead_time_days);
        out.push(if b.discount_percent > 0 {
            format!(
                "Remise de quantité de {}\u{a0}% incluse · délai\u{a0}: {lead}",
                b.discount_percent
            )
        } else {
            format!("Délai\u{a0}: {lead}")
        });
    }
    if line.status_id == status::TO_REVIEW {
        out.push("Pièce à vérifier par notre équipe avant de pouvoir être commandée.".to_owned());
    }
    out
}

/// The basket of `account_id` priced for a quote as `POST Commande/Recapitulatif` prices it: to
/// `zone` under `vat`, with the discount `code` when one is given (a refused code is a 400 with
/// its French reason: a quote never silently drops what the customer asked for).
pub async fn price_basket(
    db: &Db,
    catalog: &Catalog,
    account_id: i64,
    zone: &'static str,
    vat: VatDecision,
    code: Option<&str>,
    now: i64,
) -> Result<(Vec<BasketRow>, Totals), CommerceError> {
    let rows = account_parts::list_for_account(&mut *db.acquire().await?, account_id).await?;
    let t = totals::compute(&rows, catalog, zone, vat.clone(), None, now)?;
    let code = code.map(str::trim).filter(|c| !c.is_empty());
    let (Some(code), false) = (code, rows.is_empty()) else {
        return Ok((rows, t));
    };
    let mut conn = db.pool.acquire().await?;
    let checked = discounts::check_code(&mut conn, code, account_id, t.subtotal, now).await?;
    drop(conn);
    match checked {
        Ok((_, d)) => {
            let t = totals::compute(&rows, catalog, zone, vat, Some(&d), now)?;
            Ok((rows, t))
        }
        Err(reason) => Err(CommerceError::refused(reason)),
    }
}

/// The basket can be quoted: not empty, every line priced and none refused. Otherwise the French
/// reasons (a 400).
fn check(t: &Totals) -> Result<(), CommerceError> {
    if t.lines.is_empty() {
        return Err(CommerceError::refused(EMPTY_BASKET));
    }
    let blocking: Vec<String> = t
        .lines
        .iter()
        .filter(|l| l.breakdown.is_none() || l.status_id == status::REFUSED)
        .filter_map(|l| l.reason.clone())
        .collect();
    if blocking.is_empty() {
        Ok(())
    } else {
        Err(CommerceError::Invalid(blocking))
    }
}

/// The printed data of a quote of the basket `rows` priced as `t`, issued at `now` (the number
/// is given by [`issue`]). A 400 with the French reasons when the basket cannot be quoted.
pub fn quote_data(
    t: &Totals,
    rows: &[BasketRow],
    target: QuoteFor,
    seller: &Seller,
    now: i64,
) -> Result<QuoteData, CommerceError> {
    check(t)?;
    let lines = t
        .lines
        .iter()
        .map(|l| {
            let analysis = rows
                .iter()
                .find(|r| r.part_id == l.part_id)
                .and_then(|r| serde_json::from_str::<Analysis>(&r.analysis).ok());
            DocLine {
                designation: l.designation.clone(),
                details: details(l, analysis.as_ref()),
                quantity: l.quantite,
                unit_price_ht: DocLine::unit_price_of(l.total_ht, l.quantite),
                vat_rate_bp: t.vat.rate_bp,
                total_ht: l.total_ht,
            }
        })
        .collect();
    let lead_time_days = t
        .lines
        .iter()
        .filter_map(|l| l.breakdown.as_ref().map(|b| b.lead_time_days))
        .max();
    let shipping_note = if target.address_given {
        format!(
            "Frais de port pour une livraison en {} (colis de {}).",
            target.zone_name,
            kilograms_fr(t.weight_g)
        )
    } else {
        format!(
            "Frais de port calculés pour une livraison en {} (colis de {})\u{a0}; ils sont \
             recalculés à la commande selon l’adresse de livraison.",
            target.zone_name,
            kilograms_fr(t.weight_g)
        )
    };
    Ok(QuoteData {
        number: String::new(),
        issued_at: now,
        valid_until: paris_day_end_after(now, VALIDITY_DAYS),
        seller: seller.clone(),
        buyer: target.buyer,
        buyer_reference: target.buyer_reference.map(|r| r.as_str().to_owned()),
        lines,
        totals: DocTotals {
            subtotal_ht: t.subtotal,
            discount: t.discount,
            discount_label: t.discount_code.as_ref().map(|c| format!("Code {c}")),
            shipping: t.shipping,
            total_ht: t.total_ht,
            vat_rate_bp: t.vat.rate_bp,
            vat: t.vat_amount,
            total_ttc: t.total_ttc,
        },
        vat_regime: t.vat.regime,
        vat_exemption: t.vat.regime.exemption(t.vat.vies.clone()),
        lead_time_days,
        delivery: target
            .ship_date
            .as_ref()
            .and_then(|s| s.livraison.as_ref())
            .map(|l| (l.du.clone(), l.au.clone())),
        ship_date: target.ship_date.map(|s| s.expedition),
        card_payment: target.card_payment,
        notes: std::iter::once(shipping_note)
            .chain(t.vat.notice.map(|n| format!("{n}.")))
            .collect(),
    })
}

/// One basket line as a quote priced it (`quotes.basket`), for « Commander ce devis ».
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct QuotedBasketLine {
    /// The part.
    pub part_id: i64,
    /// The part's options, as stored with it.
    pub options: serde_json::Value,
    /// Number of parts.
    pub quantite: i64,
    /// Line total excl. VAT, cents.
    pub line_cents: i64,
}

/// The basket lines `t` priced, from the rows it priced.
pub fn quoted_basket(
    t: &Totals,
    rows: &[BasketRow],
) -> Result<Vec<QuotedBasketLine>, CommerceError> {
    t.lines
        .iter()
        .map(|l| {
            let row = rows
                .iter()
                .find(|r| r.part_id == l.part_id)
                .ok_or_else(|| {
                    CommerceError::internal(format!("line of part {} without its row", l.part_id))
                })?;
            Ok(QuotedBasketLine {
                part_id: l.part_id,
                options: serde_json::from_str(&row.options)?,
                quantite: l.quantite,
                line_cents: l.total_ht.get(),
            })
        })
        .collect()
}

/// Numbers the quote (`DE-YYYY-NNNNNN`, Paris year of its issue, next value of the counter) and
/// stores it for `account_id` with the basket lines it priced, in one transaction; returns it
/// numbered.
pub async fn issue(
    db: &Db,
    account_id: i64,
    mut data: QuoteData,
    basket: &[QuotedBasketLine],
) -> Result<QuoteData, CommerceError> {
    let year = paris_year(data.issued_at);
    let mut tx = db.begin().await?;
    let seq = counters::next(&mut tx, COUNTER_KIND, year).await?;
    data.number = counters::format_number(COUNTER_KIND, year, seq);
    let json = serde_json::to_string(&data).map_err(|e| CommerceError::Internal(e.into()))?;
    let basket = serde_json::to_string(basket)?;
    quotes::insert(
        &mut tx,
        account_id,
        data.valid_until,
        &NewDocument {
            number: &data.number,
            year,
            seq,
            issued_at: data.issued_at,
            total_ttc_cents: data.totals.total_ttc.get(),
            data: &json,
        },
        &basket,
    )
    .await?;
    tx.commit().await?;
    Ok(data)
}

/// VAT of a quote that names no address: a consumer in France (20 %).
pub fn default_vat() -> VatDecision {
    VatDecision::french()
}

/// The buyer of a quote without a billing address: the account's name and e-mail.
pub fn account_party(prenom: &str, nom: &str, email: &str) -> Party {
    Party {
        name: format!("{} {}", prenom.trim(), nom.trim())
            .trim()
            .to_owned(),
        company: None,
        address_lines: Vec::new(),
        vat_number: None,
        email: Some(email.to_owned()),
        postal: None,
        siren: None,
    }
}

#[cfg(test)]
#[path = "quote_tests.rs"]
mod tests;
