//! The admin's accounts: search with pages (`GET Admin/Comptes`), an account
//! (`GET Admin/Comptes/{id}`) and its orders one page at a time
//! (`GET Admin/Comptes/{id}/Commandes?page=&par_page=`, newest first; its parts are paged in
//! review_queue.rs), and disabling (`PUT Admin/Comptes/{id}/desactivation`): the open session
//! fails at once, sign-in is refused in French, the data stays.

use serde_json::{json, Value};
use server::db::accounts::Role;

use crate::builders::{a_customer, an_admin, insert_order};
use crate::helpers::{assert_paging, exec, ids_of, scalar, spawn_app, TestClient, PASSWORD};

async fn disable(admin: &TestClient, id: i64, on: Value) -> (u16, Value) {
    let path = format!("Admin/Comptes/{id}/desactivation");
    admin
        .call("PUT", &path, Some(json!({ "desactive": on })))
        .await
}

#[tokio::test]
async fn a_disabled_account_loses_its_open_session_and_cannot_sign_in_but_keeps_its_data() {
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    let customer = a_customer(&app).email("lea@exemple.fr").await;
    let id = customer.id;
    let order = insert_order(&app, id, 1).await;
    assert_eq!(
        customer.proxy("GET", "Comptes/me", None).await.status(),
        200
    );

    let (code, body) = disable(&admin, id, json!(true)).await;
    assert_eq!(code, 200, "{body}");
    assert_eq!(body["desactive"], true);

    // The session the customer holds ends at once: the next call is refused as an ended session.
    let res = customer.proxy("GET", "Comptes/me", None).await;
    assert_eq!(res.status().as_u16(), 419);
    let sessions: i64 = scalar!(
        app,
        "SELECT COUNT(*) FROM sessions WHERE account_id = $1",
        id
    );
    assert_eq!(sessions, 0);

    // The journal names the admin, the account and the change.
    let journal: Value = admin
        .get_json("Admin/Journal?action=compte.desactivation")
        .await;
    let line = &journal["items"][0];
    assert_eq!(line["cible"], "lea@exemple.fr", "{journal}");
    assert_eq!(line["avant"]["desactive"], false, "{journal}");
    assert_eq!(line["apres"]["desactive"], true, "{journal}");

    // Sign-in with the right password says why, in French; a wrong one says nothing more.
    let mut again = app.client();
    let res = again.sign_in("lea@exemple.fr", PASSWORD).await;
    assert_eq!(res.status(), 401);
    let body: Value = res.json().await.unwrap();
    assert!(
        body.to_string().contains("Ce compte a été désactivé"),
        "{body}"
    );
    let res = app.client().sign_in("lea@exemple.fr", "pas-le-bon").await;
    let body: Value = res.json().await.unwrap();
    assert!(!body.to_string().contains("désactivé"), "{body}");

    // The data stays: the admin still sees the account's order.
    let detail: Value = admin.get_json(&format!("Admin/Comptes/{id}")).await;
    assert_eq!(detail["compte"]["desactive"], true);
    let orders: Value = admin
        .get_json(&format!("Admin/Comptes/{id}/Commandes"))
        .await;
    assert_eq!(orders["total"], 1, "{orders}");
    assert_eq!(orders["items"][0]["id"], order);
    assert_eq!(orders["items"][0]["statut"], "en attente de paiement");

    // Enabled again, the account signs in.
    let (code, body) = disable(&admin, id, json!(false)).await;
    assert_eq!((code, body["desactive"].clone()), (200, json!(false)));
    assert_eq!(
        again.sign_in("lea@exemple.fr", PASSWORD).await.status(),
        200
    );
}

#[tokio::test]
async fn an_admin_cannot_disable_themselves_nor_an_unknown_account_nor_without_a_boolean() {
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    let admin_id = admin.id;
    let (code, body) = disable(&admin, admin_id, json!(true)).await;
    assert_eq!(code, 400);
    assert!(body.to_string().contains("votre propre compte"), "{body}");
    let (code, body) = disable(&admin, 999_999, json!(true)).await;
    assert_eq!(code, 404);
    assert!(
        body.to_string().contains("Ce compte n'existe pas"),
        "{body}"
    );
    let (code, body) = disable(&admin, admin_id, json!("oui")).await;
    assert_eq!(code, 400);
    assert!(body.to_string().contains("desactive"), "{body}");
    assert_eq!(admin.proxy("GET", "Comptes/me", None).await.status(), 200);
}

#[tokio::test]
async fn the_account_search_matches_e_mail_and_names_in_any_case_one_page_at_a_time() {
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    for i in 0..25 {
        app.create_account(&format!("client{i:02}@exemple.fr"), Role::Client)
            .await;
    }
    app.create_account("zoe_100%@autre.fr", Role::Client).await;

    let page = |q: &str, extra: &str| {
        let q: String = url::form_urlencoded::byte_serialize(q.as_bytes()).collect();
        format!("Admin/Comptes?q={q}{extra}")
    };
    let first: Value = admin.get_json(&page("CLIENT", "")).await;
    // The paging's fields are spelled as in the admin's other lists.
    assert_paging(&first, 25, 1, 20);
    assert_eq!(first["comptes"].as_array().unwrap().len(), 20);
    // Newest first.
    assert_eq!(first["comptes"][0]["email"], "client24@exemple.fr");
    let second: Value = admin.get_json(&page("client", "&page=2")).await;
    assert_eq!(second["comptes"].as_array().unwrap().len(), 5);
    assert_eq!(second["page"], 2);

    // By name ("Jeanne Dupont" for every account made by the helpers), and wildcards literally.
    let named: Value = admin
        .get_json(&page("jeanne dupont", "&par_page=100"))
        .await;
    assert_paging(&named, 27, 1, 100);
    let percent: Value = admin.get_json(&page("100%", "")).await;
    assert_eq!(percent["total"], 1);
    assert_eq!(percent["comptes"][0]["email"], "zoe_100%@autre.fr");
    let underscore: Value = admin.get_json(&page("t_", "")).await;
    assert_eq!(underscore["total"], 0);

    let body = admin.expect(400, "GET", "Admin/Comptes?page=0", None).await;
    assert!(
        body.to_string().contains("Numéro de page invalide"),
        "{body}"
    );
}

#[tokio::test]
async fn the_admin_searches_fold_accented_capitals_on_both_databases() {
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    let id = app.create_account("eloise@exemple.fr", Role::Client).await;
    app.create_account("autre@exemple.fr", Role::Client).await;
    // Stored as typed: capitals with accents.
    exec!(
        app,
        "UPDATE accounts SET nom = 'ÉCHEVIN', prenom = 'ÉLOÏSE' WHERE id = $1",
        id
    );
    let order = insert_order(&app, id, 7).await;
    let get = |path: String| {
        let admin = &admin;
        async move {
            let res = admin.proxy("GET", &path, None).await;
            assert_eq!(res.status(), 200, "{path}");
            res.json::<Value>().await.unwrap()
        }
    };
    let q =
        |text: &str| -> String { url::form_urlencoded::byte_serialize(text.as_bytes()).collect() };
    for text in ["éloïse", "ÉLOÏSE", "Éloïse échevin", "échevin"] {
        let found = get(format!("Admin/Comptes?q={}", q(text))).await;
        assert_eq!(found["total"], 1, "{text}: {found}");
        assert_eq!(found["comptes"][0]["email"], "eloise@exemple.fr");
        let orders = get(format!("Commande?q={}", q(text))).await;
        assert_eq!(orders["total"], 1, "{text}: {orders}");
        assert_eq!(orders["items"][0]["id_commande"], order, "{orders}");
    }
}

/// A 200 answer of `path`, as the admin.
async fn admin_get(admin: &TestClient, path: &str) -> Value {
    let res = admin.proxy("GET", path, None).await;
    assert_eq!(res.status(), 200, "{path}");
    res.json().await.unwrap()
}

#[tokio::test]
async fn an_accounts_orders_are_paged_on_the_server_newest_first() {
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    let lea = app.create_account("lea@exemple.fr", Role::Client).await;
    let other = app.create_account("autre@exemple.fr", Role::Client).await;
    let mut leas = Vec::new();
    for n in 1..=45 {
        if n % 10 == 0 {
            insert_order(&app, other, 1000 + n).await;
        }
        let id = insert_order(&app, lea, n).await;
        // Created in no particular order of time: the list goes by id, newest first.
        exec!(
            app,
            "UPDATE orders SET created_at = $1, status = $2 WHERE id = $3",
            1_800_000_000 + (n * 7919) % 1000,
            if n % 3 == 0 {
                "payée"
            } else {
                "en attente de paiement"
            },
            id
        );
        leas.push(id);
    }
    leas.reverse();
    let path = |query: &str| format!("Admin/Comptes/{lea}/Commandes{query}");

    let p1 = admin_get(&admin, &path("")).await;
    assert_paging(&p1, 45, 1, 20);
    assert_eq!(ids_of(&p1), leas[..20]);
    let row = &p1["items"][0];
    assert_eq!(row["numero"], "CO-2026-000045");
    assert_eq!(row["statut"], "payée");
    assert_eq!(row["total_ttc_cents"], 12_828);
    assert_eq!(
        row["created_at"],
        server::clock::iso8601(1_800_000_000 + (45 * 7919) % 1000)
    );
    assert_eq!(p1["items"][1]["statut"], "en attente de paiement");
    let last = admin_get(&admin, &path("?page=3")).await;
    assert_eq!(ids_of(&last), leas[40..]);
    assert_eq!(last["items"][4]["numero"], "CO-2026-000001");
    let p = admin_get(&admin, &path("?page=2&par_page=15")).await;
    assert_eq!(ids_of(&p), leas[15..30]);
    let all = admin_get(&admin, &path("?par_page=100")).await;
    assert_eq!(ids_of(&all), leas);
    let past = admin_get(&admin, &path("?page=4")).await;
    assert_eq!((ids_of(&past).len(), &past["total"]), (0, &json!(45)));
    let others = admin_get(&admin, &format!("Admin/Comptes/{other}/Commandes")).await;
    assert_eq!(others["total"], 4);
    assert!(others["items"]
        .as_array()
        .unwrap()
        .iter()
        .all(|o| o["numero"].as_str().unwrap().starts_with("CO-2026-0010")));
    let without = app.create_account("sans@exemple.fr", Role::Client).await;
    let none = admin_get(&admin, &format!("Admin/Comptes/{without}/Commandes")).await;
    assert_eq!((ids_of(&none).len(), &none["total"]), (0, &json!(0)));

    for (query, expected) in [
        ("?page=0", "Numéro de page invalide"),
        ("?page=-2", "Numéro de page invalide"),
        ("?page=deux", "Numéro de page invalide"),
        ("?par_page=500", "Nombre de lignes par page invalide"),
        ("?par_page=0", "Nombre de lignes par page invalide"),
    ] {
        let res = admin.proxy("GET", &path(query), None).await;
        assert_eq!(res.status(), 400, "{query}");
        let body: Value = res.json().await.unwrap();
        let first = body["errors"][0].as_str().unwrap_or_default();
        assert!(first.starts_with(expected), "{query}: {body}");
    }
    for unknown in ["999999", "abc", "0"] {
        let res = admin
            .proxy("GET", &format!("Admin/Comptes/{unknown}/Commandes"), None)
            .await;
        assert_eq!(res.status(), 404, "{unknown}");
        let body: Value = res.json().await.unwrap();
        assert!(
            body.to_string().contains("Ce compte n'existe pas"),
            "{body}"
        );
    }
    // The account's page itself no longer carries its orders.
    let detail = admin_get(&admin, &format!("Admin/Comptes/{lea}")).await;
    assert_eq!(detail["compte"]["email"], "lea@exemple.fr");
    assert!(detail.get("commandes").is_none(), "{detail}");
}
