//! The default catalog loads, feeds the analysis, and a broken catalog is refused with a reason.

use quote_core::pricing::round_cents;
use quote_core::{Catalog, QuoteError};

const DEFAULT: &str = include_str!("../catalog/default.json");

fn refused(edit: impl FnOnce(&mut serde_json::Value)) -> String {
    let mut v: serde_json::Value = serde_json::from_str(DEFAULT).unwrap();
    edit(&mut v);
    match Catalog::from_json(&v.to_string()) {
        Err(e @ QuoteError::InvalidCatalog { .. }) => e.to_string(),
        other => panic!("expected InvalidCatalog, got {other:?}"),
    }
}

#[test]
fn default_catalog_has_the_four_processes_in_index_order() {
    let c = Catalog::default_catalog();
    let codes: Vec<(&str, u8)> = c
        .processes
        .iter()
        .map(|p| (p.code.as_str(), p.index))
        .collect();
    assert_eq!(codes, [("SLA", 0), ("SLS", 1), ("MJF", 2), ("SLM", 3)]);
    let treatments: Vec<(u8, &str)> = c
        .post_treatments
        .iter()
        .map(|t| (t.index, t.code.as_str()))
        .collect();
    assert_eq!(
        treatments,
        [(0, "polissage"), (1, "taraudage"), (2, "revetement")]
    );
    assert_eq!(c.discount_percent(9), 0);
    assert_eq!(c.discount_percent(10), 10);
    assert_eq!(c.discount_percent(50), 25);
}

#[test]
fn analysis_options_carry_each_process_geometry() {
    let o = Catalog::default_catalog().analysis_options();
    assert_eq!(o.processes.len(), 4);
    let sla = &o.processes[0];
    assert_eq!(
        (sla.code.as_str(), sla.build_volume_mm),
        ("SLA", [335.0, 200.0, 300.0])
    );
    assert!(sla.needs_support);
    let sls = &o.processes[1];
    assert_eq!((sls.min_wall_mm, sls.needs_support), (0.8, false));
}

#[test]
fn negative_rate_is_refused() {
    let msg =
        refused(|v| v["processes"][1]["materials"][0]["space_rate_cents_per_cm3"] = (-1.0).into());
    assert!(
        msg.contains("SLS / PA12\u{a0}: le tarif d'encombrement doit être un nombre positif"),
        "{msg}"
    );
}

#[test]
fn unknown_default_material_is_refused() {
    let msg = refused(|v| v["processes"][0]["default_material"] = "BOIS".into());
    assert!(
        msg.contains("matériau par défaut «\u{a0}BOIS\u{a0}» n'existe pas"),
        "{msg}"
    );
}

#[test]
fn unknown_default_colour_is_refused() {
    let msg = refused(|v| v["processes"][2]["materials"][0]["default_colour"] = "rose".into());
    assert!(
        msg.contains("valeur par défaut «\u{a0}rose\u{a0}»"),
        "{msg}"
    );
}

#[test]
fn post_treatment_for_an_unknown_process_is_refused() {
    let msg = refused(|v| v["post_treatments"][0]["processes"][0] = "FDM".into());
    assert!(
        msg.contains("le procédé «\u{a0}FDM\u{a0}» n'existe pas"),
        "{msg}"
    );
}

#[test]
fn decreasing_quantity_breaks_are_refused() {
    let msg = refused(|v| v["quantity_breaks"][1]["discount_percent"] = 5.into());
    assert!(msg.contains("croissants"), "{msg}");
}

#[test]
fn duplicate_material_code_is_refused() {
    let msg = refused(|v| v["processes"][3]["materials"][1]["code"] = "ALSI10MG".into());
    assert!(
        msg.contains("«\u{a0}ALSI10MG\u{a0}» est en double"),
        "{msg}"
    );
}

#[test]
fn unreadable_json_is_refused() {
    let e = Catalog::from_json("{").unwrap_err();
    assert_eq!(e.code(), "invalid_catalog");
}

#[test]
fn rounding_is_half_up_to_the_cent() {
    assert_eq!(round_cents(617.5).unwrap(), 618);
    assert_eq!(round_cents(617.499_999).unwrap(), 617);
    assert_eq!(round_cents(0.0).unwrap(), 0);
    assert_eq!(round_cents(0.5).unwrap(), 1);
    assert!(round_cents(f64::NAN).is_err());
    assert!(round_cents(-1.0).is_err());
    assert!(round_cents(f64::INFINITY).is_err());
}

#[test]
fn an_empty_process_list_is_refused() {
    let msg = refused(|v| v["processes"] = serde_json::json!([]));
    assert!(msg.contains("au moins un procédé"), "{msg}");
}

#[test]
fn a_process_without_material_is_refused_naming_it() {
    let msg = refused(|v| v["processes"][2]["materials"] = serde_json::json!([]));
    assert!(msg.contains("MJF\u{a0}: aucun matériau"), "{msg}");
}

#[test]
fn negative_fees_of_choices_and_post_treatments_are_refused_naming_the_field() {
    let msg =
        refused(|v| v["processes"][0]["materials"][0]["minimum_part_price_cents"] = (-1.0).into());
    assert!(
        msg.contains("SLA / RESINE_STANDARD\u{a0}: le prix minimum par pièce"),
        "{msg}"
    );
    let msg =
        refused(|v| v["processes"][0]["materials"][0]["colours"][0]["fee_cents"] = (-2.0).into());
    assert!(
        msg.contains("couleurs") && msg.contains("les frais fixes"),
        "{msg}"
    );
    let msg = refused(|v| v["post_treatments"][1]["rate_cents"] = f64::NAN.into());
    assert!(!msg.is_empty(), "{msg}");
    let msg = refused(|v| v["post_treatments"][1]["rate_cents"] = (-250.0).into());
    assert!(msg.contains("taraudage\u{a0}: le tarif"), "{msg}");
}

#[test]
fn quantity_breaks_must_increase_in_quantity_too() {
    let msg = refused(|v| v["quantity_breaks"][1]["min_quantity"] = 10.into());
    assert!(msg.contains("croissants"), "{msg}");
    let msg = refused(|v| v["quantity_breaks"][0]["discount_percent"] = 100.into());
    assert!(msg.contains("remise < 100"), "{msg}");
}

#[test]
fn an_unordered_shipping_table_is_refused_by_the_catalog() {
    let msg = refused(|v| v["shipping"]["zones"][1]["bands"][2]["max_weight_g"] = 100.into());
    assert!(
        msg.contains("frais de port, zone «\u{a0}ue\u{a0}»") && msg.contains("croissantes"),
        "{msg}"
    );
}

#[test]
fn a_zero_maximum_quantity_is_refused() {
    let msg = refused(|v| v["max_quantity"] = 0.into());
    assert!(msg.contains("quantité maximale par ligne"), "{msg}");
}
