//! The authorization matrix: every controller route called as a visitor, as customer A, as
//! customer B on A's data and as an admin, with the expected status. No customer reads or
//! changes another's data. A new route gets a row: `route(method, path, [visitor, A, B, admin])`,
//! with `.body(json)` when it takes one. The four callers go in this order, row after row.

use serde_json::{json, Value};
use server::db::accounts::Role;

use crate::builders::{
    a_customer, a_visitor, an_admin, an_order, cube, place_order, User, UserBuilder,
};
use crate::helpers::{spawn_app, TestApp, TestClient};

/// Only an admin: 401 for a visitor, 403 for a customer.
const ADMIN: [u16; 4] = [401, 403, 403, 200];
/// A's data, A's only: B and an admin get 404 as for an unknown one.
const OWNER: [u16; 4] = [401, 200, 404, 404];
/// Anyone signed in, each on their own data.
const SIGNED_IN: [u16; 4] = [401, 200, 200, 200];
/// Public.
const ANYONE: [u16; 4] = [200, 200, 200, 200];

/// One row of the matrix.
struct Route {
    method: &'static str,
    path: String,
    body: Option<Value>,
    /// Expected status as visitor, A, B, admin.
    expect: [u16; 4],
}

fn route(method: &'static str, path: impl Into<String>, expect: [u16; 4]) -> Route {
    Route {
        method,
        path: path.into(),
        body: None,
        expect,
    }
}

impl Route {
    fn body(self, body: Value) -> Route {
        Route {
            body: Some(body),
            ..self
        }
    }
}

/// The four callers of every row: a visitor, customer A (whose data the rows name), customer B
/// and an admin.
struct Callers {
    visitor: TestClient,
    a: User,
    b: User,
    admin: User,
}

async fn callers(app: &TestApp, a: UserBuilder<'_>) -> Callers {
    Callers {
        visitor: a_visitor(app).await,
        a: a.email("a@exemple.fr").await,
        b: a_customer(app).email("b@exemple.fr").await,
        admin: an_admin(app).await,
    }
}

impl Callers {
    /// Calls every row as each caller; fails naming every row that answered otherwise.
    async fn check(&self, rows: &[Route]) {
        let mut wrong = Vec::new();
        for r in rows {
            let mut got = [0; 4];
            let who: [&TestClient; 4] = [&self.visitor, &self.a, &self.b, &self.admin];
            for (status, c) in got.iter_mut().zip(who) {
                *status = c.call(r.method, &r.path, r.body.clone()).await.0;
            }
            if got != r.expect {
                wrong.push(format!(
                    "{} {}: {got:?}, expected {:?}",
                    r.method, r.path, r.expect
                ));
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }
}

#[tokio::test]
async fn every_controller_route_answers_each_role_as_expected() {
    let app = spawn_app().await;
    let w = callers(&app, a_customer(&app)).await;
    let a_id = w.a.id;
    w.check(&[
        route("GET", "Comptes", SIGNED_IN),
        route("GET", "Comptes/me", SIGNED_IN),
        // Names of A: A and an admin may, B may not.
        route("PUT", "Comptes", [401, 200, 403, 200]).body(json!({ "id": a_id, "nom": "Nouveau" })),
        // The role of A: only an admin.
        route("PUT", "Comptes", ADMIN).body(json!({ "id": a_id, "role": "client" })),
        // Creation without a verified code is refused for everyone, never 401/403.
        route("POST", "Comptes", [400, 400, 400, 400]).body(
            json!({ "email": "c@exemple.fr", "password": "Motdepasse-solide-42", "nom": "C", "prenom": "C" }),
        ),
        // The RGPD rights: each on their own account; a wrong password closes nothing.
        route("GET", "Comptes/me/export", SIGNED_IN),
        route("POST", "Comptes/me/export", [401, 202, 202, 202]),
        route("POST", "Comptes/me/suppression", [401, 400, 400, 400])
            .body(json!({ "password": "pas-le-bon" })),
        route("GET", "Combinaison/full", ANYONE),
        // Which payment modes are offered: public, nobody's data.
        route("GET", "Commande/Paiement/Config", ANYONE),
    ])
    .await;
    let mut got = Vec::new();
    for c in [&w.visitor, &w.a, &w.b, &w.admin] {
        got.push(c.set_maintenance(false).await);
    }
    assert_eq!(got, ADMIN);
}

#[tokio::test]
async fn a_customer_sees_only_their_own_account() {
    let app = spawn_app().await;
    let Callers { a, b, admin, .. } = callers(&app, a_customer(&app)).await;
    let list: Vec<Value> = a.get_json("Comptes").await;
    assert_eq!(list.len(), 1);
    assert_eq!(list[0]["id"], a.id);
    let me: Value = b.get_json("Comptes/me").await;
    assert_eq!(me["id"], b.id);
    let all: Vec<Value> = admin.get_json("Comptes").await;
    assert_eq!(all.len(), 3);
    let pirate = json!({ "id": a.id, "nom": "Pirate" });
    b.expect(403, "PUT", "Comptes", Some(pirate)).await;
    let a_me: Value = a.get_json("Comptes/me").await;
    assert_eq!(a_me["nom"], "Dupont");
}

#[tokio::test]
async fn the_discount_routes_answer_each_role_as_expected() {
    let app = spawn_app().await;
    let w = callers(&app, a_customer(&app)).await;
    let code = json!({ "code": "POURA", "type": "fixed", "valeur": 500, "id_compte": w.a.id });
    let created = w.admin.expect(201, "POST", "Reduction", Some(code)).await;
    let id = created["id"].as_i64().unwrap();
    // Only A may use the code reserved to A; for anyone else it does not exist (issue 22,
    // finding 13: the same refusal as an unknown code, so that codes cannot be guessed).
    let answer: Value = w.a.get_json("ReductionCompte/GetCodeAsUser/POURA").await;
    assert_eq!(answer["utilisable"], true, "{answer}");
    for c in [&w.b, &w.admin] {
        let answer = c
            .expect(404, "GET", "ReductionCompte/GetCodeAsUser/POURA", None)
            .await;
        assert_eq!(answer["message"], "Code de réduction inconnu.", "{answer}");
    }
    w.check(&[
        route("GET", "Reduction", ADMIN),
        route("POST", "Reduction", [401, 403, 403, 201])
            .body(json!({ "code": "NOUVEAU", "type": "percent", "valeur": 1000 })),
        route("PUT", format!("Reduction/{id}"), ADMIN).body(json!({ "valeur": 700 })),
        route("GET", "Reduction/Reductions", SIGNED_IN),
        // A code reserved to A: unknown to B and to the admin.
        route(
            "GET",
            "ReductionCompte/GetCodeAsUser/POURA",
            [401, 200, 404, 404],
        ),
        route("GET", format!("Reduction/{id}/utilisations"), ADMIN),
        route("DELETE", format!("Reduction/{id}"), ADMIN),
    ])
    .await;
}

#[tokio::test]
async fn commande_routes_answer_each_role_as_expected() {
    let app = spawn_app().await;
    let w = callers(&app, a_customer(&app).ready_to_order()).await;
    let address = w.a.address();
    // A placed order (with its lines) for « Commander à nouveau »; it empties A's basket. The
    // inserted one takes a number the counter will not give.
    let placed = place_order(&w.a, "cle-authz").await["id_commande"].clone();
    let order = an_order(&app).of(&w.a).number(99).await;
    let both = json!({ "idAdresseLivraison": address, "idAdresseFacturation": address });
    let mut place = both.clone();
    place["modePaiement"] = json!("virement");
    place["cgvAcceptees"] = json!(true);
    w.check(&[
        // Addresses are the owner's only.
        route("GET", format!("Commande/Frais_Port/{address}"), OWNER),
        route("POST", "Commande/Recapitulatif", OWNER).body(both),
        // Without the Idempotency-Key header every signed-in caller gets the French 400.
        route("POST", "Commande", [401, 400, 400, 400]).body(place),
        // Each account reads its own orders and parcels (B's lists are empty).
        route("GET", "Commande/mes-commandes", SIGNED_IN),
        route("GET", "Commande/Livraisons", SIGNED_IN),
        route("GET", "Commande", ADMIN),
        route("GET", format!("Commande/{order}"), ADMIN),
        // Shipping an order waiting for payment is an illegal transition, even for an admin.
        route(
            "POST",
            format!("Commande/{order}/Livraisons"),
            [401, 403, 403, 409],
        )
        .body(json!({ "transporteur": "Colissimo", "numero_suivi": "6A1" })),
        // The buyer's order reference, corrected by an admin before the invoice.
        route("PUT", format!("Commande/{order}/reference"), ADMIN)
            .body(json!({ "reference_commande_client": "BC-42" })),
        route("PUT", format!("Commande/{order}/statut"), ADMIN).body(json!({ "statut": "payée" })),
        // Ordering again puts the order's parts in the caller's basket: the customer's only.
        route("POST", format!("Commande/{placed}/recommander"), OWNER),
        // Every invoice and credit note (A's invoice included now): admins only.
        route("GET", "Factures", ADMIN),
        route("GET", "Factures?type=avoir&q=CO&page=1&par_page=10", ADMIN),
        // The accountant's exports: admins only.
        route("GET", "Factures/fec?du=2026-01-01&au=2026-12-31", ADMIN),
        route("GET", "Factures/etat-recapitulatif?mois=2026-11", ADMIN),
        route("GET", "Factures/archive?du=2026-01-01&au=2026-12-31", ADMIN),
        // The shop's statistics and the audit log: admins only.
        route("GET", "Statistiques?du=2026-01-01&au=2026-12-31", ADMIN),
        route("GET", "Statistiques", ADMIN),
        route("GET", "Admin/Journal?action=commande.statut&page=1", ADMIN),
    ])
    .await;
}

#[tokio::test]
async fn the_quote_pdf_answers_each_role_as_expected() {
    let app = spawn_app().await;
    let w = callers(&app, a_customer(&app).ready_to_order()).await;
    let address = w.a.address();
    let quote = format!(
        "DE-{}-000001",
        server::domain::paris_time::paris_year(server::clock::now())
    );
    w.check(&[
        // Each caller quotes their own basket: A has one; B's and the admin's are empty (400).
        route("POST", "Devis/pdf", [401, 200, 400, 400]),
        // A's addresses are A's only: B and an admin get 404 as for an unknown one.
        route(
            "POST",
            format!("Devis/pdf?idAdresseFacturation={address}"),
            OWNER,
        ),
        route(
            "POST",
            format!("Devis/pdf?idAdresseLivraison={address}"),
            OWNER,
        ),
        // « Mes devis »: each signed-in caller lists their own quotes.
        route("GET", "Devis/mes-devis", SIGNED_IN),
        // A's quote (issued by the first row) is shared by A only: B and an admin get 404.
        route("POST", format!("Devis/{quote}/liens"), [401, 201, 404, 404]),
        route("GET", format!("Devis/{quote}/liens"), OWNER),
        route(
            "POST",
            format!("Devis/{quote}/envoyer"),
            [401, 201, 404, 404],
        )
        .body(json!({ "email": "achats@client.fr" })),
        route(
            "DELETE",
            format!("Devis/{quote}/liens/1"),
            [401, 204, 404, 404],
        ),
        // « Commander ce devis »: A's quote back in A's basket; B and an admin get 404.
        route(
            "POST",
            format!("Devis/{quote}/commander"),
            [401, 200, 404, 404],
        ),
    ])
    .await;
}

#[tokio::test]
async fn pieces_routes_answer_each_role_as_expected() {
    let app = spawn_app().await;
    let w = callers(&app, a_customer(&app).with_basket(cube())).await;
    let part = w.a.part();
    let order = an_order(&app).of(&w.a).number(1).await;
    // A's part and order are A's only: B, and an admin on the customer routes, get 404 as for
    // an unknown one; the original file is also the admin's.
    w.check(&[
        route("GET", format!("Pieces/ById/{part}"), OWNER),
        route("GET", format!("Pieces/ByCommande/{order}"), OWNER),
        route(
            "GET",
            format!("Pieces/Fichier/{part}"),
            [401, 200, 404, 200],
        ),
        route("PUT", format!("Pieces/AskForReview/{part}"), OWNER)
            .body(json!({ "message": "Merci de vérifier." })),
        route("GET", "Pieces/AllStatus", ADMIN),
        route("GET", "Pieces/ForReview", ADMIN),
        route("GET", "Pieces/ForReview?q=a&page=2&par_page=5", ADMIN),
        route("GET", format!("Pieces/ById_AsAdmin/{part}"), ADMIN),
        route("PUT", "Pieces/status", ADMIN).body(json!({ "Id_Piece": part, "Id_Status": 3 })),
    ])
    .await;
}

/// The admin area's own routes (dashboard, accounts): refused to visitors and customers.
#[tokio::test]
async fn every_admin_route_is_refused_to_visitors_and_customers() {
    let app = spawn_app().await;
    let w = callers(&app, a_customer(&app)).await;
    let a_id = w.a.id;
    let target = app.create_account("cible@exemple.fr", Role::Client).await;
    let catalogue = json!({
        "version_base": 1,
        "catalogue": quote_core::Catalog::default_catalog(),
    });
    w.check(&[
        route("GET", "Admin/Tableau", ADMIN),
        route("GET", "Admin/Comptes?q=exemple", ADMIN),
        route("GET", format!("Admin/Comptes/{a_id}"), ADMIN),
        route(
            "GET",
            format!("Admin/Comptes/{a_id}/Pieces?page=1&par_page=5"),
            ADMIN,
        ),
        route(
            "GET",
            format!("Admin/Comptes/{a_id}/Commandes?page=1&par_page=5"),
            ADMIN,
        ),
        route(
            "PUT",
            format!("Admin/Comptes/{target}/desactivation"),
            ADMIN,
        )
        .body(json!({ "desactive": false })),
        route("GET", "Admin/Catalogue", ADMIN),
        route("GET", "Admin/Catalogue/1", ADMIN),
        route("POST", "Admin/Catalogue", [401, 403, 403, 201]).body(catalogue),
    ])
    .await;
}
