use jiff::civil::date;

use super::*;
use crate::db::statistics::{MixRow, RangeFigures};

fn today() -> Date {
    date(2026, 11, 22)
}

#[test]
fn without_dates_the_period_is_the_twelve_months_up_to_today() {
    let p = Period::parse(None, None, today()).unwrap();
    assert_eq!(p.from, date(2025, 12, 1));
    assert_eq!(p.to, date(2026, 11, 22));
    assert_eq!(p.month_ranges().len(), 12);
}

#[test]
fn bad_dates_get_one_french_message_each() {
    let e = Period::parse(Some("2026-13-01"), Some("hier"), today()).unwrap_err();
    assert_eq!(e.len(), 2, "{e:?}");
    assert!(e[0].contains("«\u{a0}au\u{a0}»"), "{e:?}");
    assert!(e[1].contains("«\u{a0}du\u{a0}»"), "{e:?}");
    let e = Period::parse(Some("2026-02-30"), None, today()).unwrap_err();
    assert!(e[0].contains("AAAA-MM-JJ"));
    let e = Period::parse(Some("2026-05-02"), Some("2026-05-01"), today()).unwrap_err();
    assert_eq!(
        e,
        vec!["La date de début doit précéder la date de fin.".to_owned()]
    );
    let e = Period::parse(Some("2020-01-01"), Some("2026-05-01"), today()).unwrap_err();
    assert!(e[0].contains("36\u{a0}mois"), "{e:?}");
    assert!(Period::parse(Some("2023-06-01"), Some("2026-05-31"), today()).is_ok());
}

#[test]
fn months_are_cut_at_paris_midnight_and_to_the_period() {
    let p = Period::parse(Some("2026-03-15"), Some("2026-04-10"), today()).unwrap();
    let r = p.month_ranges();
    assert_eq!(r.len(), 2);
    assert_eq!(r[0].key, "2026-03");
    // 15 March 2026 00:00 in Paris (UTC+1) is 14 March 23:00 UTC.
    assert_eq!(r[0].start, 1_773_529_200);
    // 1 April 2026 00:00 in Paris (UTC+2, summer time since 29 March) is 31 March 22:00 UTC.
    assert_eq!(r[0].end, 1_774_994_400);
    assert_eq!(r[1].key, "2026-04");
    assert_eq!(r[1].start, r[0].end);
    // 11 April 2026 00:00 in Paris is 10 April 22:00 UTC.
    assert_eq!(r[1].end, 1_775_858_400);
    assert_eq!(p.bounds(), (r[0].start, r[1].end));
}

#[test]
fn ratios_round_half_up() {
    assert_eq!(ratio_round(10, 4), 3);
    assert_eq!(ratio_round(10, 3), 3);
    assert_eq!(ratio_round(5, 0), 0);
    assert_eq!(ratio_round(20_000, 3), 6667);
}

#[test]
fn the_report_sums_months_and_names_processes_and_default_materials() {
    let catalog = quote_core::Catalog::default_catalog();
    let sls = catalog.process("SLS").unwrap();
    let p = Period::parse(Some("2026-01-01"), Some("2026-02-28"), today()).unwrap();
    let month = |key: &str, paid, revenue, placed, quotes| RangeFigures {
        key: key.into(),
        paid_orders: paid,
        revenue_ht_cents: revenue,
        placed_orders: placed,
        quotes,
        parts: 7,
    };
    let mix = vec![
        MixRow {
            process: "SLS".into(),
            material: None,
            total_ht_cents: 3000,
            quantity: 3,
        },
        MixRow {
            process: "SLS".into(),
            material: Some(sls.default_material.clone()),
            total_ht_cents: 1000,
            quantity: 1,
        },
        MixRow {
            process: "SLA".into(),
            material: None,
            total_ht_cents: 4000,
            quantity: 2,
        },
    ];
    let r = report(
        &p,
        vec![
            month("2026-01", 2, 1001, 3, 4),
            month("2026-02", 1, 500, 1, 0),
        ],
        mix,
        &catalog,
    );
    assert_eq!(r.mois[0].libelle, "janvier 2026");
    assert_eq!(r.mois[1].libelle, "février 2026");
    assert_eq!(r.totaux.commandes_payees, 3);
    assert_eq!(r.totaux.chiffre_affaires_ht_cents, 1501);
    assert_eq!(r.totaux.panier_moyen_ht_cents, 500);
    assert_eq!(r.totaux.taux_transformation_bp, Some(10_000));
    assert_eq!(r.totaux.pieces_analysees, 14);
    assert_eq!(r.par_procede.len(), 2);
    assert_eq!(r.par_procede[0].code, "SLA");
    assert_eq!(r.par_procede[0].part_bp, 5000);
    assert_eq!(r.par_procede[1].total_ht_cents, 4000);
    assert_eq!(r.par_procede[1].quantite, 4);
    assert_eq!(r.par_procede[1].libelle, sls.name);
    // The default material and the same material named are one share.
    let sls_default = format!("SLS · {}", sls.default_material);
    let m = r
        .par_matiere
        .iter()
        .find(|m| m.code == sls_default)
        .unwrap();
    assert_eq!(m.total_ht_cents, 4000);
    assert_eq!(r.par_matiere.len(), 2);
}
