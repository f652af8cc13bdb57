//! The authorization matrix: every controller route of this area called as a visitor, as
//! customer A, as customer B on A's data and as an admin, with the expected status. No customer
//! reads or changes another's data.

use reqwest::Method;
use serde_json::{json, Value};
use server::db::accounts::Role;

use crate::helpers::{spawn_app, TestClient};

struct Case {
    method: &'static str,
    path: String,
    body: Option<Value>,
    /// Expected status as visitor, A, B, admin.
    expect: [u16; 4],
}

async fn status(c: &TestClient, case: &Case) -> u16 {
    c.proxy(case.method, &case.path, case.body.clone())
        .await
        .status()
        .as_u16()
}

#[tokio::test]
async fn every_controller_route_answers_each_role_as_expected() {
    let app = spawn_app().await;
    let visitor = app.client();
    let (a, a_id) = app.signed_in("a@exemple.fr", Role::Client).await;
    let (b, _) = app.signed_in("b@exemple.fr", Role::Client).await;
    let (admin, _) = app.signed_in("admin@exemple.fr", Role::Admin).await;
    let cases = [
        Case {
            method: "GET",
            path: "Comptes".into(),
            body: None,
            expect: [401, 200, 200, 200],
        },
        Case {
            method: "GET",
            path: "Comptes/me".into(),
            body: None,
            expect: [401, 200, 200, 200],
        },
        // Names of A: A and an admin may, B may not.
        Case {
            method: "PUT",
            path: "Comptes".into(),
            body: Some(json!({ "id": a_id, "nom": "Nouveau" })),
            expect: [401, 200, 403, 200],
        },
        // The role of A: only an admin.
        Case {
            method: "PUT",
            path: "Comptes".into(),
            body: Some(json!({ "id": a_id, "role": "client" })),
            expect: [401, 403, 403, 200],
        },
        // Creation without a verified code is refused for everyone, never 401/403.
        Case {
            method: "POST",
            path: "Comptes".into(),
            body: Some(
                json!({ "email": "c@exemple.fr", "password": "Motdepasse-solide-42", "nom": "C", "prenom": "C" }),
            ),
            expect: [400, 400, 400, 400],
        },
        Case {
            method: "GET",
            path: "Combinaison/full".into(),
            body: None,
            expect: [200, 200, 200, 200],
        },
        // Which payment modes are offered: public, nobody's data.
        Case {
            method: "GET",
            path: "Commande/Paiement/Config".into(),
            body: None,
            expect: [200, 200, 200, 200],
        },
    ];
    for case in &cases {
        let got = [
            status(&visitor, case).await,
            status(&a, case).await,
            status(&b, case).await,
            status(&admin, case).await,
        ];
        assert_eq!(got, case.expect, "{} {}", case.method, case.path);
    }
    let mut got = Vec::new();
    for c in [&visitor, &a, &b, &admin] {
        let body = json!({ "maintenance": false });
        got.push(
            c.send_json(Method::PUT, "/api/admin/set-maintenance", Some(body))
                .await
                .status()
                .as_u16(),
        );
    }
    assert_eq!(got, [401, 403, 403, 200]);
}

#[tokio::test]
async fn a_customer_sees_only_their_own_account() {
    let app = spawn_app().await;
    let (a, a_id) = app.signed_in("a@exemple.fr", Role::Client).await;
    let (b, b_id) = app.signed_in("b@exemple.fr", Role::Client).await;
    let (admin, _) = app.signed_in("admin@exemple.fr", Role::Admin).await;
    let list: Vec<Value> = a.proxy("GET", "Comptes", None).await.json().await.unwrap();
    assert_eq!(list.len(), 1);
    assert_eq!(list[0]["id"], a_id);
    let me: Value = b
        .proxy("GET", "Comptes/me", None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(me["id"], b_id);
    let all: Vec<Value> = admin
        .proxy("GET", "Comptes", None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(all.len(), 3);
    let res = b
        .proxy(
            "PUT",
            "Comptes",
            Some(json!({ "id": a_id, "nom": "Pirate" })),
        )
        .await;
    assert_eq!(res.status(), 403);
    let a_me: Value = a
        .proxy("GET", "Comptes/me", None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(a_me["nom"], "Dupont");
}

#[tokio::test]
async fn the_discount_routes_answer_each_role_as_expected() {
    let app = spawn_app().await;
    let visitor = app.client();
    let (a, a_id) = app.signed_in("a@exemple.fr", Role::Client).await;
    let (b, _) = app.signed_in("b@exemple.fr", Role::Client).await;
    let (admin, _) = app.signed_in("admin@exemple.fr", Role::Admin).await;
    let res = admin
        .proxy(
            "POST",
            "Reduction",
            Some(json!({ "code": "POURA", "type": "fixed", "valeur": 500, "id_compte": a_id })),
        )
        .await;
    assert_eq!(res.status(), 201);
    let id = res.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    // Only A may use the code reserved to A.
    for (c, usable) in [(&a, true), (&b, false), (&admin, false)] {
        let answer: Value = c
            .proxy("GET", "ReductionCompte/GetCodeAsUser/POURA", None)
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(answer["utilisable"], usable, "{answer}");
    }
    let cases = [
        Case {
            method: "GET",
            path: "Reduction".into(),
            body: None,
            expect: [401, 403, 403, 200],
        },
        Case {
            method: "POST",
            path: "Reduction".into(),
            body: Some(json!({ "code": "NOUVEAU", "type": "percent", "valeur": 1000 })),
            expect: [401, 403, 403, 201],
        },
        Case {
            method: "PUT",
            path: format!("Reduction/{id}"),
            body: Some(json!({ "valeur": 700 })),
            expect: [401, 403, 403, 200],
        },
        Case {
            method: "GET",
            path: "Reduction/Reductions".into(),
            body: None,
            expect: [401, 200, 200, 200],
        },
        // A code reserved to A: B and the admin learn only that they may not use it.
        Case {
            method: "GET",
            path: "ReductionCompte/GetCodeAsUser/POURA".into(),
            body: None,
            expect: [401, 200, 200, 200],
        },
        Case {
            method: "GET",
            path: format!("Reduction/{id}/utilisations"),
            body: None,
            expect: [401, 403, 403, 200],
        },
        Case {
            method: "DELETE",
            path: format!("Reduction/{id}"),
            body: None,
            expect: [401, 403, 403, 200],
        },
    ];
    for case in &cases {
        let got = [
            status(&visitor, case).await,
            status(&a, case).await,
            status(&b, case).await,
            status(&admin, case).await,
        ];
        assert_eq!(got, case.expect, "{} {}", case.method, case.path);
    }
}

#[tokio::test]
async fn commande_routes_answer_each_role_as_expected() {
    let app = spawn_app().await;
    let visitor = app.client();
    let (a, a_id) = app.signed_in("a@exemple.fr", Role::Client).await;
    let (b, _) = app.signed_in("b@exemple.fr", Role::Client).await;
    let (admin, _) = app.signed_in("admin@exemple.fr", Role::Admin).await;
    let a_address = crate::commande::address(&a, "fr", "69003", None).await;
    let a_order = crate::commande_statut::insert_order(&app, a_id, 1).await;
    // Addresses are the owner's only: B and an admin get 404 as for an unknown one.
    let cases = [
        Case {
            method: "GET",
            path: format!("Commande/Frais_Port/{a_address}"),
            body: None,
            expect: [401, 200, 404, 404],
        },
        Case {
            method: "POST",
            path: "Commande/Recapitulatif".into(),
            body: Some(
                json!({ "idAdresseLivraison": a_address, "idAdresseFacturation": a_address }),
            ),
            expect: [401, 200, 404, 404],
        },
        // Without the Idempotency-Key header every signed-in caller gets the French 400.
        Case {
            method: "POST",
            path: "Commande".into(),
            body: Some(
                json!({ "idAdresseLivraison": a_address, "idAdresseFacturation": a_address,
                               "modePaiement": "virement", "cgvAcceptees": true }),
            ),
            expect: [401, 400, 400, 400],
        },
        // Each account reads its own orders and parcels (B's lists are empty).
        Case {
            method: "GET",
            path: "Commande/mes-commandes".into(),
            body: None,
            expect: [401, 200, 200, 200],
        },
        Case {
            method: "GET",
            path: "Commande/Livraisons".into(),
            body: None,
            expect: [401, 200, 200, 200],
        },
        Case {
            method: "GET",
            path: "Commande".into(),
            body: None,
            expect: [401, 403, 403, 200],
        },
        Case {
            method: "GET",
            path: format!("Commande/{a_order}"),
            body: None,
            expect: [401, 403, 403, 200],
        },
        // Shipping an order waiting for payment is an illegal transition, even for an admin.
        Case {
            method: "POST",
            path: format!("Commande/{a_order}/Livraisons"),
            body: Some(json!({ "transporteur": "Colissimo", "numeroSuivi": "6A1" })),
            expect: [401, 403, 403, 409],
        },
        Case {
            method: "PUT",
            path: format!("Commande/{a_order}/statut"),
            body: Some(json!({ "statut": "payée" })),
            expect: [401, 403, 403, 200],
        },
        // Every invoice and credit note (A's invoice included now): admins only.
        Case {
            method: "GET",
            path: "Factures".into(),
            body: None,
            expect: [401, 403, 403, 200],
        },
        Case {
            method: "GET",
            path: "Factures?type=avoir&q=CO&page=1&par_page=10".into(),
            body: None,
            expect: [401, 403, 403, 200],
        },
        // The shop's statistics and the audit log: admins only.
        Case {
            method: "GET",
            path: "Statistiques?du=2026-01-01&au=2026-12-31".into(),
            body: None,
            expect: [401, 403, 403, 200],
        },
        Case {
            method: "GET",
            path: "Statistiques".into(),
            body: None,
            expect: [401, 403, 403, 200],
        },
        Case {
            method: "GET",
            path: "Admin/Journal?action=commande.statut&page=1".into(),
            body: None,
            expect: [401, 403, 403, 200],
        },
    ];
    for case in &cases {
        let got = [
            status(&visitor, case).await,
            status(&a, case).await,
            status(&b, case).await,
            status(&admin, case).await,
        ];
        assert_eq!(got, case.expect, "{} {}", case.method, case.path);
    }
}

#[tokio::test]
async fn the_quote_pdf_answers_each_role_as_expected() {
    let app = spawn_app().await;
    let visitor = app.client();
    let a = crate::commande::customer_with_basket(&app, "a@exemple.fr").await;
    let (b, _) = app.signed_in("b@exemple.fr", Role::Client).await;
    let (admin, _) = app.signed_in("admin@exemple.fr", Role::Admin).await;
    let a_address = crate::commande::address(&a, "fr", "69003", None).await;
    let cases = [
        // Each caller quotes their own basket: A has one; B's and the admin's are empty (400).
        Case {
            method: "GET",
            path: "Devis/pdf".into(),
            body: None,
            expect: [401, 200, 400, 400],
        },
        // A's addresses are A's only: B and an admin get 404 as for an unknown one.
        Case {
            method: "GET",
            path: format!("Devis/pdf?idAdresseFacturation={a_address}"),
            body: None,
            expect: [401, 200, 404, 404],
        },
        Case {
            method: "GET",
            path: format!("Devis/pdf?idAdresseLivraison={a_address}"),
            body: None,
            expect: [401, 200, 404, 404],
        },
    ];
    for case in &cases {
        let got = [
            status(&visitor, case).await,
            status(&a, case).await,
            status(&b, case).await,
            status(&admin, case).await,
        ];
        assert_eq!(got, case.expect, "{} {}", case.method, case.path);
    }
}

#[tokio::test]
async fn pieces_routes_answer_each_role_as_expected() {
    let app = spawn_app().await;
    let visitor = app.client();
    let (a, line) = crate::compte_piece::customer_with_a_line(&app, "a@exemple.fr").await;
    let a_id: i64 = sqlx::query_scalar("SELECT id FROM accounts WHERE email = 'a@exemple.fr'")
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    let (b, _) = app.signed_in("b@exemple.fr", Role::Client).await;
    let (admin, _) = app.signed_in("admin@exemple.fr", Role::Admin).await;
    let part = line["Id_Piece"].as_i64().unwrap();
    let a_order = crate::commande_statut::insert_order(&app, a_id, 1).await;
    // A's part and order are A's only: B, and an admin on the customer routes, get 404 as for
    // an unknown one; the original file is also the admin's.
    let cases = [
        Case {
            method: "GET",
            path: format!("Pieces/ById/{part}"),
            body: None,
            expect: [401, 200, 404, 404],
        },
        Case {
            method: "GET",
            path: format!("Pieces/ByCommande/{a_order}"),
            body: None,
            expect: [401, 200, 404, 404],
        },
        Case {
            method: "GET",
            path: format!("Pieces/Fichier/{part}"),
            body: None,
            expect: [401, 200, 404, 200],
        },
        Case {
            method: "PUT",
            path: format!("Pieces/AskForReview/{part}"),
            body: Some(json!({ "message": "Merci de vérifier." })),
            expect: [401, 200, 404, 404],
        },
        Case {
            method: "GET",
            path: "Pieces/AllStatus".into(),
            body: None,
            expect: [401, 403, 403, 200],
        },
        Case {
            method: "GET",
            path: "Pieces/ForReview".into(),
            body: None,
            expect: [401, 403, 403, 200],
        },
        Case {
            method: "GET",
            path: "Pieces/ForReview?q=a&page=2&par_page=5".into(),
            body: None,
            expect: [401, 403, 403, 200],
        },
        Case {
            method: "GET",
            path: format!("Pieces/ById_AsAdmin/{part}"),
            body: None,
            expect: [401, 403, 403, 200],
        },
        Case {
            method: "PUT",
            path: "Pieces/status".into(),
            body: Some(json!({ "Id_Piece": part, "Id_Status": 3 })),
            expect: [401, 403, 403, 200],
        },
    ];
    for case in &cases {
        let got = [
            status(&visitor, case).await,
            status(&a, case).await,
            status(&b, case).await,
            status(&admin, case).await,
        ];
        assert_eq!(got, case.expect, "{} {}", case.method, case.path);
    }
}

/// The admin area's own routes (dashboard, accounts): refused to visitors and customers.
#[tokio::test]
async fn every_admin_route_is_refused_to_visitors_and_customers() {
    let app = spawn_app().await;
    let visitor = app.client();
    let (a, a_id) = app.signed_in("a@exemple.fr", Role::Client).await;
    let (b, _) = app.signed_in("b@exemple.fr", Role::Client).await;
    let (admin, _) = app.signed_in("admin@exemple.fr", Role::Admin).await;
    let target = app.create_account("cible@exemple.fr", Role::Client).await;
    let cases = [
        Case {
            method: "GET",
            path: "Admin/Tableau".into(),
            body: None,
            expect: [401, 403, 403, 200],
        },
        Case {
            method: "GET",
            path: "Admin/Comptes?q=exemple".into(),
            body: None,
            expect: [401, 403, 403, 200],
        },
        Case {
            method: "GET",
            path: format!("Admin/Comptes/{a_id}"),
            body: None,
            expect: [401, 403, 403, 200],
        },
        Case {
            method: "GET",
            path: format!("Admin/Comptes/{a_id}/Pieces?page=1&par_page=5"),
            body: None,
            expect: [401, 403, 403, 200],
        },
        Case {
            method: "GET",
            path: format!("Admin/Comptes/{a_id}/Commandes?page=1&par_page=5"),
            body: None,
            expect: [401, 403, 403, 200],
        },
        Case {
            method: "PUT",
            path: format!("Admin/Comptes/{target}/desactivation"),
            body: Some(json!({ "desactive": false })),
            expect: [401, 403, 403, 200],
        },
        Case {
            method: "GET",
            path: "Admin/Catalogue".into(),
            body: None,
            expect: [401, 403, 403, 200],
        },
        Case {
            method: "GET",
            path: "Admin/Catalogue/1".into(),
            body: None,
            expect: [401, 403, 403, 200],
        },
        Case {
            method: "POST",
            path: "Admin/Catalogue".into(),
            body: Some(json!({
                "version_base": 1,
                "catalogue": quote_core::Catalog::default_catalog(),
            })),
            expect: [401, 403, 403, 201],
        },
    ];
    for case in &cases {
        let got = [
            status(&visitor, case).await,
            status(&a, case).await,
            status(&b, case).await,
            status(&admin, case).await,
        ];
        assert_eq!(got, case.expect, "{} {}", case.method, case.path);
    }
}
