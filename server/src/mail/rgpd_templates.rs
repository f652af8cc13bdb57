//! The messages of the customer's RGPD rights: the link to the data export, valid 24 hours, and
//! the warning sent to an account unused for three years, 30 days before it is anonymised.

use super::templates::notice_mail;
use super::{OutgoingMail, Purpose};

/// No-break space, required before `:` in French.
const NBSP: char = '\u{a0}';

/// The link to download the account's data (`base_url` is the site's public address).
pub fn data_export_ready(brand: &str, base_url: &str, to: &str, token: &str) -> OutgoingMail {
    let link = format!("{}/api/donnees/{token}", base_url.trim_end_matches('/'));
    let mut mail = notice_mail(
        brand,
        to,
        format!("Vos données {brand} sont prêtes"),
        &[
            format!("Vous avez demandé une copie des données de votre compte {brand}. Elle est prête{NBSP}: une archive ZIP avec votre compte, vos adresses, vos entreprises, vos pièces et leurs fichiers, vos devis, vos commandes, vos factures, vos messages et l'historique de vos connexions."),
            format!("Pour la télécharger, ouvrez ce lien{NBSP}: {link}"),
            "Ce lien est valable 24 heures. Passé ce délai, demandez un nouvel export depuis les paramètres de votre compte.".to_owned(),
            "Si vous n'êtes pas à l'origine de cette demande, changez votre mot de passe et contactez-nous.".to_owned(),
        ],
    );
    mail.purpose = Purpose::DataExport;
    mail
}

/// The warning to an account without sign-in for three years: it is anonymised on `date`
/// (« 28 décembre 2029 ») unless its owner signs in before.
pub fn inactivity_warning(brand: &str, base_url: &str, to: &str, date: &str) -> OutgoingMail {
    let base = base_url.trim_end_matches('/');
    let mut mail = notice_mail(
        brand,
        to,
        format!("Votre compte {brand} sera supprimé le {date}"),
        &[
            format!("Vous ne vous êtes pas connecté à votre compte {brand} depuis trois ans. Comme l'annonce notre charte de confidentialité, il sera supprimé le {date}{NBSP}: vos données personnelles seront effacées, seules vos factures restent conservées dix ans comme la loi l'impose."),
            format!("Pour garder votre compte, il suffit de vous connecter avant cette date{NBSP}: {base}/connexion_compte"),
            format!("Vous pouvez aussi télécharger vos données depuis les paramètres de votre compte{NBSP}: {base}/compte/parametrage"),
        ],
    );
    mail.purpose = Purpose::InactivityWarning;
    mail
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_export_mail_carries_a_link_valid_24_hours() {
        let m = data_export_ready("Forme Additive", "https://fa.test/", "a@exemple.fr", "abc");
        assert!(
            m.text.contains("https://fa.test/api/donnees/abc"),
            "{}",
            m.text
        );
        assert!(m.text.contains("valable 24 heures"));
        assert_eq!(m.purpose, Purpose::DataExport);
    }

    #[test]
    fn the_inactivity_warning_names_the_day_of_the_deletion() {
        let m = inactivity_warning(
            "Forme Additive",
            "https://fa.test",
            "a@exemple.fr",
            "3 mars 2030",
        );
        assert!(m.subject.contains("3 mars 2030"));
        assert!(m.text.contains("https://fa.test/connexion_compte"));
    }
}
