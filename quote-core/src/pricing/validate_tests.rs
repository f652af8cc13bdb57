//! The rules the catalog editor relies on to add, remove and rename items: each refusal names
//! the field in French.

use super::*;
use crate::pricing::{Choice, Material};

fn refusal(change: impl FnOnce(&mut Catalog)) -> String {
    let mut c = Catalog::default_catalog();
    change(&mut c);
    let e = c.validate().expect_err("the change should be refused");
    assert_eq!(e.code(), "invalid_catalog");
    e.message()
}

fn new_material(code: &str, name: &str) -> Material {
    let mut m = Catalog::default_catalog().processes[1].materials[0].clone();
    m.code = code.into();
    m.name = name.into();
    m
}

#[test]
fn added_renamed_and_removed_items_that_keep_the_rules_are_accepted() {
    let mut c = Catalog::default_catalog();
    c.processes[1]
        .materials
        .push(new_material("PA6", "Polyamide 6"));
    c.processes[1].materials[0].name = "PA12 grade industriel".into();
    c.processes[1].materials[0].colours.push(Choice {
        code: "bleu-nuit".into(),
        name: "Bleu nuit".into(),
        fee_cents: 300.0,
        rate_cents_per_cm2: 0.5,
    });
    c.processes[0]
        .materials
        .retain(|m| m.code != "RESINE_TENACE");
    c.post_treatments.retain(|t| t.code != "revetement");
    c.processes[2].name = "HP Multi Jet Fusion".into();
    assert_eq!(c.validate(), Ok(()));
}

#[test]
fn a_duplicate_identifier_is_refused_naming_the_list() {
    let msg = refusal(|c| c.processes[1].materials.push(new_material("PA11", "Autre")));
    assert!(
        msg.contains("SLS, matériaux\u{a0}: l'identifiant «\u{a0}PA11\u{a0}» est en double"),
        "{msg}"
    );
    let msg = refusal(|c| c.processes[0].materials[0].finishes[1].code = "brut".into());
    assert!(
        msg.contains("SLA / RESINE_STANDARD, finitions\u{a0}: l'identifiant «\u{a0}brut\u{a0}» est en double"),
        "{msg}"
    );
    let msg = refusal(|c| c.post_treatments[2].code = "polissage".into());
    assert!(
        msg.contains("post-traitements\u{a0}: l'identifiant «\u{a0}polissage\u{a0}» est en double"),
        "{msg}"
    );
}

#[test]
fn an_empty_or_malformed_identifier_is_refused() {
    let msg = refusal(|c| c.processes[3].materials.push(new_material(" ", "Cuivre")));
    assert!(
        msg.contains("SLM, matériaux\u{a0}: l'identifiant de l'élément n°\u{a0}4 est vide"),
        "{msg}"
    );
    let msg = refusal(|c| c.processes[1].materials[0].colours[0].code = "bleu clair".into());
    assert!(
        msg.contains("SLS / PA12, couleurs\u{a0}: l'identifiant «\u{a0}bleu clair\u{a0}» ne peut contenir que"),
        "{msg}"
    );
    let msg = refusal(|c| {
        c.processes[1]
            .materials
            .push(new_material("acier_trempé", "Acier"))
    });
    assert!(
        msg.contains("«\u{a0}acier_trempé\u{a0}» ne peut contenir que"),
        "{msg}"
    );
    let long = "A".repeat(MAX_CODE_CHARS + 1);
    let msg = refusal(|c| c.processes[1].materials.push(new_material(&long, "Long")));
    assert!(msg.contains("40 caractères au plus"), "{msg}");
}

#[test]
fn an_empty_too_long_or_duplicate_name_is_refused_naming_the_item() {
    let msg = refusal(|c| c.processes[1].materials[2].name = "  ".into());
    assert!(
        msg.contains("SLS, matériaux\u{a0}: le nom de «\u{a0}TPU\u{a0}» est vide"),
        "{msg}"
    );
    let msg = refusal(|c| c.processes[2].materials[0].colours[1].name = String::new());
    assert!(
        msg.contains("MJF / PA12, couleurs\u{a0}: le nom de «\u{a0}noir\u{a0}» est vide"),
        "{msg}"
    );
    let msg = refusal(|c| c.post_treatments[0].name = String::new());
    assert!(
        msg.contains("post-traitements\u{a0}: le nom de «\u{a0}polissage\u{a0}» est vide"),
        "{msg}"
    );
    let msg = refusal(|c| c.processes[1].name = " ".into());
    assert!(
        msg.contains("SLS\u{a0}: le nom du procédé est vide"),
        "{msg}"
    );
    let msg = refusal(|c| c.processes[0].materials[1].name = "x".repeat(MAX_NAME_CHARS + 1));
    assert!(msg.contains("dépasse 80 caractères"), "{msg}");
    // Two choices a customer could not tell apart.
    let msg = refusal(|c| c.processes[1].materials[1].name = " polyamide 12 (pa12)".into());
    assert!(
        msg.contains(
            "SLS, matériaux\u{a0}: le nom «\u{a0}polyamide 12 (pa12)\u{a0}» est en double"
        ),
        "{msg}"
    );
}

#[test]
fn a_process_left_with_no_material_is_refused() {
    let msg = refusal(|c| c.processes[0].materials.clear());
    assert!(
        msg.contains("SLA\u{a0}: aucun matériau proposé, un procédé doit en garder au moins un."),
        "{msg}"
    );
}

#[test]
fn a_material_left_with_no_colour_or_no_finish_is_refused() {
    let msg = refusal(|c| c.processes[1].materials[2].colours.clear());
    assert!(
        msg.contains(
            "SLS / TPU, couleurs\u{a0}: aucune couleur proposée, ajoutez-en au moins une."
        ),
        "{msg}"
    );
    let msg = refusal(|c| c.processes[3].materials[0].finishes.clear());
    assert!(
        msg.contains("SLM / ALSI10MG, finitions\u{a0}: aucune finition proposée"),
        "{msg}"
    );
}

#[test]
fn removing_the_default_material_or_colour_without_a_new_default_is_refused() {
    let msg = refusal(|c| c.processes[1].materials.retain(|m| m.code != "PA12"));
    assert!(
        msg.contains("SLS\u{a0}: le matériau par défaut «\u{a0}PA12\u{a0}» n'existe pas"),
        "{msg}"
    );
    let msg = refusal(|c| {
        let m = &mut c.processes[1].materials[0];
        m.colours.retain(|x| x.code != m.default_colour);
    });
    assert!(
        msg.contains("la valeur par défaut «\u{a0}blanc\u{a0}» n'existe pas"),
        "{msg}"
    );
}

#[test]
fn a_post_treatment_naming_a_process_twice_is_refused() {
    let msg = refusal(|c| c.post_treatments[1].processes.push("SLA".into()));
    assert!(
        msg.contains("taraudage\u{a0}: le procédé «\u{a0}SLA\u{a0}» est coché deux fois"),
        "{msg}"
    );
}
