//! The admin's side of discount codes: `GET Reduction/{id}/utilisations` (the orders placed with
//! a code, newest first, with their accounts and the discount granted; an unknown code is a
//! French 404), and a code reserved to an account named by its e-mail (`email_compte`).

use serde_json::{json, Value};
use server::db::accounts::Role;

use crate::builders::{a_customer, an_admin, order_body, place, place_order};
use crate::helpers::spawn_app;

#[tokio::test]
async fn the_admin_sees_each_order_that_used_a_code_and_its_account() {
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    let res = admin
        .proxy(
            "POST",
            "Reduction",
            Some(json!({ "code": "DIX", "type": "percent", "valeur": 1000 })),
        )
        .await;
    assert_eq!(res.status(), 201);
    let id = res.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    let res = admin
        .proxy(
            "POST",
            "Reduction",
            Some(json!({ "code": "JAMAIS", "type": "fixed", "valeur": 100 })),
        )
        .await;
    let unused = res.json::<Value>().await.unwrap()["id"].as_i64().unwrap();

    let mut placed = Vec::new();
    for (i, email) in ["ines@exemple.fr", "paul@exemple.fr"]
        .into_iter()
        .enumerate()
    {
        let c = a_customer(&app).email(email).ready_to_order().await;
        let mut body = order_body(c.address());
        body["codeReduction"] = json!("dix");
        let (status, order) = place(&c, Some(&format!("cle-{i}")), body).await;
        assert_eq!(status, 201, "{order}");
        placed.push((email, order));
    }
    // One order without the code does not count.
    let c = a_customer(&app)
        .email("sans@exemple.fr")
        .ready_to_order()
        .await;
    place_order(&c, "sans").await;

    let uses = admin
        .expect(200, "GET", &format!("Reduction/{id}/utilisations"), None)
        .await;
    assert_eq!(uses["total"], 2);
    let items = uses["items"].as_array().unwrap();
    let mut seen: Vec<(String, String)> = items
        .iter()
        .map(|u| {
            (
                u["compte"]["email"].as_str().unwrap().to_owned(),
                u["numero"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    seen.sort();
    let mut expected: Vec<(String, String)> = placed
        .iter()
        .map(|(email, o)| (email.to_string(), o["numero"].as_str().unwrap().to_owned()))
        .collect();
    expected.sort();
    assert_eq!(seen, expected);
    for u in items {
        let order: (i64, String) =
            sqlx::query_as("SELECT discount_cents, status FROM orders WHERE id = $1")
                .bind(u["id_commande"].as_i64().unwrap())
                .fetch_one(&app.db.pool)
                .await
                .unwrap();
        assert!(order.0 > 0, "{u}");
        assert_eq!(u["remise_cents"], order.0);
        assert_eq!(u["statut"], order.1.as_str());
        assert_eq!(u["compte"]["prenom"], "Jeanne");
        assert!(u["date"].as_str().unwrap().ends_with('Z'));
    }
    let page: Value = admin
        .get_json(&format!("Reduction/{id}/utilisations?par_page=1&page=2"))
        .await;
    assert_eq!(
        (
            page["total"].as_i64(),
            page["items"].as_array().unwrap().len()
        ),
        (Some(2), 1)
    );
    let none: Value = admin
        .get_json(&format!("Reduction/{unused}/utilisations"))
        .await;
    assert_eq!(none["total"], 0);
    for path in [
        "Reduction/999999/utilisations",
        "Reduction/abc/utilisations",
    ] {
        let res = admin.proxy("GET", path, None).await;
        assert_eq!(res.status(), 404, "{path}");
        let v: Value = res.json().await.unwrap();
        assert_eq!(v["message"], "Code de réduction introuvable.");
    }
}

#[tokio::test]
async fn a_code_is_reserved_to_the_account_named_by_its_e_mail() {
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    let ines = app.create_account("ines@exemple.fr", Role::Client).await;
    let body = json!({ "code": "INES", "type": "fixed", "valeur": 500,
                         "email_compte": "  Ines@Exemple.fr " });
    let code = admin.expect(201, "POST", "Reduction", Some(body)).await;
    assert_eq!(code["id_compte"], ines);
    assert_eq!(code["email_compte"], "ines@exemple.fr");
    let id = code["id"].as_i64().unwrap();
    let all: Vec<Value> = admin.get_json("Reduction").await;
    assert_eq!(all[0]["email_compte"], "ines@exemple.fr");

    let body = json!({ "email_compte": "personne@exemple.fr" });
    let v = admin
        .expect(400, "PUT", &format!("Reduction/{id}"), Some(body))
        .await;
    assert_eq!(
        v["errors"],
        json!(["Aucun compte n'a l'adresse e-mail «\u{a0}personne@exemple.fr\u{a0}»."])
    );
    let body = json!({ "email_compte": "" });
    let v = admin
        .expect(200, "PUT", &format!("Reduction/{id}"), Some(body))
        .await;
    assert_eq!(
        (v["id_compte"].clone(), v.get("email_compte")),
        (Value::Null, None)
    );
    let body = json!({ "email_compte": 12 });
    admin
        .expect(400, "PUT", &format!("Reduction/{id}"), Some(body))
        .await;
}
