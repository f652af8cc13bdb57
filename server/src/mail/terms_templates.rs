//! The messages of payment terms (issue 25, part 4): the admin's decision on a company's request
//! for « paiement à 30 jours », and the reminders of an invoice on terms (a few days before its
//! due date, then on days 1 and 15 after it, with the late-payment penalty and the 40 € indemnity
//! of article L441-10 of the Code de commerce).

use super::order_templates::{grouped, mail, ship_sentence};
use super::{Attachment, OutgoingMail, Purpose};
use crate::domain::Cents;
use crate::payment::transfer::TransferDetails;

const NBSP: char = '\u{a0}';

/// « paiement à 30 jours » granted with `limit` (incl. VAT).
pub fn terms_granted(
    brand: &str,
    base_url: &str,
    to: &str,
    company: &str,
    limit: Cents,
) -> OutgoingMail {
    let settings = format!(
        "{}/compte/parametrage#paiement-30-jours",
        base_url.trim_end_matches('/')
    );
    mail(
        brand,
        to,
        Purpose::PaymentTerms,
        "Paiement à 30 jours accordé".to_owned(),
        &[
            format!(
                "Votre demande de paiement à 30 jours pour {company} est acceptée, avec un encours autorisé de {} TTC.",
                limit.fr()
            ),
            format!(
                "À la validation de votre panier, choisissez «{NBSP}Virement à 30 jours{NBSP}»{NBSP}: la fabrication commence sans attendre le paiement et la facture, émise aussitôt, est à régler par virement dans les 30 jours."
            ),
            format!("Vos conditions de paiement sont rappelées dans vos paramètres{NBSP}:\n{settings}"),
        ],
    )
}

/// « paiement à 30 jours » refused for `reason`.
pub fn terms_refused(brand: &str, to: &str, company: &str, reason: &str) -> OutgoingMail {
    mail(
        brand,
        to,
        Purpose::PaymentTerms,
        "Votre demande de paiement à 30 jours".to_owned(),
        &[
            format!("Nous ne pouvons pas accorder le paiement à 30 jours à {company} pour le moment."),
            format!("Motif{NBSP}: {reason}"),
            "Vous pouvez toujours commander en payant par virement ou par carte avant la fabrication.".to_owned(),
        ],
    )
}

/// What the e-mail of an order placed on terms says.
#[derive(Debug, Clone)]
pub struct OrderOnTerms<'a> {
    /// `CO-2026-000005`.
    pub order: &'a str,
    /// Total incl. VAT.
    pub total_ttc: Cents,
    /// The VAT mention or notice, if any.
    pub vat: Option<&'a str>,
    /// The invoice issued at ordering.
    pub invoice: &'a str,
    /// Its due date, French.
    pub due: &'a str,
    /// The ship date fixed at ordering (`AAAA-MM-JJ`).
    pub ship_date: Option<&'a str>,
    /// Where to pay.
    pub transfer: &'a TransferDetails,
}

/// The order on terms was received: made at once, invoiced, to pay by transfer by its due date.
pub fn order_on_terms(brand: &str, to: &str, o: &OrderOnTerms<'_>) -> OutgoingMail {
    let mut paragraphs = vec![format!(
        "Nous avons bien reçu votre commande {} d'un montant de {} TTC. Merci de votre confiance{NBSP}!",
        o.order,
        o.total_ttc.fr()
    )];
    if let Some(vat) = o.vat {
        paragraphs.push(format!("{vat}."));
    }
    paragraphs.push(format!(
        "Vous bénéficiez du paiement à 30 jours{NBSP}: la fabrication commence sans attendre votre paiement. La facture {} est émise{NBSP}; elle est à régler par virement au plus tard le {}.",
        o.invoice, o.due
    ));
    paragraphs.extend(o.ship_date.and_then(ship_sentence));
    paragraphs.push(format!(
        "Virement de {} avec la référence {}{NBSP}:\nTitulaire{NBSP}: {}\nIBAN{NBSP}: {}\nBIC{NBSP}: {}",
        Cents(o.transfer.montant_cents).fr(),
        o.transfer.reference,
        o.transfer.titulaire,
        grouped(&o.transfer.iban),
        o.transfer.bic
    ));
    mail(
        brand,
        to,
        Purpose::OrderReceived,
        format!("Commande {} reçue", o.order),
        &paragraphs,
    )
}

/// The invoice of an order on terms, to the company's accounts address, with its PDF.
pub fn terms_invoice(
    brand: &str,
    to: &str,
    invoice: &str,
    order: &str,
    amount: Cents,
    due: &str,
    pdf: Option<Vec<u8>>,
) -> OutgoingMail {
    let mut m = mail(
        brand,
        to,
        Purpose::PaymentTerms,
        format!("Facture {invoice} — échéance le {due}"),
        &[
            format!(
                "Veuillez trouver ci-jointe la facture {invoice} de la commande {order}, d'un montant de {} TTC, payable par virement à 30 jours, au plus tard le {due}, avec la référence {order}.",
                amount.fr()
            ),
            "Pénalités de retard au taux indiqué sur la facture et indemnité forfaitaire pour frais de recouvrement de 40\u{a0}€ en cas de retard (art. L441-10 du Code de commerce).".to_owned(),
        ],
    );
    if let Some(bytes) = pdf {
        m.attachments.push(Attachment {
            file_name: format!("{invoice}.pdf"),
            content_type: "application/pdf".to_owned(),
            bytes,
        });
    }
    m
}

/// The transfer of an invoice on terms was received.
pub fn terms_settled(
    brand: &str,
    to: &str,
    invoice: &str,
    order: &str,
    amount: Cents,
) -> OutgoingMail {
    mail(
        brand,
        to,
        Purpose::PaymentReceived,
        format!("Règlement reçu pour la facture {invoice}"),
        &[format!(
            "Nous avons bien reçu votre virement de {} qui règle la facture {invoice} de la commande {order}. Merci{NBSP}!",
            amount.fr()
        )],
    )
}

/// Which reminder of an invoice on terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum ReminderStage {
    /// A few days before the due date.
    BeforeDue,
    /// The day after the due date.
    Day1,
    /// Fifteen days after the due date.
    Day15,
}

impl ReminderStage {
    /// Every stage, in order.
    pub const ALL: [ReminderStage; 3] = [
        ReminderStage::BeforeDue,
        ReminderStage::Day1,
        ReminderStage::Day15,
    ];

    /// The code stored in `payment_reminders.stage`.
    pub fn as_str(self) -> &'static str {
        match self {
            ReminderStage::BeforeDue => "avant_echeance",
            ReminderStage::Day1 => "j1",
            ReminderStage::Day15 => "j15",
        }
    }

    /// Reads a code of [`ReminderStage::as_str`].
    pub fn parse(s: &str) -> Option<ReminderStage> {
        Self::ALL.into_iter().find(|st| st.as_str() == s)
    }
}

/// What a reminder says of its invoice.
#[derive(Debug, Clone)]
pub struct Reminder<'a> {
    /// Which reminder.
    pub stage: ReminderStage,
    /// `FA-2026-000001`.
    pub invoice: &'a str,
    /// `CO-2026-000005`.
    pub order: &'a str,
    /// The amount due incl. VAT.
    pub amount: Cents,
    /// The due date, French (« 27 décembre 2026 »).
    pub due: &'a str,
    /// Days past the due date (0 before it).
    pub days_late: i64,
    /// Late-payment penalties accrued so far.
    pub penalty: Cents,
    /// Annual rate of the penalties, French (« 12,15 % »).
    pub penalty_rate: &'a str,
    /// The seller's bank details, one line each (holder, IBAN, BIC).
    pub bank: &'a [String],
}

/// A reminder to `to` with the invoice PDF attached (when it could be rendered).
pub fn reminder(brand: &str, to: &str, r: &Reminder<'_>, pdf: Option<Vec<u8>>) -> OutgoingMail {
    let amount = r.amount.fr();
    let (subject, mut paragraphs) = match r.stage {
        ReminderStage::BeforeDue => (
            format!("Échéance de la facture {} le {}", r.invoice, r.due),
            vec![format!(
                "La facture {} de votre commande {}, d'un montant de {amount} TTC, arrive à échéance le {}. Merci de prévoir son règlement par virement d'ici cette date.",
                r.invoice, r.order, r.due
            )],
        ),
        ReminderStage::Day1 | ReminderStage::Day15 => (
            format!(
                "Relance{NBSP}: facture {} échue depuis {} jour{}",
                r.invoice,
                r.days_late,
                if r.days_late > 1 { "s" } else { "" }
            ),
            vec![
                format!(
                    "Sauf erreur de notre part, la facture {} de votre commande {}, d'un montant de {amount} TTC, échue le {}, reste impayée à ce jour ({} jour{} de retard).",
                    r.invoice,
                    r.order,
                    r.due,
                    r.days_late,
                    if r.days_late > 1 { "s" } else { "" }
                ),
                format!(
                    "Conformément à l'article L441-10 du Code de commerce et à nos conditions générales de vente, ce retard entraîne des pénalités au taux annuel de {}, soit {} à ce jour, ainsi qu'une indemnité forfaitaire pour frais de recouvrement de 40{NBSP}€.",
                    r.penalty_rate,
                    r.penalty.fr()
                ),
            ],
        ),
    };
    if r.stage == ReminderStage::Day15 {
        paragraphs.push(
            "Sans règlement de votre part, nous serons contraints de suspendre le paiement à 30 jours de votre compte."
                .to_owned(),
        );
    }
    paragraphs.push(format!(
        "Virement à l'ordre de{NBSP}:\n{}\nRéférence à indiquer{NBSP}: {}",
        r.bank.join("\n"),
        r.order
    ));
    paragraphs.push(if pdf.is_some() {
        "La facture est jointe à ce message. Si votre règlement est déjà parti, merci de ne pas tenir compte de ce message.".to_owned()
    } else {
        "Si votre règlement est déjà parti, merci de ne pas tenir compte de ce message.".to_owned()
    });
    let mut m = mail(brand, to, Purpose::PaymentReminder, subject, &paragraphs);
    if let Some(bytes) = pdf {
        m.attachments.push(Attachment {
            file_name: format!("{}.pdf", r.invoice),
            content_type: "application/pdf".to_owned(),
            bytes,
        });
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reminder_of(stage: ReminderStage, days_late: i64) -> Reminder<'static> {
        Reminder {
            stage,
            invoice: "FA-2026-000007",
            order: "CO-2026-000012",
            amount: Cents(120_000),
            due: "27 décembre 2026",
            days_late,
            penalty: Cents(599),
            penalty_rate: "12,15\u{a0}%",
            bank: &[],
        }
    }

    #[test]
    fn the_reminder_before_the_due_date_names_no_penalty() {
        let m = reminder(
            "Forme Additive",
            "compta@client.fr",
            &reminder_of(ReminderStage::BeforeDue, 0),
            None,
        );
        assert_eq!(m.purpose.as_str(), "payment_reminder");
        assert!(m.subject.contains("FA-2026-000007"), "{}", m.subject);
        assert!(m.text.contains("arrive à échéance le 27 décembre 2026"));
        assert!(!m.text.contains("pénalités"));
        assert!(m.attachments.is_empty());
    }

    #[test]
    fn a_late_reminder_states_the_penalty_and_the_indemnity_with_the_invoice() {
        let m = reminder(
            "Forme Additive",
            "compta@client.fr",
            &reminder_of(ReminderStage::Day15, 15),
            Some(b"%PDF".to_vec()),
        );
        assert!(m.subject.contains("échue depuis 15 jours"), "{}", m.subject);
        assert!(m.text.contains("12,15\u{a0}%"));
        assert!(m.text.contains("5,99\u{a0}€"));
        assert!(m.text.contains("40\u{a0}€"));
        assert!(m.text.contains("suspendre"));
        assert_eq!(m.attachments[0].file_name, "FA-2026-000007.pdf");
        let day1 = reminder(
            "Forme Additive",
            "c@d.fr",
            &reminder_of(ReminderStage::Day1, 1),
            None,
        );
        assert!(day1.subject.contains("depuis 1 jour"), "{}", day1.subject);
        assert!(!day1.text.contains("suspendre"));
    }

    #[test]
    fn stages_read_back_and_are_ordered() {
        for s in ReminderStage::ALL {
            assert_eq!(ReminderStage::parse(s.as_str()), Some(s));
        }
        assert!(ReminderStage::BeforeDue < ReminderStage::Day15);
    }
}
