//! The `Pieces` controller through the proxy: a part's reasons and history from its analysis, the
//! customer's review request, the admin's decision (e-mailed to the customer through a real SMTP
//! server), the review queue, the original file, and a validated part making the basket orderable.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::builders::{a_customer, address, an_admin, cube, open_cube, place, Part};
use crate::devis_helpers::{box_stl, drop_file, fixture};
use crate::helpers::{exec, scalar, spawn_app, spawn_app_with, TestApp, TestClient};
use crate::mail_helpers::{text_part, SmtpSink};

const NBSP: char = '\u{a0}';

async fn part(c: &TestClient, id: i64) -> Value {
    let (status, v) = c.call("GET", &format!("Pieces/ById/{id}"), None).await;
    assert_eq!(status, 200, "{v}");
    v
}

async fn basket(c: &TestClient) -> Vec<Value> {
    let (status, v) = c.call("GET", "ComptePiece", None).await;
    assert_eq!(status, 200);
    v.as_array().unwrap().clone()
}

async fn ask(c: &TestClient, id: i64, body: Value) -> (u16, Value) {
    c.call("PUT", &format!("Pieces/AskForReview/{id}"), Some(body))
        .await
}

#[tokio::test]
async fn an_open_mesh_gets_its_reason_and_a_first_history_row_from_the_analysis() {
    let app = spawn_app().await;
    let c = a_customer(&app).with_basket(open_cube()).await;
    let id = c.part();
    let p = part(&c, id).await;
    assert_eq!(p["id"], id);
    assert_eq!(p["Id_Piece"], id);
    assert_eq!(p["nom_fichier"], "ouvert.stl");
    assert_eq!(p["id_statut"], 2);
    assert_eq!(p["statut"], "À vérifier");
    let open = p["analyse"]["boundary_edges"].as_u64().unwrap();
    assert!(open > 0);
    // Their segments are the browser viewer's: the stored analysis keeps the count only.
    assert_eq!(p["analyse"]["open_edges"], json!([]));
    let reason = format!("Maillage non étanche{NBSP}: {open}{NBSP}arêtes ouvertes.");
    assert_eq!(p["motifs"], json!([reason]));
    assert_eq!(p["demande_client"], "");
    assert_eq!(p["commentaire_admin"], "");
    assert_eq!(p["options"]["process"], "SLA");
    assert_eq!(
        p["fichier_url"],
        format!("/api/backend/Pieces/Fichier/{id}")
    );
    assert!(p["cree_le"].as_str().unwrap().ends_with('Z'), "{p}");
    assert_eq!(p["historique"].as_array().unwrap().len(), 1);
    let first = &p["historique"][0];
    assert_eq!(first["id_statut"], 2);
    assert_eq!(first["statut"], "À vérifier");
    assert_eq!(first["commentaire"], reason.as_str());
    assert_eq!(first["par"], "analyse");
    assert!(
        p.get("client").is_none(),
        "the owner's view names no client"
    );
    let line = &basket(&c).await[0];
    assert_eq!(line["motifs"], json!([reason]));
    assert_eq!(line["commandable"], false);
}

#[tokio::test]
async fn a_sound_part_is_analysed_with_no_reason() {
    let app = spawn_app().await;
    let c = a_customer(&app).with_basket(cube()).await;
    let line = c.line().clone();
    let p = part(&c, line["Id_Piece"].as_i64().unwrap()).await;
    assert_eq!(p["id_statut"], 1);
    assert_eq!(p["motifs"], json!([]));
    assert_eq!(
        p["options"]["quantity"], 3,
        "the options given at basket time"
    );
    assert_eq!(p["historique"][0]["statut"], "Analysée");
    assert_eq!(p["historique"][0]["commentaire"], "");
}

#[tokio::test]
async fn another_account_s_part_or_an_unknown_one_answers_404_in_french() {
    let app = spawn_app().await;
    let line = a_customer(&app).with_basket(cube()).await.line().clone();
    let id = line["Id_Piece"].as_i64().unwrap();
    let other = a_customer(&app).email("paul@exemple.fr").await;
    for path in [
        format!("Pieces/ById/{id}"),
        format!("Pieces/Fichier/{id}"),
        "Pieces/ById/987654".into(),
        "Pieces/ById/abc".into(),
    ] {
        let (status, v) = other.call("GET", &path, None).await;
        assert_eq!(status, 404, "{path}");
        assert_eq!(v["message"], "Cette pièce est introuvable.", "{path}");
    }
    let (status, _) = ask(&other, id, json!({ "message": "pirate" })).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn a_customer_asks_for_a_review_with_a_message_and_the_part_waits_for_staff() {
    let app = spawn_app().await;
    let c = a_customer(&app).with_basket(cube()).await;
    let line = c.line().clone();
    let id = line["Id_Piece"].as_i64().unwrap();
    let message = "Pouvez-vous vérifier l'épaisseur des ailettes ?";
    let (status, p) = ask(&c, id, json!({ "message": format!("  {message}\n") })).await;
    assert_eq!(status, 200, "{p}");
    assert_eq!(p["id_statut"], 2);
    assert_eq!(p["statut"], "À vérifier");
    assert_eq!(p["demande_client"], message);
    let history = p["historique"].as_array().unwrap();
    assert_eq!(history.len(), 2);
    assert_eq!(history[1]["par"], "client");
    assert_eq!(history[1]["commentaire"], message);
    let line = &basket(&c).await[0];
    assert_eq!(line["id_statut"], 2);
    assert_eq!(line["demande_client"], message);
    assert_eq!(line["commandable"], false);
    // The same request again (a double click) adds nothing.
    let (status, again) = ask(&c, id, json!({ "message": message })).await;
    assert_eq!(status, 200);
    assert_eq!(again["historique"].as_array().unwrap().len(), 2);
    // A request with no message is accepted too.
    let paul = a_customer(&app)
        .email("paul@exemple.fr")
        .with_basket(cube())
        .await;
    let other_line = paul.line().clone();
    let (status, p) = ask(&paul, other_line["Id_Piece"].as_i64().unwrap(), json!({})).await;
    assert_eq!(status, 200, "{p}");
    assert_eq!(p["demande_client"], "");
}

#[tokio::test]
async fn a_message_over_2000_characters_or_not_text_is_refused_in_french() {
    let app = spawn_app().await;
    let c = a_customer(&app).with_basket(cube()).await;
    let line = c.line().clone();
    let id = line["Id_Piece"].as_i64().unwrap();
    let (status, v) = ask(&c, id, json!({ "message": "é".repeat(2001) })).await;
    assert_eq!(status, 400);
    assert_eq!(
        v["message"],
        format!("Votre message ne doit pas dépasser 2\u{202f}000{NBSP}caractères (2\u{202f}001 actuellement).")
    );
    let (status, v) = ask(&c, id, json!({ "message": 42 })).await;
    assert_eq!(status, 400);
    assert_eq!(v["message"], "Votre message doit être un texte.");
    assert_eq!(part(&c, id).await["id_statut"], 1, "nothing changed");
    let (status, _) = ask(&c, id, json!({ "message": "é".repeat(2000) })).await;
    assert_eq!(status, 200);
}

async fn admin(app: &TestApp) -> TestClient {
    an_admin(app).await.client
}

async fn decide(a: &TestClient, id: i64, status: i64, comment: Option<&str>) -> (u16, Value) {
    let mut body = json!({ "Id_Piece": id, "Id_Status": status });
    if let Some(c) = comment {
        body["commentaire"] = json!(c);
    }
    a.call("PUT", "Pieces/status", Some(body)).await
}

#[tokio::test]
async fn an_admin_validates_a_part_the_customer_is_emailed_and_the_basket_can_be_ordered() {
    let sink = SmtpSink::start();
    let app = spawn_app_with(|s| s.smtp_url = Some(sink.url())).await;
    let c = a_customer(&app).with_basket(cube()).await;
    let id = basket(&c).await[0]["Id_Piece"].as_i64().unwrap();
    let home = address(&c, "fr", "69003", None).await;
    let order = json!({ "idAdresseLivraison": home, "idAdresseFacturation": home,
                        "modePaiement": "virement", "cgvAcceptees": true });
    assert_eq!(
        ask(&c, id, json!({ "message": "Tolérance de 0,1 mm ?" }))
            .await
            .0,
        200
    );
    let (status, v) = place(&c, Some("avant"), order.clone()).await;
    assert_eq!(status, 400, "a part to review cannot be ordered: {v}");

    let a = admin(&app).await;
    let comment = "Tolérance tenue en SLA.\nBonne impression !";
    let (status, p) = decide(&a, id, 3, Some(comment)).await;
    assert_eq!(status, 200, "{p}");
    assert_eq!(p["id_statut"], 3);
    assert_eq!(p["statut"], "Validée");
    assert_eq!(p["commentaire_admin"], comment);
    assert_eq!(p["client"]["email"], "jeanne@exemple.fr");
    let history = p["historique"].as_array().unwrap();
    let by: Vec<&str> = history.iter().map(|h| h["par"].as_str().unwrap()).collect();
    assert_eq!(by, ["analyse", "client", "equipe"]);
    assert_eq!(history[2]["commentaire"], comment);

    let mails = sink.wait_for(1).await;
    assert_eq!(mails.len(), 1);
    assert!(mails[0].contains("jeanne@exemple.fr"));
    let text = text_part(&mails[0]);
    assert!(
        text.contains(&format!(
            "votre pièce «{NBSP}cube.stl{NBSP}»{NBSP}: elle est validée"
        )),
        "{text}"
    );
    assert!(
        text.contains(&format!("Commentaire de notre équipe{NBSP}:\n{comment}")),
        "{text}"
    );
    assert!(text.contains("/compte/panier"), "{text}");

    // The same decision again changes nothing and sends nothing.
    let (status, again) = decide(&a, id, 3, Some(comment)).await;
    assert_eq!(status, 200);
    assert_eq!(again["historique"].as_array().unwrap().len(), 3);

    let line = &basket(&c).await[0];
    assert_eq!(line["commentaire_admin"], comment);
    assert_eq!(line["commandable"], true);
    let (status, v) = place(&c, Some("apres"), order).await;
    assert_eq!(status, 201, "the validated part can be ordered: {v}");
    // The order-received e-mail is the second message: no other part e-mail came in between.
    let mails = sink.wait_for(2).await;
    assert_eq!(mails.len(), 2);

    // Ordered, the part cannot be sent back to review; its order lists it.
    let (status, v) = ask(&c, id, json!({ "message": "Encore une question" })).await;
    assert_eq!(status, 409, "{v}");
    let (numero, order_id): (String, i64) = sqlx::query_as("SELECT numero, id FROM orders")
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    assert!(v["message"].as_str().unwrap().contains(&numero), "{v}");
    let (status, parts) = c
        .call("GET", &format!("Pieces/ByCommande/{order_id}"), None)
        .await;
    assert_eq!(status, 200);
    assert_eq!(parts.as_array().unwrap().len(), 1);
    assert_eq!(parts[0]["id"], id);
}

#[tokio::test]
async fn a_refused_part_is_asked_again_only_with_an_explanation() {
    let app = spawn_app().await;
    let c = a_customer(&app).with_basket(cube()).await;
    let line = c.line().clone();
    let id = line["Id_Piece"].as_i64().unwrap();
    let a = admin(&app).await;
    let (status, p) = decide(&a, id, 4, Some("Parois trop fines.")).await;
    assert_eq!(status, 200, "{p}");
    let line = &basket(&c).await[0];
    assert_eq!(line["statut"], "Refusée");
    assert_eq!(line["commentaire_admin"], "Parois trop fines.");
    let (status, v) = ask(&c, id, json!({ "message": "" })).await;
    assert_eq!(status, 400);
    assert_eq!(
        v["message"],
        format!("«{NBSP}cube.stl{NBSP}» a été refusée{NBSP}: expliquez dans votre message ce que notre équipe doit revoir.")
    );
    let (status, p) = ask(&c, id, json!({ "message": "Je les ai épaissies à 1 mm." })).await;
    assert_eq!(status, 200);
    assert_eq!(p["id_statut"], 2);
    // A change with no comment clears the previous one.
    let (_, p) = decide(&a, id, 3, None).await;
    assert_eq!(p["commentaire_admin"], "");
    assert_eq!(p["historique"].as_array().unwrap().len(), 4);
}

#[tokio::test]
async fn a_wrong_decision_is_refused_in_french() {
    let app = spawn_app().await;
    let line = a_customer(&app).with_basket(cube()).await.line().clone();
    let id = line["Id_Piece"].as_i64().unwrap();
    let a = admin(&app).await;
    let unknown = format!(
        "Statut de pièce inconnu{NBSP}: 1 (Analysée), 2 (À vérifier), 3 (Validée) ou 4 (Refusée)."
    );
    let (status, v) = decide(&a, id, 9, None).await;
    assert_eq!(status, 400);
    assert_eq!(v["message"], unknown.as_str());
    let (status, v) = decide(&a, 987_654, 3, None).await;
    assert_eq!(status, 404);
    assert_eq!(v["message"], "Cette pièce est introuvable.");
    let body = json!({ "Id_Piece": "x", "Id_Status": "Validée" });
    let (status, v) = a.call("PUT", "Pieces/status", Some(body)).await;
    assert_eq!(status, 400);
    assert_eq!(
        v["errors"],
        json!(["Indiquez la pièce (Id_Piece, un nombre entier).", unknown])
    );
    let (status, v) = decide(&a, id, 3, Some(&"x".repeat(2001))).await;
    assert_eq!(status, 400);
    assert!(
        v["errors"][0]
            .as_str()
            .unwrap()
            .starts_with("Le commentaire ne doit pas dépasser"),
        "{v}"
    );
    let (status, v) = a
        .call("GET", &format!("Pieces/ById_AsAdmin/{id}"), None)
        .await;
    assert_eq!(status, 200);
    assert_eq!(v["id_statut"], 1, "nothing changed");
    assert_eq!(v["client"]["email"], "jeanne@exemple.fr");
    assert_eq!(v["historique"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn the_statuses_are_the_four_of_the_product() {
    let app = spawn_app().await;
    let a = admin(&app).await;
    let (status, v) = a.call("GET", "Pieces/AllStatus", None).await;
    assert_eq!(status, 200);
    assert_eq!(
        v,
        json!([{ "id": 1, "libelle": "Analysée" }, { "id": 2, "libelle": "À vérifier" },
               { "id": 3, "libelle": "Validée" }, { "id": 4, "libelle": "Refusée" }])
    );
}

#[tokio::test]
async fn the_review_queue_lists_customers_parts_longest_waiting_first() {
    let app = spawn_app().await;
    let first = a_customer(&app).with_basket(open_cube()).await.part();
    let paul = a_customer(&app)
        .email("paul@exemple.fr")
        .with_basket(cube())
        .await;
    let line = paul.line().clone();
    let second = line["Id_Piece"].as_i64().unwrap();
    assert_eq!(
        ask(&paul, second, json!({ "message": "Urgent" })).await.0,
        200
    );
    // A visitor's part, in nobody's basket, is nobody's request.
    let visitor = app.client();
    let anonymous = drop_file(&visitor, fixture("open_cube.stl"), "anonyme.stl", 0).await;
    assert_eq!(anonymous["status_id"], 2);
    // Paul's request is made older than Jeanne's analysis.
    exec!(
        app,
        "UPDATE part_status_history SET created_at = created_at - 3600 WHERE part_id = $1",
        second
    );
    let a = admin(&app).await;
    let (status, queue) = a.call("GET", "Pieces/ForReview", None).await;
    assert_eq!(status, 200);
    assert_eq!(queue["total"], 2, "{queue}");
    let queue = &queue["items"];
    let ids: Vec<i64> = queue
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids, [second, first]);
    let paul_id: i64 = scalar!(
        app,
        "SELECT id FROM accounts WHERE email = 'paul@exemple.fr'"
    );
    assert_eq!(
        queue[0]["client"],
        json!({ "id": paul_id, "email": "paul@exemple.fr", "nom": "Dupont", "prenom": "Jeanne" })
    );
    assert_eq!(queue[0]["demande_client"], "Urgent");
    assert!(queue[0]["en_attente_depuis"]
        .as_str()
        .unwrap()
        .ends_with('Z'));
    assert_eq!(queue[1]["motifs"].as_array().unwrap().len(), 1);
    // Decided, a part leaves the queue.
    assert_eq!(decide(&a, second, 3, None).await.0, 200);
    let (_, queue) = a.call("GET", "Pieces/ForReview", None).await;
    assert_eq!(queue["items"].as_array().unwrap().len(), 1);
    assert_eq!(queue["total"], 1);
}

#[tokio::test]
async fn the_original_file_is_downloaded_by_its_owner_and_an_admin_only() {
    let app = spawn_app().await;
    let bytes = box_stl(12.0, 8.0, 5.0);
    let c = a_customer(&app)
        .with_basket(Part::file(bytes.clone(), "pièce n°1.stl"))
        .await;
    let id = c.part();
    let a = admin(&app).await;
    for who in [&c, &a] {
        let res = who
            .proxy("GET", &format!("Pieces/Fichier/{id}"), None)
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        assert_eq!(res.headers()["content-type"], "model/stl");
        assert_eq!(
            res.headers()["content-disposition"],
            "attachment; filename=\"pi_ce n_1.stl\"; filename*=UTF-8''pi%C3%A8ce%20n%C2%B01.stl"
        );
        assert_eq!(res.bytes().await.unwrap().as_ref(), bytes.as_slice());
    }
    let res = app
        .client()
        .get(&format!("/api/backend/Pieces/Fichier/{id}"))
        .await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
}
