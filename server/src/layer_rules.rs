//! The layers of the server, checked on its sources (docs/architecture.md, "Layers"): `routes/`
//! parse and answer; `commerce/` and `admin/` decide; `db/`, `documents/`, `mail/`, `payment/`,
//! `storage/` store, render, send and pay; `domain/` holds the validated values. An import runs
//! down only: a test here fails when a lower layer names a higher one, axum, or `ApiError`.

use std::fs;
use std::path::{Path, PathBuf};

/// A folder (or file) of `src/` and what its code must never name.
struct Rule {
    layer: &'static str,
    forbidden: &'static [&'static str],
}

const ROUTES: &str = "crate::routes";

/// What the rules and the admin's rules never name: the routes and HTTP.
const RULES_FORBID: &[&str] = &[ROUTES, "axum", "ApiError", "crate::error", "crate::state"];
/// What the stores never name: that, and the rules above them.
const STORES_FORBID: &[&str] = &[
    ROUTES,
    "axum",
    "ApiError",
    "crate::error",
    "crate::state",
    "crate::commerce",
    "crate::admin",
];
/// What `domain/` never names: that, and the stores.
const DOMAIN_FORBID: &[&str] = &[
    ROUTES,
    "axum",
    "ApiError",
    "crate::error",
    "crate::state",
    "crate::commerce",
    "crate::admin",
    "crate::db",
    "crate::documents",
    "crate::mail",
    "crate::payment",
    "crate::storage",
];

const RULES: &[Rule] = &[
    Rule {
        layer: "commerce",
        forbidden: RULES_FORBID,
    },
    Rule {
        layer: "admin",
        forbidden: RULES_FORBID,
    },
    Rule {
        layer: "db",
        forbidden: STORES_FORBID,
    },
    Rule {
        layer: "documents",
        forbidden: STORES_FORBID,
    },
    Rule {
        layer: "mail",
        forbidden: STORES_FORBID,
    },
    Rule {
        layer: "payment",
        forbidden: STORES_FORBID,
    },
    Rule {
        layer: "storage",
        forbidden: STORES_FORBID,
    },
    Rule {
        layer: "domain",
        forbidden: DOMAIN_FORBID,
    },
];

/// Files outside `routes/` that wire the routes in (the router and the program), and this one,
/// which names them to forbid them.
const MAY_NAME_ROUTES: [&str; 4] = ["lib.rs", "main.rs", "startup.rs", "layer_rules.rs"];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    if dir.is_file() {
        out.push(dir.to_owned());
        return;
    }
    for entry in fs::read_dir(dir).expect("readable source folder") {
        let path = entry.expect("readable entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a file without its comments (a comment may name any layer).
fn code_of(text: &str) -> String {
    text.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every `(file, forbidden name)` of the rules broken by the files of `rules` under `root`.
fn violations(root: &Path, rules: &[Rule]) -> Vec<String> {
    let mut found = Vec::new();
    for rule in rules {
        let mut files = Vec::new();
        let dir = root.join(rule.layer);
        let dir = if dir.exists() {
            dir
        } else {
            root.join(format!("{}.rs", rule.layer))
        };
        rust_files(&dir, &mut files);
        for file in files {
            let code = code_of(&fs::read_to_string(&file).expect("readable source"));
            for name in rule.forbidden {
                let hit = code.match_indices(name).any(|(i, _)| {
                    // A whole path segment: `crate::db` must not match `crate::dbx`.
                    let after = code[i + name.len()..].chars().next();
                    let before = code[..i].chars().next_back();
                    !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
                        && !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
                });
                if hit {
                    let rel = file.strip_prefix(root).unwrap_or(&file);
                    found.push(format!("{} names {name}", rel.display()));
                }
            }
        }
    }
    found
}

#[test]
fn lower_layers_never_name_a_higher_one_nor_http() {
    let found = violations(&src(), RULES);
    assert!(
        found.is_empty(),
        "imports running up the layers (docs/architecture.md):\n{}",
        found.join("\n")
    );
}

#[test]
fn nothing_outside_routes_names_the_routes() {
    let root = src();
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let found: Vec<String> = files
        .iter()
        .filter(|f| !f.starts_with(root.join("routes")))
        .filter(|f| !MAY_NAME_ROUTES.iter().any(|m| f.ends_with(m)))
        .filter(|f| code_of(&fs::read_to_string(f).unwrap()).contains(ROUTES))
        .map(|f| f.strip_prefix(&root).unwrap().display().to_string())
        .collect();
    assert!(
        found.is_empty(),
        "outside routes/, these name crate::routes: {found:?}"
    );
}

#[test]
fn the_check_sees_a_forbidden_import() {
    let dir = std::env::temp_dir().join(format!("layer-rules-{}", std::process::id()));
    fs::create_dir_all(dir.join("commerce")).unwrap();
    fs::write(
        dir.join("commerce/leak.rs"),
        "// crate::routes in a comment is fine\nuse crate::routes::devis;\nuse axum::Json;\n",
    )
    .unwrap();
    let found = violations(&dir, &RULES[..1]);
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(
        found,
        [
            "commerce/leak.rs names crate::routes",
            "commerce/leak.rs names axum"
        ]
    );
}
