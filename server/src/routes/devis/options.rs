//! The customer's choices on a quote entry: merging the page's partial updates and checking them
//! against the catalog, with a French message for anything the catalog does not offer.

use quote_core::{Catalog, PriceOptions, Unit};
use serde_json::{Map, Value};

/// Keys of `updates` that change the price options.
const OPTION_KEYS: [&str; 7] = [
    "process",
    "material",
    "colour",
    "finish",
    "post_treatments",
    "quantity",
    "express",
];

/// Applies `updates` to `options`. A new process resets the material, colour and finish that
/// `updates` does not give; a new material resets colour and finish likewise.
pub fn merge(options: &PriceOptions, updates: &Map<String, Value>) -> Result<PriceOptions, String> {
    if let Some(k) = updates
        .keys()
        .find(|k| !OPTION_KEYS.contains(&k.as_str()) && k.as_str() != "unit")
    {
        return Err(format!("Option de devis inconnue : « {k} »."));
    }
    let mut value = serde_json::to_value(options).map_err(|e| e.to_string())?;
    let map = value
        .as_object_mut()
        .expect("options serialise as an object");
    let mut reset = |key: &str, when: &str| {
        if updates.contains_key(when) && !updates.contains_key(key) {
            map.insert(key.into(), Value::Null);
        }
    };
    reset("material", "process");
    reset("colour", "process");
    reset("finish", "process");
    reset("colour", "material");
    reset("finish", "material");
    for (k, v) in updates.iter().filter(|(k, _)| k.as_str() != "unit") {
        map.insert(k.clone(), v.clone());
    }
    serde_json::from_value(value).map_err(|e| format!("Options de devis invalides ({e})."))
}

/// The unit asked by `updates`, if any.
pub fn unit_update(updates: &Map<String, Value>) -> Result<Option<Unit>, String> {
    match updates.get("unit") {
        None => Ok(None),
        Some(v) => serde_json::from_value(v.clone())
            .map(Some)
            .map_err(|_| "Unité inconnue : choisissez mm, cm ou in.".to_owned()),
    }
}

/// Checks that the catalog offers every choice.
pub fn check(catalog: &Catalog, o: &PriceOptions) -> Result<(), String> {
    let process = catalog
        .process(&o.process)
        .ok_or_else(|| format!("Procédé inconnu : « {} ».", o.process))?;
    let material_code = o.material.as_deref().unwrap_or(&process.default_material);
    let material = process.material(material_code).ok_or_else(|| {
        format!(
            "Matériau « {material_code} » indisponible en {}.",
            process.code
        )
    })?;
    let offered =
        |list: &[quote_core::pricing::Choice], code: &Option<String>, what: &str| match code {
            Some(c) if !list.iter().any(|x| &x.code == c) => Err(format!(
                "{what} « {c} » indisponible pour {}.",
                material.name
            )),
            _ => Ok(()),
        };
    offered(&material.colours, &o.colour, "Couleur")?;
    offered(&material.finishes, &o.finish, "Finition")?;
    for (i, pt) in o.post_treatments.iter().enumerate() {
        let t = catalog
            .post_treatment(pt.index)
            .ok_or_else(|| format!("Post-traitement inconnu : {}.", pt.index))?;
        if !t.processes.contains(&process.code) {
            return Err(format!("{} indisponible en {}.", t.name, process.code));
        }
        if o.post_treatments[..i].iter().any(|p| p.index == pt.index) {
            return Err(format!("{} est demandé deux fois.", t.name));
        }
    }
    if o.quantity == 0 || o.quantity > catalog.max_quantity {
        return Err(format!(
            "Quantité invalide : de 1 à {} pièces par ligne.",
            catalog.max_quantity
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn updates(v: Value) -> Map<String, Value> {
        v.as_object().unwrap().clone()
    }

    #[test]
    fn a_new_process_drops_the_old_material_unless_one_is_given() {
        let mut o = PriceOptions::for_process("SLA");
        o.material = Some("RESINE_TENACE".into());
        let merged = merge(&o, &updates(json!({"process": "SLS", "quantity": 3}))).unwrap();
        assert_eq!(merged.process, "SLS");
        assert_eq!(merged.material, None);
        assert_eq!(merged.quantity, 3);
    }

    #[test]
    fn an_unknown_key_or_a_wrong_type_is_refused_in_french() {
        let o = PriceOptions::default();
        assert!(merge(&o, &updates(json!({"prix": 1})))
            .unwrap_err()
            .contains("inconnue"));
        assert!(merge(&o, &updates(json!({"quantity": "dix"}))).is_err());
        assert!(unit_update(&updates(json!({"unit": "ft"}))).is_err());
        assert_eq!(
            unit_update(&updates(json!({"unit": "in"}))).unwrap(),
            Some(Unit::In)
        );
    }

    #[test]
    fn choices_outside_the_catalog_are_refused() {
        let c = Catalog::default_catalog();
        assert!(check(&c, &PriceOptions::for_process("SLS")).is_ok());
        assert!(check(&c, &PriceOptions::for_process("FDM"))
            .unwrap_err()
            .contains("FDM"));
        let mut o = PriceOptions::for_process("SLA");
        o.quantity = 0;
        assert!(check(&c, &o).unwrap_err().starts_with("Quantité invalide"));
        o.quantity = 1;
        o.material = Some("PA12".into());
        assert!(check(&c, &o).unwrap_err().contains("PA12"));
    }
}
