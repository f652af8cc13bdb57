//! Saving a new version of the pricing catalog: quote-core validates it, the base version the admin
//! edited must still be the current one (optimistic check), and the audit log keeps what changed.

use std::collections::BTreeMap;

use quote_core::Catalog;
use serde_json::{Map, Value};

use crate::audit;
use crate::auth::session::Session;
use crate::commerce::error::CommerceError;
use crate::db::changes::{self, Change};
use crate::db::{catalogs, Db};
use crate::snapshot::CatalogSnapshot;

/// Answer when another admin saved a version since the form was loaded.
pub fn stale_message(current: i64) -> String {
    format!(
        "Le catalogue a été modifié entre-temps (version {current} enregistrée)\u{a0}: rechargez la page pour partir de la dernière version, puis refaites vos changements."
    )
}

/// Checks `value` with quote-core's own validation; the error is its French message.
pub fn parse(value: &Value) -> Result<Catalog, CommerceError> {
    let catalog: Catalog = serde_json::from_value(value.clone()).map_err(|e| {
        tracing::info!(error = %e, "catalog of the editor not readable");
        CommerceError::Invalid(vec![
            "Catalogue invalide\u{a0}: un champ manque, est vide ou n'a pas le bon type."
                .to_owned(),
        ])
    })?;
    catalog
        .validate()
        .map_err(|e| CommerceError::Invalid(vec![e.message()]))?;
    Ok(catalog)
}

/// Stores `catalog` as the version after `base`, in one transaction with its audit line and the
/// notice to the other instances; a 409 when `base` is no longer the current version. Returns the
/// new version, ready for the writer's snapshot ([`crate::snapshot::Snapshot::set_catalog`]).
pub async fn save(
    db: &Db,
    admin: &Session,
    base: i64,
    catalog: &Catalog,
) -> Result<CatalogSnapshot, CommerceError> {
    let json = serde_json::to_string(catalog).map_err(|e| CommerceError::Internal(e.into()))?;
    let mut tx = db.begin().await?;
    let (current, before) = catalogs::latest(&mut tx)
        .await?
        .ok_or_else(|| CommerceError::Internal(anyhow::anyhow!("no catalog in the database")))?;
    if current != base {
        return Err(CommerceError::Conflict(stale_message(current)));
    }
    let version = current + 1;
    catalogs::insert(
        &mut tx,
        version,
        &json,
        admin.account_id(),
        &admin.row.email,
    )
    .await
    .map_err(|e| match &e {
        // A concurrent save took the number first (PostgreSQL; SQLite's write lock waits).
        sqlx::Error::Database(d) if d.is_unique_violation() => {
            CommerceError::Conflict(stale_message(version))
        }
        _ => CommerceError::from(e),
    })?;
    let before: Value = serde_json::from_str(&before).unwrap_or(Value::Null);
    let after = serde_json::to_value(catalog).map_err(|e| CommerceError::Internal(e.into()))?;
    let (mut was, mut now) = changes(&before, &after);
    was.insert("version".to_owned(), current.into());
    now.insert("version".to_owned(), version.into());
    audit::record(
        &mut tx,
        admin,
        audit::CATALOG_VERSION,
        &format!("Catalogue version {version}"),
        &was,
        &now,
    )
    .await?;
    changes::announce(&mut tx, Change::Catalog).await?;
    tx.commit().await?;
    Ok(CatalogSnapshot::new(version, json, catalog.clone()))
}

/// What differs between two JSON documents, by path, an element of a list named by its `code`
/// when it has one (`processes[SLS].materials[PA12].minimum_part_price_cents`,
/// `quantity_breaks[1].discount_percent`): the old and the new value of each changed leaf
/// (`null` when absent). An element with a code that only one side has (a material, colour,
/// finish or post-treatment added or removed) is one entry holding the whole element, so that the
/// journal reads "added PA6" rather than each of its rates.
pub fn changes(before: &Value, after: &Value) -> (Map<String, Value>, Map<String, Value>) {
    let (mut a, mut b) = (Flat::default(), Flat::default());
    flatten(before, String::new(), &mut a);
    flatten(after, String::new(), &mut b);
    let mut was = Map::new();
    let mut now = Map::new();
    // Whole elements first: those of one side only, outermost (shortest path) first.
    let mut whole: Vec<&String> = a
        .coded
        .keys()
        .filter(|p| !b.coded.contains_key(*p))
        .chain(b.coded.keys().filter(|p| !a.coded.contains_key(*p)))
        .collect();
    whole.sort_by_key(|p| p.len());
    let mut taken: Vec<&String> = Vec::new();
    for path in whole {
        if taken.iter().any(|t| inside(path, t)) {
            continue;
        }
        was.insert(
            path.clone(),
            a.coded.get(path).cloned().unwrap_or(Value::Null),
        );
        now.insert(
            path.clone(),
            b.coded.get(path).cloned().unwrap_or(Value::Null),
        );
        taken.push(path);
    }
    for path in a.leaves.keys().chain(b.leaves.keys()) {
        let (x, y) = (a.leaves.get(path), b.leaves.get(path));
        if x != y && !was.contains_key(path) && !taken.iter().any(|t| inside(path, t)) {
            was.insert(path.clone(), x.cloned().unwrap_or(Value::Null));
            now.insert(path.clone(), y.cloned().unwrap_or(Value::Null));
        }
    }
    (was, now)
}

/// Whether `path` lies below the element at `element` (`a[X].b` is below `a[X]`).
fn inside(path: &str, element: &str) -> bool {
    path.strip_prefix(element)
        .is_some_and(|rest| rest.starts_with('.') || rest.starts_with('['))
}

/// A JSON document as its leaves by path, and its elements with a code by path.
#[derive(Default)]
struct Flat {
    leaves: BTreeMap<String, Value>,
    coded: BTreeMap<String, Value>,
}

fn flatten(v: &Value, path: String, out: &mut Flat) {
    match v {
        Value::Object(m) if !m.is_empty() => {
            for (k, x) in m {
                let p = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                flatten(x, p, out);
            }
        }
        Value::Array(items) if !items.is_empty() => {
            for (i, x) in items.iter().enumerate() {
                let p = match x.get("code") {
                    Some(Value::String(code)) => {
                        let p = format!("{path}[{code}]");
                        out.coded.insert(p.clone(), x.clone());
                        p
                    }
                    _ => format!("{path}[{i}]"),
                };
                flatten(x, p, out);
            }
        }
        leaf => {
            out.leaves.insert(path, leaf.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn changes_name_each_changed_added_or_removed_leaf_by_path() {
        let before = json!({ "a": 1, "b": [{ "c": 2 }, { "c": 3 }], "d": "x",
                             "p": [{ "code": "SLS", "r": 1 }] });
        let after = json!({ "a": 1, "b": [{ "c": 2 }, { "c": 4 }, { "c": 5 }],
                            "p": [{ "code": "SLS", "r": 2 }] });
        let (was, now) = changes(&before, &after);
        assert_eq!(
            Value::Object(was),
            json!({ "b[1].c": 3, "b[2].c": null, "d": "x", "p[SLS].r": 1 })
        );
        assert_eq!(
            Value::Object(now),
            json!({ "b[1].c": 4, "b[2].c": 5, "d": null, "p[SLS].r": 2 })
        );
    }

    #[test]
    fn an_added_or_removed_item_with_a_code_is_one_entry_and_a_rename_one_leaf() {
        let mut c = Catalog::default_catalog();
        let before = serde_json::to_value(&c).unwrap();
        let mut pa6 = c.processes[1].materials[0].clone();
        pa6.code = "PA6".into();
        pa6.name = "Polyamide 6".into();
        c.processes[1].materials.push(pa6);
        let tpu = c.processes[1].materials.remove(2);
        c.processes[1].materials[0].colours[1].name = "Noir profond".into();
        let after = serde_json::to_value(&c).unwrap();
        let (was, now) = changes(&before, &after);
        let mut keys: Vec<&str> = was.keys().map(String::as_str).collect();
        keys.sort_unstable();
        assert_eq!(
            keys,
            [
                "processes[SLS].materials[PA12].colours[noir].name",
                "processes[SLS].materials[PA6]",
                "processes[SLS].materials[TPU]",
            ]
        );
        assert_eq!(was["processes[SLS].materials[PA6]"], Value::Null);
        assert_eq!(now["processes[SLS].materials[PA6]"]["name"], "Polyamide 6");
        assert_eq!(
            was["processes[SLS].materials[TPU]"],
            serde_json::to_value(&tpu).unwrap()
        );
        assert_eq!(now["processes[SLS].materials[TPU]"], Value::Null);
        assert_eq!(
            now["processes[SLS].materials[PA12].colours[noir].name"],
            "Noir profond"
        );
    }

    #[test]
    fn the_same_document_has_no_change() {
        let c = serde_json::to_value(Catalog::default_catalog()).unwrap();
        let (was, now) = changes(&c, &c);
        assert!(was.is_empty() && now.is_empty());
    }

    #[test]
    fn a_catalog_quote_core_refuses_is_refused_with_its_french_message() {
        let mut c = serde_json::to_value(Catalog::default_catalog()).unwrap();
        c["processes"][1]["materials"][0]["minimum_part_price_cents"] = json!(-5);
        let Err(CommerceError::Invalid(m)) = parse(&c) else {
            panic!("a negative minimum was accepted");
        };
        assert!(
            m[0].contains("SLS / PA12") && m[0].contains("le prix minimum par pièce"),
            "{m:?}"
        );
        c["processes"] = json!("SLA");
        let Err(CommerceError::Invalid(m)) = parse(&c) else {
            panic!("a wrong type was accepted");
        };
        assert!(m[0].starts_with("Catalogue invalide"), "{m:?}");
    }
}
