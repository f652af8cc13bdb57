//! « Télécharger mes données » (issue 26, part 3): `POST Comptes/me/export` builds a ZIP of
//! everything the site holds about the account in the background and e-mails a link valid 24
//! hours (`GET /api/donnees/{token}`).

use std::io::Read;

use serde_json::Value;
use server::routes::comptes::export::{LINK_EXPIRED, TOO_MANY};

use crate::builders::{a_customer, FR};
use crate::helpers::{exec, spawn_app, TestApp};
use crate::mail_helpers::{mails_to, text_part};
use crate::rgpd_helpers::{non_empty, prepared_customer, EMAIL};

/// Waits (up to 30 s) for the export link e-mailed to `to`; returns its token.
async fn export_token(app: &TestApp, to: &str) -> String {
    for _ in 0..300 {
        for mail in mails_to(app, to) {
            let text = text_part(&mail);
            if let Some(start) = text.find("/api/donnees/") {
                let rest = &text[start + "/api/donnees/".len()..];
                return rest.split_whitespace().next().unwrap().to_owned();
            }
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("no export link e-mailed to {to}");
}

/// The archive's entries: name → bytes.
fn entries(bytes: &[u8]) -> std::collections::BTreeMap<String, Vec<u8>> {
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("a ZIP");
    let mut out = std::collections::BTreeMap::new();
    for i in 0..zip.len() {
        let mut f = zip.by_index(i).unwrap();
        let mut content = Vec::new();
        f.read_to_end(&mut content).unwrap();
        out.insert(f.name().map(|n| n.to_string()).unwrap(), content);
    }
    out
}

fn json_of(files: &std::collections::BTreeMap<String, Vec<u8>>, name: &str) -> Value {
    let bytes = files
        .get(&format!("donnees/{name}"))
        .unwrap_or_else(|| panic!("{name} missing"));
    serde_json::from_slice(bytes).unwrap()
}

#[tokio::test]
async fn the_export_holds_every_kind_of_data_of_the_account_and_nothing_of_another() {
    let app = spawn_app().await;
    let other = a_customer(&app)
        .email("autre.client@exemple.fr")
        .with_address(FR)
        .await;
    let p = prepared_customer(&app).await;
    let c = &p.customer;
    let status = c.expect(202, "POST", "Comptes/me/export", None).await;
    assert!(
        status["message"]
            .as_str()
            .unwrap()
            .contains("valable 24 heures"),
        "{status}"
    );

    let token = export_token(&app, EMAIL).await;
    // The link alone opens it (no session needed, as a password-reset link).
    let res = app.client().get(&format!("/api/donnees/{token}")).await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "application/zip");
    let files = entries(&res.bytes().await.unwrap());

    for (name, _) in server::db::personal_data::KINDS {
        assert!(
            non_empty(&json_of(&files, name)),
            "{name} is empty: {:?}",
            files.keys()
        );
    }
    let account = &json_of(&files, "compte.json")[0];
    assert_eq!(account["email"], EMAIL);
    assert_eq!(account["nom"], "Quintessenza");
    assert!(account.get("password_hash").is_none(), "{account}");
    let address = &json_of(&files, "adresses.json")[0];
    assert_eq!(address["rue"], "7 impasse des Tilleuls-Secrets");
    assert_eq!(
        json_of(&files, "entreprises.json")[0]["nom_entreprise"],
        "Atelier Zébulonne"
    );
    let messages = json_of(&files, "messages_contact.json");
    assert!(messages[0]["message"]
        .as_str()
        .unwrap()
        .contains("Vraiville"));
    let sign_ins = json_of(&files, "connexions.json");
    assert!(sign_ins[0]["ip"].is_string() && sign_ins[0].get("token_hash").is_none());
    let orders = json_of(&files, "commandes.json");
    let numbers: Vec<i64> = orders
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["id"].as_i64().unwrap())
        .collect();
    assert_eq!(numbers, [p.delivered, p.cancelled, p.unpaid]);
    // The frozen address snapshot is given as JSON, not as a string of JSON.
    assert_eq!(orders[0]["billing_address"]["ville"], "Vraiville");
    assert!(json_of(&files, "pieces.json")[0]
        .get("storage_key")
        .is_none());

    // The documents themselves: the part's file, the quote, the invoices and the credit note.
    let part_file = files
        .get(&format!("fichiers/pieces/{}-cube.stl", p.part))
        .unwrap_or_else(|| panic!("{:?}", files.keys()));
    assert!(part_file.len() > 84, "an STL file");
    assert!(files[&format!("documents/devis/{}.pdf", p.quote)].starts_with(b"%PDF-"));
    let invoices = json_of(&files, "factures.json");
    assert_eq!(invoices.as_array().unwrap().len(), 2);
    for invoice in invoices.as_array().unwrap() {
        let number = invoice["number"].as_str().unwrap();
        assert!(files[&format!("documents/factures/{number}.pdf")].starts_with(b"%PDF-"));
    }
    let credit = json_of(&files, "avoirs.json")[0]["number"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(files[&format!("documents/avoirs/{credit}.pdf")].starts_with(b"%PDF-"));
    assert!(String::from_utf8_lossy(&files["LISEZMOI.txt"]).contains("connexions.json"));

    // Nothing of the other customer.
    for (name, bytes) in &files {
        let text = String::from_utf8_lossy(bytes);
        assert!(!text.contains("autre.client@exemple.fr"), "{name}");
    }
    let theirs: Value = other.get_json("Comptes/me/export").await;
    assert_eq!(theirs["statut"], "aucun");
    let ours: Value = c.get_json("Comptes/me/export").await;
    assert_eq!(ours["statut"], "prete", "{ours}");
}

#[tokio::test]
async fn an_expired_or_unknown_link_is_refused_in_french_and_requests_are_limited() {
    let app = spawn_app().await;
    let c = a_customer(&app).email(EMAIL).await;
    c.expect(202, "POST", "Comptes/me/export", None).await;
    let token = export_token(&app, EMAIL).await;
    assert_eq!(
        app.client()
            .get(&format!("/api/donnees/{token}"))
            .await
            .status(),
        200
    );
    exec!(app, "UPDATE data_exports SET expires_at = 1");
    for path in [
        format!("/api/donnees/{token}"),
        "/api/donnees/inconnu".to_owned(),
    ] {
        let res = app.client().get(&path).await;
        assert_eq!(res.status(), 404);
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["message"], LINK_EXPIRED, "{body}");
    }
    // Three requests a day: the first above and two more, then a French refusal.
    c.expect(202, "POST", "Comptes/me/export", None).await;
    wait_ready(&app).await;
    c.expect(202, "POST", "Comptes/me/export", None).await;
    wait_ready(&app).await;
    let refused = c.expect(400, "POST", "Comptes/me/export", None).await;
    assert_eq!(refused["message"], TOO_MANY, "{refused}");
}

/// Waits until no request is pending any more.
async fn wait_ready(app: &TestApp) {
    for _ in 0..300 {
        let pending: i64 = crate::helpers::scalar!(
            app,
            "SELECT COUNT(*) FROM data_exports WHERE status = 'en_attente'"
        );
        if pending == 0 {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("an export stayed pending");
}
