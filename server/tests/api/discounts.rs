//! Discount codes: the admin's CRUD (`Reduction`), a customer's check of a code on the basket
//! (`ReductionCompte/GetCodeAsUser`) refused for each rule with its French reason, the list of
//! usable codes (`Reduction/Reductions`), and `consume` counting uses inside concurrent order
//! transactions (20 orders, a one-use code: one use).

use std::sync::Arc;

use reqwest::StatusCode;
use serde_json::{json, Value};
use server::commerce::discounts::{consume, ConsumeError};
use server::db::accounts::Role;
use server::db::Db;
use server::domain::Cents;

use crate::devis_helpers::{box_stl, drop_file, post, set_entry};
use crate::helpers::{spawn_app, TestApp, TestClient};

async fn create_code(admin: &TestClient, body: Value) -> Value {
    let res = admin.proxy("POST", "Reduction", Some(body.clone())).await;
    assert_eq!(res.status(), StatusCode::CREATED, "{body}");
    res.json().await.unwrap()
}

async fn check(c: &TestClient, code: &str) -> (StatusCode, Value) {
    let res = c
        .proxy(
            "GET",
            &format!("ReductionCompte/GetCodeAsUser/{code}"),
            None,
        )
        .await;
    (res.status(), res.json().await.unwrap())
}

/// Puts a 20 × 30 × 40 mm SLA cube in the basket of `c`, quantity 3.
async fn fill_basket(c: &mut TestClient) {
    c.csrf_token().await;
    drop_file(c, box_stl(20.0, 30.0, 40.0), "cube.stl", 0).await;
    let updates = json!({ "quantity": 3 });
    assert_eq!(set_entry(c, 0, updates).await.status(), 200);
    let res = post(c, "/api/devis/panier", json!({ "dataFiles": [0] })).await;
    assert_eq!(res.status(), 200);
}

async fn basket_subtotal(c: &TestClient) -> i64 {
    let lines: Vec<Value> = c
        .proxy("GET", "ComptePiece", None)
        .await
        .json()
        .await
        .unwrap();
    lines.iter().map(|l| l["prix"].as_i64().unwrap()).sum()
}

#[tokio::test]
async fn an_admin_creates_lists_changes_and_disables_a_code() {
    let app = spawn_app().await;
    let (admin, _) = app.signed_in("admin@exemple.fr", Role::Admin).await;
    let created = create_code(
        &admin,
        json!({ "code": "bienvenue10", "description": "Première commande", "type": "percent",
                "valeur": 1000, "minimum_commande_cents": 5000, "valide_au": "2099-12-31",
                "utilisations_max_par_compte": 1 }),
    )
    .await;
    assert_eq!(created["code"], "BIENVENUE10");
    assert_eq!(created["type"], "percent");
    assert_eq!(created["valeur"], 1000);
    assert_eq!(created["minimum_commande_cents"], 5000);
    assert_eq!(created["valide_du"], Value::Null);
    assert_eq!(created["valide_au"], "2099-12-31T22:59:59.000Z");
    assert_eq!(created["utilisations"], 0);
    assert_eq!(created["utilisations_max"], Value::Null);
    assert_eq!(created["utilisations_max_par_compte"], 1);
    assert_eq!(created["actif"], true);
    let id = created["id"].as_i64().unwrap();

    let again = admin
        .proxy(
            "POST",
            "Reduction",
            Some(json!({ "code": "BIENVENUE10", "type": "fixed", "valeur": 500 })),
        )
        .await;
    assert_eq!(again.status(), StatusCode::CONFLICT);
    assert_eq!(
        again.json::<Value>().await.unwrap()["message"],
        "Ce code existe déjà."
    );

    let bad = admin
        .proxy(
            "POST",
            "Reduction",
            Some(json!({ "code": "X", "type": "gift", "valeur": -1 })),
        )
        .await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    let errors = bad.json::<Value>().await.unwrap()["errors"].clone();
    assert_eq!(errors.as_array().unwrap().len(), 3, "{errors}");

    let nobody = admin
        .proxy(
            "POST",
            "Reduction",
            Some(json!({ "code": "PERSO", "type": "fixed", "valeur": 500, "id_compte": 999 })),
        )
        .await;
    assert_eq!(nobody.status(), StatusCode::BAD_REQUEST);

    let changed = admin
        .proxy(
            "PUT",
            &format!("Reduction/{id}"),
            Some(json!({ "valeur": 1500, "valide_au": null })),
        )
        .await;
    assert_eq!(changed.status(), StatusCode::OK);
    let changed: Value = changed.json().await.unwrap();
    assert_eq!(changed["valeur"], 1500);
    assert_eq!(changed["valide_au"], Value::Null);
    assert_eq!(changed["description"], "Première commande");

    let list: Vec<Value> = admin
        .proxy("GET", "Reduction", None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(list.len(), 1);
    assert_eq!(list[0]["valeur"], 1500);

    let disabled = admin
        .proxy("DELETE", &format!("Reduction/{id}"), None)
        .await;
    assert_eq!(disabled.status(), StatusCode::OK);
    assert_eq!(disabled.json::<Value>().await.unwrap()["actif"], false);
    // Kept for the orders that used it.
    let list: Vec<Value> = admin
        .proxy("GET", "Reduction", None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(list.len(), 1);

    for (method, path) in [("PUT", "Reduction/424242"), ("DELETE", "Reduction/424242")] {
        let res = admin
            .proxy(method, path, Some(json!({ "valeur": 1 })))
            .await;
        assert_eq!(res.status(), StatusCode::NOT_FOUND, "{method} {path}");
    }
}

#[tokio::test]
async fn a_usable_code_gives_its_amount_on_the_current_basket() {
    let app = spawn_app().await;
    let (admin, _) = app.signed_in("admin@exemple.fr", Role::Admin).await;
    let (mut c, _) = app.signed_in("jeanne@exemple.fr", Role::Client).await;
    fill_basket(&mut c).await;
    let subtotal = basket_subtotal(&c).await;
    assert!(subtotal > 0);
    create_code(
        &admin,
        json!({ "code": "DIX", "type": "percent", "valeur": 1000 }),
    )
    .await;
    create_code(
        &admin,
        json!({ "code": "CINQ", "type": "fixed", "valeur": 500 }),
    )
    .await;
    let (status, body) = check(&c, "dix").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["utilisable"], true);
    assert_eq!(body["reduction"]["code"], "DIX");
    let expected = Cents(subtotal).times_bp(1000).get();
    assert_eq!(body["remise_cents"], expected);
    let (_, body) = check(&c, "CINQ").await;
    assert_eq!(body["remise_cents"], 500.min(subtotal));
    let (status, body) = check(&c, "NEXISTEPAS").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["message"], "Code de réduction inconnu.");
    let res = app
        .client()
        .get("/api/backend/ReductionCompte/GetCodeAsUser/DIX")
        .await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
}

/// Marks one use of code `id` by `account` in the database (as an order would).
async fn record_use(app: &TestApp, discount_id: i64, account: i64) {
    let order = insert_order(&app.db, account, &format!("CO-T-{discount_id}-{account}")).await;
    let mut tx = app.db.begin().await.unwrap();
    consume(
        &mut tx,
        discount_id,
        account,
        order,
        Cents(100),
        server::clock::now(),
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
}

#[tokio::test]
async fn a_code_is_refused_for_each_rule_with_its_french_reason() {
    let app = spawn_app().await;
    let (admin, _) = app.signed_in("admin@exemple.fr", Role::Admin).await;
    let (mut c, c_id) = app.signed_in("jeanne@exemple.fr", Role::Client).await;
    let other = app.create_account("autre@exemple.fr", Role::Client).await;
    fill_basket(&mut c).await;
    let subtotal = basket_subtotal(&c).await;
    let inactive = create_code(
        &admin,
        json!({ "code": "ANCIEN", "type": "percent", "valeur": 500, "actif": false }),
    )
    .await;
    assert_eq!(inactive["actif"], false);
    create_code(
        &admin,
        json!({ "code": "PERSO", "type": "fixed", "valeur": 500, "id_compte": other }),
    )
    .await;
    create_code(
        &admin,
        json!({ "code": "FUTUR", "type": "fixed", "valeur": 500, "valide_du": "2099-01-01" }),
    )
    .await;
    create_code(
        &admin,
        json!({ "code": "PASSE", "type": "fixed", "valeur": 500,
                "valide_du": "2020-01-01", "valide_au": "2020-11-01" }),
    )
    .await;
    create_code(
        &admin,
        json!({ "code": "GROS", "type": "fixed", "valeur": 500,
                "minimum_commande_cents": subtotal + 1 }),
    )
    .await;
    let unique = create_code(
        &admin,
        json!({ "code": "UNIQUE", "type": "fixed", "valeur": 500, "utilisations_max": 1 }),
    )
    .await;
    let once = create_code(
        &admin,
        json!({ "code": "UNEFOIS", "type": "fixed", "valeur": 500,
                "utilisations_max_par_compte": 1 }),
    )
    .await;
    record_use(&app, unique["id"].as_i64().unwrap(), other).await;
    record_use(&app, once["id"].as_i64().unwrap(), c_id).await;

    let cases = [
        ("ANCIEN", "Ce code n'est plus actif.".to_owned()),
        (
            "FUTUR",
            "Ce code n'est valable qu'à partir du 01/01/2099.".to_owned(),
        ),
        ("PASSE", "Ce code a expiré le 01/11/2020.".to_owned()),
        (
            "GROS",
            format!(
                "Ce code demande une commande d'au moins {} HT (votre panier\u{a0}: {} HT).",
                Cents(subtotal + 1).fr(),
                Cents(subtotal).fr()
            ),
        ),
        (
            "UNIQUE",
            "Ce code a atteint son nombre maximal d'utilisations.".to_owned(),
        ),
        ("UNEFOIS", "Vous avez déjà utilisé ce code.".to_owned()),
    ];
    for (code, reason) in &cases {
        let (status, body) = check(&c, code).await;
        assert_eq!(status, StatusCode::OK, "{code}");
        assert_eq!(
            body,
            json!({ "utilisable": false, "raison": reason }),
            "{code}"
        );
    }
    // A code reserved to another account answers as a code that does not exist (issue 22,
    // finding 13): a stranger learns nothing of the codes that exist.
    let (status, reserved) = check(&c, "PERSO").await;
    let (_, unknown) = check(&c, "NEXISTEPAS").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(reserved, unknown);
    assert_eq!(reserved, json!({ "message": "Code de réduction inconnu." }));
    // None of them is offered to this account; the one-use code still is to another.
    let mine: Vec<Value> = c
        .proxy("GET", "Reduction/Reductions", None)
        .await
        .json()
        .await
        .unwrap();
    let codes: Vec<&str> = mine.iter().map(|d| d["code"].as_str().unwrap()).collect();
    assert_eq!(
        codes,
        ["GROS"],
        "only the minimum-order code is usable in itself"
    );
    let mut o = app.client();
    let res = o
        .sign_in("autre@exemple.fr", crate::helpers::PASSWORD)
        .await;
    assert_eq!(res.status(), 200);
    let theirs: Vec<Value> = o
        .proxy("GET", "Reduction/Reductions", None)
        .await
        .json()
        .await
        .unwrap();
    let codes: Vec<&str> = theirs.iter().map(|d| d["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["GROS", "PERSO", "UNEFOIS"]);
}

/// Inserts a bare order row for `account` (what `discount_uses.order_id` points at).
async fn insert_order(db: &Db, account: i64, numero: &str) -> i64 {
    use sqlx::Row;
    sqlx::query(
        "INSERT INTO orders (numero, account_id, status, idempotency_key, customer_email, \
         billing_address, shipping_address, shipping_zone, weight_g, subtotal_cents, \
         total_ht_cents, vat_rate_bp, vat_cents, total_ttc_cents, vat_regime, payment_method, \
         catalog_version, cgv_accepted_at, created_at, updated_at) \
         VALUES ($1, $2, 'en attente de paiement', $1, 'x@exemple.fr', '{}', '{}', 'france', 0, \
         1000, 1000, 2000, 200, 1200, 'france', 'virement', 1, 0, 0, 0) RETURNING id",
    )
    .bind(numero)
    .bind(account)
    .fetch_one(&db.pool)
    .await
    .unwrap()
    .try_get("id")
    .unwrap()
}

/// Runs 20 order transactions at once, each consuming code `discount_id`; returns how many
/// committed and the refusals' reasons.
async fn twenty_orders(db: &Db, discount_id: i64, accounts: &[i64]) -> (usize, Vec<String>) {
    let mut orders = Vec::new();
    for (i, account) in accounts.iter().enumerate() {
        orders.push((
            *account,
            insert_order(db, *account, &format!("CO-{discount_id}-{i}")).await,
        ));
    }
    let db = Arc::new(db.clone());
    let start = Arc::new(tokio::sync::Barrier::new(orders.len()));
    let mut tasks = Vec::new();
    for (account, order) in orders {
        let db = db.clone();
        let start = start.clone();
        tasks.push(tokio::spawn(async move {
            start.wait().await;
            let mut tx = db.begin().await.unwrap();
            match consume(
                &mut tx,
                discount_id,
                account,
                order,
                Cents(500),
                server::clock::now(),
            )
            .await
            {
                Ok(()) => {
                    tx.commit().await.unwrap();
                    Ok(())
                }
                Err(ConsumeError::Refused(reason)) => {
                    tx.rollback().await.unwrap();
                    Err(reason)
                }
                Err(ConsumeError::Db(e)) => panic!("database error: {e}"),
            }
        }));
    }
    let mut ok = 0;
    let mut refused = Vec::new();
    for t in tasks {
        match t.await.unwrap() {
            Ok(()) => ok += 1,
            Err(reason) => refused.push(reason),
        }
    }
    (ok, refused)
}

async fn counted(db: &Db, discount_id: i64) -> (i64, i64) {
    use sqlx::Row;
    let uses: i64 = sqlx::query("SELECT uses FROM discounts WHERE id = $1")
        .bind(discount_id)
        .fetch_one(&db.pool)
        .await
        .unwrap()
        .try_get("uses")
        .unwrap();
    let rows: i64 = sqlx::query("SELECT COUNT(*) AS n FROM discount_uses WHERE discount_id = $1")
        .bind(discount_id)
        .fetch_one(&db.pool)
        .await
        .unwrap()
        .try_get("n")
        .unwrap();
    (uses, rows)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn twenty_simultaneous_orders_use_a_one_use_code_once() {
    let app = spawn_app().await;
    let (admin, _) = app.signed_in("admin@exemple.fr", Role::Admin).await;
    let mut accounts = Vec::new();
    for i in 0..20 {
        accounts.push(
            app.create_account(&format!("c{i}@exemple.fr"), Role::Client)
                .await,
        );
    }
    let code = create_code(
        &admin,
        json!({ "code": "UNSEUL", "type": "fixed", "valeur": 500, "utilisations_max": 1 }),
    )
    .await;
    let id = code["id"].as_i64().unwrap();
    let (ok, refused) = twenty_orders(&app.db, id, &accounts).await;
    assert_eq!(ok, 1, "{refused:?}");
    assert_eq!(refused.len(), 19);
    assert!(refused
        .iter()
        .all(|r| r == "Ce code a atteint son nombre maximal d'utilisations."));
    assert_eq!(counted(&app.db, id).await, (1, 1));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn twenty_simultaneous_orders_of_one_account_use_a_once_per_account_code_once() {
    let app = spawn_app().await;
    let (admin, _) = app.signed_in("admin@exemple.fr", Role::Admin).await;
    let account = app.create_account("seul@exemple.fr", Role::Client).await;
    let code = create_code(
        &admin,
        json!({ "code": "PARCOMPTE", "type": "percent", "valeur": 1000,
                "utilisations_max_par_compte": 1 }),
    )
    .await;
    let id = code["id"].as_i64().unwrap();
    let (ok, refused) = twenty_orders(&app.db, id, &[account; 20]).await;
    assert_eq!(ok, 1, "{refused:?}");
    assert!(refused
        .iter()
        .all(|r| r == "Vous avez déjà utilisé ce code."));
    // The refused transactions rolled their increments back.
    assert_eq!(counted(&app.db, id).await, (1, 1));
}

/// Issue 22, finding 13: guessing codes is limited per account (10 misses an hour), and codes
/// that exist for the account do not count as misses; the checkout's recap shares the limit.
#[tokio::test]
async fn guessing_codes_gets_429_after_ten_misses() {
    let app = spawn_app().await;
    let (admin, _) = app.signed_in("admin@exemple.fr", Role::Admin).await;
    let (mut c, _) = app.signed_in("jeanne@exemple.fr", Role::Client).await;
    fill_basket(&mut c).await;
    create_code(
        &admin,
        json!({ "code": "BIENVENUE", "type": "percent", "valeur": 1000 }),
    )
    .await;
    for _ in 0..5 {
        assert_eq!(check(&c, "BIENVENUE").await.0, StatusCode::OK);
    }
    for i in 0..10 {
        let (status, _) = check(&c, &format!("ESSAI{i}")).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "guess {i}");
    }
    let (status, body) = check(&c, "ESSAI10").await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    // Over the limit, even a real code waits: the answer must not tell codes apart.
    assert_eq!(
        check(&c, "BIENVENUE").await.0,
        StatusCode::TOO_MANY_REQUESTS
    );
    // Another account has its own limit.
    let (mut other, _) = app.signed_in("paul@exemple.fr", Role::Client).await;
    fill_basket(&mut other).await;
    assert_eq!(check(&other, "ESSAI0").await.0, StatusCode::NOT_FOUND);
}
