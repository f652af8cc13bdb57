//! The audit log: each admin action writes one line (who, what, before, after) in its own
//! transaction, and `GET Admin/Journal` lists them newest first with filters.

use serde_json::{json, Value};
use server::db::accounts::Role;

use crate::builders::{a_customer, an_admin, insert_order, open_cube};
use crate::helpers::{exec, scalar, spawn_app, TestApp, TestClient};

async fn journal(admin: &TestClient, query: &str) -> Value {
    let (status, v) = admin
        .call("GET", &format!("Admin/Journal?{query}"), None)
        .await;
    assert_eq!(status, 200, "{query}: {v}");
    v
}

async fn rows(app: &TestApp) -> i64 {
    scalar!(app, "SELECT COUNT(*) FROM audit_log")
}

/// The newest line, after checking that the action wrote exactly one.
async fn one_more(app: &TestApp, admin: &TestClient, before: i64) -> Value {
    assert_eq!(rows(app).await, before + 1, "one line per action");
    journal(admin, "").await["items"][0].clone()
}

#[tokio::test]
async fn every_admin_action_writes_one_line_with_its_before_and_after() {
    let app = spawn_app().await;
    let admin = an_admin(&app).email("chef@exemple.fr").await;
    let (_, customer) = app.signed_in("client@exemple.fr", Role::Client).await;

    // Maintenance switch.
    let n = rows(&app).await;
    assert_eq!(admin.set_maintenance(true).await, 200);
    let line = one_more(&app, &admin, n).await;
    assert_eq!(line["action"], "maintenance");
    assert_eq!(line["action_libelle"], "Mode maintenance");
    assert_eq!(line["acteur"], "chef@exemple.fr");
    assert_eq!(line["avant"], json!({ "maintenance": false }));
    assert_eq!(line["apres"], json!({ "maintenance": true }));
    admin.set_maintenance(false).await;

    // Order status, then its delivery.
    let order = insert_order(&app, customer, 41).await;
    let n = rows(&app).await;
    let body = json!({ "statut": "payée", "note": "virement du 3" });
    let (status, v) = admin
        .call("PUT", &format!("Commande/{order}/statut"), Some(body))
        .await;
    assert_eq!(status, 200, "{v}");
    let line = one_more(&app, &admin, n).await;
    assert_eq!(line["action"], "commande.statut");
    assert_eq!(line["cible"], "CO-2026-000041");
    assert_eq!(line["avant"], json!({ "statut": "en attente de paiement" }));
    assert_eq!(line["apres"]["statut"], "payée");
    assert_eq!(line["apres"]["note"], "virement du 3");
    assert_eq!(line["apres"]["facture"], v["facture"]["numero"]);
    let body = json!({ "statut": "en production" });
    admin
        .call("PUT", &format!("Commande/{order}/statut"), Some(body))
        .await;
    let n = rows(&app).await;
    let body = json!({ "transporteur": "Colissimo", "numero_suivi": "6A123" });
    let (status, _) = admin
        .call("POST", &format!("Commande/{order}/Livraisons"), Some(body))
        .await;
    assert_eq!(status, 201);
    let line = one_more(&app, &admin, n).await;
    assert_eq!(line["action"], "commande.livraison");
    assert_eq!(line["avant"], json!({ "statut": "en production" }));
    assert_eq!(line["apres"]["statut"], "expédiée");
    assert_eq!(line["apres"]["numero_suivi"], "6A123");

    // A refused action writes nothing.
    let n = rows(&app).await;
    let body = json!({ "statut": "payée" });
    let (status, _) = admin
        .call("PUT", &format!("Commande/{order}/statut"), Some(body))
        .await;
    assert_eq!(status, 409);
    assert_eq!(rows(&app).await, n);

    // Discount codes: creation, change, disabling.
    let n = rows(&app).await;
    let body = json!({ "code": "ete26", "type": "percent", "valeur": 1000 });
    let (status, code) = admin.call("POST", "Reduction", Some(body)).await;
    assert_eq!(status, 201, "{code}");
    let id = code["id"].as_i64().unwrap();
    let line = one_more(&app, &admin, n).await;
    assert_eq!(line["action"], "reduction.creation");
    assert_eq!(line["cible"], "ETE26");
    assert_eq!(line["avant"], Value::Null);
    assert_eq!(line["apres"], code);
    let n = rows(&app).await;
    let body = json!({ "valeur": 1500 });
    let (status, changed) = admin
        .call("PUT", &format!("Reduction/{id}"), Some(body))
        .await;
    assert_eq!(status, 200);
    let line = one_more(&app, &admin, n).await;
    assert_eq!(line["action"], "reduction.modification");
    assert_eq!(line["avant"]["valeur"], 1000);
    assert_eq!(line["apres"], changed);
    let n = rows(&app).await;
    let (status, _) = admin.call("DELETE", &format!("Reduction/{id}"), None).await;
    assert_eq!(status, 200);
    let line = one_more(&app, &admin, n).await;
    assert_eq!(line["action"], "reduction.desactivation");
    assert_eq!(line["avant"]["actif"], true);
    assert_eq!(line["apres"]["actif"], false);
    // A code already taken: refused, nothing written (the transaction is rolled back).
    let n = rows(&app).await;
    let body = json!({ "code": "ETE26", "type": "percent", "valeur": 1000 });
    let (status, _) = admin.call("POST", "Reduction", Some(body)).await;
    assert_eq!(status, 409);
    assert_eq!(rows(&app).await, n);

    // A part's status.
    let part = a_customer(&app)
        .email("pieces@exemple.fr")
        .with_basket(open_cube())
        .await
        .part();
    let n = rows(&app).await;
    let body = json!({ "Id_Piece": part, "Id_Status": 3, "commentaire": "Vérifiée" });
    let (status, v) = admin.call("PUT", "Pieces/status", Some(body)).await;
    assert_eq!(status, 200, "{v}");
    let line = one_more(&app, &admin, n).await;
    assert_eq!(line["action"], "piece.statut");
    assert_eq!(line["cible"], format!("ouvert.stl (n°\u{a0}{part})"));
    assert_eq!(
        line["avant"],
        json!({ "id_statut": 2, "statut": "À vérifier", "commentaire": "" })
    );
    assert_eq!(
        line["apres"],
        json!({ "id_statut": 3, "statut": "Validée", "commentaire": "Vérifiée" })
    );

    // A new catalog version; a save from a stale version writes nothing.
    let (_, current) = admin.call("GET", "Admin/Catalogue", None).await;
    let mut edited = current["catalogue"].clone();
    edited["max_quantity"] = json!(500);
    let body = json!({ "version_base": 1, "catalogue": edited });
    let n = rows(&app).await;
    let (status, v) = admin
        .call("POST", "Admin/Catalogue", Some(body.clone()))
        .await;
    assert_eq!(status, 201, "{v}");
    let line = one_more(&app, &admin, n).await;
    assert_eq!(line["action"], "catalogue.version");
    assert_eq!(line["cible"], "Catalogue version 2");
    assert_eq!(line["avant"], json!({ "version": 1, "max_quantity": 1000 }));
    assert_eq!(line["apres"], json!({ "version": 2, "max_quantity": 500 }));
    let (status, _) = admin.call("POST", "Admin/Catalogue", Some(body)).await;
    assert_eq!(status, 409);
    assert_eq!(rows(&app).await, n + 1);
    // Another account's role, then its names (`PUT Comptes` by an admin).
    let n = rows(&app).await;
    let body = json!({ "id": customer, "role": "admin" });
    let (status, v) = admin.call("PUT", "Comptes", Some(body)).await;
    assert_eq!(status, 200, "{v}");
    let line = one_more(&app, &admin, n).await;
    assert_eq!(line["action"], "compte.role");
    assert_eq!(line["action_libelle"], "Changement de rôle d'un compte");
    assert_eq!(line["cible"], "client@exemple.fr");
    assert_eq!(line["avant"]["role"], "client");
    assert_eq!(line["apres"]["role"], "admin");
    assert_eq!(line["apres"]["nom"], line["avant"]["nom"]);
    let n = rows(&app).await;
    let body = json!({ "id": customer, "nom": "Durand-Petit" });
    let (status, v) = admin.call("PUT", "Comptes", Some(body)).await;
    assert_eq!(status, 200, "{v}");
    let line = one_more(&app, &admin, n).await;
    assert_eq!(line["action"], "compte.modification");
    assert_eq!(line["apres"]["nom"], "Durand-Petit");
    assert_eq!(line["avant"]["role"], "admin");
    assert_eq!(line["apres"]["role"], "admin");
    // The same values again, a refused change and an admin's own names: nothing written.
    let n = rows(&app).await;
    let body = json!({ "id": customer, "nom": "Durand-Petit", "role": "admin" });
    let (status, _) = admin.call("PUT", "Comptes", Some(body)).await;
    assert_eq!(status, 200);
    let body = json!({ "id": customer, "role": "roi" });
    let (status, _) = admin.call("PUT", "Comptes", Some(body)).await;
    assert_eq!(status, 400);
    let (status, _) = admin
        .call("PUT", "Comptes", Some(json!({ "nom": "Chef" })))
        .await;
    assert_eq!(status, 200);
    assert_eq!(rows(&app).await, n);
}

#[tokio::test]
async fn the_journal_filters_by_actor_action_and_day_and_pages() {
    let app = spawn_app().await;
    let chef = an_admin(&app).email("chef@exemple.fr").await;
    let aide = an_admin(&app).email("aide@exemple.fr").await;
    for (c, code) in [
        (&chef, "PREMIER"),
        (&aide, "DEUXIEME"),
        (&chef, "TROISIEME"),
    ] {
        let body = json!({ "code": code, "type": "fixed", "valeur": 500 });
        let (status, _) = c.call("POST", "Reduction", Some(body)).await;
        assert_eq!(status, 201);
    }
    aide.call("DELETE", "Reduction/1", None).await;
    // Two old lines, on 14 and 15 March 2026 in Paris.
    for (at, target) in [(1_773_529_199_i64, "VIEUX-14"), (1_773_529_200, "VIEUX-15")] {
        exec!(
            app,
            "INSERT INTO audit_log (actor_account_id, actor_email, action, target, created_at) \
             VALUES (NULL, 'ancien@exemple.fr', 'maintenance', $1, $2)",
            target,
            at
        );
    }
    let all = journal(&chef, "").await;
    assert_eq!(all["total"], 6);
    assert_eq!(all["items"][0]["action"], "reduction.desactivation");
    assert_eq!(all["items"][0]["acteur"], "aide@exemple.fr");
    assert_eq!(
        all["actions"].as_array().unwrap().len(),
        server::audit::ACTIONS.len()
    );
    let targets = |v: &Value| -> Vec<String> {
        v["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["cible"].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(
        targets(&journal(&chef, "acteur=CHEF").await),
        ["TROISIEME", "PREMIER"]
    );
    assert_eq!(
        targets(&journal(&chef, "acteur=aide&action=reduction.creation").await),
        ["DEUXIEME"]
    );
    assert_eq!(
        targets(&journal(&chef, "du=2026-03-15&au=2026-03-15").await),
        ["VIEUX-15"]
    );
    assert_eq!(
        targets(&journal(&chef, "au=2026-03-14").await),
        ["VIEUX-14"]
    );
    assert_eq!(journal(&chef, "du=2026-03-15").await["total"], 5);
    assert_eq!(journal(&chef, "page=2").await["items"], json!([]));
    // LIKE's wildcards are plain characters in the filter.
    assert_eq!(journal(&chef, "acteur=%").await["total"], 0);
    for (query, needle) in [
        ("action=tout", "Action inconnue"),
        ("du=2026-13-01", "«\u{a0}du\u{a0}»"),
        ("du=2026-03-02&au=2026-03-01", "précéder"),
        ("page=0", "La page"),
    ] {
        let (status, v) = chef
            .call("GET", &format!("Admin/Journal?{query}"), None)
            .await;
        assert_eq!(status, 400, "{query}");
        assert!(
            v["errors"][0].as_str().unwrap().contains(needle),
            "{query}: {v}"
        );
    }
}
