//! The French message a customer gets when an admin gives one of their parts a status: what it
//! means for the order, the admin's comment, and the link to the basket.

use super::order_templates::mail;
use super::{OutgoingMail, Purpose};
use crate::domain::text::quoted;

const NBSP: char = '\u{a0}';

/// What a part status means for the customer (statuses of PRODUCT.md).
fn meaning(status_id: i64, part: &str) -> String {
    match status_id {
        3 => format!(
            "Notre équipe a vérifié votre pièce {part}{NBSP}: elle est validée, vous pouvez la commander depuis votre panier."
        ),
        4 => format!(
            "Notre équipe a vérifié votre pièce {part}{NBSP}: nous ne pouvons pas la fabriquer en l'état. Vous pouvez déposer un fichier corrigé sur la page de devis, ou demander une nouvelle vérification depuis votre panier en nous expliquant ce qui doit être revu."
        ),
        2 => format!(
            "Votre pièce {part} est en cours de vérification par notre équipe{NBSP}: vous pourrez la commander dès qu'elle sera validée. Nous vous écrirons à ce moment-là."
        ),
        _ => format!(
            "Votre pièce {part} peut être commandée telle quelle depuis votre panier."
        ),
    }
}

/// An admin gave the part `file_name` the status `status_id` (`label`), with `comment`.
pub fn part_status_changed(
    brand: &str,
    base_url: &str,
    to: &str,
    file_name: &str,
    status_id: i64,
    label: &str,
    comment: &str,
) -> OutgoingMail {
    let part = quoted(file_name);
    let mut paragraphs = vec![meaning(status_id, &part)];
    if !comment.is_empty() {
        paragraphs.push(format!("Commentaire de notre équipe{NBSP}:\n{comment}"));
    }
    paragraphs.push(format!(
        "Votre panier{NBSP}:\n{}/compte/panier",
        base_url.trim_end_matches('/')
    ));
    mail(
        brand,
        to,
        Purpose::PartStatus,
        format!("Votre pièce {part}{NBSP}: {label}"),
        &paragraphs,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sent(status_id: i64, label: &str, comment: &str) -> OutgoingMail {
        part_status_changed(
            "Forme Additive",
            "https://forme.example/",
            "a@exemple.fr",
            "support <v2>.stl",
            status_id,
            label,
            comment,
        )
    }

    #[test]
    fn a_validated_part_can_be_ordered_from_the_basket() {
        let m = sent(3, "Validée", "");
        assert_eq!(m.purpose, Purpose::PartStatus);
        assert_eq!(m.to, "a@exemple.fr");
        assert_eq!(
            m.subject,
            "Votre pièce «\u{a0}support <v2>.stl\u{a0}»\u{a0}: Validée"
        );
        assert!(m
            .text
            .contains("elle est validée, vous pouvez la commander"));
        assert!(m.text.contains("https://forme.example/compte/panier"));
        assert!(!m.text.contains("Commentaire"), "{}", m.text);
    }

    #[test]
    fn a_refusal_carries_the_comment_escaped_in_html() {
        let m = sent(4, "Refusée", "Parois de 0,2 mm < 0,6 mm.\nÉpaississez-les.");
        assert!(m
            .text
            .contains("nous ne pouvons pas la fabriquer en l'état"));
        assert!(m.text.contains(
            "Commentaire de notre équipe\u{a0}:\nParois de 0,2 mm < 0,6 mm.\nÉpaississez-les."
        ));
        assert!(m.html.contains("0,2 mm &lt; 0,6 mm.<br>"), "{}", m.html);
        assert!(m.html.contains("support &lt;v2&gt;.stl"), "{}", m.html);
        assert!(!m.html.contains("<v2>"));
    }

    #[test]
    fn each_status_says_what_it_means() {
        assert!(sent(2, "À vérifier", "")
            .text
            .contains("en cours de vérification"));
        assert!(sent(1, "Analysée", "").text.contains("telle quelle"));
    }
}
