//! The customer's choices on a quote entry: merging the page's partial updates, then asking
//! quote-core (the one place that decides) whether the catalog offers them.

use quote_core::pricing::{validate_options, withdrawn_choice};
use quote_core::{Catalog, PriceOptions, Unit};
use serde_json::{Map, Value};

/// Keys of `updates` that change the price options.
const OPTION_KEYS: [&str; 8] = [
    "process",
    "material",
    "colour",
    "finish",
    "post_treatments",
    "quantity",
    "express",
    "economique",
];

/// Applies `updates` to `options`. A new process resets the material, colour and finish that
/// `updates` does not give; a new material resets colour and finish likewise. Express and
/// économique are one choice, the lead-time tier: asking one (`true`) drops the other unless
/// `updates` gives it too (both `true` is then refused by quote-core).
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
    for (asked, other) in [("express", "economique"), ("economique", "express")] {
        if updates.get(asked) == Some(&Value::Bool(true)) && !updates.contains_key(other) {
            map.insert(other.into(), Value::Bool(false));
        }
    }
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

/// Checks that the catalog offers every choice of `o` (the entry's `saved` options with the
/// page's updates): quote-core's verdict and French message. A choice the entry already held and
/// the catalog has since withdrawn gets quote-core's "n'est plus proposé" sentence, as the price
/// does; a new choice the catalog does not offer gets the list of values offered.
pub fn check(catalog: &Catalog, saved: &PriceOptions, o: &PriceOptions) -> Result<(), String> {
    let verdict = validate_options(catalog, o).map(|_| ());
    match (verdict, withdrawn_choice(catalog, o)) {
        (Err(_), Some(gone)) if withdrawn_choice(catalog, saved).as_ref() == Some(&gone) => {
            Err(gone.message())
        }
        (verdict, _) => verdict.map_err(|e| e.message()),
    }
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
    fn asking_one_lead_time_tier_drops_the_other_unless_both_are_given() {
        let mut o = PriceOptions::for_process("SLS");
        o.economique = true;
        let merged = merge(&o, &updates(json!({"express": true}))).unwrap();
        assert_eq!((merged.express, merged.economique), (true, false));
        let back = merge(&merged, &updates(json!({"economique": true}))).unwrap();
        assert_eq!((back.express, back.economique), (false, true));
        let both = merge(&o, &updates(json!({"express": true, "economique": true}))).unwrap();
        assert_eq!((both.express, both.economique), (true, true));
        let mut c = Catalog::default_catalog();
        c.processes[1].lead_times = vec![quote_core::pricing::LeadTimeTier {
            mode: quote_core::pricing::LeadTimeMode::Economique,
            lead_time_days: 12,
            factor_percent: 90,
        }];
        assert!(check(&c, &o, &both)
            .unwrap_err()
            .contains("choisissez le délai express ou le délai économique, pas les deux"));
        // `false` changes only its own key.
        let off = merge(&o, &updates(json!({"express": false}))).unwrap();
        assert_eq!((off.express, off.economique), (false, true));
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
    fn choices_outside_the_catalog_get_quote_core_s_message() {
        let c = Catalog::default_catalog();
        let fresh = PriceOptions::default();
        assert!(check(&c, &fresh, &PriceOptions::for_process("SLS")).is_ok());
        let mut o = PriceOptions::for_process("SLA");
        o.quantity = 0;
        let verdict = validate_options(&c, &o).unwrap_err().message();
        assert_eq!(check(&c, &fresh, &o).unwrap_err(), verdict);
        assert!(verdict.contains("la quantité doit être comprise entre 1 et"));
    }
}
