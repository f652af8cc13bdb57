//! Payment terms for approved companies (issue 25, part 4). A company account asks for
//! « paiement à 30 jours » with its SIREN and an accounts e-mail; an admin grants it with a credit
//! limit (incl. VAT) or refuses it with a reason. An order on terms goes to production without
//! waiting for its payment: its invoice is issued when it is placed and falls due
//! [`TERMS_DAYS`] days later, and what the account owes on terms plus the order must stay within
//! the limit, checked in the order's transaction under the request's lock. The reminders
//! (`jobs::payment_reminders`) follow [`reminder_stage`]; the transfer received settles the
//! invoice ([`super::payments::settle_terms`]).

use super::error::CommerceError;
use crate::audit;
use crate::auth::session::Session;
use crate::db::payment_terms::{self, NewRequest, TermsRow};
use crate::db::Db;
use crate::domain::text;
use crate::domain::{Cents, Email, Siren};
use crate::mail::terms_templates::{self, ReminderStage};
use crate::mail::Mailer;

/// Days between an invoice on terms and its due date.
pub const TERMS_DAYS: i64 = 30;
/// The fixed indemnity for recovery costs owed on a late invoice (C. com. D441-5), cents.
pub const RECOVERY_INDEMNITY_CENTS: i64 = 4_000;
/// How many days before its due date the first reminder leaves.
pub const REMINDER_BEFORE_DAYS: i64 = 5;
/// The largest credit limit an admin may grant, incl. VAT (1,000,000 €).
pub const MAX_LIMIT_CENTS: i64 = 100_000_000;
/// Longest company name and refusal reason.
const NAME_MAX: usize = 200;
const REASON_MAX: usize = 1000;
const DAY: i64 = 86_400;

/// Audit action of an admin's decision.
pub const AUDIT_ACTION: &str = audit::PAYMENT_TERMS;

/// The state of a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TermsState {
    /// Waiting for an admin.
    Requested,
    /// Granted with a credit limit.
    Granted,
    /// Refused with a reason.
    Refused,
}

impl TermsState {
    /// The code stored and sent by the API.
    pub fn as_str(self) -> &'static str {
        match self {
            TermsState::Requested => "demandee",
            TermsState::Granted => "accordee",
            TermsState::Refused => "refusee",
        }
    }

    /// Reads a code of [`TermsState::as_str`].
    pub fn parse(s: &str) -> Option<TermsState> {
        [
            TermsState::Requested,
            TermsState::Granted,
            TermsState::Refused,
        ]
        .into_iter()
        .find(|st| st.as_str() == s)
    }
}

/// A checked request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TermsRequest {
    /// Company name.
    pub company_name: String,
    /// SIREN.
    pub siren: Siren,
    /// Accounts e-mail.
    pub accounts_email: Email,
}

/// Checks the fields of a request, each refusal tied to its field.
pub fn check_request(
    company_name: Option<&str>,
    siren: Option<&str>,
    accounts_email: Option<&str>,
) -> Result<TermsRequest, CommerceError> {
    let company_name = match text::optional(
        company_name.unwrap_or_default(),
        "nom de l'entreprise",
        NAME_MAX,
    ) {
        Ok(Some(n)) => n,
        Ok(None) => {
            return Err(CommerceError::InvalidField {
                field: "nom_entreprise",
                reason: "Indiquez le nom de l'entreprise.".to_owned(),
            })
        }
        Err(e) => {
            return Err(CommerceError::InvalidField {
                field: "nom_entreprise",
                reason: e.to_string(),
            })
        }
    };
    let siren = Siren::parse(siren.unwrap_or_default().trim()).map_err(|e| {
        CommerceError::InvalidField {
            field: "siren",
            reason: e.to_string(),
        }
    })?;
    let accounts_email = Email::parse(accounts_email.unwrap_or_default()).map_err(|_| {
        CommerceError::InvalidField {
            field: "email_comptabilite",
            reason: "L'adresse e-mail du service comptable n'est pas valide.".to_owned(),
        }
    })?;
    Ok(TermsRequest {
        company_name,
        siren,
        accounts_email,
    })
}

/// Records the request of `account_id` (again after a refusal); a conflict while terms are
/// granted.
pub async fn request(
    db: &Db,
    account_id: i64,
    r: &TermsRequest,
    now: i64,
) -> Result<TermsRow, CommerceError> {
    let mut tx = db.begin().await?;
    let current = payment_terms::find_locked(&mut tx, account_id, db.for_update()).await?;
    if current.is_some_and(|c| c.state == TermsState::Granted.as_str()) {
        return Err(CommerceError::Conflict(
            "Le paiement à 30 jours est déjà accordé à votre compte.".to_owned(),
        ));
    }
    payment_terms::save_request(
        &mut tx,
        account_id,
        NewRequest {
            company_name: &r.company_name,
            siren: r.siren.as_str(),
            accounts_email: r.accounts_email.as_str(),
        },
        now,
    )
    .await?;
    let row = payment_terms::find(&mut tx, account_id)
        .await?
        .ok_or_else(|| CommerceError::internal("payment terms just saved"))?;
    tx.commit().await?;
    Ok(row)
}

/// An admin's decision.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    /// Granted with this credit limit incl. VAT.
    Grant(Cents),
    /// Refused for this reason.
    Refuse(String),
}

/// Checks an admin's decision: `accorder` with a limit from 1 € to [`MAX_LIMIT_CENTS`], or
/// `refuser` with a reason.
pub fn check_decision(
    decision: Option<&str>,
    limit_cents: Option<i64>,
    reason: Option<&str>,
) -> Result<Decision, CommerceError> {
    match decision.map(str::trim) {
        Some("accorder") => match limit_cents {
            Some(l) if (100..=MAX_LIMIT_CENTS).contains(&l) => Ok(Decision::Grant(Cents(l))),
            _ => Err(CommerceError::InvalidField {
                field: "plafond_cents",
                reason: format!(
                    "L'encours autorisé doit être compris entre 1\u{a0}€ et {}.",
                    Cents(MAX_LIMIT_CENTS).fr()
                ),
            }),
        },
        Some("refuser") => {
            match text::optional(reason.unwrap_or_default(), "motif du refus", REASON_MAX) {
                Ok(Some(r)) => Ok(Decision::Refuse(r)),
                Ok(None) => Err(CommerceError::InvalidField {
                    field: "motif",
                    reason: "Indiquez le motif du refus\u{a0}: il est envoyé au client.".to_owned(),
                }),
                Err(e) => Err(CommerceError::InvalidField {
                    field: "motif",
                    reason: e.to_string(),
                }),
            }
        }
        _ => Err(CommerceError::InvalidField {
            field: "decision",
            reason: "Choisissez «\u{a0}accorder\u{a0}» ou «\u{a0}refuser\u{a0}».".to_owned(),
        }),
    }
}

/// Records `decision` on the request of `account_id`, with its audit line and the e-mail to the
/// customer's accounts address, in one transaction.
pub async fn decide(
    db: &Db,
    mailer: &Mailer,
    admin: &Session,
    account_id: i64,
    decision: &Decision,
    now: i64,
) -> Result<TermsRow, CommerceError> {
    let not_found =
        || CommerceError::NotFound("Ce compte n'a pas demandé le paiement à 30 jours.".into());
    let mut tx = db.begin().await?;
    let before = payment_terms::find_locked(&mut tx, account_id, db.for_update())
        .await?
        .ok_or_else(not_found)?;
    let (state, limit, reason) = match decision {
        Decision::Grant(l) => (TermsState::Granted, Some(l.get()), ""),
        Decision::Refuse(r) => (TermsState::Refused, None, r.as_str()),
    };
    payment_terms::decide(
        &mut tx,
        account_id,
        state.as_str(),
        limit,
        reason,
        admin.account_id(),
        now,
    )
    .await?;
    let after = payment_terms::find(&mut tx, account_id)
        .await?
        .ok_or_else(not_found)?;
    audit::record(
        &mut tx,
        admin,
        AUDIT_ACTION,
        &format!("compte {account_id}"),
        &serde_json::json!({ "etat": before.state, "plafond_cents": before.credit_limit_cents }),
        &serde_json::json!({ "etat": after.state, "plafond_cents": after.credit_limit_cents, "motif": after.refusal_reason }),
    )
    .await?;
    let mail = match decision {
        Decision::Grant(l) => terms_templates::terms_granted(
            mailer.brand(),
            mailer.base_url(),
            &after.accounts_email,
            &after.company_name,
            *l,
        ),
        Decision::Refuse(r) => terms_templates::terms_refused(
            mailer.brand(),
            &after.accounts_email,
            &after.company_name,
            r,
        ),
    };
    mailer.queue(&mut tx, &mail).await?;
    tx.commit().await?;
    mailer.wake();
    Ok(after)
}

/// Checks, in the order's transaction, that `account_id` may order `total` on terms: terms
/// granted, and what it owes on terms plus `total` within its limit. The request's row stays
/// locked until the transaction ends (PostgreSQL), so two orders cannot pass the limit together.
pub async fn check_credit(
    tx: &mut sqlx::AnyConnection,
    lock: &str,
    account_id: i64,
    total: Cents,
) -> Result<(), CommerceError> {
    let terms = payment_terms::find_locked(tx, account_id, lock).await?;
    let Some(limit) = terms
        .filter(|t| t.state == TermsState::Granted.as_str())
        .and_then(|t| t.credit_limit_cents)
    else {
        return Err(CommerceError::Refused(
            "Le paiement à 30 jours n'est pas ouvert à votre compte\u{a0}: demandez-le depuis vos paramètres, ou choisissez le virement ou la carte."
                .to_owned(),
        ));
    };
    let owed = payment_terms::outstanding(tx, account_id).await?;
    if owed + total.get() > limit {
        return Err(CommerceError::Refused(format!(
            "Cette commande de {} dépasse votre encours autorisé\u{a0}: {} déjà dus sur {} accordés (reste {}). Réglez vos factures en cours ou choisissez le virement ou la carte.",
            total.fr(),
            Cents(owed).fr(),
            Cents(limit).fr(),
            Cents((limit - owed).max(0)).fr()
        )));
    }
    Ok(())
}

/// The due date of an invoice on terms issued at `issued_at`.
pub fn due_date(issued_at: i64) -> i64 {
    issued_at + TERMS_DAYS * DAY
}

/// Whole days past `due_at` at `now` (0 before).
pub fn days_late(due_at: i64, now: i64) -> i64 {
    ((now - due_at) / DAY).max(0)
}

/// Late-payment penalties on `amount` after `days` days late at `rate_bp` a year (simple
/// interest on 365 days, rounded to the cent).
pub fn penalty(amount: Cents, rate_bp: i64, days: i64) -> Cents {
    let num = i128::from(amount.get()) * i128::from(rate_bp) * i128::from(days.max(0));
    let den: i128 = 10_000 * 365;
    Cents(((num + den / 2) / den) as i64)
}

/// The reminder an invoice due at `due_at` calls for at `now`: from [`REMINDER_BEFORE_DAYS`]
/// days before the due date, the reminder before it; from the next day, that of day 1; from
/// fifteen days after, that of day 15. `None` earlier.
pub fn reminder_stage(due_at: i64, now: i64) -> Option<ReminderStage> {
    if now >= due_at + 15 * DAY {
        Some(ReminderStage::Day15)
    } else if now >= due_at + DAY {
        Some(ReminderStage::Day1)
    } else if now >= due_at - REMINDER_BEFORE_DAYS * DAY {
        Some(ReminderStage::BeforeDue)
    } else {
        None
    }
}

/// Whether the reminder `due` is still to send after `sent` (each at most once, and never an
/// earlier one after a later: a job that was stopped sends only the latest).
pub fn to_send(due: ReminderStage, sent: &[ReminderStage]) -> bool {
    !sent.iter().any(|s| *s >= due)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DUE: i64 = 1_798_000_000;

    #[test]
    fn reminders_come_before_the_due_date_then_on_days_1_and_15() {
        assert_eq!(reminder_stage(DUE, DUE - 6 * DAY), None);
        assert_eq!(
            reminder_stage(DUE, DUE - 5 * DAY),
            Some(ReminderStage::BeforeDue)
        );
        assert_eq!(
            reminder_stage(DUE, DUE + DAY - 1),
            Some(ReminderStage::BeforeDue)
        );
        assert_eq!(reminder_stage(DUE, DUE + DAY), Some(ReminderStage::Day1));
        assert_eq!(
            reminder_stage(DUE, DUE + 15 * DAY - 1),
            Some(ReminderStage::Day1)
        );
        assert_eq!(
            reminder_stage(DUE, DUE + 15 * DAY),
            Some(ReminderStage::Day15)
        );
        assert_eq!(
            reminder_stage(DUE, DUE + 90 * DAY),
            Some(ReminderStage::Day15)
        );
    }

    #[test]
    fn each_reminder_is_sent_once_and_never_after_a_later_one() {
        use ReminderStage::*;
        assert!(to_send(BeforeDue, &[]));
        assert!(!to_send(BeforeDue, &[BeforeDue]));
        assert!(to_send(Day1, &[BeforeDue]));
        assert!(!to_send(Day1, &[Day15]));
        assert!(to_send(Day15, &[BeforeDue, Day1]));
    }

    #[test]
    fn penalties_are_simple_interest_on_365_days() {
        // 1,200.00 € at 10 % a year for 15 days: 1200 × 0.10 × 15 / 365 = 4.93 €.
        assert_eq!(penalty(Cents(120_000), 1000, 15), Cents(493));
        assert_eq!(penalty(Cents(120_000), 1000, 0), Cents(0));
        assert_eq!(penalty(Cents(120_000), 1000, -3), Cents(0));
        assert_eq!(days_late(DUE, DUE - 10), 0);
        assert_eq!(days_late(DUE, DUE + DAY + 5), 1);
        assert_eq!(due_date(0), 30 * DAY);
    }

    #[test]
    fn a_request_needs_a_name_a_valid_siren_and_an_accounts_address() {
        let ok = check_request(
            Some(" Atelier Dupont "),
            Some("732 829 320"),
            Some("Compta@Dupont.FR"),
        )
        .unwrap();
        assert_eq!(ok.company_name, "Atelier Dupont");
        assert_eq!(ok.siren.as_str(), "732829320");
        assert_eq!(ok.accounts_email.as_str(), "compta@dupont.fr");
        let field = |r: Result<TermsRequest, CommerceError>| match r {
            Err(CommerceError::InvalidField { field, .. }) => field,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            field(check_request(None, Some("732829320"), Some("a@b.fr"))),
            "nom_entreprise"
        );
        assert_eq!(
            field(check_request(Some("A"), Some("732829321"), Some("a@b.fr"))),
            "siren"
        );
        assert_eq!(
            field(check_request(
                Some("A"),
                Some("732829320"),
                Some("pas-une-adresse")
            )),
            "email_comptabilite"
        );
    }

    #[test]
    fn a_grant_needs_a_limit_and_a_refusal_a_reason() {
        assert_eq!(
            check_decision(Some("accorder"), Some(500_000), None).unwrap(),
            Decision::Grant(Cents(500_000))
        );
        assert!(check_decision(Some("accorder"), None, None).is_err());
        assert!(check_decision(Some("accorder"), Some(99), None).is_err());
        assert!(check_decision(Some("accorder"), Some(MAX_LIMIT_CENTS + 1), None).is_err());
        assert_eq!(
            check_decision(Some("refuser"), None, Some(" Encours trop élevé ")).unwrap(),
            Decision::Refuse("Encours trop élevé".to_owned())
        );
        assert!(check_decision(Some("refuser"), None, Some("  ")).is_err());
        assert!(check_decision(Some("peut-être"), None, None).is_err());
    }
}
