//! Payment terms for approved companies (issue 25, part 4): a company asks for « paiement à
//! 30 jours » from its settings, an admin grants it with a credit limit or refuses it with a
//! reason; an order « virement à 30 jours » is invoiced at once with its due date and may go to
//! production unpaid, while what the account owes on terms plus the order stays within the limit;
//! reminders leave before the due date and on days 1 and 15, once each; the transfer received
//! settles the invoice.

use serde_json::{json, Value};
use server::clock;
use server::documents::Seller;
use server::jobs::payment_reminders;

use crate::builders::{a_customer, an_admin, order_body, place, User};
use crate::helpers::{exec, scalar, spawn_app, TestApp, TestClient};
use crate::mail_helpers::{
    attachment, job_mailer as mailer, mails_to, text_part, wait_for_mails_to,
};

const DAY: i64 = 86_400;
const ACCOUNTS: &str = "compta@atelier-dupont.fr";

fn terms_body(body: Value) -> Value {
    let mut b = order_body(body["address"].as_i64().unwrap());
    b["modePaiement"] = json!("virement_30_jours");
    b
}

async fn ask(c: &TestClient) -> Value {
    c.expect(
        200,
        "POST",
        "Comptes/me/paiement-terme",
        Some(
            json!({ "nom_entreprise": "Atelier Dupont", "siren": "732 829 320",
                     "email_comptabilite": ACCOUNTS }),
        ),
    )
    .await
}

async fn grant(admin: &TestClient, account: i64, limit_cents: i64) -> Value {
    admin
        .expect(
            200,
            "PUT",
            &format!("Admin/PaiementTerme/{account}"),
            Some(json!({ "decision": "accorder", "plafond_cents": limit_cents })),
        )
        .await
}

/// The total incl. VAT of the customer's basket to their address.
async fn basket_total(c: &User) -> i64 {
    let recap = c
        .expect(
            200,
            "POST",
            "Commande/Recapitulatif",
            Some(json!({ "idAdresseLivraison": c.address(), "idAdresseFacturation": c.address() })),
        )
        .await;
    recap["total_ttc_cents"].as_i64().unwrap()
}

async fn order_on_terms(c: &User, key: &str) -> (u16, Value) {
    place(c, Some(key), terms_body(json!({ "address": c.address() }))).await
}

async fn my_order(c: &TestClient, id: i64) -> Value {
    let (_, orders) = c.call("GET", "Commande/mes-commandes", None).await;
    orders
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["id_commande"] == id)
        .cloned()
        .expect("the order")
}

/// A company granted terms with `limit` that placed one order on terms: (customer, admin, order).
async fn ordered_on_terms(app: &TestApp) -> (User, User, Value) {
    let c = a_customer(app).ready_to_order().await;
    let admin = an_admin(app).await;
    ask(&c).await;
    grant(&admin, c.id, 1_000_000).await;
    let (status, order) = order_on_terms(&c, "terme-1").await;
    assert_eq!(status, 201, "{order}");
    (c, admin, order)
}

#[tokio::test]
async fn a_company_granted_terms_orders_unpaid_within_its_limit_and_the_transfer_settles_it() {
    let app = spawn_app().await;
    let c = a_customer(&app).ready_to_order().await;
    let admin = an_admin(&app).await;
    let (_, none) = c.call("GET", "Comptes/me/paiement-terme", None).await;
    assert_eq!(none["etat"], "aucune", "{none}");

    // Field errors in French, tied to their field.
    let (status, refused) = c
        .call(
            "POST",
            "Comptes/me/paiement-terme",
            Some(
                json!({ "nom_entreprise": "Atelier Dupont", "siren": "732829321",
                         "email_comptabilite": ACCOUNTS }),
            ),
        )
        .await;
    assert_eq!(status, 400);
    assert!(refused["errors"]["siren"][0]
        .as_str()
        .unwrap()
        .contains("SIREN"));
    let asked = ask(&c).await;
    assert_eq!(asked["etat"], "demandee");
    assert_eq!(asked["siren"], "732829320");

    // Not granted yet: « virement à 30 jours » is refused and nothing is ordered.
    let total = basket_total(&c).await;
    let (status, refused) = order_on_terms(&c, "terme-0").await;
    assert_eq!(status, 400, "{refused}");
    assert!(refused.to_string().contains("pas ouvert"), "{refused}");

    // The admin sees the request; a refusal needs its reason; over the limit is refused.
    let (_, list) = admin.call("GET", "Admin/PaiementTerme", None).await;
    assert_eq!(list[0]["id_compte"], c.id, "{list}");
    assert_eq!(list[0]["etat"], "demandee");
    let (status, _) = admin
        .call(
            "PUT",
            &format!("Admin/PaiementTerme/{}", c.id),
            Some(json!({ "decision": "refuser", "motif": " " })),
        )
        .await;
    assert_eq!(status, 400);
    let granted = grant(&admin, c.id, total - 1).await;
    assert_eq!(granted["etat"], "accordee");
    assert_eq!(granted["disponible_cents"], total - 1);
    let granted_mail = wait_for_mails_to(&app, ACCOUNTS, 1).await;
    assert!(text_part(&granted_mail[0]).contains("accept"));
    let (status, over) = order_on_terms(&c, "terme-1").await;
    assert_eq!(status, 400, "{over}");
    assert!(over.to_string().contains("dépasse votre encours"), "{over}");

    // Within the limit: placed unpaid, invoiced at once, due in 30 days, ship date fixed.
    grant(&admin, c.id, total).await;
    let before = clock::now();
    let (status, placed) = order_on_terms(&c, "terme-2").await;
    assert_eq!(status, 201, "{placed}");
    assert_eq!(placed["statut"], "en attente de paiement");
    let invoice = placed["facture"]["numero"].as_str().unwrap().to_owned();
    assert!(invoice.starts_with("FA-"), "{placed}");
    assert_eq!(placed["paiement"]["montant_cents"], total);
    let id = placed["id_commande"].as_i64().unwrap();
    let due: i64 = scalar!(app, "SELECT due_at FROM orders WHERE id = $1", id);
    assert!((before + 30 * DAY..=clock::now() + 30 * DAY).contains(&due));
    let mine = my_order(&c, id).await;
    assert_eq!(mine["mode_paiement"], "virement_30_jours");
    assert_eq!(mine["echeance"], placed["echeance"]);
    assert!(mine["expedition"].is_string(), "{mine}");
    assert!(mine["reglee_le"].is_null());
    assert_eq!(mine["facture"]["numero"], invoice.as_str());
    // The invoice goes to the accounts address with its PDF (after the two decisions' e-mails).
    let mails = wait_for_mails_to(&app, ACCOUNTS, 3).await;
    let invoice_mail = mails
        .iter()
        .find(|m| text_part(m).contains(&invoice))
        .expect("the invoice e-mail");
    let (_, pdf) = attachment(invoice_mail, &format!("{invoice}.pdf")).expect("the PDF");
    assert!(pdf.starts_with(b"%PDF"));
    let (_, terms) = c.call("GET", "Comptes/me/paiement-terme", None).await;
    assert_eq!(terms["encours_cents"], total);
    assert_eq!(terms["disponible_cents"], 0);

    // Made unpaid: straight to production; the transfer then settles the invoice.
    let (_, seen) = admin.call("GET", &format!("Commande/{id}"), None).await;
    assert_eq!(
        seen["statuts_suivants"],
        json!(["payée", "en production", "annulée"])
    );
    let res = admin.set_order_status(id, "en production").await;
    assert_eq!(res.status(), 200);
    let (status, settled) = admin
        .call("POST", &format!("Commande/{id}/reglement"), None)
        .await;
    assert_eq!(status, 200, "{settled}");
    assert_eq!(settled["statut"], "en production");
    assert_eq!(settled["facture"]["numero"], invoice.as_str());
    let (status, again) = admin
        .call("POST", &format!("Commande/{id}/reglement"), None)
        .await;
    assert_eq!(status, 409, "{again}");
    let mine = my_order(&c, id).await;
    assert!(mine["reglee_le"].is_string(), "{mine}");
    assert!(mine["paiement"].is_null());
    let (_, terms) = c.call("GET", "Comptes/me/paiement-terme", None).await;
    assert_eq!(terms["encours_cents"], 0);
    // One invoice only for this order.
    let n: i64 = scalar!(app, "SELECT COUNT(*) FROM invoices WHERE order_id = $1", id);
    assert_eq!(n, 1);
    // A customer cannot settle, nor see the admin's lists.
    let (status, _) = c
        .call("POST", &format!("Commande/{id}/reglement"), None)
        .await;
    assert_eq!(status, 403);
    let (status, _) = c.call("GET", "Admin/Echeances", None).await;
    assert_eq!(status, 403);
}

#[tokio::test]
async fn reminders_leave_before_the_due_date_then_on_days_1_and_15_once_each() {
    let app = spawn_app().await;
    let (c, admin, order) = ordered_on_terms(&app).await;
    let id = order["id_commande"].as_i64().unwrap();
    let invoice = order["facture"]["numero"].as_str().unwrap().to_owned();
    let due: i64 = scalar!(app, "SELECT due_at FROM orders WHERE id = $1", id);
    let m = mailer(&app);
    let seller = Seller::from_env("Forme Additive");
    let run = |at: i64| {
        let (db, storage, m, seller) = (app.db.clone(), app.storage.clone(), &m, &seller);
        async move {
            payment_reminders(&db, &storage, m, seller, at)
                .await
                .unwrap()
                .sent
        }
    };
    assert!(run(due - 6 * DAY).await.is_empty());
    assert_eq!(
        run(due - 5 * DAY).await,
        [(invoice.clone(), "avant_echeance")]
    );
    assert!(run(due - 4 * DAY).await.is_empty(), "sent once");
    assert!(run(due).await.is_empty());
    assert_eq!(run(due + DAY).await, [(invoice.clone(), "j1")]);
    assert!(run(due + 2 * DAY).await.is_empty());
    assert_eq!(run(due + 15 * DAY).await, [(invoice.clone(), "j15")]);
    assert!(run(due + 40 * DAY).await.is_empty());
    m.drain(clock::now()).await.unwrap();

    // To the accounts address and to the customer, with the invoice; penalties once late.
    let reminders: Vec<String> = mails_to(&app, ACCOUNTS)
        .into_iter()
        .filter(|m| text_part(m).contains("Si votre règlement est déjà parti"))
        .collect();
    let texts: Vec<String> = reminders.iter().map(|m| text_part(m)).collect();
    assert_eq!(texts.len(), 3, "{texts:?}");
    assert!(
        texts.iter().any(|t| t.contains("arrive à échéance")),
        "{texts:?}"
    );
    let day15 = texts
        .iter()
        .find(|t| t.contains("15 jours de retard"))
        .expect("the day-15 reminder");
    assert!(day15.contains("40"), "{day15}");
    assert!(day15.contains("pénalités"), "{day15}");
    // The terms of sale read the rate and the indemnity the reminders apply (one setting).
    let (status, conditions) = app.client().call("GET", "ConditionsPaiement", None).await;
    assert_eq!(status, 200, "{conditions}");
    assert_eq!(conditions["taux_penalites_bp"], seller.late_penalty_rate_bp);
    assert_eq!(conditions["delai_jours"], 30);
    assert_eq!(conditions["indemnite_recouvrement_cents"], 4000);
    let rate = conditions["taux_penalites"].as_str().unwrap();
    assert!(
        day15.contains(&format!("au taux annuel de {rate}")),
        "{rate} / {day15}"
    );
    assert!(reminders
        .iter()
        .all(|m| attachment(m, &format!("{invoice}.pdf")).is_some()));
    let to_customer = mails_to(&app, "jeanne@exemple.fr")
        .into_iter()
        .filter(|m| text_part(m).contains("15 jours de retard"))
        .count();
    assert_eq!(to_customer, 1);

    // The admin's list: the reminders sent; overdue once its due date has passed.
    let (_, open) = admin.call("GET", "Admin/Echeances", None).await;
    assert_eq!(open[0]["numero_facture"], invoice.as_str(), "{open}");
    assert_eq!(open[0]["jours_retard"], 0);
    assert_eq!(open[0]["relances"], json!(["avant_echeance", "j1", "j15"]));
    exec!(
        app,
        "UPDATE orders SET due_at = $1 WHERE id = $2",
        clock::now() - 3 * DAY - 60,
        id
    );
    let (_, open) = admin.call("GET", "Admin/Echeances", None).await;
    assert_eq!(open[0]["jours_retard"], 3, "{open}");
    assert_eq!(my_order(&c, id).await["jours_retard"], 3);

    // Settled (« payée » from the status buttons): no reminder any more, off the list.
    let res = admin.set_order_status(id, "payée").await;
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["facture"]["numero"], invoice.as_str(), "{body}");
    let (_, open) = admin.call("GET", "Admin/Echeances", None).await;
    assert_eq!(open, json!([]));
    assert!(run(clock::now() + 90 * DAY).await.is_empty());
}

#[tokio::test]
async fn a_cancelled_order_on_terms_is_credited_and_owes_nothing() {
    let app = spawn_app().await;
    let (c, admin, order) = ordered_on_terms(&app).await;
    let id = order["id_commande"].as_i64().unwrap();
    let res = admin
        .set_order_status_noted(id, "annulée", "Commande en double")
        .await;
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    assert!(body["avoir"]["numero"].as_str().unwrap().starts_with("AV-"));
    let (_, terms) = c.call("GET", "Comptes/me/paiement-terme", None).await;
    assert_eq!(terms["encours_cents"], 0);
    let (status, refused) = admin
        .call("POST", &format!("Commande/{id}/reglement"), None)
        .await;
    assert_eq!(status, 409, "{refused}");
    let (_, open) = admin.call("GET", "Admin/Echeances", None).await;
    assert_eq!(open, json!([]));
    // A refusal, then a new request.
    let (status, refused) = admin
        .call(
            "PUT",
            &format!("Admin/PaiementTerme/{}", c.id),
            Some(json!({ "decision": "refuser", "motif": "Encours trop élevé" })),
        )
        .await;
    assert_eq!(status, 200, "{refused}");
    let (_, mine) = c.call("GET", "Comptes/me/paiement-terme", None).await;
    assert_eq!(mine["etat"], "refusee");
    assert_eq!(mine["motif_refus"], "Encours trop élevé");
    assert_eq!(ask(&c).await["etat"], "demandee");
    // While granted, asking again is a conflict.
    grant(&admin, c.id, 50_000).await;
    let (status, _) = c
        .call(
            "POST",
            "Comptes/me/paiement-terme",
            Some(
                json!({ "nom_entreprise": "Atelier Dupont", "siren": "732829320",
                         "email_comptabilite": ACCOUNTS }),
            ),
        )
        .await;
    assert_eq!(status, 409);
}
