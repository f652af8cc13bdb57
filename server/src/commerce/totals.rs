//! Totals of a basket, computed on the server only: each line priced again by quote-core from the
//! part's stored analysis and options and the current catalog (rounded once, by quote-core), the
//! subtotal, the discount (rounded once on the subtotal), the shipping fee of the parcel's weight
//! to the delivery zone, the total excl. VAT, the VAT (rounded once on that total) and the total
//! incl. VAT. Pure: the caller reads the rows and decides the VAT regime.

use quote_core::{Analysis, Catalog, PriceBreakdown, PriceOptions};

use super::error::CommerceError;
use super::line_summary::summary;
use super::quoted_price::quoted_price;
use super::vat::VatDecision;
use crate::db::account_parts::BasketRow;
use crate::db::pieces::status;
use crate::documents::DocLine;
use crate::domain::Cents;

/// How a discount code reduces the subtotal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiscountKind {
    /// `value` basis points of the subtotal (1000 = 10 %).
    Percent,
    /// `value` cents, at most the subtotal.
    Fixed,
}

/// A discount already found usable by the discount rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Discount {
    /// The code, as stored (upper case).
    pub code: String,
    /// Percent or fixed.
    pub kind: DiscountKind,
    /// Basis points (percent) or cents (fixed).
    pub value: i64,
}

impl Discount {
    /// The amount taken off a subtotal: one rounding for a percentage, never above the subtotal.
    pub fn amount(&self, subtotal: Cents) -> Cents {
        let raw = match self.kind {
            DiscountKind::Percent => subtotal.times_bp(self.value),
            DiscountKind::Fixed => Cents(self.value),
        };
        raw.at_least_zero().min(subtotal)
    }
}

/// One priced line.
#[derive(Debug, Clone)]
pub struct TotalLine {
    /// The part.
    pub part_id: i64,
    /// File name — process, material, colour, finish, options.
    pub designation: String,
    /// Number of parts.
    pub quantite: i64,
    /// Price of one part before the quantity discount, cents excl. VAT.
    pub unit: Cents,
    /// Line total excl. VAT (quantity discount and lead-time tier factor included), rounded once.
    pub total_ht: Cents,
    /// Part status id.
    pub status_id: i64,
    /// Whether this line can be ordered (priced, status Analysée or Validée).
    pub orderable: bool,
    /// Why it cannot, in French.
    pub reason: Option<String>,
    /// The options the line was priced with.
    pub options: PriceOptions,
    /// quote-core's breakdown, when it could be priced.
    pub breakdown: Option<PriceBreakdown>,
    /// The quote whose price the line keeps (« Commander ce devis »), when it applies.
    pub quote: Option<String>,
}

/// Every amount of a basket sent to one address.
#[derive(Debug, Clone)]
pub struct Totals {
    /// Lines in basket order.
    pub lines: Vec<TotalLine>,
    /// Σ line totals.
    pub subtotal: Cents,
    /// Discount taken off the subtotal.
    pub discount: Cents,
    /// Code of the discount applied.
    pub discount_code: Option<String>,
    /// Shipping zone code (`france`, `ue`, `monde`).
    pub zone: &'static str,
    /// Parcel weight, g (packaging included).
    pub weight_g: u64,
    /// Shipping fee excl. VAT.
    pub shipping: Cents,
    /// subtotal − discount + shipping.
    pub total_ht: Cents,
    /// Regime, rate and buyer's VAT number.
    pub vat: VatDecision,
    /// VAT amount, rounded once on `total_ht`.
    pub vat_amount: Cents,
    /// total_ht + VAT.
    pub total_ttc: Cents,
    /// Whether the basket can be ordered as it is.
    pub orderable: bool,
    /// Why not, in French (one sentence a problem).
    pub reasons: Vec<String>,
}

impl Totals {
    /// The mention of the VAT regime shown under the totals (intra-EU supply, export).
    pub fn mention(&self) -> Option<&'static str> {
        self.vat.regime.mention()
    }
}

fn price_row(row: &BasketRow, catalog: &Catalog, now: i64) -> Result<TotalLine, CommerceError> {
    let mut options: PriceOptions = serde_json::from_str(&row.options).map_err(|e| {
        CommerceError::Internal(anyhow::anyhow!(
            "stored options of part {}: {e}",
            row.part_id
        ))
    })?;
    options.quantity = u32::try_from(row.quantite).unwrap_or(u32::MAX);
    let analysis: Analysis = serde_json::from_str(&row.analysis).map_err(|e| {
        CommerceError::Internal(anyhow::anyhow!(
            "stored analysis of part {}: {e}",
            row.part_id
        ))
    })?;
    let mut line = TotalLine {
        part_id: row.part_id,
        designation: row.file_name.clone(),
        quantite: row.quantite,
        unit: Cents::ZERO,
        total_ht: Cents::ZERO,
        status_id: row.status_id,
        orderable: false,
        reason: None,
        options,
        breakdown: None,
        quote: None,
    };
    match quote_core::pricing::price_saved(&analysis, &line.options, catalog) {
        Ok(b) => {
            line.designation = format!(
                "{} — {}",
                row.file_name,
                summary(&b, &line.options, catalog)
            );
            line.unit = Cents(i64::try_from(b.unit_cents).unwrap_or(i64::MAX));
            line.total_ht = Cents(i64::try_from(b.line_cents).unwrap_or(i64::MAX));
            line.breakdown = Some(b);
            // A line put back by « Commander ce devis » keeps the quote's price (its unit price
            // is then the line's, the quantity discount being in it).
            if let Some((cents, number)) = quoted_price(row, now) {
                line.total_ht = cents;
                line.unit = DocLine::unit_price_of(cents, row.quantite);
                line.quote = Some(number.to_owned());
            }
        }
        Err(e) => {
            line.reason = Some(format!(
                "«\u{a0}{}\u{a0}» ne peut plus être chiffrée. {}",
                row.file_name,
                sentence(&e.message())
            ))
        }
    }
    if line.reason.is_none() {
        line.reason = match row.status_id {
            status::TO_REVIEW => Some(format!(
                "«\u{a0}{}\u{a0}» est à vérifier par notre équipe avant de pouvoir être commandée.",
                row.file_name
            )),
            status::REFUSED => Some(format!(
                "«\u{a0}{}\u{a0}» a été refusée par notre équipe\u{a0}: retirez-la du panier.",
                row.file_name
            )),
            _ => None,
        };
    }
    line.orderable = line.reason.is_none();
    Ok(line)
}

/// quote-core's `message` as a sentence of its own, to follow another: its first letter a
/// capital, ended by a full stop when it has no final punctuation.
fn sentence(message: &str) -> String {
    let message = message.trim();
    let mut chars = message.chars();
    let mut out: String = match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => return String::new(),
    };
    if !out.ends_with(['.', '!', '?', '…']) {
        out.push('.');
    }
    out
}

/// Prices the basket `rows` to a delivery zone under a VAT decision, with an optional discount
/// already found usable. Lines that cannot be priced count for nothing and make the basket not
/// orderable.
pub fn compute(
    rows: &[BasketRow],
    catalog: &Catalog,
    zone: &'static str,
    vat: VatDecision,
    discount: Option<&Discount>,
    now: i64,
) -> Result<Totals, CommerceError> {
    let lines = rows
        .iter()
        .map(|r| price_row(r, catalog, now))
        .collect::<Result<Vec<_>, _>>()?;
    let subtotal: Cents = lines.iter().map(|l| l.total_ht).sum();
    let discount_amount = discount.map_or(Cents::ZERO, |d| d.amount(subtotal));
    let priced: Vec<PriceBreakdown> = lines.iter().filter_map(|l| l.breakdown.clone()).collect();
    let weight_g = catalog.shipping.parcel_weight_g(&priced);
    let shipping_cents = catalog
        .shipping
        .fee_cents(zone, weight_g)
        .map_err(|e| CommerceError::Internal(anyhow::anyhow!("shipping fee: {e}")))?;
    let shipping = Cents(i64::try_from(shipping_cents).unwrap_or(i64::MAX));
    let total_ht = subtotal - discount_amount + shipping;
    let vat_amount = total_ht.times_bp(vat.rate_bp);
    let mut reasons: Vec<String> = lines.iter().filter_map(|l| l.reason.clone()).collect();
    if lines.is_empty() {
        reasons.push("Votre panier est vide.".to_owned());
    }
    Ok(Totals {
        orderable: reasons.is_empty(),
        reasons,
        subtotal,
        discount: discount_amount,
        discount_code: discount.map(|d| d.code.clone()),
        zone,
        weight_g,
        shipping,
        total_ht,
        vat_amount,
        total_ttc: total_ht + vat_amount,
        vat,
        lines,
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::commerce::vat::{decide, VatInput, VatRegime, ViesProof, ViesStatus};

    /// A basket row of `cube.stl` analysed with the default catalog (shared with the quote tests).
    pub(crate) fn row(part_id: i64, quantite: i64, status_id: i64, process: &str) -> BasketRow {
        let catalog = Catalog::default_catalog();
        let bytes = include_bytes!("../../../fixtures/cube.stl");
        let analysis =
            quote_core::analyze_file("cube.stl", bytes, &catalog.analysis_options()).unwrap();
        BasketRow {
            id: part_id,
            part_id,
            quantite,
            file_name: format!("piece{part_id}.stl"),
            analysis: serde_json::to_string(&analysis).unwrap(),
            options: serde_json::to_string(&PriceOptions::for_process(process)).unwrap(),
            status_id,
            review_reasons: String::new(),
            review_note: String::new(),
            review_request: String::new(),
            quote_number: None,
            quote_options: None,
            quote_quantite: None,
            quote_line_cents: None,
            quote_valid_until: None,
        }
    }

    /// The decision for a delivery to `delivery` billed to a company with `number` (none: a
    /// consumer), VIES having found the number valid.
    fn vat(delivery: &str, _billing: &str, number: Option<&str>) -> VatDecision {
        let valid = ViesStatus::Valid(ViesProof {
            request_identifier: "WAPIAAAAZ0001".into(),
            checked_at: 1_795_348_800,
        });
        decide(
            VatInput {
                delivery_country: delivery,
                company: number.is_some(),
                vat_number: number,
            },
            Some(&valid),
        )
    }

    fn rows() -> Vec<BasketRow> {
        vec![row(1, 3, status::ANALYSED, "SLA"), row(2, 12, 3, "SLS")]
    }

    #[test]
    fn a_french_consumer_pays_vat_once_on_the_total_excl_vat() {
        let c = Catalog::default_catalog();
        let t = compute(&rows(), &c, "france", vat("fr", "fr", None), None, 0).unwrap();
        let lines: i64 = t
            .lines
            .iter()
            .map(|l| l.breakdown.as_ref().unwrap().line_cents as i64)
            .sum();
        assert_eq!(t.subtotal, Cents(lines));
        assert!(t.subtotal.get() > 0);
        assert_eq!(t.discount, Cents::ZERO);
        assert_eq!(
            t.shipping.get() as u64,
            c.shipping.fee_cents("france", t.weight_g).unwrap()
        );
        assert_eq!(t.total_ht, t.subtotal + t.shipping);
        assert_eq!(t.vat.rate_bp, 2000);
        assert_eq!(t.vat_amount, t.total_ht.times_bp(2000));
        assert_eq!(t.total_ttc, t.total_ht + t.vat_amount);
        assert!(t.orderable && t.reasons.is_empty());
        assert_eq!(t.mention(), None);
        assert!(
            t.lines[0].designation.starts_with("piece1.stl — SLA"),
            "{}",
            t.lines[0].designation
        );
    }

    #[test]
    fn the_parcel_weighs_every_part_and_the_packaging() {
        let c = Catalog::default_catalog();
        let t = compute(&rows(), &c, "france", vat("fr", "fr", None), None, 0).unwrap();
        let grams: f64 = t
            .lines
            .iter()
            .map(|l| l.breakdown.as_ref().unwrap().weight_g * l.quantite as f64)
            .sum();
        assert_eq!(t.weight_g, grams.ceil() as u64 + 150);
        let heavier = compute(
            &[row(1, 300, 1, "SLA")],
            &c,
            "france",
            vat("fr", "fr", None),
            None,
            0,
        )
        .unwrap();
        assert!(heavier.weight_g > t.weight_g);
    }

    #[test]
    fn each_zone_has_its_fee() {
        let c = Catalog::default_catalog();
        let fr = compute(&rows(), &c, "france", vat("fr", "fr", None), None, 0).unwrap();
        let ue = compute(&rows(), &c, "ue", vat("de", "de", None), None, 0).unwrap();
        let world = compute(&rows(), &c, "monde", vat("us", "us", None), None, 0).unwrap();
        assert!(fr.shipping < ue.shipping && ue.shipping < world.shipping);
        assert_eq!(fr.weight_g, world.weight_g);
    }

    #[test]
    fn a_french_company_pays_vat_an_eu_company_buys_an_intra_eu_supply() {
        let c = Catalog::default_catalog();
        let b2b_fr = compute(
            &rows(),
            &c,
            "france",
            vat("fr", "fr", Some("FR40303265045")),
            None,
            0,
        )
        .unwrap();
        assert_eq!(b2b_fr.vat.rate_bp, 2000);
        let b2b_eu = compute(
            &rows(),
            &c,
            "ue",
            vat("de", "de", Some("DE123456789")),
            None,
            0,
        )
        .unwrap();
        assert_eq!(b2b_eu.vat.regime, VatRegime::IntraEu);
        assert_eq!(b2b_eu.vat_amount, Cents::ZERO);
        assert_eq!(b2b_eu.total_ttc, b2b_eu.total_ht);
        assert!(b2b_eu.mention().unwrap().contains("262 ter I"));
    }

    #[test]
    fn an_export_has_no_vat() {
        let c = Catalog::default_catalog();
        let t = compute(&rows(), &c, "monde", vat("ch", "fr", None), None, 0).unwrap();
        assert_eq!(t.vat.regime, VatRegime::Export);
        assert_eq!(t.vat_amount, Cents::ZERO);
        assert_eq!(t.total_ttc, t.subtotal + t.shipping);
        assert!(t.mention().unwrap().contains("262 I"));
    }

    #[test]
    fn a_percent_discount_is_rounded_once_on_the_subtotal() {
        let c = Catalog::default_catalog();
        let d = Discount {
            code: "DIX".into(),
            kind: DiscountKind::Percent,
            value: 1000,
        };
        let t = compute(&rows(), &c, "france", vat("fr", "fr", None), Some(&d), 0).unwrap();
        assert_eq!(t.discount, t.subtotal.times_bp(1000));
        assert_eq!(t.total_ht, t.subtotal - t.discount + t.shipping);
        assert_eq!(t.discount_code.as_deref(), Some("DIX"));
        // 12,345 € at 10 %: 1 234,5 cents, rounded half away from zero once.
        assert_eq!(d.amount(Cents(12_345)), Cents(1_235));
    }

    #[test]
    fn a_fixed_discount_never_exceeds_the_subtotal() {
        let d = Discount {
            code: "CENT".into(),
            kind: DiscountKind::Fixed,
            value: 10_000,
        };
        assert_eq!(d.amount(Cents(25_000)), Cents(10_000));
        assert_eq!(d.amount(Cents(4_000)), Cents(4_000));
        let c = Catalog::default_catalog();
        let t = compute(
            &[row(1, 1, 1, "SLA")],
            &c,
            "france",
            vat("fr", "fr", None),
            Some(&d),
            0,
        )
        .unwrap();
        assert_eq!(t.total_ht, t.shipping, "goods free, shipping still due");
    }

    #[test]
    fn parts_to_review_or_refused_and_an_empty_basket_cannot_be_ordered() {
        let c = Catalog::default_catalog();
        let mut r = rows();
        r.push(row(3, 1, status::TO_REVIEW, "SLA"));
        r.push(row(4, 1, status::REFUSED, "SLA"));
        let t = compute(&r, &c, "france", vat("fr", "fr", None), None, 0).unwrap();
        assert!(!t.orderable);
        assert_eq!(t.reasons.len(), 2);
        assert!(t.reasons[0].contains("piece3.stl") && t.reasons[0].contains("à vérifier"));
        assert!(t.reasons[1].contains("piece4.stl") && t.reasons[1].contains("refusée"));
        assert!(t.lines[0].orderable && !t.lines[2].orderable);
        let empty = compute(&[], &c, "france", vat("fr", "fr", None), None, 0).unwrap();
        assert!(!empty.orderable);
        assert_eq!(empty.reasons, vec!["Votre panier est vide.".to_owned()]);
        assert_eq!(empty.total_ttc, Cents::ZERO);
    }

    #[test]
    fn a_line_the_catalog_no_longer_prices_counts_for_nothing() {
        let c = Catalog::default_catalog();
        let mut r = rows();
        r[0].options = serde_json::to_string(&PriceOptions::for_process("XYZ")).unwrap();
        let t = compute(&r, &c, "france", vat("fr", "fr", None), None, 0).unwrap();
        assert!(!t.orderable);
        assert_eq!(t.subtotal, t.lines[1].total_ht);
        let reason = t.lines[0].reason.as_deref().unwrap();
        // The verdict is quote-core's, word for word, as a sentence after the line's: checkout
        // has no rule of its own.
        let verdict = quote_core::pricing::validate_options(&c, &PriceOptions::for_process("XYZ"))
            .unwrap_err()
            .message();
        assert!(verdict.starts_with("Option de devis invalide"), "{verdict}");
        assert_eq!(
            reason,
            format!("«\u{a0}piece1.stl\u{a0}» ne peut plus être chiffrée. {verdict}")
        );
    }

    #[test]
    fn a_withdrawn_choice_reads_as_its_own_sentence_after_the_line() {
        let mut c = Catalog::default_catalog();
        c.processes[1].materials.retain(|m| m.code != "PA11");
        let mut r = rows();
        let mut options = PriceOptions::for_process("SLS");
        options.material = Some("PA11".into());
        r[1].options = serde_json::to_string(&options).unwrap();
        let t = compute(&r, &c, "france", vat("fr", "fr", None), None, 0).unwrap();
        assert_eq!(
            t.lines[1].reason.as_deref(),
            Some(
                "«\u{a0}piece2.stl\u{a0}» ne peut plus être chiffrée. Le matériau PA11 n'est plus \
                 proposé pour le procédé SLS\u{a0}: choisissez-en un autre."
            )
        );
        assert_eq!(t.reasons, vec![t.lines[1].reason.clone().unwrap()]);
    }

    #[test]
    fn a_message_starting_in_lower_case_becomes_a_sentence() {
        assert_eq!(
            sentence("le montant calculé est hors limites (analyse invalide ?)"),
            "Le montant calculé est hors limites (analyse invalide ?)."
        );
        assert_eq!(
            sentence(" épaisseur trop faible. "),
            "Épaisseur trop faible."
        );
        assert_eq!(
            sentence("Le matériau PA11 n'est plus proposé\u{a0}: choisissez-en un autre."),
            "Le matériau PA11 n'est plus proposé\u{a0}: choisissez-en un autre."
        );
        assert_eq!(sentence(""), "");
    }
}
