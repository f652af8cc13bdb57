//! The printed data of a quote from basket totals: lines with their dimensions and lead time,
//! totals as computed for the order summary, validity, and the baskets that cannot be quoted.

use quote_core::{Catalog, PriceOptions};

use super::*;
use crate::commerce::totals::compute;
use crate::commerce::totals::tests::row;
use crate::commerce::vat::{decide, VatInput, VatRegime, ViesProof, ViesStatus};
use crate::domain::paris_time::{fr_date, fr_date_time};
use crate::domain::Cents;

/// 2026-11-22 10:00 UTC.
const NOV_22: i64 = 1_795_341_600;

fn totals(rows: &[BasketRow], billing_vat: Option<&str>, country: &str) -> Totals {
    let valid = ViesStatus::Valid(ViesProof {
        request_identifier: "WAPIAAAAZ0001".into(),
        checked_at: NOV_22,
    });
    let vat = decide(
        VatInput {
            delivery_country: country,
            company: billing_vat.is_some(),
            vat_number: billing_vat,
        },
        Some(&valid),
    );
    let zone = crate::commerce::shipping::zone_code(country);
    compute(rows, &Catalog::default_catalog(), zone, vat, None, 0).unwrap()
}

fn target(address_given: bool) -> QuoteFor {
    QuoteFor {
        buyer: account_party("Jeanne", "Dupont", "jeanne@exemple.fr"),
        zone_name: "France métropolitaine".to_owned(),
        address_given,
        card_payment: false,
        buyer_reference: None,
        ship_date: None,
    }
}

fn seller() -> Seller {
    Seller::from_env("Forme Additive")
}

#[test]
fn a_quote_prints_the_totals_of_the_summary_and_each_part_with_its_size() {
    let rows = vec![
        row(1, 3, status::ANALYSED, "SLA"),
        row(2, 12, status::TO_REVIEW, "SLS"),
    ];
    let t = totals(&rows, None, "fr");
    let q = quote_data(&t, &rows, target(false), &seller(), NOV_22).unwrap();
    assert_eq!(q.totals.subtotal_ht, t.subtotal);
    assert_eq!(q.totals.shipping, t.shipping);
    assert_eq!(q.totals.total_ht, t.total_ht);
    assert_eq!(q.totals.vat_rate_bp, 2000);
    assert_eq!(q.totals.vat, t.vat_amount);
    assert_eq!(q.totals.total_ttc, t.total_ttc);
    assert_eq!(q.vat_regime, VatRegime::France);
    assert_eq!(q.lines.len(), 2);
    let sum: i64 = q.lines.iter().map(|l| l.total_ht.get()).sum();
    assert_eq!(sum, t.subtotal.get());
    assert_eq!(q.lines[0].quantity, 3);
    assert!(q.lines[0].designation.starts_with("piece1.stl — SLA"));
    let a: Analysis = serde_json::from_str(&rows[0].analysis).unwrap();
    let x = decimal_fr(a.bbox_max[0] - a.bbox_min[0]);
    assert!(
        q.lines[0].details[0].starts_with(&format!("Dimensions\u{a0}: {x}\u{a0}×")),
        "{:?}",
        q.lines[0].details
    );
    assert!(
        q.lines[0].details[1].starts_with("Délai\u{a0}: "),
        "{:?}",
        q.lines[0].details
    );
    // 12 parts get the catalog's quantity discount, printed as included.
    assert!(
        q.lines[1].details[1].starts_with("Remise de quantité de "),
        "{:?}",
        q.lines[1].details
    );
    assert!(q.lines[1].details[2].contains("à vérifier"));
    assert!(!q.lines[0].details.iter().any(|d| d.contains("à vérifier")));
    let longest = t
        .lines
        .iter()
        .map(|l| l.breakdown.as_ref().unwrap().lead_time_days)
        .max();
    assert_eq!(q.lead_time_days, longest);
    assert!(
        q.notes[0].contains("recalculés à la commande"),
        "{:?}",
        q.notes
    );
    assert!(q.number.is_empty(), "numbered when issued");
}

#[test]
fn a_quote_carries_the_buyer_s_order_reference_when_given() {
    let rows = vec![row(1, 1, status::ANALYSED, "SLA")];
    let t = totals(&rows, None, "fr");
    let q = quote_data(&t, &rows, target(true), &seller(), NOV_22).unwrap();
    assert_eq!(q.buyer_reference, None);
    let reference = OrderReference::parse(" BC-2026/0042 ").unwrap();
    let with = QuoteFor {
        buyer_reference: reference,
        ..target(true)
    };
    let q = quote_data(&t, &rows, with, &seller(), NOV_22).unwrap();
    assert_eq!(q.buyer_reference.as_deref(), Some("BC-2026/0042"));
}

#[test]
fn a_quote_carries_the_basket_s_ship_date_and_delivery_range_as_the_checkout_gives_them() {
    let rows = vec![row(1, 1, status::ANALYSED, "SLA")];
    let t = totals(&rows, None, "fr");
    let catalog = Catalog::default_catalog();
    // Friday 11 December 2026 at 12:00 in Paris: past the cut-off, day 0 is Monday 14.
    let now = quote_core::calendar::parse_rfc3339("2026-12-11T12:00:00+01:00").unwrap();
    let ship = crate::commerce::ship_dates::of_basket(&t, &catalog, now)
        .unwrap()
        .expect("a priced line has a date");
    let days = t.lines[0].breakdown.as_ref().unwrap().lead_time_days;
    assert_eq!(ship.jours_ouvres, days);
    let expected = crate::commerce::ship_dates::ship_date(&catalog, now, days).unwrap();
    assert_eq!(ship.expedition, expected.to_string());
    let range = ship.livraison.clone().expect("the zone of the basket");
    assert_eq!(range.zone, "france");
    let with = QuoteFor {
        ship_date: Some(ship.clone()),
        ..target(true)
    };
    let q = quote_data(&t, &rows, with, &seller(), now).unwrap();
    assert_eq!(q.ship_date.as_deref(), Some(ship.expedition.as_str()));
    assert_eq!(q.delivery, Some((range.du, range.au)));
    let q = quote_data(&t, &rows, target(true), &seller(), now).unwrap();
    assert_eq!((q.ship_date, q.delivery), (None, None));
}

#[test]
fn a_quote_is_valid_to_the_end_of_the_thirtieth_paris_day() {
    let rows = vec![row(1, 1, status::ANALYSED, "SLA")];
    let q = quote_data(
        &totals(&rows, None, "fr"),
        &rows,
        target(true),
        &seller(),
        NOV_22,
    )
    .unwrap();
    assert_eq!(fr_date(q.issued_at), "22/11/2026");
    assert_eq!(fr_date_time(q.valid_until), "22/12/2026 à 23:59");
    assert!(q.notes[0].starts_with("Frais de port pour une livraison en France métropolitaine"));
}

#[test]
fn an_eu_company_quote_is_an_intra_eu_supply_with_its_vies_consultation() {
    let rows = vec![row(1, 2, 3, "MJF")];
    let t = totals(&rows, Some("DE123456789"), "de");
    let q = quote_data(&t, &rows, target(true), &seller(), NOV_22).unwrap();
    assert_eq!(q.vat_regime, VatRegime::IntraEu);
    let exemption = q.vat_exemption.as_ref().unwrap();
    assert_eq!(exemption.category, "K");
    assert_eq!(
        exemption.vies.as_ref().unwrap().request_identifier,
        "WAPIAAAAZ0001"
    );
    assert_eq!(q.totals.vat, Cents::ZERO);
    assert_eq!(q.totals.total_ttc, q.totals.total_ht);
    assert_eq!(q.lines[0].vat_rate_bp, 0);
}

#[test]
fn an_empty_basket_a_refused_part_or_an_unpriceable_one_cannot_be_quoted() {
    let empty = quote_data(
        &totals(&[], None, "fr"),
        &[],
        target(false),
        &seller(),
        NOV_22,
    );
    assert!(
        matches!(&empty, Err(CommerceError::Refused(m)) if m == EMPTY_BASKET),
        "{empty:?}"
    );
    let rows = vec![
        row(1, 1, status::ANALYSED, "SLA"),
        row(2, 1, status::REFUSED, "SLA"),
    ];
    let refused = quote_data(
        &totals(&rows, None, "fr"),
        &rows,
        target(false),
        &seller(),
        NOV_22,
    );
    match refused {
        Err(CommerceError::Invalid(reasons)) => {
            assert_eq!(reasons.len(), 1);
            assert!(reasons[0].contains("piece2.stl") && reasons[0].contains("refusée"));
        }
        other => panic!("{other:?}"),
    }
    let mut rows = vec![row(1, 1, status::ANALYSED, "SLA")];
    rows[0].options = serde_json::to_string(&PriceOptions::for_process("XYZ")).unwrap();
    let unpriced = quote_data(
        &totals(&rows, None, "fr"),
        &rows,
        target(false),
        &seller(),
        NOV_22,
    );
    assert!(
        matches!(&unpriced, Err(CommerceError::Invalid(r)) if r[0].contains("ne peut plus être chiffrée")),
        "{unpriced:?}"
    );
}

#[test]
fn weights_and_sizes_are_written_the_french_way() {
    assert_eq!(kilograms_fr(183), "0,19\u{a0}kg");
    assert_eq!(kilograms_fr(2_350), "2,35\u{a0}kg");
    assert_eq!(kilograms_fr(1_000), "1,00\u{a0}kg");
    assert_eq!(decimal_fr(20.04), "20,0");
    assert_eq!(decimal_fr(84.26), "84,3");
}

#[test]
fn an_economique_or_express_line_says_its_tier_beside_its_lead_time_and_in_its_designation() {
    let mut catalog = Catalog::default_catalog();
    catalog.processes[1].lead_times = vec![quote_core::pricing::LeadTimeTier {
        mode: LeadTimeMode::Economique,
        lead_time_days: 12,
        factor_percent: 90,
    }];
    let mut eco = row(1, 2, status::ANALYSED, "SLS");
    let mut options = PriceOptions::for_process("SLS");
    options.economique = true;
    eco.options = serde_json::to_string(&options).unwrap();
    let mut express = row(2, 1, status::ANALYSED, "SLA");
    options = PriceOptions::for_process("SLA");
    options.express = true;
    express.options = serde_json::to_string(&options).unwrap();
    let rows = vec![eco, express];
    let vat = decide(
        VatInput {
            delivery_country: "fr",
            company: false,
            vat_number: None,
        },
        None,
    );
    let t = compute(&rows, &catalog, "france", vat, None, 0).unwrap();
    let q = quote_data(&t, &rows, target(false), &seller(), NOV_22).unwrap();
    assert!(
        q.lines[0].designation.ends_with(" · Économique"),
        "{}",
        q.lines[0].designation
    );
    assert_eq!(
        q.lines[0].details[1],
        "Délai\u{a0}: 12\u{a0}jours ouvrés (économique)"
    );
    assert!(q.lines[1].designation.ends_with(" · Express"));
    assert_eq!(
        q.lines[1].details[1],
        "Délai\u{a0}: 3\u{a0}jours ouvrés (express)"
    );
    // The économique line is the standard one at 90 %, rounded once.
    let b = t.lines[0].breakdown.as_ref().unwrap();
    let exact = b.unit_cents * 2 * u64::from(100 - b.discount_percent) * 90;
    assert_eq!(b.line_cents, (exact + 5_000) / 10_000);
}
