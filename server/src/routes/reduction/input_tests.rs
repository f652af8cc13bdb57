//! Unit tests of the admin's discount body: each field's French refusal and the defaults.

use serde_json::json;

use super::*;

fn body(v: Value) -> Map<String, Value> {
    v.as_object().cloned().unwrap()
}

#[test]
fn a_minimal_code_gets_the_defaults() {
    let f = new_fields(&body(
        json!({ "code": " bienvenue10 ", "type": "percent", "valeur": 1000 }),
    ))
    .unwrap();
    assert_eq!(f.code, "BIENVENUE10");
    assert_eq!(f.kind, DiscountKind::Percent);
    assert_eq!(f.value, 1_000);
    assert_eq!(f.min_order_cents, 0);
    assert!(f.active);
    assert_eq!(
        (f.valid_from, f.valid_until, f.max_uses),
        (None, None, None)
    );
}

#[test]
fn missing_required_fields_are_named() {
    let errors = new_fields(&body(json!({}))).unwrap_err();
    assert_eq!(errors.len(), 3, "{errors:?}");
}

#[test]
fn paris_dates_cover_whole_days() {
    let f = new_fields(&body(json!({
        "code": "NOEL", "type": "fixed", "valeur": 500,
        "valide_du": "2026-12-01", "valide_au": "2026-12-31"
    })))
    .unwrap();
    // 00:00 in Paris is 23:00 UTC the day before in winter.
    assert_eq!(f.valid_from, Some(1_796_079_600)); // 2026-11-30T23:00:00Z
    assert_eq!(f.valid_until, Some(1_798_757_999)); // 2026-12-31T22:59:59Z
    let g = new_fields(&body(json!({
        "code": "NOEL", "type": "fixed", "valeur": 500, "valide_au": "2026-12-31T10:00:00Z"
    })))
    .unwrap();
    assert_eq!(g.valid_until, Some(1_798_711_200));
}

#[test]
fn every_bad_field_is_refused_in_french() {
    let cases = [
        (json!({ "code": "A" }), "Code invalide"),
        (json!({ "code": "ÉTÉ2026" }), "Code invalide"),
        (json!({ "type": "gift" }), "Type de réduction invalide"),
        (json!({ "valeur": 0 }), "Valeur invalide"),
        (json!({ "valeur": "10" }), "Valeur invalide"),
        (json!({ "valeur": 10_001 }), "100\u{a0}%"),
        (
            json!({ "minimum_commande_cents": -1 }),
            "Minimum de commande invalide",
        ),
        (json!({ "valide_du": "demain" }), "Date de début invalide"),
        (json!({ "valide_au": 3 }), "Date de fin invalide"),
        (
            json!({ "valide_du": "2026-12-02", "valide_au": "2026-12-01" }),
            "La date de fin doit suivre",
        ),
        (
            json!({ "utilisations_max": 0 }),
            "Nombre maximal d'utilisations invalide",
        ),
        (
            json!({ "utilisations_max_par_compte": 1.5 }),
            "par compte invalide",
        ),
        (json!({ "id_compte": "7" }), "Compte réservataire invalide"),
        (json!({ "actif": 1 }), "Indiquez si le code est actif"),
        (
            json!({ "description": "x".repeat(501) }),
            "Description invalide",
        ),
    ];
    for (extra, expected) in cases {
        let mut b = body(json!({ "code": "OK10", "type": "percent", "valeur": 1000 }));
        b.extend(body(extra.clone()));
        let errors = new_fields(&b).unwrap_err();
        assert!(
            errors.iter().any(|e| e.contains(expected)),
            "{extra}: {errors:?}"
        );
    }
}

#[test]
fn an_update_keeps_what_it_does_not_name_and_clears_explicit_nulls() {
    let current = new_fields(&body(json!({
        "code": "ETE", "type": "percent", "valeur": 1500, "utilisations_max": 10, "description": "Été"
    })))
    .unwrap();
    let f = apply(
        current.clone(),
        &body(json!({ "valeur": 2000, "utilisations_max": null })),
    )
    .unwrap();
    assert_eq!(f.value, 2_000);
    assert_eq!(f.max_uses, None);
    assert_eq!(f.description, "Été");
    assert_eq!(f.code, "ETE");
}
