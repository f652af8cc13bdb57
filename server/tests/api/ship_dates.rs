//! Ship dates from the server's clock (issue 25, part 2): every tier of a quoted line in
//! `calcul-prix`, each basket line and the basket (its slowest line, with the delivery range to
//! the delivery address's zone), and an order's date fixed when it is paid. The server's clock is
//! fixed with `DATES_CLOCK` (`Settings::dates_clock`) to instants around Christmas 2026, where
//! the holidays, the weekend and the cut-off each move the dates.

use quote_core::calendar::parse_rfc3339;
use quote_core::Catalog;
use serde_json::{json, Value};

use crate::builders::{a_customer, address, an_admin, cube, insert_order, place_order, DE, FR};
use crate::devis_helpers::{box_stl, drop_file, post, price_of, set_entry};
use crate::helpers::{exec, scalar, spawn_app_with, TestApp};
use crate::mail_helpers::{text_part, wait_for_mails_to};

/// Thursday 24 December 2026 at 11:30 in Paris: before the cut-off, day 0 is that day.
const CHRISTMAS_EVE_MORNING: &str = "2026-12-24T11:30:00+01:00";
/// The same day at noon: the cut-off is passed, day 0 is Monday 28 December.
const CHRISTMAS_EVE_NOON: &str = "2026-12-24T12:00:00+01:00";

async fn app_at(instant: &str) -> TestApp {
    let instant = instant.to_owned();
    spawn_app_with(move |s| s.dates_clock = Some(instant)).await
}

/// `(mode, jours_ouvres, expedition)` of each row of `delais`.
fn brief(delais: &Value) -> Vec<(String, u64, String)> {
    delais
        .as_array()
        .expect("delais is a list")
        .iter()
        .map(|r| {
            (
                r["mode"].as_str().unwrap().to_owned(),
                r["jours_ouvres"].as_u64().unwrap(),
                r["expedition"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

fn row(mode: &str, days: u64, date: &str) -> (String, u64, String) {
    (mode.to_owned(), days, date.to_owned())
}

#[tokio::test]
async fn calcul_prix_gives_the_ship_date_of_every_tier_by_the_server_s_clock() {
    let app = app_at(CHRISTMAS_EVE_MORNING).await;
    let c = app.client();
    drop_file(&c, box_stl(20.0, 30.0, 40.0), "piece.stl", 0).await;
    let body: Value = price_of(&c, 0).await.json().await.unwrap();
    assert_eq!(body["success"], true, "{body}");
    // Standard 7 days: 28, 29, 30, 31 December, then 1 January is a holiday: 4, 5, 6 January.
    assert_eq!(
        brief(&body["delais"]),
        [
            row("standard", 7, "2027-01-06"),
            row("express", 3, "2026-12-30")
        ]
    );
    let standard = &body["delais"][0];
    assert_eq!(standard["process"], "SLA");
    assert_eq!(standard["facteur_pourcent"], 100);
    assert_eq!(
        standard["livraison"][0],
        json!({ "zone": "france", "du": "2027-01-07", "au": "2027-01-08" })
    );
    // Exactly quote-core's rows for the server's own price and instant.
    let prix = serde_json::from_value(body["prix"].clone()).unwrap();
    let t = parse_rfc3339(CHRISTMAS_EVE_MORNING).unwrap();
    let expected = Catalog::default_catalog()
        .line_lead_times(&prix, t)
        .unwrap();
    assert_eq!(body["delais"], serde_json::to_value(&expected).unwrap());

    // Express chosen: the same tiers and dates (the card shows both), the price changes.
    assert_eq!(
        set_entry(&c, 0, json!({ "express": true })).await.status(),
        200
    );
    let express: Value = price_of(&c, 0).await.json().await.unwrap();
    assert_eq!(express["prix"]["express"], true);
    assert_eq!(express["delais"], body["delais"]);
}

#[tokio::test]
async fn at_the_cut_off_the_dates_move_to_the_next_business_day() {
    let app = app_at(CHRISTMAS_EVE_NOON).await;
    let c = app.client();
    drop_file(&c, box_stl(20.0, 30.0, 40.0), "piece.stl", 0).await;
    let body: Value = price_of(&c, 0).await.json().await.unwrap();
    // Day 0 is Monday 28: express on 29, 30, 31; standard also on 4, 5, 6 and 7 January.
    assert_eq!(
        brief(&body["delais"]),
        [
            row("standard", 7, "2027-01-07"),
            row("express", 3, "2026-12-31")
        ]
    );
}

#[tokio::test]
async fn the_basket_ships_on_its_slowest_line_with_the_zone_s_delivery_range() {
    let app = app_at(CHRISTMAS_EVE_MORNING).await;
    let c = a_customer(&app).with_address(FR).await;
    let germany = address(&c, DE.country, DE.postcode, None).await;
    drop_file(&c, box_stl(20.0, 30.0, 40.0), "lente.stl", 0).await;
    drop_file(&c, box_stl(10.0, 10.0, 10.0), "rapide.stl", 1).await;
    assert_eq!(
        set_entry(&c, 1, json!({ "express": true })).await.status(),
        200
    );
    let res = post(&c, "/api/devis/panier", json!({ "dataFiles": [0, 1] })).await;
    assert_eq!(res.status(), 200);

    let lines: Vec<Value> = c.get_json("ComptePiece").await;
    let dates: Vec<(&str, &str)> = lines
        .iter()
        .map(|l| {
            (
                l["nom_fichier"].as_str().unwrap(),
                l["expedition"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        dates,
        [("lente.stl", "2027-01-06"), ("rapide.stl", "2026-12-30")]
    );

    let recap = |delivery: i64| json!({ "idAdresseLivraison": delivery, "idAdresseFacturation": c.address() });
    let fr = c
        .expect(
            200,
            "POST",
            "Commande/Recapitulatif",
            Some(recap(c.address())),
        )
        .await;
    assert_eq!(
        fr["expedition"],
        json!({ "jours_ouvres": 7, "expedition": "2027-01-06",
                "livraison": { "zone": "france", "du": "2027-01-07", "au": "2027-01-08" } })
    );
    // To Germany the carrier takes 2 to 4 business days: 8 to 12 January.
    let de = c
        .expect(200, "POST", "Commande/Recapitulatif", Some(recap(germany)))
        .await;
    assert_eq!(de["expedition"]["expedition"], "2027-01-06");
    assert_eq!(
        de["expedition"]["livraison"],
        json!({ "zone": "ue", "du": "2027-01-08", "au": "2027-01-12" })
    );

    // Without the slow line the basket ships with the express one.
    let slow = lines[0]["id"].as_i64().unwrap();
    let (status, _) = c.call("DELETE", &format!("ComptePiece/{slow}"), None).await;
    assert_eq!(status, 204);
    let fr = c
        .expect(
            200,
            "POST",
            "Commande/Recapitulatif",
            Some(recap(c.address())),
        )
        .await;
    assert_eq!(fr["expedition"]["jours_ouvres"], 3);
    assert_eq!(fr["expedition"]["expedition"], "2026-12-30");
}

#[tokio::test]
async fn an_order_s_ship_date_is_fixed_when_the_transfer_is_received() {
    let app = app_at(CHRISTMAS_EVE_NOON).await;
    let c = a_customer(&app).with_address(FR).with_basket(cube()).await;
    let placed = place_order(&c, "cle-dates").await;
    let id = placed["id_commande"].as_i64().unwrap();
    let mine: Vec<Value> = c.get_json("Commande/mes-commandes").await;
    assert_eq!(
        mine[0]["expedition"],
        Value::Null,
        "not paid yet: {}",
        mine[0]
    );
    // Unpaid, it gives the date it would have if paid now, with the range to its zone.
    assert_eq!(
        mine[0]["expedition_si_paiement"],
        json!({ "jours_ouvres": 7, "expedition": "2027-01-07",
                "livraison": { "zone": "france", "du": "2027-01-08", "au": "2027-01-11" } })
    );
    assert_eq!(mine[0]["livraison_estimee"], Value::Null);

    let admin = an_admin(&app).await;
    let res = admin.set_order_status(id, "payée").await;
    assert_eq!(res.status(), 200, "{}", res.text().await.unwrap());
    // Paid after the cut-off on 24 December: day 0 is Monday 28, 7 days give 7 January.
    let stored: Option<String> = scalar!(app, "SELECT ship_date FROM orders WHERE id = $1", id);
    assert_eq!(stored.as_deref(), Some("2027-01-07"));
    let mine: Vec<Value> = c.get_json("Commande/mes-commandes").await;
    assert_eq!(mine[0]["numero"], placed["numero"]);
    assert_eq!(mine[0]["expedition"], "2027-01-07");
    // Paid, the date is fixed and the delivery range follows it: Friday 8 to Monday 11 January.
    assert_eq!(
        mine[0]["livraison_estimee"],
        json!({ "zone": "france", "du": "2027-01-08", "au": "2027-01-11" })
    );
    assert_eq!(mine[0]["expedition_si_paiement"], Value::Null);
    let seen: Value = admin.get_json(&format!("Commande/{id}")).await;
    assert_eq!(seen["expedition"], "2027-01-07");
    assert_eq!(seen["livraison_estimee"], mine[0]["livraison_estimee"]);
    // Moving on keeps the date fixed at payment.
    let res = admin.set_order_status(id, "en production").await;
    assert_eq!(res.status(), 200);
    let seen: Value = admin.get_json(&format!("Commande/{id}")).await;
    assert_eq!(seen["expedition"], "2027-01-07");
    // The customer hears of it, with the date the parts leave.
    let mails = wait_for_mails_to(&app, "jeanne@exemple.fr", 3).await;
    let production = mails
        .iter()
        .map(|m| text_part(m))
        .find(|t| t.contains("en cours de fabrication"))
        .expect("the production e-mail");
    let words = production.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("Expédition prévue le jeudi 7 janvier 2027"),
        "{production}"
    );
}

#[tokio::test]
async fn the_admin_list_sorts_by_ship_date_and_says_which_orders_are_late() {
    // Today in Paris is Thursday 24 December 2026.
    let app = app_at(CHRISTMAS_EVE_NOON).await;
    let customer = a_customer(&app).await;
    // (status, ship date) of five orders, inserted in this order (the list is newest first).
    let orders = [
        ("payée", Some("2026-12-23")),         // late: yesterday, not shipped
        ("en production", Some("2026-12-30")), // on time
        ("expédiée", Some("2026-12-20")),      // shipped: never late
        ("en attente de paiement", None),      // no date until paid
        ("payée", Some("2026-12-24")),         // ships today: not late yet
    ];
    let mut ids = Vec::new();
    for (n, (status, ship)) in orders.iter().enumerate() {
        let id = insert_order(&app, customer.id, 900 + n as i64).await;
        exec!(
            app,
            "UPDATE orders SET status = $1, ship_date = $2 WHERE id = $3",
            *status,
            *ship,
            id
        );
        ids.push(id);
    }
    let admin = an_admin(&app).await;
    let brief = |page: &Value| -> Vec<(i64, Value, bool)> {
        page["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| {
                (
                    o["id_commande"].as_i64().unwrap(),
                    o["expedition"].clone(),
                    o["en_retard"].as_bool().expect("en_retard is a boolean"),
                )
            })
            .collect()
    };
    let by_date: Value = admin.get_json("Commande?tri=expedition").await;
    assert_eq!(
        brief(&by_date),
        [
            (ids[2], json!("2026-12-20"), false),
            (ids[0], json!("2026-12-23"), true),
            (ids[4], json!("2026-12-24"), false),
            (ids[1], json!("2026-12-30"), false),
            (ids[3], Value::Null, false),
        ]
    );
    // The default order is still the newest first; the filters apply to the sorted list.
    let newest: Value = admin.get_json("Commande").await;
    let order: Vec<i64> = brief(&newest).iter().map(|o| o.0).collect();
    assert_eq!(order, [ids[4], ids[3], ids[2], ids[1], ids[0]]);
    let paid: Value = admin
        .get_json(&format!("Commande?tri=expedition&statut={}", "pay%C3%A9e"))
        .await;
    assert_eq!(
        brief(&paid),
        [
            (ids[0], json!("2026-12-23"), true),
            (ids[4], json!("2026-12-24"), false)
        ]
    );
    let res = admin.get("/api/backend/Commande?tri=prix").await;
    assert_eq!(res.status(), 400);
    let body: Value = res.json().await.unwrap();
    assert!(body.to_string().contains("Tri inconnu"), "{body}");
    // One order, and the customer's own list, say the same.
    let one: Value = admin.get_json(&format!("Commande/{}", ids[0])).await;
    assert_eq!(one["en_retard"], true);
    let one: Value = admin.get_json(&format!("Commande/{}", ids[1])).await;
    assert_eq!(one["en_retard"], false);
    let mine: Vec<Value> = customer.get_json("Commande/mes-commandes").await;
    let late: Vec<&Value> = mine.iter().filter(|o| o["en_retard"] == true).collect();
    assert_eq!(late.len(), 1);
    assert_eq!(late[0]["id_commande"], ids[0]);
    // Late, the customer sees the revised date: the business day after day 0 (Monday 28
    // December, the cut-off passed on Thursday 24), Tuesday 29, and the delivery range from it.
    assert_eq!(late[0]["expedition"], "2026-12-23");
    assert_eq!(late[0]["expedition_revue"], "2026-12-29");
    assert_eq!(late[0]["livraison_estimee"]["du"], "2026-12-30");
    assert!(mine
        .iter()
        .filter(|o| o["en_retard"] == false)
        .all(|o| o["expedition_revue"].is_null()));
}
