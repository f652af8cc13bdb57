//! « Envoyer au service achats »: the message that carries a quote to an address the customer
//! typed (its purchasing department), with the quote's PDF attached and its read-only link. The
//! recipient has no account: replies go to the customer (`Reply-To`), never to the shop's robot.

use super::templates::{escape, layout};
use super::{Attachment, OutgoingMail, Purpose};

const NBSP: char = '\u{a0}';

/// What the message says of its quote.
#[derive(Debug, Clone)]
pub struct ForwardedQuote<'a> {
    /// `DE-2026-000001`.
    pub number: &'a str,
    /// The customer who sends it, as named on the quote (« Jeanne Dupont — Atelier Dupont »).
    pub sender: &'a str,
    /// The customer's e-mail address (the reply goes there).
    pub sender_email: &'a str,
    /// Total incl. VAT, French (« 1 234,56 € »).
    pub total_ttc: &'a str,
    /// Last day of validity, French (« 27 décembre 2026 »).
    pub valid_until: &'a str,
    /// The read-only link.
    pub link: &'a str,
    /// The customer's own words, if any (plain text).
    pub message: Option<&'a str>,
}

/// The message to `to`, with `pdf` attached as `<number>.pdf`.
pub fn quote_forward(brand: &str, to: &str, q: &ForwardedQuote<'_>, pdf: Vec<u8>) -> OutgoingMail {
    let mut paragraphs = vec![format!(
        "{} vous transmet le devis {} de {brand}, d'un montant de {} TTC, valable jusqu'au {}. Le devis est joint à ce message au format PDF.",
        q.sender, q.number, q.total_ttc, q.valid_until
    )];
    let quoted = q.message.map(|m| format!("Son message{NBSP}:\n{m}"));
    paragraphs.extend(quoted);
    let see = format!(
        "Vous pouvez aussi le consulter en ligne, sans compte, jusqu'à la fin de sa validité{NBSP}:"
    );
    let reply = format!(
        "Pour toute question sur ce devis, répondez à ce message{NBSP}: votre réponse parviendra à {} ({}).",
        q.sender, q.sender_email
    );
    let text = format!(
        "Bonjour,\n\n{}\n\n{see}\n{}\n\n{reply}\n\nL'équipe {brand}",
        paragraphs.join("\n\n"),
        q.link
    );
    let body: String = paragraphs
        .iter()
        .map(|p| format!("<p>{}</p>", escape(p).replace('\n', "<br>")))
        .collect();
    let link = escape(q.link);
    let html = layout(
        brand,
        &format!(
            "<p>Bonjour,</p>{body}<p>{}<br><a href=\"{link}\">{link}</a></p><p>{}</p><p>L'équipe {}</p>",
            escape(&see),
            escape(&reply),
            escape(brand)
        ),
    );
    OutgoingMail {
        to: to.to_owned(),
        reply_to: Some(q.sender_email.to_owned()),
        purpose: Purpose::QuoteForward,
        subject: format!("Devis {} de {brand} transmis par {}", q.number, q.sender),
        text,
        html,
        attachments: vec![Attachment {
            file_name: format!("{}.pdf", q.number),
            content_type: "application/pdf".to_owned(),
            bytes: pdf,
        }],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quote<'a>(message: Option<&'a str>) -> ForwardedQuote<'a> {
        ForwardedQuote {
            number: "DE-2026-000042",
            sender: "Jeanne <Dupont>",
            sender_email: "jeanne@exemple.fr",
            total_ttc: "120,00\u{a0}€",
            valid_until: "27 décembre 2026",
            link: "https://forme.example/devis/partage/abc_DEF-123",
            message,
        }
    }

    #[test]
    fn the_message_carries_the_pdf_the_link_and_replies_to_the_customer() {
        let m = quote_forward(
            "Forme Additive",
            "achats@client.fr",
            &quote(Some("Merci de valider <vite>.")),
            b"%PDF-1.7".to_vec(),
        );
        assert_eq!(m.to, "achats@client.fr");
        assert_eq!(m.reply_to.as_deref(), Some("jeanne@exemple.fr"));
        assert_eq!(m.purpose.as_str(), "quote_forward");
        assert!(m.subject.contains("DE-2026-000042"), "{}", m.subject);
        assert!(m
            .text
            .contains("https://forme.example/devis/partage/abc_DEF-123"));
        assert!(m.text.contains("valable jusqu'au 27 décembre 2026"));
        assert!(m.text.contains("Merci de valider <vite>."));
        // The customer's words and name are escaped in the HTML, the link is a link.
        assert!(m.html.contains("Merci de valider &lt;vite&gt;."));
        assert!(m.html.contains("Jeanne &lt;Dupont&gt;"));
        assert!(m
            .html
            .contains("<a href=\"https://forme.example/devis/partage/abc_DEF-123\">"));
        assert_eq!(m.attachments.len(), 1);
        assert_eq!(m.attachments[0].file_name, "DE-2026-000042.pdf");
        assert_eq!(m.attachments[0].bytes, b"%PDF-1.7");
        let bare = quote_forward("Forme Additive", "a@b.fr", &quote(None), Vec::new());
        assert!(!bare.text.contains("Son message"));
    }
}
