//! The "payment received" e-mail carries the invoice: an admin records a bank transfer, and the
//! customer's message, delivered to a real SMTP server (aiosmtpd), has the invoice PDF attached as
//! `FA-YYYY-NNNNNN.pdf`, whose text (`pdftotext`) is the invoice just issued.

use server::db::accounts::Role;

use crate::builders::{a_customer, an_admin, cube, insert_order, place_order, FR};
use crate::commande_pdf::pdf_text;
use crate::helpers::{scalar, spawn_app_with};
use crate::mail_helpers::{attachment, text_part, SmtpSink};

#[tokio::test]
async fn the_payment_received_mail_has_the_invoice_pdf_attached() {
    let sink = SmtpSink::start();
    let app = spawn_app_with(|s| s.smtp_url = Some(sink.url())).await;
    let (_, customer) = app.signed_in("client@exemple.fr", Role::Client).await;
    let admin = an_admin(&app).await;
    let id = insert_order(&app, customer, 7).await;
    let res = admin.set_order_status(id, "payée").await;
    assert_eq!(res.status(), 200);
    let answer: serde_json::Value = res.json().await.unwrap();
    let invoice = answer["facture"]["numero"].as_str().unwrap().to_owned();
    let year = server::domain::paris_time::paris_year(server::clock::now());
    assert_eq!(invoice, format!("FA-{year}-000001"));

    let mails = sink.wait_for(1).await;
    assert_eq!(mails.len(), 1, "one message: the payment received");
    let mail = &mails[0];
    assert!(mail.contains("To: client@exemple.fr"), "{mail}");
    assert!(mail.contains("multipart/mixed"), "{mail}");
    let text = text_part(mail);
    assert!(
        text.contains(&format!("Votre facture {invoice} est émise")),
        "{text}"
    );
    assert!(
        text.contains("Votre facture est jointe à ce message."),
        "{text}"
    );
    let (content_type, pdf) =
        attachment(mail, &format!("{invoice}.pdf")).expect("the invoice is attached");
    assert_eq!(content_type, "application/pdf");
    let Some(printed) = pdf_text(&pdf) else {
        return;
    };
    assert!(printed.contains(&invoice), "{printed}");
    assert!(printed.contains("CO-2026-000007"), "{printed}");
    assert!(printed.contains("128,28 €"), "{printed}");
    // The attachment is the invoice as the order's page downloads it.
    let downloaded = admin
        .get(&format!("/api/backend/Commande/{id}/facture.pdf"))
        .await
        .bytes()
        .await
        .unwrap();
    assert_eq!(pdf_text(&downloaded).as_deref(), Some(printed.as_str()));
}

#[tokio::test]
async fn the_payment_received_mail_gives_the_ship_date_fixed_at_payment() {
    // Paid on 24 December 2026 after the cut-off: day 0 is Monday 28, 7 working days give
    // Thursday 7 January 2027 (1 January is a holiday), the date the order stores.
    let sink = SmtpSink::start();
    let app = spawn_app_with(|s| {
        s.smtp_url = Some(sink.url());
        s.dates_clock = Some("2026-12-24T12:00:00+01:00".to_owned());
    })
    .await;
    let c = a_customer(&app).with_address(FR).with_basket(cube()).await;
    let placed = place_order(&c, "cle-mail-date").await;
    let id = placed["id_commande"].as_i64().unwrap();
    let admin = an_admin(&app).await;
    let res = admin.set_order_status(id, "payée").await;
    assert_eq!(res.status(), 200);
    let stored: Option<String> = scalar!(app, "SELECT ship_date FROM orders WHERE id = $1", id);
    assert_eq!(stored.as_deref(), Some("2027-01-07"));

    let mails = sink.wait_for(2).await;
    let paid = mails
        .iter()
        .find(|m| text_part(m).contains("Nous avons bien reçu le paiement"))
        .expect("the payment received e-mail");
    let text = text_part(paid);
    assert!(
        text.contains("Expédition prévue le jeudi\u{a0}7\u{a0}janvier\u{a0}2027."),
        "{text}"
    );
    // The order received e-mail, before payment, promises no date.
    let received = mails
        .iter()
        .find(|m| text_part(m).contains("Nous avons bien reçu votre commande"))
        .expect("the order received e-mail");
    assert!(!text_part(received).contains("Expédition prévue"));
}
