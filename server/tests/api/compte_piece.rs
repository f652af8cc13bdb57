//! The basket controller `ComptePiece` through the proxy: lines priced by the server, quantities,
//! removal, and another account's parts and lines answering 404.

use quote_core::pricing::validate_quantity;
use quote_core::{Catalog, PriceOptions, Unit};
use reqwest::StatusCode;
use serde_json::{json, Value};
use server::routes::compte_piece::QUANTITY_NOT_INTEGER;

use crate::builders::{a_customer, an_admin, cube};
use crate::devis_helpers::{box_stl, native_line_cents};
use crate::helpers::{exec, spawn_app, TestClient};

async fn basket(c: &TestClient) -> Vec<Value> {
    let res = c.proxy("GET", "ComptePiece", None).await;
    assert_eq!(res.status(), 200);
    res.json::<Vec<Value>>().await.unwrap()
}

fn sla(quantity: u32) -> PriceOptions {
    PriceOptions {
        quantity,
        ..PriceOptions::default()
    }
}

#[tokio::test]
async fn a_new_account_has_an_empty_basket_not_a_missing_route() {
    let app = spawn_app().await;
    let c = a_customer(&app).email("vide@exemple.fr").await;
    assert_eq!(basket(&c).await, Vec::<Value>::new());
}

#[tokio::test]
async fn a_visitor_cannot_read_a_basket() {
    let app = spawn_app().await;
    let res = app.client().get("/api/backend/ComptePiece").await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn each_line_has_its_part_file_options_summary_and_server_price() {
    let app = spawn_app().await;
    let line = a_customer(&app).with_basket(cube()).await.line().clone();
    let bytes = box_stl(20.0, 30.0, 40.0);
    assert!(line["id"].as_i64().unwrap() > 0);
    assert!(line["Id_Piece"].as_i64().unwrap() > 0);
    assert_eq!(line["Quantite"], 3);
    assert_eq!(line["nom_fichier"], "cube.stl");
    assert_eq!(line["id_statut"], 1);
    assert_eq!(line["statut"], "Analysée");
    assert_eq!(line["motifs"], serde_json::json!([]));
    assert_eq!(line["commentaire_admin"], "");
    assert_eq!(line["commandable"], true);
    assert_eq!(line["options"]["process"], "SLA");
    assert_eq!(line["options"]["quantity"], 3);
    assert_eq!(line["procede"], "Stéréolithographie (SLA)");
    assert!(
        line["resume"].as_str().unwrap().starts_with("SLA – "),
        "{}",
        line["resume"]
    );
    assert_eq!(
        line["prix"],
        native_line_cents(&bytes, Unit::Mm, &sla(3)),
        "line price recomputed with quote-core"
    );
    assert_eq!(
        line["prix_unitaire"],
        native_line_cents(&bytes, Unit::Mm, &sla(1))
    );
    assert_eq!(line["erreur"], Value::Null);
}

#[tokio::test]
async fn posting_a_line_sets_its_quantity_and_reprices_it() {
    let app = spawn_app().await;
    let c = a_customer(&app).with_basket(cube()).await;
    let line = c.line().clone();
    let body = json!({ "Id_Piece": line["Id_Piece"], "Quantite": 10 });
    let updated = c.expect(200, "POST", "ComptePiece", Some(body)).await;
    assert_eq!(updated["id"], line["id"], "same line, new quantity");
    assert_eq!(updated["Quantite"], 10);
    assert_eq!(updated["remise"], 10);
    let bytes = box_stl(20.0, 30.0, 40.0);
    assert_eq!(
        updated["prix"],
        native_line_cents(&bytes, Unit::Mm, &sla(10))
    );
    let lines = basket(&c).await;
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["Quantite"], 10);
    assert_eq!(lines[0]["prix"], updated["prix"]);
}

#[tokio::test]
async fn quantities_outside_1_to_1000_are_refused_in_french() {
    let app = spawn_app().await;
    let c = a_customer(&app).with_basket(cube()).await;
    let line = c.line().clone();
    let catalog = Catalog::default_catalog();
    let range = |q: i64| validate_quantity(&catalog, q).unwrap_err().message();
    for (bad, message) in [
        (json!(0), range(0)),
        (json!(1001), range(1001)),
        (json!(-1), range(-1)),
        (json!(2.5), QUANTITY_NOT_INTEGER.to_owned()),
        (json!("4"), QUANTITY_NOT_INTEGER.to_owned()),
        (json!(null), QUANTITY_NOT_INTEGER.to_owned()),
    ] {
        let body = json!({ "Id_Piece": line["Id_Piece"], "Quantite": bad });
        let res = c.proxy("POST", "ComptePiece", Some(body)).await;
        assert_eq!(res.status(), StatusCode::BAD_REQUEST, "{bad}");
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["errors"][0], message, "{bad}");
    }
    assert_eq!(
        range(0),
        "Option de devis invalide\u{a0}: la quantité doit être comprise entre 1 et 1\u{202f}000 (demandée\u{a0}: 0)."
    );
    assert_eq!(basket(&c).await[0]["Quantite"], 3, "nothing changed");
    let body = json!({ "Id_Piece": line["Id_Piece"], "Quantite": 1000 });
    c.expect(200, "POST", "ComptePiece", Some(body)).await;
    assert_eq!(basket(&c).await[0]["Quantite"], 1000);
}

#[tokio::test]
async fn another_account_s_part_or_line_answers_404_in_french_even_to_an_admin() {
    let app = spawn_app().await;
    let owner = a_customer(&app).with_basket(cube()).await;
    let line = owner.line().clone();
    let other = a_customer(&app).email("paul@exemple.fr").await;

    let body = json!({ "Id_Piece": line["Id_Piece"], "Quantite": 2 });
    let body = other.expect(404, "POST", "ComptePiece", Some(body)).await;
    assert_eq!(
        body["message"],
        "Cette pièce est introuvable dans votre compte."
    );

    let path = format!("ComptePiece/{}", line["id"]);
    let body = other.expect(404, "DELETE", &path, None).await;
    assert_eq!(body["message"], "Cette ligne n'est pas dans votre panier.");

    assert_eq!(basket(&other).await, Vec::<Value>::new());

    // An admin has no say in a customer's basket either.
    let admin = an_admin(&app).await;
    let body = json!({ "Id_Piece": line["Id_Piece"], "Quantite": 2 });
    admin.expect(404, "POST", "ComptePiece", Some(body)).await;
    admin.expect(404, "DELETE", &path, None).await;

    let mine = basket(&owner).await;
    assert_eq!(mine.len(), 1);
    assert_eq!(mine[0]["Quantite"], 3, "the owner's line is untouched");
}

#[tokio::test]
async fn an_unknown_part_answers_404() {
    let app = spawn_app().await;
    let c = a_customer(&app).await;
    let body = json!({ "Id_Piece": 987654, "Quantite": 1 });
    c.expect(404, "POST", "ComptePiece", Some(body)).await;
    c.expect(404, "DELETE", "ComptePiece/pas-un-nombre", None)
        .await;
}

#[tokio::test]
async fn a_line_is_removed_once() {
    let app = spawn_app().await;
    let c = a_customer(&app).with_basket(cube()).await;
    let line = c.line().clone();
    let path = format!("ComptePiece/{}", line["id"]);
    c.expect(204, "DELETE", &path, None).await;
    assert_eq!(basket(&c).await, Vec::<Value>::new());
    c.expect(404, "DELETE", &path, None).await;
}

#[tokio::test]
async fn a_removed_part_of_the_account_can_be_put_back() {
    let app = spawn_app().await;
    let c = a_customer(&app).with_basket(cube()).await;
    let line = c.line().clone();
    let path = format!("ComptePiece/{}", line["id"]);
    assert_eq!(c.proxy("DELETE", &path, None).await.status(), 204);
    let body = json!({ "Id_Piece": line["Id_Piece"], "Quantite": 2 });
    c.expect(200, "POST", "ComptePiece", Some(body)).await;
    let lines = basket(&c).await;
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["Quantite"], 2);
}

#[tokio::test]
async fn a_refused_part_shows_why_and_cannot_be_ordered_again() {
    let app = spawn_app().await;
    let c = a_customer(&app).with_basket(cube()).await;
    let line = c.line().clone();
    exec!(
        app,
        "UPDATE parts SET status_id = 4 WHERE id = $1",
        line["Id_Piece"].as_i64().unwrap()
    );
    let lines = basket(&c).await;
    assert_eq!(
        lines[0]["erreur"],
        "Cette pièce a été refusée par notre équipe\u{a0}: retirez-la du panier."
    );
    let body = json!({ "Id_Piece": line["Id_Piece"], "Quantite": 2 });
    let body = c.expect(400, "POST", "ComptePiece", Some(body)).await;
    assert_eq!(
        body["message"],
        "« cube.stl » a été refusé par notre équipe."
    );
}
