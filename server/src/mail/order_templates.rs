//! The French messages of an order: received (with the bank details and the order number as the
//! transfer reference), payment received (invoice number, its PDF attached), shipped (carrier,
//! tracking number and link). Each has a plain-text and an HTML body, like `templates.rs`.

use super::templates::{escape, layout, signature};
use super::{Attachment, OutgoingMail, Purpose};
use crate::domain::Cents;
use crate::payment::transfer::TransferDetails;

const NBSP: char = '\u{a0}';

pub(super) fn mail(
    brand: &str,
    to: &str,
    purpose: Purpose,
    subject: String,
    paragraphs: &[String],
) -> OutgoingMail {
    let text = format!(
        "Bonjour,\n\n{}\n\n{}",
        paragraphs.join("\n\n"),
        signature(brand)
    );
    let html = layout(
        brand,
        &format!(
            "<p>Bonjour,</p>{}",
            paragraphs
                .iter()
                .map(|p| format!("<p>{}</p>", escape(p).replace('\n', "<br>")))
                .collect::<String>()
        ),
    );
    OutgoingMail {
        to: to.to_owned(),
        reply_to: None,
        purpose,
        subject,
        text,
        html,
        attachments: Vec::new(),
    }
}

/// Formats an IBAN in groups of four.
pub(super) fn grouped(iban: &str) -> String {
    let compact: String = iban.chars().filter(|c| !c.is_whitespace()).collect();
    compact
        .as_bytes()
        .chunks(4)
        .map(|c| String::from_utf8_lossy(c).into_owned())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The order was placed; `vat` is its VAT mention or notice (an intra-EU supply's exemption,
/// French VAT applied for want of a VIES answer); `transfer` holds the bank details when it is
/// paid by transfer.
pub fn order_received(
    brand: &str,
    to: &str,
    numero: &str,
    total_ttc: Cents,
    vat: Option<&str>,
    transfer: Option<&TransferDetails>,
) -> OutgoingMail {
    let mut paragraphs = vec![format!(
        "Nous avons bien reçu votre commande {numero} d'un montant de {} TTC. Merci de votre confiance{NBSP}!",
        total_ttc.fr()
    )];
    if let Some(vat) = vat {
        paragraphs.push(format!("{vat}."));
    }
    if let Some(t) = transfer {
        paragraphs.push(format!(
            "Pour la régler, effectuez un virement de {} en indiquant la référence {} (sans elle, nous ne pourrons pas rapprocher votre paiement)\u{a0}:\nTitulaire\u{a0}: {}\nIBAN\u{a0}: {}\nBIC\u{a0}: {}",
            Cents(t.montant_cents).fr(),
            t.reference,
            t.titulaire,
            grouped(&t.iban),
            t.bic
        ));
        paragraphs.push(
            "La fabrication commence dès réception du virement\u{a0}; nous vous écrirons alors avec votre facture."
                .to_owned(),
        );
    }
    mail(
        brand,
        to,
        Purpose::OrderReceived,
        format!("Commande {numero} reçue"),
        &paragraphs,
    )
}

/// The order went into production; `ship_date` (`AAAA-MM-JJ`) is the date it leaves.
pub fn in_production(
    brand: &str,
    base_url: &str,
    to: &str,
    numero: &str,
    ship_date: Option<&str>,
) -> OutgoingMail {
    let history = format!(
        "{}/compte/historique-commande",
        base_url.trim_end_matches('/')
    );
    let mut paragraphs = vec![format!(
        "Les pièces de votre commande {numero} sont en cours de fabrication."
    )];
    paragraphs.extend(ship_date.and_then(ship_sentence));
    paragraphs.push(format!(
        "Vous suivez son avancement dans votre historique de commandes{NBSP}:\n{history}"
    ));
    mail(
        brand,
        to,
        Purpose::OrderInProduction,
        format!("Commande {numero} en production"),
        &paragraphs,
    )
}

/// « Expédition prévue le jeudi 7 janvier 2027. » for a ship date `AAAA-MM-JJ`.
pub fn ship_sentence(ship_date: &str) -> Option<String> {
    let date = quote_core::calendar::Date::parse(ship_date)?;
    Some(format!(
        "Expédition prévue le {}.",
        quote_core::calendar::french_date(date).replace(' ', "\u{a0}")
    ))
}

/// The payment was received and the invoice issued; `ship_date` (`AAAA-MM-JJ`, fixed at
/// payment) is said when known; `invoice_pdf` is attached as `<invoice>.pdf` when given.
#[allow(clippy::too_many_arguments)]
pub fn payment_received(
    brand: &str,
    base_url: &str,
    to: &str,
    numero: &str,
    invoice: &str,
    total_ttc: Cents,
    ship_date: Option<&str>,
    invoice_pdf: Option<Vec<u8>>,
) -> OutgoingMail {
    let history = format!(
        "{}/compte/historique-commande",
        base_url.trim_end_matches('/')
    );
    let where_to_find = if invoice_pdf.is_some() {
        format!("Votre facture est jointe à ce message. Vous la retrouverez aussi dans votre historique de commandes{NBSP}:\n{history}")
    } else {
        format!("Vous pouvez télécharger votre facture depuis votre historique de commandes{NBSP}:\n{history}")
    };
    let mut paragraphs = vec![format!(
        "Nous avons bien reçu le paiement de {} pour votre commande {numero}. Votre facture {invoice} est émise et la fabrication de vos pièces va commencer.",
        total_ttc.fr()
    )];
    paragraphs.extend(ship_date.and_then(ship_sentence));
    paragraphs.push(where_to_find);
    let mut m = mail(
        brand,
        to,
        Purpose::PaymentReceived,
        format!("Paiement reçu pour la commande {numero}"),
        &paragraphs,
    );
    if let Some(bytes) = invoice_pdf {
        m.attachments.push(Attachment {
            file_name: format!("{invoice}.pdf"),
            content_type: "application/pdf".to_owned(),
            bytes,
        });
    }
    m
}

/// The order was handed to a carrier.
pub fn order_shipped(
    brand: &str,
    to: &str,
    numero: &str,
    carrier: &str,
    tracking_number: &str,
    tracking_url: &str,
) -> OutgoingMail {
    let mut paragraphs = vec![format!(
        "Votre commande {numero} a été expédiée par {carrier}, numéro de suivi {tracking_number}."
    )];
    if !tracking_url.is_empty() {
        paragraphs.push(format!("Suivez votre colis{NBSP}:\n{tracking_url}"));
    }
    mail(
        brand,
        to,
        Purpose::OrderShipped,
        format!("Commande {numero} expédiée"),
        &paragraphs,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn transfer() -> TransferDetails {
        TransferDetails {
            mode: "virement",
            reference: "CO-2026-000005".into(),
            iban: "FR7630006000011234567890189".into(),
            bic: "AGRIFRPP".into(),
            titulaire: "Forme Additive SAS".into(),
            montant_cents: 552_600,
        }
    }

    #[test]
    fn the_order_mail_gives_the_bank_details_and_the_reference() {
        let m = order_received(
            "Forme Additive",
            "a@exemple.fr",
            "CO-2026-000005",
            Cents(552_600),
            None,
            Some(&transfer()),
        );
        assert_eq!(m.subject, "Commande CO-2026-000005 reçue");
        assert!(m.text.contains("5\u{202f}526,00\u{a0}€"), "{}", m.text);
        assert!(m.text.contains("référence CO-2026-000005"));
        assert!(m
            .text
            .contains("IBAN\u{a0}: FR76 3000 6000 0112 3456 7890 189"));
        assert!(m.text.contains("BIC\u{a0}: AGRIFRPP"));
        assert!(m.html.contains("FR76 3000"));
        let card = order_received(
            "Forme Additive",
            "a@exemple.fr",
            "CO-2026-000005",
            Cents(100),
            Some("Exonération de TVA, article 262 ter I du CGI — livraison intracommunautaire"),
            None,
        );
        assert!(!card.text.contains("IBAN"));
        assert!(card.text.contains(
            "Exonération de TVA, article 262 ter I du CGI — livraison intracommunautaire."
        ));
    }

    #[test]
    fn payment_and_shipping_mails() {
        let m = payment_received(
            "Forme Additive",
            "https://forme.example/",
            "a@exemple.fr",
            "CO-2026-000005",
            "FA-2026-000001",
            Cents(1234),
            None,
            None,
        );
        assert!(m.text.contains("FA-2026-000001"));
        assert!(!m.text.contains("Expédition prévue"));
        assert!(m
            .text
            .contains("https://forme.example/compte/historique-commande"));
        assert!(m.attachments.is_empty() && !m.text.contains("jointe"));
        let attached = payment_received(
            "Forme Additive",
            "https://forme.example/",
            "a@exemple.fr",
            "CO-2026-000005",
            "FA-2026-000001",
            Cents(1234),
            Some("2027-01-07"),
            Some(b"%PDF-1.7".to_vec()),
        );
        assert!(attached
            .text
            .contains("Expédition prévue le jeudi\u{a0}7\u{a0}janvier\u{a0}2027."));
        assert!(attached.html.contains("Expédition prévue le jeudi"));
        assert_eq!(ship_sentence("2027-02-30"), None);
        assert!(attached
            .text
            .contains("Votre facture est jointe à ce message."));
        assert_eq!(attached.attachments.len(), 1);
        assert_eq!(attached.attachments[0].file_name, "FA-2026-000001.pdf");
        assert_eq!(attached.attachments[0].content_type, "application/pdf");
        assert_eq!(attached.attachments[0].bytes, b"%PDF-1.7");
        let s = order_shipped(
            "Forme Additive",
            "a@exemple.fr",
            "CO-2026-000005",
            "Colissimo",
            "6A1",
            "https://www.laposte.fr/outils/suivre-vos-envois?code=6A1",
        );
        assert!(s
            .text
            .contains("expédiée par Colissimo, numéro de suivi 6A1"));
        assert!(s.text.contains("suivre-vos-envois?code=6A1"));
        let html = order_shipped(
            "Forme Additive",
            "a@exemple.fr",
            "CO-1",
            "<b>X</b>",
            "1",
            "",
        )
        .html;
        assert!(html.contains("&lt;b&gt;X&lt;/b&gt;") && !html.contains("<b>"));
    }
}
