//! Share links of a saved quote (issue 25, part 3): `POST/GET Devis/{numero}/liens`,
//! `DELETE Devis/{numero}/liens/{id}`, `POST Devis/{numero}/envoyer` and the read-only
//! `GET Devis/partage/{jeton}` (+ `/pdf`) that anyone holding a valid link may open, signed in or
//! not, until the link is revoked or the quote expires.

use serde_json::{json, Value};

use crate::builders::{a_customer, a_visitor, User};
use crate::commande_pdf::pdf_text;
use crate::helpers::{spawn_app, TestApp, TestClient};
use crate::mail_helpers::{attachment, text_part, wait_for_mails_to};

/// A customer with a basket and one issued quote: the customer and the quote's number.
async fn quoted(app: &TestApp) -> (User, String) {
    let c = a_customer(app).ready_to_order().await;
    let res = c
        .send_json(reqwest::Method::POST, "/api/backend/Devis/pdf", None)
        .await;
    assert_eq!(res.status(), 200);
    let disposition = res.headers()["content-disposition"].to_str().unwrap();
    let number = disposition
        .trim_start_matches("attachment; filename=\"")
        .trim_end_matches(".pdf\"")
        .to_owned();
    (c, number)
}

/// The token at the end of a link.
fn token_of(link: &str) -> String {
    let (_, token) = link
        .rsplit_once("/devis/partage/")
        .unwrap_or_else(|| panic!("not a share link: {link}"));
    token.to_owned()
}

/// `GET /api/backend/Devis/partage/{token}{tail}` straight (no proxy): status, headers and body.
async fn open(
    c: &TestClient,
    token: &str,
    tail: &str,
) -> (u16, reqwest::header::HeaderMap, Vec<u8>) {
    let res = c
        .get(&format!("/api/backend/Devis/partage/{token}{tail}"))
        .await;
    let status = res.status().as_u16();
    let headers = res.headers().clone();
    (status, headers, res.bytes().await.unwrap().to_vec())
}

fn json_of(bytes: &[u8]) -> Value {
    serde_json::from_slice(bytes).unwrap_or_else(|_| panic!("{}", String::from_utf8_lossy(bytes)))
}

#[tokio::test]
async fn a_share_link_shows_the_quote_signed_out_until_it_is_revoked() {
    let app = spawn_app().await;
    let (c, number) = quoted(&app).await;
    let made = c
        .expect(201, "POST", &format!("Devis/{number}/liens"), None)
        .await;
    let link = made["lien"].as_str().unwrap();
    let token = token_of(link);
    assert_eq!(token.len(), 43, "{link}");
    assert_eq!(made["envoye_a"], Value::Null);
    // The list never gives a token back.
    let listed = c
        .expect(200, "GET", &format!("Devis/{number}/liens"), None)
        .await;
    assert_eq!(listed.as_array().unwrap().len(), 1);
    assert_eq!(listed[0]["id"], made["id"]);
    assert!(listed[0].get("lien").is_none(), "{listed}");
    // Only the sha256 of the token is kept.
    let stored: Vec<String> = sqlx::query_scalar("SELECT token_hash FROM quote_links")
        .fetch_all(&app.db.pool)
        .await
        .unwrap();
    assert_eq!(stored.len(), 1);
    assert_ne!(stored[0], token);
    assert_eq!(stored[0].len(), 64);

    // Someone without an account opens it: what the quote printed, and its PDF.
    let visitor = a_visitor(&app).await;
    let (status, headers, body) = open(&visitor, &token, "").await;
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
    assert_eq!(headers["cache-control"], "private, no-store");
    let shared = json_of(&body);
    assert_eq!(shared["numero"], number.as_str());
    assert_eq!(shared["client"], "Jeanne Dupont");
    let stored_total: i64 = sqlx::query_scalar("SELECT total_ttc_cents FROM quotes")
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    assert_eq!(shared["total_ttc_cents"], stored_total);
    let lines = shared["lignes"].as_array().unwrap();
    assert_eq!(lines.len(), 1);
    assert!(lines[0]["designation"]
        .as_str()
        .unwrap()
        .contains("cube.stl"));
    let sum: i64 = lines
        .iter()
        .map(|l| l["total_ht_cents"].as_i64().unwrap())
        .sum();
    assert_eq!(shared["sous_total_ht_cents"], sum);
    assert_eq!(
        shared["pdf"],
        format!("/api/backend/Devis/partage/{token}/pdf").as_str()
    );
    let (status, headers, pdf) = open(&visitor, &token, "/pdf").await;
    assert_eq!(status, 200);
    assert_eq!(headers["content-type"], "application/pdf");
    if let Some(text) = pdf_text(&pdf) {
        assert!(text.contains(&number), "{text}");
        assert!(text.contains("cube.stl"), "{text}");
    }
    // The page of the link is a page of the site, for everybody.
    let page = visitor.get(&format!("/devis/partage/{token}")).await;
    assert_eq!(page.status(), 200);

    // Another customer can neither list, share nor revoke it.
    let other = a_customer(&app).email("paul@exemple.fr").await;
    for (method, path) in [
        ("GET", format!("Devis/{number}/liens")),
        ("POST", format!("Devis/{number}/liens")),
        ("DELETE", format!("Devis/{number}/liens/{}", made["id"])),
    ] {
        let answer = other.expect(404, method, &path, None).await;
        assert_eq!(answer["message"], "Devis introuvable.", "{method} {path}");
    }

    // Revoked, it opens nothing, page or PDF; revoking twice is a 404.
    c.expect(
        204,
        "DELETE",
        &format!("Devis/{number}/liens/{}", made["id"]),
        None,
    )
    .await
    .to_string();
    for tail in ["", "/pdf"] {
        let (status, _, body) = open(&visitor, &token, tail).await;
        assert_eq!(status, 404);
        assert_eq!(
            json_of(&body)["message"],
            "Ce lien de devis n'existe pas ou a été révoqué par la personne qui vous l'a transmis."
        );
    }
    let again = c
        .expect(
            404,
            "DELETE",
            &format!("Devis/{number}/liens/{}", made["id"]),
            None,
        )
        .await;
    assert!(again["message"].as_str().unwrap().contains("introuvable"));
    let listed = c
        .expect(200, "GET", &format!("Devis/{number}/liens"), None)
        .await;
    assert_eq!(listed, json!([]));
    // A token of the right shape that was never given, and a malformed one.
    let never = "A".repeat(43);
    assert_eq!(open(&visitor, &never, "").await.0, 404);
    assert_eq!(open(&visitor, "court", "").await.0, 404);
}

#[tokio::test]
async fn an_expired_quote_gets_no_new_link_and_its_links_stop() {
    let app = spawn_app().await;
    let (c, number) = quoted(&app).await;
    let made = c
        .expect(201, "POST", &format!("Devis/{number}/liens"), None)
        .await;
    let token = token_of(made["lien"].as_str().unwrap());
    // The quote's validity ends.
    let past = server::clock::now() - 60;
    sqlx::query("UPDATE quotes SET valid_until = $1")
        .bind(past)
        .execute(&app.db.pool)
        .await
        .unwrap();
    let (status, _, body) = open(&app.client(), &token, "").await;
    assert_eq!(status, 404);
    let message = json_of(&body)["message"].as_str().unwrap().to_owned();
    assert!(
        message.starts_with(&format!("Le devis {number} était valable jusqu'au ")),
        "{message}"
    );
    let refused = c
        .expect(400, "POST", &format!("Devis/{number}/liens"), None)
        .await;
    assert!(
        refused.to_string().contains("n'est plus valable depuis le"),
        "{refused}"
    );
    let refused = c
        .expect(
            400,
            "POST",
            &format!("Devis/{number}/envoyer"),
            Some(json!({ "email": "achats@client.fr" })),
        )
        .await;
    assert!(
        refused.to_string().contains("n'est plus valable"),
        "{refused}"
    );
}

#[tokio::test]
async fn sending_to_purchasing_emails_the_pdf_and_a_link_that_opens_the_quote() {
    let app = spawn_app().await;
    let (c, number) = quoted(&app).await;
    // Each field's French reason, and nothing sent.
    let bad = c
        .expect(
            400,
            "POST",
            &format!("Devis/{number}/envoyer"),
            Some(json!({ "email": "" })),
        )
        .await;
    assert_eq!(
        bad["errors"]["email"][0],
        "Indiquez l'adresse e-mail du destinataire."
    );
    let bad = c
        .expect(
            400,
            "POST",
            &format!("Devis/{number}/envoyer"),
            Some(json!({ "email": "achats@", "message": "Bonjour" })),
        )
        .await;
    assert_eq!(
        bad["errors"]["email"][0],
        "L'adresse e-mail n'est pas valide."
    );

    let sent = c
        .expect(
            201,
            "POST",
            &format!("Devis/{number}/envoyer"),
            Some(json!({ "email": " Achats@Client.fr ", "message": "Pour validation avant vendredi." })),
        )
        .await;
    assert_eq!(sent["envoye_a"], "achats@client.fr");
    let mails = wait_for_mails_to(&app, "achats@client.fr", 1).await;
    assert_eq!(mails.len(), 1);
    let eml = &mails[0];
    assert!(eml.contains("Reply-To: jeanne@exemple.fr"), "{eml}");
    let text = text_part(eml);
    assert!(text.contains(&number), "{text}");
    assert!(
        text.contains("Jeanne Dupont vous transmet le devis"),
        "{text}"
    );
    assert!(text.contains("Pour validation avant vendredi."), "{text}");
    let link = sent["lien"].as_str().unwrap();
    assert!(text.contains(link), "{text}");
    let (content_type, pdf) = attachment(eml, &format!("{number}.pdf")).expect("the PDF");
    assert!(
        content_type.starts_with("application/pdf"),
        "{content_type}"
    );
    assert!(pdf.starts_with(b"%PDF-"));
    // The link of the message opens the quote for someone without an account.
    let (status, _, body) = open(&app.client(), &token_of(link), "").await;
    assert_eq!(status, 200);
    assert_eq!(json_of(&body)["numero"], number.as_str());
    // The list says where it went.
    let listed = c
        .expect(200, "GET", &format!("Devis/{number}/liens"), None)
        .await;
    assert_eq!(listed[0]["envoye_a"], "achats@client.fr");
}

#[tokio::test]
async fn closing_the_account_ends_its_quotes_links() {
    let app = spawn_app().await;
    let (c, number) = quoted(&app).await;
    let made = c
        .expect(201, "POST", &format!("Devis/{number}/liens"), None)
        .await;
    let token = token_of(made["lien"].as_str().unwrap());
    let account: i64 = sqlx::query_scalar("SELECT account_id FROM quotes")
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    let mut conn = app.db.pool.acquire().await.unwrap();
    let now = server::clock::now();
    server::db::account_closure::erase(&mut conn, account, "jeanne@exemple.fr", "!", now)
        .await
        .unwrap();
    drop(conn);
    assert_eq!(open(&app.client(), &token, "").await.0, 404);
    let left: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM quote_links")
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    assert_eq!(left, 0);
}
