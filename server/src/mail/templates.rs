//! The French messages the site sends: account-creation code, e-mail change code, password reset
//! link, security notices (address taken, e-mail or password changed), and the staff copy of a
//! contact-form message. Each has a plain-text and an HTML body.

use super::{OutgoingMail, Purpose};

/// No-break space, required before `:` in French.
const NBSP: char = '\u{a0}';

/// Code confirming the address of a new account.
pub fn account_creation_code(brand: &str, to: &str, code: &str, minutes: u32) -> OutgoingMail {
    code_mail(
        brand,
        to,
        Purpose::AccountCreation,
        format!("{code} est votre code de création de compte {brand}"),
        &format!("Voici le code qui confirme votre adresse e-mail pour créer votre compte {brand}{NBSP}:"),
        code,
        minutes,
    )
}

/// Code confirming a change of e-mail address (sent to the new address).
pub fn email_change_code(brand: &str, to: &str, code: &str, minutes: u32) -> OutgoingMail {
    code_mail(
        brand,
        to,
        Purpose::EmailChange,
        format!("{code} est votre code de changement d'adresse e-mail {brand}"),
        &format!("Voici le code qui confirme votre nouvelle adresse e-mail sur {brand}{NBSP}:"),
        code,
        minutes,
    )
}

/// Link to choose a new password; `base_url` is the site's public address.
pub fn password_reset_link(
    brand: &str,
    base_url: &str,
    to: &str,
    token: &str,
    minutes: u32,
) -> OutgoingMail {
    let link = format!("{}/mdp_mail?token={token}", base_url.trim_end_matches('/'));
    let intro =
        format!("Vous avez demandé à réinitialiser le mot de passe de votre compte {brand}.");
    let action = format!("Pour choisir un nouveau mot de passe, ouvrez ce lien{NBSP}:");
    let validity = link_validity(minutes);
    let ignore = "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message\u{a0}: votre mot de passe reste inchangé.";
    let text = format!(
        "Bonjour,\n\n{intro}\n\n{action}\n{link}\n\n{validity}\n{ignore}\n\n{}",
        signature(brand)
    );
    let html = layout(
        brand,
        &format!(
            "<p>Bonjour,</p><p>{}</p><p>{}</p>\
             <p><a href=\"{link}\" style=\"background:#1f4e79;color:#ffffff;padding:10px 18px;\
             border-radius:4px;text-decoration:none\">Choisir un nouveau mot de passe</a></p>\
             <p style=\"font-size:13px;color:#555\">{}</p><p>{}</p><p>{}</p>",
            escape(&intro),
            escape(&action),
            escape(&link),
            escape(&validity),
            escape(ignore)
        ),
    );
    OutgoingMail {
        to: to.to_owned(),
        reply_to: None,
        purpose: Purpose::PasswordReset,
        subject: format!("Réinitialisation de votre mot de passe {brand}"),
        text,
        html,
        attachments: Vec::new(),
    }
}

/// To an address that already has an account, when someone asks to create another one with it:
/// the site answers as if a code was sent, so that nobody learns which addresses have accounts.
pub fn account_exists_notice(brand: &str, base_url: &str, to: &str) -> OutgoingMail {
    let base = base_url.trim_end_matches('/');
    notice_mail(
        brand,
        to,
        format!("Vous avez déjà un compte {brand}"),
        &[
            format!("Une demande de création de compte {brand} vient d'être faite avec cette adresse e-mail, qui a déjà un compte."),
            format!("Pour vous connecter{NBSP}: {base}/connexion_compte"),
            format!("Mot de passe oublié{NBSP}? {base}/mdp_oubli"),
            "Si vous n'êtes pas à l'origine de cette demande, ignorez simplement ce message.".to_owned(),
        ],
    )
}

/// To an address that already has an account, when another account asks to move to it.
pub fn email_taken_notice(brand: &str, to: &str) -> OutgoingMail {
    notice_mail(
        brand,
        to,
        format!("Tentative d'utilisation de votre adresse e-mail sur {brand}"),
        &[
            format!("Un autre compte {brand} vient de demander à utiliser cette adresse e-mail, qui est déjà celle de votre compte. Aucune modification n'a été faite."),
            "Si vous n'êtes pas à l'origine de cette demande, ignorez simplement ce message.".to_owned(),
        ],
    )
}

/// To the former address of an account whose e-mail was just changed.
pub fn email_changed_notice(brand: &str, to: &str, new_email: &str) -> OutgoingMail {
    notice_mail(
        brand,
        to,
        format!("L'adresse e-mail de votre compte {brand} a été modifiée"),
        &[
            format!("L'adresse e-mail de votre compte {brand} vient d'être remplacée par {new_email}. Cette adresse-ci ne permet plus de vous connecter."),
            format!("Si vous n'êtes pas à l'origine de ce changement, contactez-nous sans attendre par le formulaire de contact du site{NBSP}: votre compte est peut-être compromis."),
        ],
    )
}

/// To the account's address after its password was changed (settings page or reset link).
pub fn password_changed_notice(brand: &str, to: &str) -> OutgoingMail {
    notice_mail(
        brand,
        to,
        format!("Le mot de passe de votre compte {brand} a été modifié"),
        &[
            format!("Le mot de passe de votre compte {brand} vient d'être modifié et vos autres sessions ont été fermées."),
            format!("Si vous n'êtes pas à l'origine de ce changement, choisissez sans attendre un nouveau mot de passe avec «{NBSP}Mot de passe oublié{NBSP}» et contactez-nous."),
        ],
    )
}

/// To the owner of an account whose sign-in was locked after many wrong passwords: the link
/// unlocks the sign-in in the browser that opens it (`/api/auth/unlock?token=`).
pub fn sign_in_locked_notice(
    brand: &str,
    base_url: &str,
    to: &str,
    token: &str,
    minutes: u32,
) -> OutgoingMail {
    let link = format!(
        "{}/api/auth/unlock?token={token}",
        base_url.trim_end_matches('/')
    );
    notice_mail(
        brand,
        to,
        format!("Connexion à votre compte {brand} bloquée"),
        &[
            format!("De nombreux mots de passe erronés ont été essayés sur votre compte {brand} ces dernières minutes{NBSP}: nous avons bloqué la connexion à votre compte pour une heure."),
            format!("Si c'était vous, ouvrez ce lien dans le navigateur avec lequel vous voulez vous connecter{NBSP}: il y débloque la connexion ({}).\n{link}", link_validity(minutes).trim_end_matches('.').to_lowercase()),
            format!("Si ce n'était pas vous, votre mot de passe n'a pas été trouvé{NBSP}; par prudence, choisissez-en un nouveau avec «{NBSP}Mot de passe oublié{NBSP}»."),
        ],
    )
}

pub(crate) fn notice_mail(
    brand: &str,
    to: &str,
    subject: String,
    paragraphs: &[String],
) -> OutgoingMail {
    let text = format!(
        "Bonjour,\n\n{}\n\n{}",
        paragraphs.join("\n\n"),
        signature(brand)
    );
    let body: String = paragraphs
        .iter()
        .map(|p| format!("<p>{}</p>", escape(p)))
        .collect();
    OutgoingMail {
        to: to.to_owned(),
        reply_to: None,
        purpose: Purpose::SecurityNotice,
        subject,
        text,
        html: layout(brand, &format!("<p>Bonjour,</p>{body}")),
        attachments: Vec::new(),
    }
}

/// The staff's copy of a contact-form message; replies go to the visitor.
pub fn contact_copy(
    brand: &str,
    staff: &str,
    nom: &str,
    email: &str,
    sujet: &str,
    message: &str,
) -> OutgoingMail {
    let sujet = if sujet.trim().is_empty() {
        "(sans objet)"
    } else {
        sujet.trim()
    };
    let text = format!(
        "Nouveau message reçu par le formulaire de contact de {brand}.\n\n\
         Nom{NBSP}: {nom}\nE-mail{NBSP}: {email}\nObjet{NBSP}: {sujet}\n\n{message}\n"
    );
    let body = escape(message).replace('\n', "<br>");
    let html = layout(
        brand,
        &format!(
            "<p>Nouveau message reçu par le formulaire de contact de {}.</p>\
             <p><strong>Nom{NBSP}:</strong> {}<br><strong>E-mail{NBSP}:</strong> {}<br>\
             <strong>Objet{NBSP}:</strong> {}</p><p>{body}</p>",
            escape(brand),
            escape(nom),
            escape(email),
            escape(sujet)
        ),
    );
    OutgoingMail {
        to: staff.to_owned(),
        reply_to: Some(email.to_owned()),
        purpose: Purpose::ContactCopy,
        subject: format!("[Contact] {sujet}"),
        text,
        html,
        attachments: Vec::new(),
    }
}

fn code_mail(
    brand: &str,
    to: &str,
    purpose: Purpose,
    subject: String,
    intro: &str,
    code: &str,
    minutes: u32,
) -> OutgoingMail {
    let validity = code_validity(minutes);
    let ignore = "Si vous n'êtes pas à l'origine de cette demande, ignorez simplement ce message.";
    let text = format!(
        "Bonjour,\n\n{intro}\n\n    {code}\n\n{validity}\n{ignore}\n\n{}",
        signature(brand)
    );
    let html = layout(
        brand,
        &format!(
            "<p>Bonjour,</p><p>{}</p>\
             <p style=\"font-size:28px;letter-spacing:6px;font-weight:bold;margin:24px 0\">{}</p>\
             <p>{}</p><p>{}</p>",
            escape(intro),
            escape(code),
            escape(&validity),
            escape(ignore)
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

fn code_validity(minutes: u32) -> String {
    format!("Ce code est valable {}.", duration(minutes))
}

fn link_validity(minutes: u32) -> String {
    format!(
        "Ce lien est valable {} et ne peut servir qu'une fois.",
        duration(minutes)
    )
}

fn duration(minutes: u32) -> String {
    match minutes {
        60 => format!("1{NBSP}heure"),
        m if m % 60 == 0 => format!("{}{NBSP}heures", m / 60),
        1 => format!("1{NBSP}minute"),
        m => format!("{m}{NBSP}minutes"),
    }
}

pub(crate) fn signature(brand: &str) -> String {
    format!(
        "L'équipe {brand}\n(Ce message est envoyé automatiquement, merci de ne pas y répondre.)"
    )
}

pub(crate) fn layout(brand: &str, content: &str) -> String {
    format!(
        "<!DOCTYPE html><html lang=\"fr\"><head><meta charset=\"utf-8\"><title>{b}</title></head>\
         <body style=\"font-family:Arial,Helvetica,sans-serif;color:#222;max-width:560px;margin:auto\">\
         <h1 style=\"font-size:20px;color:#1f4e79\">{b}</h1>{content}\
         <p style=\"color:#555;font-size:13px\">L'équipe {b}</p></body></html>",
        b = escape(brand)
    )
}

/// Escapes text for HTML element content and attribute values.
pub fn escape(input: &str) -> String {
    let mut out = String::with_capacity(input.len());
    for c in input.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
#[path = "templates_tests.rs"]
mod tests;
