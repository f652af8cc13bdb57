//! Hand-computed prices for each process with the default catalog, and the French errors of
//! invalid options. If a rate of `catalog/default.json` changes, redo the arithmetic here.

use quote_core::analysis::analyze;
use quote_core::pricing::{price_all_processes, PostTreatmentChoice};
use quote_core::{price, Analysis, Catalog, Format, Mesh, PriceOptions, QuoteError};

/// A synthetic analysis: a part of `volume` mm³ and `area` mm², fitting every process with the
/// same oriented box (`bbox` mm³, `height` mm) and `support` mm³ of support. It starts from the
/// engine's real analysis of a cube so that new analysis fields need no change here.
fn part(volume: f64, area: f64, bbox: f64, height: f64, support: f64) -> Analysis {
    let mut a = analyze(
        Format::Stl,
        &cube(),
        &Catalog::default_catalog().analysis_options(),
    )
    .expect("a closed cube is analysed");
    assert_eq!(a.fits.len(), 4);
    a.volume_mm3 = volume;
    a.signed_volume_mm3 = volume;
    a.area_mm2 = area;
    for fit in &mut a.fits {
        fit.fits = true;
        fit.height_mm = height;
        fit.bbox_volume_mm3 = bbox;
        fit.support_volume_mm3 = support;
    }
    a
}

/// A closed 10 mm cube, outward faces.
fn cube() -> Mesh {
    let vertices = (0..8)
        .map(|i| {
            [
                (i & 1) as f64 * 10.0,
                (i >> 1 & 1) as f64 * 10.0,
                (i >> 2 & 1) as f64 * 10.0,
            ]
        })
        .collect();
    let quads = [
        [0, 2, 3, 1],
        [4, 5, 7, 6],
        [0, 1, 5, 4],
        [2, 6, 7, 3],
        [0, 4, 6, 2],
        [1, 3, 7, 5],
    ];
    let triangles = quads
        .iter()
        .flat_map(|[a, b, c, d]| [[*a, *b, *c], [*a, *c, *d]])
        .collect();
    Mesh {
        vertices,
        triangles,
    }
}

fn options(process: &str) -> PriceOptions {
    PriceOptions::for_process(process)
}

#[test]
fn sla_cube_is_priced_with_supports_and_height() {
    // 20 mm cube, 1 500 mm³ of supports, standard resin:
    // material 65 c/cm³ × (8 000 + 1 500) mm³ / 1 000 = 617.5 -> 618 (half up)
    // height   10 c/mm × 20 mm = 200 ; handling 500 ; total 1 318 > minimum 900.
    let a = part(8000.0, 2400.0, 8000.0, 20.0, 1500.0);
    let b = price(&a, &options("SLA"), &Catalog::default_catalog()).unwrap();
    assert_eq!(b.material, "RESINE_STANDARD");
    assert_eq!(b.component_cents("material"), 618);
    assert_eq!(b.component_cents("height"), 200);
    assert_eq!(b.component_cents("handling"), 500);
    assert_eq!(b.component_cents("space"), 0);
    assert_eq!(
        (b.unit_cents, b.line_cents, b.minimum_applied),
        (1318, 1318, false)
    );
}

#[test]
fn quantity_break_and_express_round_the_line_once() {
    // Same SLA cube, 10 parts, express: 1 318 × 10 × 0.90 × 1.35 = 16 013.7 -> 16 014.
    let a = part(8000.0, 2400.0, 8000.0, 20.0, 1500.0);
    let catalog = Catalog::default_catalog();
    let mut o = PriceOptions {
        quantity: 10,
        ..options("SLA")
    };
    let b = price(&a, &o, &catalog).unwrap();
    assert_eq!((b.discount_percent, b.line_cents), (10, 11_862));
    o.express = true;
    let b = price(&a, &o, &catalog).unwrap();
    assert_eq!((b.express_factor_percent, b.lead_time_days), (135, 3));
    assert_eq!(b.unit_cents, 1318);
    assert_eq!(b.line_cents, 16_014);
}

#[test]
fn sls_prices_the_bounding_box_and_ignores_supports() {
    // 50 mm solid cube in PA12, black dye, bead-blasted (area 15 000 mm² = 150 cm²):
    // material 2 × 125 = 250 ; space 10 × 125 = 1 250 ; handling 400
    // colour 150 + 1 × 150 = 300 ; finish 100 + 1 × 150 = 250 ; total 2 450.
    let a = part(125_000.0, 15_000.0, 125_000.0, 50.0, 999.0);
    let o = PriceOptions {
        colour: Some("noir".into()),
        finish: Some("microbille".into()),
        ..options("SLS")
    };
    let b = price(&a, &o, &Catalog::default_catalog()).unwrap();
    assert_eq!(b.component_cents("material"), 250);
    assert_eq!(b.component_cents("space"), 1250);
    assert_eq!(b.component_cents("handling"), 400);
    assert_eq!(b.component_cents("colour"), 300);
    assert_eq!(b.component_cents("finish"), 250);
    assert_eq!(b.unit_cents, 2450);
    assert_eq!(b.material_volume_cm3, 125.0);
}

#[test]
fn mjf_small_part_gets_the_minimum_and_the_fifty_part_break() {
    // 10 mm cube in PA12: 2 × 1 + 9 × 1 + 400 = 411 < minimum 800 -> 800.
    // 50 parts: 800 × 50 × 0.75 = 30 000.
    let a = part(1000.0, 600.0, 1000.0, 10.0, 0.0);
    let o = PriceOptions {
        quantity: 50,
        ..options("MJF")
    };
    let b = price(&a, &o, &Catalog::default_catalog()).unwrap();
    assert_eq!(b.subtotal_cents, 411);
    assert!(b.minimum_applied);
    assert_eq!(
        (b.unit_cents, b.discount_percent, b.line_cents),
        (800, 25, 30_000)
    );
    assert_eq!(b.factor, 0.75);
}

#[test]
fn slm_part_with_polishing_and_tapping() {
    // AlSi10Mg, 12 345.6 mm³ + 2 000 mm³ of supports, height 33.3 mm, area 50 cm²:
    // material 300 × 14.3456 = 4 303.68 -> 4 304 ; height 40 × 33.3 = 1 332 ; handling 1 500
    // polishing 500 + 8 × 50 = 900 ; tapping 4 × 250 = 1 000 ; total 9 036.
    let a = part(12_345.6, 5000.0, 20_000.0, 33.3, 2000.0);
    let o = PriceOptions {
        post_treatments: vec![
            PostTreatmentChoice { index: 0, holes: 0 },
            PostTreatmentChoice { index: 1, holes: 4 },
        ],
        ..options("SLM")
    };
    let b = price(&a, &o, &Catalog::default_catalog()).unwrap();
    assert_eq!(b.component_cents("material"), 4304);
    assert_eq!(b.component_cents("height"), 1332);
    assert_eq!(b.component_cents("post_treatment_0"), 900);
    assert_eq!(b.component_cents("post_treatment_1"), 1000);
    assert_eq!(b.unit_cents, 9036);
    let weight = b.weight_g;
    assert!((weight - 12.3456 * 2.67).abs() < 1e-9, "{weight}");
}

#[test]
fn inverted_part_is_priced_on_its_absolute_volume() {
    // The analysis reports |volume| in volume_mm3; the signed value must not leak into the price.
    let mut a = part(8000.0, 2400.0, 8000.0, 20.0, 1500.0);
    a.signed_volume_mm3 = -8000.0;
    a.inverted = true;
    let b = price(&a, &options("SLA"), &Catalog::default_catalog()).unwrap();
    assert_eq!(b.unit_cents, 1318);
}

#[test]
fn part_that_does_not_fit_is_refused_and_left_out_of_the_overview() {
    let mut a = part(8000.0, 2400.0, 8000.0, 20.0, 0.0);
    a.fits[3].fits = false;
    let catalog = Catalog::default_catalog();
    let e = price(&a, &options("SLM"), &catalog).unwrap_err();
    assert_eq!(
        e,
        QuoteError::DoesNotFit {
            process: "SLM".into()
        }
    );
    assert_eq!(e.code(), "does_not_fit");
    let all = price_all_processes(&a, &catalog, 1);
    let codes: Vec<&str> = all.iter().map(|(c, _)| c.as_str()).collect();
    assert_eq!(codes, ["SLA", "SLS", "MJF", "SLM"]);
    assert_eq!(
        all[0].1,
        Some(price(&a, &options("SLA"), &catalog).unwrap().unit_cents)
    );
    assert_eq!(all[3].1, None);
}

fn error_of(o: PriceOptions) -> String {
    let a = part(8000.0, 2400.0, 8000.0, 20.0, 0.0);
    let e = price(&a, &o, &Catalog::default_catalog()).unwrap_err();
    assert_eq!(e.code(), "invalid_option", "{e}");
    e.to_string()
}

#[test]
fn invalid_options_give_clear_french_errors() {
    let unknown_material = error_of(PriceOptions {
        material: Some("BOIS".into()),
        ..options("SLA")
    });
    assert!(
        unknown_material.contains("matériau «\u{a0}BOIS\u{a0}» inconnu pour le procédé SLA"),
        "{unknown_material}"
    );
    assert!(unknown_material.contains("RESINE_STANDARD"));
    let zero = error_of(PriceOptions {
        quantity: 0,
        ..options("SLS")
    });
    assert!(
        zero.contains("la quantité doit être comprise entre 1 et 1\u{202f}000 (demandée\u{a0}: 0)"),
        "{zero}"
    );
    let too_many = error_of(PriceOptions {
        quantity: 1001,
        ..options("SLS")
    });
    assert!(
        too_many.contains("(demandée\u{a0}: 1\u{202f}001)"),
        "{too_many}"
    );
    let process = error_of(options("FDM"));
    assert!(
        process.starts_with("Option de devis invalide\u{a0}: procédé «\u{a0}FDM\u{a0}» inconnu"),
        "{process}"
    );
    let colour = error_of(PriceOptions {
        colour: Some("rose".into()),
        ..options("MJF")
    });
    assert!(
        colour.contains("couleur «\u{a0}rose\u{a0}» inconnue"),
        "{colour}"
    );
    let no_holes = error_of(PriceOptions {
        post_treatments: vec![PostTreatmentChoice { index: 1, holes: 0 }],
        ..options("SLM")
    });
    assert!(no_holes.contains("nombre de trous"), "{no_holes}");
    let twice = error_of(PriceOptions {
        post_treatments: vec![PostTreatmentChoice { index: 2, holes: 0 }; 2],
        ..options("SLA")
    });
    assert!(twice.contains("demandé deux fois"), "{twice}");
    let unknown_treatment = error_of(PriceOptions {
        post_treatments: vec![PostTreatmentChoice { index: 7, holes: 0 }],
        ..options("SLA")
    });
    assert!(
        unknown_treatment.contains("post-traitement n° 7 inconnu"),
        "{unknown_treatment}"
    );
}

#[test]
fn options_and_breakdown_use_snake_case_json() {
    let o: PriceOptions = serde_json::from_str(
        r#"{"process":"SLS","post_treatments":[{"index":1,"holes":2}],"quantity":3}"#,
    )
    .unwrap();
    assert_eq!(o.material, None);
    assert_eq!(o.post_treatments[0].holes, 2);
    let a = part(1000.0, 600.0, 1000.0, 10.0, 0.0);
    let b = price(&a, &o, &Catalog::default_catalog()).unwrap();
    let json = serde_json::to_value(&b).unwrap();
    for key in [
        "unit_cents",
        "line_cents",
        "minimum_part_price_cents",
        "discount_percent",
    ] {
        assert!(json.get(key).is_some(), "missing {key}");
    }
    assert_eq!(json["components"][0]["label"], "Matière");
}
