//! The « économique » lead-time tier (issue 25): the admin offers it on a process with its days
//! and price factor (`POST Admin/Catalogue`); a quote entry and a basket line choosing it
//! (`economique: true`) are priced with its factor to quote-core's cent and ship on its days; its
//! name shows in the basket's summary and on the order's line; it is refused in French where the
//! process has none, or together with express.

use quote_core::{analyze_file, price, Catalog, PriceOptions};
use serde_json::{json, Value};

use crate::admin_catalogue::{get, save};
use crate::builders::{a_customer, an_admin, place_order, FR};
use crate::devis_helpers::{box_stl, drop_file, post, price_of, set_entry};
use crate::helpers::{spawn_app, spawn_app_with, TestApp, TestClient};

/// Thursday 24 December 2026 at 11:30 in Paris: before the cut-off, day 0 is that day.
const CHRISTMAS_EVE_MORNING: &str = "2026-12-24T11:30:00+01:00";

/// The admin saves version 2 of the catalog, where SLS offers an économique tier of 12 working
/// days at 90 %; returns that catalog.
async fn offer_economique(app: &TestApp) -> Catalog {
    let admin = an_admin(app).await;
    let (_, v1) = get(&admin, "Admin/Catalogue").await;
    let mut edited = v1["catalogue"].clone();
    edited["processes"][1]["lead_times"] =
        json!([{ "mode": "economique", "lead_time_days": 12, "factor_percent": 90 }]);
    let (status, v2) = save(&admin, 1, &edited).await;
    assert_eq!(status, 201, "{v2}");
    Catalog::from_json(&edited.to_string()).unwrap()
}

/// quote-core's line for the 20 × 30 × 40 mm part.
fn native(catalog: &Catalog, options: &PriceOptions) -> u64 {
    let bytes = box_stl(20.0, 30.0, 40.0);
    let analysis = analyze_file("piece.stl", &bytes, &catalog.analysis_options()).unwrap();
    price(&analysis, options, catalog).unwrap().line_cents
}

async fn options_of(c: &TestClient, updates: Value) -> (u16, Value) {
    let res = set_entry(c, 0, updates).await;
    (
        res.status().as_u16(),
        res.json().await.unwrap_or(Value::Null),
    )
}

#[tokio::test]
async fn a_line_choosing_economique_is_priced_with_its_factor_ships_on_its_days_and_says_so() {
    let app = spawn_app_with(|s| s.dates_clock = Some(CHRISTMAS_EVE_MORNING.into())).await;
    let catalog = offer_economique(&app).await;
    let c = a_customer(&app).with_address(FR).await;
    drop_file(&c, box_stl(20.0, 30.0, 40.0), "eco.stl", 0).await;
    let (status, body) = options_of(
        &c,
        json!({ "process": "SLS", "quantity": 7, "economique": true }),
    )
    .await;
    assert_eq!(status, 200, "{body}");

    let body: Value = price_of(&c, 0).await.json().await.unwrap();
    let prix = &body["prix"];
    assert_eq!(
        (&prix["economique"], &prix["express"]),
        (&json!(true), &json!(false)),
        "{body}"
    );
    assert_eq!(
        (&prix["express_factor_percent"], &prix["lead_time_days"]),
        (&json!(90), &json!(12))
    );
    let options = PriceOptions {
        quantity: 7,
        economique: true,
        ..PriceOptions::for_process("SLS")
    };
    let line = native(&catalog, &options);
    assert_eq!(prix["line_cents"], line);
    let standard = native(
        &catalog,
        &PriceOptions {
            economique: false,
            ..options.clone()
        },
    );
    assert!(line < standard, "{line} vs {standard}");
    // Every tier with its date: 12 working days from 24 December, past 25 December and
    // 1 January, is Wednesday 13 January.
    let tiers: Vec<(&str, u64, &str)> = body["delais"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["mode"].as_str().unwrap(),
                r["jours_ouvres"].as_u64().unwrap(),
                r["expedition"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        tiers,
        [
            ("economique", 12, "2027-01-13"),
            ("standard", 7, "2027-01-06"),
            ("express", 3, "2026-12-30")
        ]
    );

    // In the basket: the same price, the économique date, its name in the summary.
    let res = post(&c, "/api/devis/panier", json!({ "dataFiles": [0] })).await;
    assert_eq!(res.status(), 200);
    let lines: Vec<Value> = c.get_json("ComptePiece").await;
    let l = &lines[0];
    assert_eq!(l["prix"], line, "{l}");
    assert_eq!(l["delai_jours"], 12);
    assert_eq!(l["expedition"], "2027-01-13");
    assert_eq!(l["options"]["economique"], true);
    let resume = l["resume"].as_str().unwrap();
    assert!(resume.ends_with(" · Économique"), "{resume}");
    assert!(!resume.contains("Express"), "{resume}");

    // Ordered: the line keeps its price and its tier's name.
    let placed = place_order(&c, "cle-economique").await;
    let id = placed["id_commande"].as_i64().unwrap();
    let admin = an_admin(&app).email("admin2@exemple.fr").await;
    let (_, order) = get(&admin, &format!("Commande/{id}")).await;
    let ordered = &order["lignes"][0];
    assert_eq!(ordered["total_ht_cents"], line, "{order}");
    assert!(
        ordered["designation"]
            .as_str()
            .unwrap()
            .contains("· Économique"),
        "{ordered}"
    );
}

#[tokio::test]
async fn economique_is_refused_where_the_process_has_none_and_with_express_and_one_tier_replaces_the_other(
) {
    let app = spawn_app().await;
    offer_economique(&app).await;
    let c = app.client();
    drop_file(&c, box_stl(20.0, 30.0, 40.0), "piece.stl", 0).await;
    // SLA (the default process) has no économique tier.
    let (status, body) = options_of(&c, json!({ "economique": true })).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body,
        json!({ "success": false, "message": "Option de devis invalide\u{a0}: le délai économique n'est pas proposé pour le procédé SLA." })
    );
    // Both tiers at once: refused, with what to do.
    let (status, body) = options_of(
        &c,
        json!({ "process": "SLS", "express": true, "economique": true }),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["message"],
        "Option de devis invalide\u{a0}: choisissez le délai express ou le délai économique, pas les deux."
    );
    // One at a time, each replaces the other.
    let (status, body) = options_of(&c, json!({ "process": "SLS", "economique": true })).await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = options_of(&c, json!({ "express": true })).await;
    assert_eq!(status, 200, "{body}");
    let prix: Value = price_of(&c, 0).await.json().await.unwrap();
    assert_eq!(
        (&prix["prix"]["express"], &prix["prix"]["economique"]),
        (&json!(true), &json!(false)),
        "{prix}"
    );
    // Another process without the tier refuses a line still asking for it.
    options_of(&c, json!({ "economique": true })).await;
    let (status, body) = options_of(&c, json!({ "process": "MJF" })).await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .ends_with("le délai économique n'est pas proposé pour le procédé MJF."),
        "{body}"
    );
}
