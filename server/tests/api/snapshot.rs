//! The in-memory snapshot of the maintenance flag and the catalog: the instance that writes serves
//! the change at once, a second instance on the same database within about a second (a NOTIFY on
//! PostgreSQL, a timer on SQLite), and `Combinaison/full` answers 304 to the version the client
//! holds.

use std::time::{Duration, Instant};

use reqwest::header::{ETAG, IF_NONE_MATCH};
use serde_json::{json, Value};
use server::db::accounts::Role;

use crate::admin_catalogue::{get, save};
use crate::builders::an_admin;
use crate::helpers::{spawn_app, TestClient};

const CATALOG: &str = "/api/backend/Combinaison/full";

/// How long another instance may lag: a notification on PostgreSQL is delivered in
/// milliseconds; on SQLite the instances reload every second (plus a loaded machine's delay).
fn peer_bound() -> Duration {
    if std::env::var("TEST_POSTGRES_URL").is_ok_and(|u| !u.is_empty()) {
        Duration::from_secs(2)
    } else {
        Duration::from_secs(3)
    }
}

/// Polls `check` until it holds, failing after `bound`; returns how long it took.
async fn within<F, Fut>(bound: Duration, what: &str, mut check: F) -> Duration
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let start = Instant::now();
    loop {
        if check().await {
            return start.elapsed();
        }
        assert!(start.elapsed() < bound, "{what}: not seen within {bound:?}");
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

async fn maintenance_flag(c: &TestClient) -> bool {
    let body: Value = c.get("/api/get-maintenance").await.json().await.unwrap();
    body["maintenance"].as_bool().expect("a boolean flag")
}

async fn set_maintenance(admin: &TestClient, on: bool) {
    assert_eq!(admin.set_maintenance(on).await, 200);
}

/// The catalog a visitor gets: its entity tag and body.
async fn catalog(c: &TestClient) -> (String, Value) {
    let res = c.get(CATALOG).await;
    assert_eq!(res.status(), 200);
    let tag = res.headers()[ETAG].to_str().unwrap().to_owned();
    (tag, res.json().await.unwrap())
}

#[tokio::test]
async fn a_maintenance_switch_is_seen_at_once_by_its_instance_and_soon_by_the_other() {
    let a = spawn_app().await;
    let b = a.spawn_peer().await;
    let (admin, _) = a.signed_in("admin@exemple.fr", Role::Admin).await;
    let (visitor_a, visitor_b) = (a.client(), b.client());
    assert!(!maintenance_flag(&visitor_b).await);
    assert_eq!(visitor_b.get(CATALOG).await.status(), 200);

    set_maintenance(&admin, true).await;
    // The writing instance: at once, for the flag, the API guard and the pages.
    assert!(maintenance_flag(&visitor_a).await);
    assert_eq!(visitor_a.get(CATALOG).await.status(), 503);
    let page = visitor_a.get("/devis_ligne").await;
    assert_eq!(page.status(), 307);
    assert_eq!(page.headers()["location"], "/maintenance");
    // The other instance: within the bound, by polling.
    let took = within(
        peer_bound(),
        "maintenance on, on the other instance",
        || async { visitor_b.get(CATALOG).await.status() == 503 },
    )
    .await;
    assert!(maintenance_flag(&visitor_b).await);
    println!("maintenance on seen by the other instance after {took:?}");

    set_maintenance(&admin, false).await;
    assert!(!maintenance_flag(&visitor_a).await);
    assert_eq!(visitor_a.get(CATALOG).await.status(), 200);
    within(
        peer_bound(),
        "maintenance off, on the other instance",
        || async { visitor_b.get(CATALOG).await.status() == 200 },
    )
    .await;
    assert!(!maintenance_flag(&visitor_b).await);
}

#[tokio::test]
async fn a_catalog_save_is_served_at_once_by_its_instance_and_soon_by_the_other() {
    let a = spawn_app().await;
    let b = a.spawn_peer().await;
    let (admin, _) = a.signed_in("admin@exemple.fr", Role::Admin).await;
    let (visitor_a, visitor_b) = (a.client(), b.client());
    let (tag_b, before) = catalog(&visitor_b).await;
    assert_eq!(tag_b, "\"catalog-1\"");

    let (_, v1) = get(&admin, "Admin/Catalogue").await;
    let mut edited = v1["catalogue"].clone();
    edited["processes"][0]["materials"][0]["material_rate_cents_per_cm3"] = json!(131.0);
    let (status, v2) = save(&admin, 1, &edited).await;
    assert_eq!(status, 201, "{v2}");

    let (tag_a, served) = catalog(&visitor_a).await;
    assert_eq!(tag_a, "\"catalog-2\"");
    assert_eq!(
        served["processes"][0]["materials"][0]["material_rate_cents_per_cm3"],
        131.0
    );
    let took = within(peer_bound(), "catalog 2 on the other instance", || async {
        catalog(&visitor_b).await.0 == "\"catalog-2\""
    })
    .await;
    println!("catalog 2 served by the other instance after {took:?}");
    let (_, served_b) = catalog(&visitor_b).await;
    assert_eq!(served_b, served);
    assert_ne!(served_b, before);
}

#[tokio::test]
async fn the_catalog_answers_304_to_its_version_and_200_once_a_new_one_is_saved() {
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    let visitor = app.client();
    let (tag, body) = catalog(&visitor).await;
    assert_eq!(tag, "\"catalog-1\"");

    let revalidate = |tag: &str| {
        visitor
            .http
            .get(visitor.url(CATALOG))
            .header(IF_NONE_MATCH, tag)
            .send()
    };
    let res = revalidate(&tag).await.unwrap();
    assert_eq!(res.status(), 304);
    assert_eq!(res.headers()[ETAG], tag.as_str());
    assert!(res.bytes().await.unwrap().is_empty());
    // Another tag is not a match.
    let res = revalidate("\"catalog-7\"").await.unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.json::<Value>().await.unwrap(), body);

    let mut edited = body.clone();
    edited["processes"][0]["materials"][0]["material_rate_cents_per_cm3"] = json!(99.0);
    let (status, saved) = save(&admin, 1, &edited).await;
    assert_eq!(status, 201, "{saved}");
    let res = revalidate(&tag).await.unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()[ETAG], "\"catalog-2\"");
    let now: Value = res.json().await.unwrap();
    assert_eq!(
        now["processes"][0]["materials"][0]["material_rate_cents_per_cm3"],
        99.0
    );
    assert_eq!(revalidate("\"catalog-2\"").await.unwrap().status(), 304);
}
