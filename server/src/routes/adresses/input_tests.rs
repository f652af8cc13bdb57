//! Tests of the address and company validation.

use super::*;
use serde_json::json;

fn body(v: Value) -> AddressBody {
    serde_json::from_value(v).unwrap()
}

fn valid() -> Value {
    json!({
        "idPays": "fr", "ville": "Lyon", "codePostal": "69003", "rue": "12 rue de la Part-Dieu",
        "complement": "", "nom": "Dupont", "prenom": "Jeanne", "tel": "06 12 34 56 78",
        "nom_entreprise": "", "numero_tva": ""
    })
}

#[test]
fn a_complete_french_address_is_accepted_and_normalised() {
    let a = address(&body(valid())).unwrap();
    assert_eq!(a.country_code, "fr");
    assert_eq!(a.tel, "+33612345678");
    assert_eq!(a.company, None);
}

#[test]
fn the_country_may_come_as_an_object_or_in_upper_case() {
    let mut v = valid();
    v["idPays"] = json!({"code": "FR", "name": "France"});
    assert_eq!(address(&body(v)).unwrap().country_code, "fr");
}

#[test]
fn every_bad_field_is_reported_in_french() {
    let errors = address(&body(json!({"idPays": "zz", "codePostal": "1"}))).unwrap_err();
    assert!(
        errors.contains(&"Choisissez un pays dans la liste.".to_owned()),
        "{errors:?}"
    );
    assert!(
        errors.iter().any(|e| e.contains("«\u{a0}nom\u{a0}»")),
        "{errors:?}"
    );
    assert!(
        errors.iter().any(|e| e.contains("«\u{a0}prénom\u{a0}»")),
        "{errors:?}"
    );
    assert!(
        errors.iter().any(|e| e.contains("«\u{a0}ville\u{a0}»")),
        "{errors:?}"
    );
    assert!(
        errors.iter().any(|e| e.contains("«\u{a0}adresse\u{a0}»")),
        "{errors:?}"
    );
}

#[test]
fn a_french_postcode_must_have_five_digits() {
    let mut v = valid();
    v["codePostal"] = json!("6900");
    let errors = address(&body(v)).unwrap_err();
    assert_eq!(
        errors,
        vec!["Le code postal doit comporter 5\u{a0}chiffres (par exemple 75011).".to_owned()]
    );
}

#[test]
fn a_company_with_a_valid_french_vat_number_is_kept_normalised() {
    let mut v = valid();
    v["nom_entreprise"] = json!("Atelier Dupont SARL");
    v["numero_tva"] = json!("fr 40 303 265 045");
    let a = address(&body(v)).unwrap();
    let company = a.company.unwrap();
    assert_eq!(company.nom, "Atelier Dupont SARL");
    assert_eq!(company.tva.as_deref(), Some("FR40303265045"));
}

#[test]
fn a_vat_number_with_a_wrong_key_or_without_company_name_is_refused() {
    assert!(
        company(Some("Atelier"), Some("FR41303265045"), None).unwrap_err()[0]
            .contains("clé de contrôle")
    );
    let errors = company(None, Some("FR40303265045"), None).unwrap_err();
    assert_eq!(
        errors,
        vec!["Indiquez le nom de l'entreprise de ce numéro de TVA.".to_owned()]
    );
}

#[test]
fn a_french_company_may_give_its_siren_without_a_vat_number() {
    let mut v = valid();
    v["nom_entreprise"] = json!("Atelier Dupont SARL");
    v["siren"] = json!(" 732 829 320 ");
    let company = address(&body(v)).unwrap().company.unwrap();
    assert_eq!(company.siren.as_deref(), Some("732829320"));
    assert_eq!(company.tva, None);
}

#[test]
fn a_siren_failing_its_check_is_refused_in_french() {
    for bad in ["732829321", "73282932", "73282932A"] {
        assert_eq!(
            company(Some("Atelier"), None, Some(bad)).unwrap_err(),
            vec!["Le numéro SIREN doit comporter 9\u{a0}chiffres valides.".to_owned()],
            "{bad}"
        );
    }
}

#[test]
fn a_siren_must_be_the_one_of_the_french_vat_number() {
    let ok = company(Some("Atelier"), Some("FR40303265045"), Some("303 265 045"))
        .unwrap()
        .unwrap();
    assert_eq!(ok.siren.as_deref(), Some("303265045"));
    let errors = company(Some("Atelier"), Some("FR40303265045"), Some("732829320")).unwrap_err();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].starts_with("Le numéro SIREN ne correspond pas au numéro de TVA"));
    // Another member state's number says nothing of a SIREN.
    assert!(company(Some("Atelier"), Some("DE123456789"), Some("732829320")).is_ok());
}

#[test]
fn a_siren_without_company_name_is_refused() {
    assert_eq!(
        company(None, None, Some("732829320")).unwrap_err(),
        vec!["Indiquez le nom de l'entreprise de ce numéro SIREN.".to_owned()]
    );
    assert_eq!(company(Some(" "), None, Some(" ")), Ok(None));
}

#[test]
fn the_phone_is_optional_but_checked_when_given() {
    let mut v = valid();
    v["tel"] = json!("");
    assert_eq!(address(&body(v.clone())).unwrap().tel, "");
    v["tel"] = json!("12");
    assert!(address(&body(v)).is_err());
}
