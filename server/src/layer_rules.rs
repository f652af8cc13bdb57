//! The layers of the server, checked on its sources (docs/architecture.md, "Layers"): `routes/`
//! parse and answer; `commerce/` and `admin/` decide; `db/`, `documents/`, `mail/`, `payment/`,
//! `storage/`, `vies/` store, render, send, pay and check; `domain/` holds the validated values.
//! An import runs down only: a test here fails when a lower layer names a higher one, axum, or
//! `ApiError`. A write transaction is opened by the rule that writes, never by a route
//! (docs/architecture.md, "Transactions"): a test fails when a file of `routes/` opens one.

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
    "crate::vies",
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
        layer: "vies",
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

/// The one file of `routes/` that opens its own transaction: Stripe's webhook, whose event row
/// (the delivery already seen) and the payment it records commit together.
const MAY_BEGIN: [&str; 1] = ["routes/payment.rs"];

/// How code opens a transaction (`Db::begin`, sqlx's `begin` and `begin_with`).
const BEGINS: [&str; 3] = [".begin()", ".begin_with(", "Db::begin"];

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

/// Every file of `routes/` under `root`, but those of [`MAY_BEGIN`], that opens a transaction.
fn routes_that_begin(root: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(&root.join("routes"), &mut files);
    files
        .iter()
        .filter(|f| !MAY_BEGIN.iter().any(|m| f.ends_with(m)))
        .filter(|f| {
            let code = code_of(&fs::read_to_string(f).expect("readable source"));
            BEGINS.iter().any(|b| code.contains(b))
        })
        .map(|f| f.strip_prefix(root).unwrap_or(f).display().to_string())
        .collect()
}

#[test]
fn no_route_opens_a_transaction() {
    let found = routes_that_begin(&src());
    assert!(
        found.is_empty(),
        "these routes open a transaction; the rule of commerce/ or admin/ that writes opens and \
         commits it (docs/architecture.md, \"Transactions\"): {found:?}"
    );
}

#[test]
fn the_check_sees_a_route_that_opens_a_transaction() {
    let dir = std::env::temp_dir().join(format!("layer-rules-begin-{}", std::process::id()));
    fs::create_dir_all(dir.join("routes/area")).unwrap();
    fs::write(
        dir.join("routes/area/writes.rs"),
        "// state.db.begin() in a comment is fine\nlet mut tx = state\n    .db\n    .begin()\n    .await?;\n",
    )
    .unwrap();
    fs::write(
        dir.join("routes/reads.rs"),
        "let c = state.db.acquire().await?;\n",
    )
    .unwrap();
    fs::write(
        dir.join("routes/payment.rs"),
        "let tx = state.db.begin().await?;\n",
    )
    .unwrap();
    let found = routes_that_begin(&dir);
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(found, ["routes/area/writes.rs"]);
}
