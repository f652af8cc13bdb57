//! Tests of the French e-mail templates.

use super::*;

#[test]
fn account_creation_code_is_in_subject_text_and_html() {
    let mail = account_creation_code("Forme Additive", "jean@exemple.fr", "042917", 15);
    assert_eq!(mail.purpose, Purpose::AccountCreation);
    assert_eq!(mail.to, "jean@exemple.fr");
    assert!(mail.subject.starts_with("042917 est votre code"));
    assert!(mail.text.contains("    042917\n"));
    assert!(mail.text.contains("valable 15\u{a0}minutes"));
    assert!(mail.text.contains("compte Forme Additive\u{a0}:"));
    assert!(mail.html.contains(">042917</p>"));
    assert!(mail.html.starts_with("<!DOCTYPE html><html lang=\"fr\">"));
}

#[test]
fn email_change_code_names_the_new_address_purpose() {
    let mail = email_change_code("Atelier Test", "neuf@exemple.fr", "123456", 15);
    assert_eq!(mail.purpose, Purpose::EmailChange);
    assert!(mail
        .text
        .contains("nouvelle adresse e-mail sur Atelier Test"));
    assert!(mail.text.contains("L'équipe Atelier Test"));
}

#[test]
fn password_reset_mail_links_to_mdp_mail_with_the_token() {
    let mail = password_reset_link(
        "Forme Additive",
        "https://exemple.fr/",
        "jean@exemple.fr",
        "abcDEF_123",
        60,
    );
    assert!(mail
        .text
        .contains("https://exemple.fr/mdp_mail?token=abcDEF_123"));
    assert!(mail
        .html
        .contains("href=\"https://exemple.fr/mdp_mail?token=abcDEF_123\""));
    assert!(mail
        .text
        .contains("valable 1\u{a0}heure et ne peut servir qu'une fois"));
    assert_eq!(
        mail.subject,
        "Réinitialisation de votre mot de passe Forme Additive"
    );
}

#[test]
fn contact_copy_escapes_the_visitor_text_and_replies_to_the_visitor() {
    let mail = contact_copy(
        "Forme Additive",
        "contact@exemple.fr",
        "Jean <b>",
        "jean@exemple.fr",
        "",
        "Bonjour\n<script>alert(1)</script>",
    );
    assert_eq!(mail.reply_to.as_deref(), Some("jean@exemple.fr"));
    assert_eq!(mail.subject, "[Contact] (sans objet)");
    assert!(!mail.html.contains("<script>"));
    assert!(mail.html.contains("&lt;script&gt;"));
    assert!(mail.html.contains("Jean &lt;b&gt;"));
    assert!(mail.html.contains("Bonjour<br>"));
    assert!(mail.text.contains("Nom\u{a0}: Jean <b>"));
}

#[test]
fn durations_are_written_in_french() {
    assert_eq!(duration(15), "15\u{a0}minutes");
    assert_eq!(duration(60), "1\u{a0}heure");
    assert_eq!(duration(120), "2\u{a0}heures");
}
