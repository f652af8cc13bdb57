//! Each refusal of [`validate_options`] with its exact French message, and what it accepts.

use super::*;
use crate::pricing::PostTreatmentChoice;

fn catalog() -> Catalog {
    Catalog::default_catalog()
}

fn refusal(catalog: &Catalog, options: PriceOptions) -> String {
    validate_options(catalog, &options).unwrap_err().message()
}

fn with(process: &str, change: impl FnOnce(&mut PriceOptions)) -> PriceOptions {
    let mut o = PriceOptions::for_process(process);
    change(&mut o);
    o
}

#[test]
fn defaults_and_offered_choices_are_accepted_and_resolved() {
    let c = catalog();
    let v = validate_options(&c, &PriceOptions::for_process("SLA")).unwrap();
    assert_eq!(
        (v.process.code.as_str(), v.material.code.as_str()),
        ("SLA", "RESINE_STANDARD")
    );
    assert_eq!(
        (v.colour.code.as_str(), v.finish.code.as_str()),
        ("gris", "brut")
    );
    let o = with("SLS", |o| {
        o.material = Some("PA11".into());
        o.colour = Some("noir".into());
        o.finish = Some("microbille".into());
        o.post_treatments = vec![
            PostTreatmentChoice { index: 1, holes: 4 },
            PostTreatmentChoice { index: 0, holes: 9 },
        ];
        o.quantity = 1000;
        o.express = true;
    });
    let v = validate_options(&c, &o).unwrap();
    assert_eq!(v.quantity, 1000);
    let pts: Vec<(&str, u32)> = v
        .post_treatments
        .iter()
        .map(|(t, h)| (t.code.as_str(), *h))
        .collect();
    // Holes count for tapping only.
    assert_eq!(pts, [("taraudage", 4), ("polissage", 0)]);
}

#[test]
fn an_unknown_process_is_refused_with_the_known_ones() {
    assert_eq!(
        refusal(&catalog(), PriceOptions::for_process("FDM")),
        "Option de devis invalide\u{a0}: procédé «\u{a0}FDM\u{a0}» inconnu (valeurs possibles\u{a0}: SLA, SLS, MJF, SLM)."
    );
}

#[test]
fn a_material_of_another_process_is_refused() {
    let o = with("SLA", |o| o.material = Some("PA12".into()));
    assert_eq!(
        refusal(&catalog(), o),
        "Option de devis invalide\u{a0}: matériau «\u{a0}PA12\u{a0}» inconnu pour le procédé SLA (valeurs possibles\u{a0}: RESINE_STANDARD, RESINE_TENACE, RESINE_TRANSPARENTE)."
    );
}

#[test]
fn a_colour_the_material_does_not_offer_is_refused() {
    let o = with("MJF", |o| o.colour = Some("rose".into()));
    assert_eq!(
        refusal(&catalog(), o),
        "Option de devis invalide\u{a0}: couleur «\u{a0}rose\u{a0}» inconnue (valeurs possibles\u{a0}: gris, noir)."
    );
}

#[test]
fn a_finish_the_material_does_not_offer_is_refused() {
    let o = with("SLS", |o| {
        o.material = Some("TPU".into());
        o.finish = Some("microbille".into());
    });
    assert_eq!(
        refusal(&catalog(), o),
        "Option de devis invalide\u{a0}: finition «\u{a0}microbille\u{a0}» inconnue (valeurs possibles\u{a0}: brut)."
    );
}

#[test]
fn an_unknown_post_treatment_is_refused() {
    let o = with("SLA", |o| {
        o.post_treatments = vec![PostTreatmentChoice { index: 7, holes: 0 }];
    });
    assert_eq!(
        refusal(&catalog(), o),
        "Option de devis invalide\u{a0}: post-traitement n° 7 inconnu."
    );
}

#[test]
fn a_post_treatment_asked_twice_is_refused() {
    let o = with("SLA", |o| {
        o.post_treatments = vec![PostTreatmentChoice { index: 2, holes: 0 }; 2];
    });
    assert_eq!(
        refusal(&catalog(), o),
        "Option de devis invalide\u{a0}: le post-traitement «\u{a0}Revêtement de surface\u{a0}» est demandé deux fois."
    );
}

#[test]
fn a_post_treatment_not_offered_for_the_process_is_refused() {
    let mut c = catalog();
    c.post_treatments[2].processes.retain(|p| p != "SLM");
    let o = with("SLM", |o| {
        o.post_treatments = vec![PostTreatmentChoice { index: 2, holes: 0 }];
    });
    assert_eq!(
        refusal(&c, o),
        "Option de devis invalide\u{a0}: le post-traitement «\u{a0}Revêtement de surface\u{a0}» n'est pas proposé pour le procédé SLM."
    );
}

#[test]
fn tapping_needs_1_to_1000_holes() {
    for holes in [0, 1001] {
        let o = with("SLM", |o| {
            o.post_treatments = vec![PostTreatmentChoice { index: 1, holes }];
        });
        assert_eq!(
            refusal(&catalog(), o),
            format!("Option de devis invalide\u{a0}: «\u{a0}Taraudage\u{a0}»\u{a0}: indiquez un nombre de trous entre 1 et 1000 (lu\u{a0}: {holes})."),
        );
    }
}

#[test]
fn a_quantity_outside_1_to_the_maximum_is_refused() {
    let c = catalog();
    for (q, shown) in [(0, "0"), (1001, "1\u{202f}001")] {
        let o = with("SLS", |o| o.quantity = q);
        assert_eq!(
            refusal(&c, o),
            format!("Option de devis invalide\u{a0}: la quantité doit être comprise entre 1 et 1\u{202f}000 (demandée\u{a0}: {shown}).")
        );
    }
    assert_eq!(
        validate_quantity(&c, -3).unwrap_err().message(),
        "Option de devis invalide\u{a0}: la quantité doit être comprise entre 1 et 1\u{202f}000 (demandée\u{a0}: -3)."
    );
    assert!(validate_quantity(&c, i64::from(u32::MAX) + 1).is_err());
    assert_eq!(validate_quantity(&c, 1).unwrap(), 1);
    assert_eq!(validate_quantity(&c, 1000).unwrap(), 1000);
}

#[test]
fn express_is_refused_when_the_catalog_offers_none() {
    let mut c = catalog();
    c.express = None;
    let o = with("SLA", |o| o.express = true);
    assert_eq!(
        refusal(&c, o),
        "Option de devis invalide\u{a0}: le délai express n'est pas proposé."
    );
}

#[test]
fn the_price_refuses_what_validation_refuses_with_the_same_message() {
    let c = catalog();
    let analysis = crate::analyze_file(
        "cube.stl",
        include_bytes!("../../../fixtures/cube.stl"),
        &c.analysis_options(),
    )
    .unwrap();
    let o = with("SLS", |o| o.colour = Some("rose".into()));
    assert_eq!(
        crate::price(&analysis, &o, &c).unwrap_err().message(),
        refusal(&c, o)
    );
}
