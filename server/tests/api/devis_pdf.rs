//! The basket's quote PDF (`POST Devis/pdf`, downloaded again with `GET Devis/{numero}/pdf`): numbered `DE-YYYY-NNNNNN` from the counter (two
//! quotes, two consecutive numbers), stored in `quotes`, valid to the 30th Paris day, with the
//! totals of `POST Commande/Recapitulatif` for the same addresses, the company of the billing
//! address, the discount code, and the legal mentions; read back with `pdftotext`.

use serde_json::{json, Value};
use server::domain::paris_time::{fr_date, paris_day_end_after, paris_year};
use server::domain::Cents;

use crate::builders::{a_customer, an_admin, cube, Addr, DE, FR};
use crate::commande_pdf::pdf_text;
use crate::helpers::{exec, spawn_app, spawn_app_with, TestApp, TestClient};
use crate::vies_helpers::app_on_vies;

const QUOTE: &str = "/api/backend/Devis/pdf";

/// `POST Devis/pdf{query}` with the caller's CSRF header.
async fn issue(c: &TestClient, query: &str) -> reqwest::Response {
    c.send_json(reqwest::Method::POST, &format!("{QUOTE}{query}"), None)
        .await
}

/// The quote PDF's number (from its file name) and bytes; panics unless it is a 200 PDF.
async fn quote(c: &TestClient, query: &str) -> (String, Vec<u8>) {
    let res = issue(c, query).await;
    let status = res.status();
    let headers = res.headers().clone();
    let bytes = res.bytes().await.unwrap().to_vec();
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&bytes));
    assert_eq!(headers["content-type"], "application/pdf");
    assert_eq!(headers["cache-control"], "private, no-store");
    let disposition = headers["content-disposition"].to_str().unwrap();
    let number = disposition
        .strip_prefix("attachment; filename=\"")
        .and_then(|r| r.strip_suffix(".pdf\""))
        .unwrap_or_else(|| panic!("{disposition}"))
        .to_owned();
    assert!(bytes.starts_with(b"%PDF-"));
    (number, bytes)
}

async fn recap(c: &TestClient, body: Value) -> Value {
    let res = c.proxy("POST", "Commande/Recapitulatif", Some(body)).await;
    assert_eq!(res.status(), 200);
    res.json().await.unwrap()
}

/// `1 234,56 €` as pdftotext gives it back (spaces normalised).
fn euros(cents: &Value) -> String {
    Cents(cents.as_i64().unwrap())
        .fr()
        .replace(['\u{a0}', '\u{202f}'], " ")
}

#[track_caller]
fn assert_has(text: &str, wanted: &[&str]) {
    for w in wanted {
        assert!(text.contains(w), "missing {w:?} in:\n{text}");
    }
}

async fn stored_quotes(app: &TestApp) -> Vec<(String, i64, i64)> {
    sqlx::query_as("SELECT number, account_id, total_ttc_cents FROM quotes ORDER BY id")
        .fetch_all(&app.db.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_quote_prints_its_number_validity_the_summary_totals_and_the_legal_mentions() {
    let app = spawn_app().await;
    let c = a_customer(&app).ready_to_order().await;
    let home = c.address();
    let r = recap(
        &c,
        json!({ "idAdresseLivraison": home, "idAdresseFacturation": home }),
    )
    .await;
    let before = server::clock::now();
    let (number, pdf) = quote(&c, "").await;
    let after = server::clock::now();
    let year = paris_year(before);
    assert_eq!(number, format!("DE-{year}-000001"));
    let stored = stored_quotes(&app).await;
    assert_eq!(stored.len(), 1);
    assert_eq!(stored[0].0, number);
    assert_eq!(stored[0].2, r["total_ttc_cents"].as_i64().unwrap());
    let (_, _, data) =
        server::db::quotes::by_number(&mut app.db.pool.acquire().await.unwrap(), &number)
            .await
            .unwrap()
            .expect("the quote is stored");
    let frozen: Value = serde_json::from_str(&data).unwrap();
    assert_eq!(frozen["number"], number.as_str());
    let valid = frozen["valid_until"].as_i64().unwrap();
    assert!(
        valid == paris_day_end_after(before, 30) || valid == paris_day_end_after(after, 30),
        "{valid}"
    );

    let Some(text) = pdf_text(&pdf) else { return };
    // Without an address the quote is priced like the summary to a French consumer's address.
    assert_has(
        &text,
        &[
            "DEVIS",
            &number,
            &format!("Valable jusqu’au {}", fr_date(valid)),
            "Ce document est un devis, pas une facture",
            "cube.stl — SLA",
            "Dimensions : 20,0 × 30,0 × 40,0 mm",
            "Jeanne Dupont",
            "jeanne@exemple.fr",
            &format!("Sous-total HT {}", euros(&r["sous_total_cents"])),
            &format!("Frais de port HT {}", euros(&r["frais_port_cents"])),
            &format!("Total HT {}", euros(&r["total_ht_cents"])),
            &format!(
                "TVA 20 % sur {} {}",
                euros(&r["total_ht_cents"]),
                euros(&r["tva_cents"])
            ),
            &format!("Total TTC {}", euros(&r["total_ttc_cents"])),
            "livraison en France métropolitaine",
            "recalculés à la commande",
            "Paiement à la commande, par virement bancaire.",
            "L221-28 3°",
            "SIRET",
            "TVA intracommunautaire",
            "Bon pour accord",
        ],
    );
    assert!(!text.contains("FACTURE"), "{text}");
}

#[tokio::test]
async fn two_quotes_take_two_consecutive_numbers_and_show_the_billing_company() {
    let app = spawn_app().await;
    let c = a_customer(&app)
        .email("achats@atelier.fr")
        .with_address(FR.company("Atelier Dupont", "FR40303265045"))
        .with_basket(cube())
        .await;
    let office = c.address();
    let (first, _) = quote(&c, "").await;
    let (second, pdf) = quote(&c, &format!("?idAdresseFacturation={office}")).await;
    let year = paris_year(server::clock::now());
    assert_eq!(first, format!("DE-{year}-000001"));
    assert_eq!(second, format!("DE-{year}-000002"));
    assert_eq!(stored_quotes(&app).await.len(), 2);
    let r = recap(
        &c,
        json!({ "idAdresseLivraison": office, "idAdresseFacturation": office }),
    )
    .await;
    let Some(text) = pdf_text(&pdf) else { return };
    assert_has(
        &text,
        &[
            &second,
            "Atelier Dupont",
            "N° TVA intracommunautaire : FR40303265045",
            "1 rue de la Gare",
            &format!("Total TTC {}", euros(&r["total_ttc_cents"])),
            "Frais de port pour une livraison en France métropolitaine",
            // A company is reminded of the late-payment terms.
            "Indemnité forfaitaire pour frais de recouvrement : 40 €",
        ],
    );
}

#[tokio::test]
async fn an_eu_company_gets_an_intra_eu_quote_with_its_discount_code() {
    let (_vies, app) = app_on_vies().await;
    let c = a_customer(&app)
        .email("einkauf@muster.de")
        .with_address(DE.company("Muster GmbH", "DE123456789"))
        .with_basket(cube())
        .await;
    let office = c.address();
    let admin = an_admin(&app).await;
    let code = json!({ "code": "DEVIS10", "type": "percent", "valeur": 1000 });
    admin.expect(201, "POST", "Reduction", Some(code)).await;
    let r = recap(
        &c,
        json!({ "idAdresseLivraison": office, "idAdresseFacturation": office, "codeReduction": "devis10" }),
    )
    .await;
    assert_eq!(r["intracommunautaire"], true, "{r}");
    assert!(r["remise_cents"].as_i64().unwrap() > 0);
    let query =
        format!("?idAdresseLivraison={office}&idAdresseFacturation={office}&codeReduction=devis10");
    let (_, pdf) = quote(&c, &query).await;
    // The quote does not use the code: it stays usable.
    let usable: Value = c
        .proxy("GET", "ReductionCompte/GetCodeAsUser/DEVIS10", None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(usable["utilisable"], true, "{usable}");
    let Some(text) = pdf_text(&pdf) else { return };
    assert_has(
        &text,
        &[
            "Muster GmbH",
            &format!("Remise (Code DEVIS10) -{}", euros(&r["remise_cents"])),
            &format!("Total HT {}", euros(&r["total_ht_cents"])),
            "TVA (livraison intracommunautaire, exonérée)",
            &format!("Total TTC {}", euros(&r["total_ttc_cents"])),
            "Exonération de TVA, article 262 ter I du CGI — livraison intracommunautaire",
            "Consultation VIES n° WAPIAAAAZ",
        ],
    );
    assert!(!text.contains("Autoliquidation"), "{text}");
}

#[tokio::test]
async fn no_quote_without_a_basket_with_someone_elses_address_or_with_a_refused_code() {
    let app = spawn_app().await;
    let a = a_customer(&app)
        .email("a@exemple.fr")
        .ready_to_order()
        .await;
    let a_home = a.address();
    let paris = Addr {
        postcode: "75011",
        ..FR
    };
    let b = a_customer(&app)
        .email("b@exemple.fr")
        .with_address(paris)
        .await;
    let b_home = b.address();

    let res = issue(&b, "").await;
    assert_eq!(res.status(), 400);
    let body: Value = res.json().await.unwrap();
    assert_eq!(
        body["message"],
        "Votre panier est vide\u{a0}: ajoutez une pièce avant de télécharger un devis."
    );
    for query in [
        format!("?idAdresseFacturation={b_home}"),
        format!("?idAdresseLivraison={b_home}"),
        "?idAdresseFacturation=abc".to_owned(),
        "?idAdresseFacturation=999999".to_owned(),
    ] {
        let res = issue(&a, &query).await;
        assert_eq!(res.status(), 404, "{query}");
        let body: Value = res.json().await.unwrap();
        assert_eq!(
            body["message"], "Cette adresse est introuvable dans votre compte.",
            "{query}"
        );
    }
    let res = issue(
        &a,
        &format!("?idAdresseFacturation={a_home}&codeReduction=INCONNU"),
    )
    .await;
    assert_eq!(res.status(), 400);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["message"], "Code de réduction inconnu.");
    assert_eq!(issue(&app.client(), "").await.status(), 401);
    // None of the refusals took a number.
    assert!(stored_quotes(&app).await.is_empty());
    let (number, _) = quote(&a, "").await;
    assert!(number.ends_with("-000001"), "{number}");
}

/// Issue 22, finding 9: numbering a quote changes state, so it takes a POST that carries the
/// CSRF header; a GET (a link on another site) numbers nothing. The issued quote is downloaded
/// again with a GET, by its owner only.
#[tokio::test]
async fn a_quote_is_issued_by_a_post_with_the_csrf_header_and_downloaded_again_by_its_owner() {
    let app = spawn_app().await;
    let c = a_customer(&app).with_basket(cube()).await;

    let res = c.get(QUOTE).await;
    assert_eq!(res.status(), 405);
    assert_eq!(res.headers()["allow"], "POST");
    let body: Value = res.json().await.unwrap();
    assert_eq!(
        body["message"],
        "Un devis numéroté s'émet par une requête POST depuis le panier ou la commande."
    );
    let res = c.http.post(c.url(QUOTE)).send().await.unwrap();
    assert_eq!(
        res.status(),
        403,
        "a POST without the CSRF header is refused"
    );
    assert!(stored_quotes(&app).await.is_empty(), "nothing numbered");

    let (number, pdf) = quote(&c, "").await;
    let again = c.get(&format!("/api/backend/Devis/{number}/pdf")).await;
    assert_eq!(again.status(), 200);
    assert_eq!(again.headers()["cache-control"], "private, no-store");
    assert_eq!(
        again.bytes().await.unwrap().to_vec(),
        pdf,
        "the quote as handed out"
    );
    assert_eq!(
        stored_quotes(&app).await.len(),
        1,
        "a download numbers nothing"
    );

    let other = a_customer(&app).email("autre@exemple.fr").await;
    for path in [
        format!("/api/backend/Devis/{number}/pdf"),
        "/api/backend/Devis/DE-2020-999999/pdf".to_owned(),
    ] {
        let res = other.get(&path).await;
        assert_eq!(res.status(), 404, "{path}");
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["message"], "Devis introuvable.");
    }
    assert_eq!(
        app.client()
            .get(&format!("/api/backend/Devis/{number}/pdf"))
            .await
            .status(),
        401
    );
}

#[tokio::test]
async fn a_quote_prints_the_ship_date_and_delivery_range_the_checkout_gives() {
    // Thursday 24 December 2026 at 11:30 in Paris: day 0 is that day; 7 working days past the
    // holidays is Wednesday 6 January 2027, delivered in France on the 7th or 8th.
    let app = spawn_app_with(|s| s.dates_clock = Some("2026-12-24T11:30:00+01:00".into())).await;
    let c = a_customer(&app).ready_to_order().await;
    let home = c.address();
    let r = recap(
        &c,
        json!({ "idAdresseLivraison": home, "idAdresseFacturation": home }),
    )
    .await;
    assert_eq!(r["expedition"]["expedition"], "2027-01-06");
    let (number, pdf) = quote(&c, "").await;
    let (_, _, data) =
        server::db::quotes::by_number(&mut app.db.pool.acquire().await.unwrap(), &number)
            .await
            .unwrap()
            .expect("the quote is stored");
    let frozen: Value = serde_json::from_str(&data).unwrap();
    assert_eq!(frozen["ship_date"], r["expedition"]["expedition"]);
    assert_eq!(
        frozen["delivery"],
        json!([
            r["expedition"]["livraison"]["du"],
            r["expedition"]["livraison"]["au"]
        ])
    );
    let Some(text) = pdf_text(&pdf) else { return };
    assert_has(
        &text,
        &[
            "Expédition mercredi 6 janvier 2027",
            "Livraison estimée du jeudi 7 janvier 2027 au vendredi 8 janvier 2027",
            "pour une commande payée à l’heure de ce devis",
        ],
    );
}

#[tokio::test]
async fn my_quotes_lists_the_account_s_quotes_newest_first_with_their_pdf() {
    let app = spawn_app().await;
    let a = a_customer(&app).ready_to_order().await;
    let b = a_customer(&app)
        .email("autre@exemple.fr")
        .ready_to_order()
        .await;
    let (first, _) = quote(&a, "").await;
    let (theirs, _) = quote(&b, "").await;
    let (second, _) = quote(&a, "?reference_commande_client=BC-42").await;
    let r = recap(
        &a,
        json!({ "idAdresseLivraison": a.address(), "idAdresseFacturation": a.address() }),
    )
    .await;

    let (status, mine) = a.call("GET", "Devis/mes-devis", None).await;
    assert_eq!(status, 200, "{mine}");
    let numbers: Vec<&str> = mine
        .as_array()
        .unwrap()
        .iter()
        .map(|q| q["numero"].as_str().unwrap())
        .collect();
    assert_eq!(numbers, [second.as_str(), first.as_str()], "{mine}");
    let latest = &mine[0];
    assert_eq!(latest["valide"], true);
    assert_eq!(latest["pieces"], 1);
    assert_eq!(latest["reference_commande_client"], "BC-42");
    assert_eq!(mine[1]["reference_commande_client"], Value::Null);
    assert_eq!(latest["total_ttc_cents"], r["total_ttc_cents"]);
    assert_eq!(latest["total_ht_cents"], r["total_ht_cents"]);
    assert_eq!(latest["expedition"], r["expedition"]["expedition"]);
    assert!(latest["valable_jusqu_au"].as_str().unwrap() > latest["date"].as_str().unwrap());
    // Its link downloads the PDF as handed out, for its owner.
    let url = latest["url"].as_str().unwrap();
    assert_eq!(url, format!("/api/backend/Devis/{second}/pdf"));
    let res = a.get(url).await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "application/pdf");

    // B sees only B's; a visitor is asked to sign in.
    let (_, listed) = b.call("GET", "Devis/mes-devis", None).await;
    assert_eq!(listed.as_array().unwrap().len(), 1, "{listed}");
    assert_eq!(listed[0]["numero"], theirs.as_str());
    let (status, _) = app.client().call("GET", "Devis/mes-devis", None).await;
    assert_eq!(status, 401);

    // Past its validity, a quote is listed as such.
    exec!(
        app,
        "UPDATE quotes SET valid_until = 1 WHERE number = $1",
        &first
    );
    let (_, mine) = a.call("GET", "Devis/mes-devis", None).await;
    assert_eq!(mine[1]["numero"], first.as_str());
    assert_eq!(mine[1]["valide"], false);
}
