//! The "payment received" e-mail carries the invoice: an admin records a bank transfer, and the
//! customer's message, delivered to a real SMTP server (aiosmtpd), has the invoice PDF attached as
//! `FA-YYYY-NNNNNN.pdf`, whose text (`pdftotext`) is the invoice just issued.

use server::db::accounts::Role;

use crate::builders::{an_admin, insert_order};
use crate::commande_pdf::pdf_text;
use crate::helpers::spawn_app_with;
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
