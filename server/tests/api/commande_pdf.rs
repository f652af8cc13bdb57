//! An order's invoice and credit note as PDFs (`GET Commande/{id}/facture.pdf`, `avoir.pdf`):
//! rendered from the frozen data, readable by the owner and admins only, and read back with
//! `pdftotext` (Debian's poppler-utils) for the number, the order and the total as printed.

use crate::builders::{a_customer, an_admin, insert_order};
use crate::helpers::{spawn_app, TestClient};

/// The PDF's text with `pdftotext -layout`, spaces normalised; `None` when pdftotext is absent.
pub(crate) fn pdf_text(bytes: &[u8]) -> Option<String> {
    assert!(bytes.starts_with(b"%PDF-"), "not a PDF");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("doc.pdf");
    std::fs::write(&path, bytes).unwrap();
    match std::process::Command::new("pdftotext")
        .arg("-layout")
        .arg(&path)
        .arg("-")
        .output()
    {
        Ok(out) => {
            let text = String::from_utf8_lossy(&out.stdout).replace(['\u{a0}', '\u{202f}'], " ");
            Some(text.split_whitespace().collect::<Vec<_>>().join(" "))
        }
        Err(_) => {
            eprintln!("SKIPPED: pdftotext is not installed (apt-get install poppler-utils)");
            None
        }
    }
}

async fn status_of(c: &TestClient, path: &str) -> u16 {
    c.get(path).await.status().as_u16()
}

#[tokio::test]
async fn the_owner_and_admins_download_the_invoice_and_the_credit_note_as_pdf() {
    let app = spawn_app().await;
    let a = a_customer(&app).email("a@exemple.fr").await;
    let a_id = a.id;
    let b = a_customer(&app).email("b@exemple.fr").await;
    let admin = an_admin(&app).await;
    let id = insert_order(&app, a_id, 7).await;
    let invoice = format!("/api/backend/Commande/{id}/facture.pdf");
    let credit = format!("/api/backend/Commande/{id}/avoir.pdf");
    // Nothing issued yet.
    assert_eq!(status_of(&a, &invoice).await, 404);
    let res = admin.set_order_status(id, "payée").await;
    assert_eq!(res.status(), 200);
    let year = server::domain::paris_time::paris_year(server::clock::now());

    let res = a.get(&invoice).await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "application/pdf");
    assert_eq!(
        res.headers()["content-disposition"],
        format!("attachment; filename=\"FA-{year}-000001.pdf\"").as_str()
    );
    let bytes = res.bytes().await.unwrap();
    if let Some(text) = pdf_text(&bytes) {
        assert!(text.contains(&format!("FA-{year}-000001")), "{text}");
        assert!(text.contains("CO-2026-000007"), "{text}");
        assert!(text.contains("128,28 €"), "{text}");
    }
    assert_eq!(status_of(&admin, &invoice).await, 200);
    assert_eq!(status_of(&b, &invoice).await, 404);
    assert_eq!(status_of(&app.client(), &invoice).await, 401);
    assert_eq!(status_of(&a, &credit).await, 404);

    let res = admin
        .set_order_status_noted(id, "annulée", "Commande annulée à la demande du client")
        .await;
    assert_eq!(res.status(), 200);
    let res = a.get(&credit).await;
    assert_eq!(res.status(), 200);
    let bytes = res.bytes().await.unwrap();
    if let Some(text) = pdf_text(&bytes) {
        assert!(text.contains(&format!("AV-{year}-000001")), "{text}");
        assert!(text.contains(&format!("FA-{year}-000001")), "{text}");
        assert!(
            text.contains("Commande annulée à la demande du client"),
            "{text}"
        );
    }
    assert_eq!(status_of(&b, &credit).await, 404);
    assert_eq!(status_of(&admin, &credit).await, 200);
}
