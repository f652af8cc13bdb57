//! The instant quote's entries and the basket: a forged entry ignored, an entry removed, twenty
//! long-named entries under 4 KB of `Cookie` header (issue 12, finding 6), an anonymous visitor
//! asked to sign in, and a customer putting the analysed parts in the basket.

use serde_json::{json, Value};
use sqlx::Row;

use crate::builders::a_customer;
use crate::devis_helpers::{box_stl, drop_file, entries, post, price_of, set_entry, upload};
use crate::helpers::spawn_app;

#[tokio::test]
async fn a_forged_entry_is_ignored() {
    let app = spawn_app().await;
    let c = app.client();
    drop_file(&c, box_stl(10.0, 10.0, 10.0), "cube.stl", 0).await;
    let forged = c
        .http
        .get(c.url("/api/devis/get-cookies"))
        .header("cookie", "fa_devis_3=eyJwYXJ0Ijo5OX0.00")
        .send()
        .await
        .unwrap();
    let body: Value = forged.json().await.unwrap();
    assert!(body["entries"].as_array().unwrap().is_empty());
    assert_eq!(price_of(&c, 3).await.status(), 400);
}

#[tokio::test]
async fn an_entry_can_be_removed() {
    let app = spawn_app().await;
    let c = app.client();
    drop_file(&c, box_stl(10.0, 10.0, 10.0), "cube.stl", 0).await;
    assert_eq!(set_entry(&c, 0, Value::Null).await.status(), 200);
    assert!(entries(&c).await.is_empty());
}

/// Issue 12, finding 6: twenty entries, even with long file names, keep the `Cookie` header under
/// 4 KB (the entries live on the server, the cookies hold their signed ids).
#[tokio::test]
async fn twenty_entries_with_long_names_stay_under_4_kb_of_cookie_header() {
    let app = spawn_app().await;
    let c = app.client();
    let mut cookies = std::collections::BTreeMap::new();
    for index in 0..20 {
        let name = format!("{}-{index}.stl", "piece-de-rechange-tres-longue".repeat(6));
        let res = upload(&c, box_stl(10.0, 10.0, 10.0), &name, index).await;
        assert_eq!(res.status(), 200);
        for v in res.headers().get_all("set-cookie") {
            let pair = v.to_str().unwrap().split(';').next().unwrap().to_owned();
            let (k, _) = pair.split_once('=').unwrap();
            cookies.insert(k.to_owned(), pair);
        }
    }
    let header = cookies
        .values()
        .filter(|p| p.starts_with("fa_devis_"))
        .cloned()
        .collect::<Vec<_>>()
        .join("; ");
    assert_eq!(header.matches("fa_devis_").count(), 20);
    assert!(
        header.len() < 4096,
        "{} bytes of Cookie header",
        header.len()
    );
    let listed = entries(&c).await;
    assert_eq!(listed.len(), 20);
    assert!(listed[19]["file_name"]
        .as_str()
        .unwrap()
        .starts_with("piece-de-rechange-tres-longue"));
}

#[tokio::test]
async fn an_anonymous_visitor_is_asked_to_sign_in_and_keeps_the_quote() {
    let app = spawn_app().await;
    let c = app.client();
    drop_file(&c, box_stl(10.0, 10.0, 10.0), "cube.stl", 0).await;
    let basket = json!({ "dataFiles": [{ "index": 0 }] });
    let res = post(&c, "/api/devis/panier", basket).await;
    assert_eq!(res.status(), 401);
    let body: Value = res.json().await.unwrap();
    assert_eq!(
        body["message"],
        "Veuillez vous connecter pour ajouter au panier."
    );
    assert_eq!(body["success"], false);
    assert_eq!(entries(&c).await.len(), 1);
}

#[tokio::test]
async fn a_customer_puts_the_analysed_parts_in_the_basket_with_their_quantity() {
    let app = spawn_app().await;
    let c = a_customer(&app).await;
    drop_file(&c, box_stl(10.0, 10.0, 10.0), "cube.stl", 0).await;
    drop_file(&c, box_stl(5.0, 5.0, 5.0), "petit.stl", 1).await;
    set_entry(&c, 1, json!({ "quantity": 4 })).await;
    let basket = json!({ "dataFiles": [{ "index": 0 }, 1] });
    let res = post(&c, "/api/devis/panier", basket).await;
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    assert_eq!(
        body,
        json!({ "success": true, "message": "2 pièces ajoutées au panier." })
    );
    let rows = sqlx::query(
        "SELECT ap.quantite, p.account_id, p.file_name FROM account_parts ap JOIN parts p ON p.id = ap.part_id \
         WHERE ap.account_id = $1 ORDER BY p.file_name",
    )
    .bind(c.id)
    .fetch_all(&app.db.pool)
    .await
    .unwrap();
    let got: Vec<(i64, Option<i64>, String)> = rows
        .iter()
        .map(|r| (r.get("quantite"), r.get("account_id"), r.get("file_name")))
        .collect();
    assert_eq!(
        got,
        vec![
            (1, Some(c.id), "cube.stl".into()),
            (4, Some(c.id), "petit.stl".into())
        ]
    );
}
