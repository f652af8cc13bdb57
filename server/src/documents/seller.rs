//! The seller's identity printed on every document and the bank details of a transfer, from the
//! environment with obviously fictitious defaults (the same as the web app's legal notices),
//! valid in form so that a Factur-X invoice made with them passes a platform's checks: SIREN
//! `000 000 000` (nine digits, Luhn), VAT number `FR12 000000000` (its key), an IBAN whose
//! check digits hold. A remark in brackets (`(fictif)`) is printed and left out of the XML.

use serde::{Deserialize, Serialize};

use super::model::PostalAddress;

/// The company that sells, as printed on its documents.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Seller {
    /// Legal name (`Forme Additive SAS`).
    pub legal_name: String,
    /// Legal form and share capital (`SAS au capital de 10 000 €`).
    pub legal_form: String,
    /// Registered office, one printed line each.
    pub address_lines: Vec<String>,
    /// `RCS Lyon 000 000 000`.
    pub rcs: String,
    /// SIREN.
    pub siren: String,
    /// SIRET of the establishment.
    pub siret: String,
    /// Intra-EU VAT number.
    pub vat_number: String,
    /// Contact e-mail.
    pub email: String,
    /// Contact phone.
    pub phone: String,
    /// Holder of the bank account.
    pub bank_holder: String,
    /// IBAN for transfers.
    pub iban: String,
    /// BIC.
    pub bic: String,
    /// Yearly late-payment penalty rate, basis points (10 % by default, above three times the
    /// legal rate, the floor of C. com. L441-10): printed on invoices, applied by the reminders
    /// and stated in the terms of sale (`GET ConditionsPaiement`).
    pub late_penalty_rate_bp: i64,
}

fn env_or(name: &str, default: &str) -> String {
    std::env::var(name)
        .ok()
        .filter(|v| !v.trim().is_empty())
        .unwrap_or_else(|| default.to_owned())
}

impl Seller {
    /// The seller from `COMPANY_*` and `BANK_*` variables, or fictitious defaults.
    pub fn from_env(brand: &str) -> Seller {
        let legal_name = env_or(
            "COMPANY_LEGAL_NAME",
            &format!("{brand} SAS (société fictive de démonstration)"),
        );
        Seller {
            bank_holder: env_or("BANK_HOLDER", &legal_name),
            legal_name,
            legal_form: env_or(
                "COMPANY_LEGAL_FORM",
                "Société par actions simplifiée au capital de 10\u{202f}000\u{a0}€",
            ),
            address_lines: env_or("COMPANY_ADDRESS", "12 rue de l’Exemple|69000 Lyon|France")
                .split('|')
                .map(|l| l.trim().to_owned())
                .filter(|l| !l.is_empty())
                .collect(),
            rcs: env_or("COMPANY_RCS", "RCS Lyon 000 000 000 (fictif)"),
            siren: env_or("COMPANY_SIREN", "000 000 000 (fictif)"),
            siret: env_or("COMPANY_SIRET", "000 000 000 00000 (fictif)"),
            vat_number: env_or("COMPANY_VAT", "FR12 000000000 (fictif)"),
            email: env_or("COMPANY_EMAIL", "contact@forme-additive.example"),
            phone: env_or("COMPANY_PHONE", "+33 (0)4 00 00 00 00"),
            iban: env_or("BANK_IBAN", "FR76 3000 6000 0112 3456 7890 189 (fictif)"),
            bic: env_or("BANK_BIC", "AGRIFRPPXXX (fictif)"),
            late_penalty_rate_bp: env_or("COMPANY_LATE_PENALTY_BP", "1000")
                .parse()
                .unwrap_or(1000),
        }
    }
}

/// An identifier as printed, without spaces and without a remark in brackets:
/// `000 000 000 (fictif)` → `000000000`.
fn compact(printed: &str) -> String {
    printed
        .split('(')
        .next()
        .unwrap_or_default()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect()
}

impl Seller {
    /// The SIREN, digits only.
    pub fn siren_id(&self) -> String {
        compact(&self.siren)
    }

    /// The intra-EU VAT number, compact (`FR12000000000`).
    pub fn vat_id(&self) -> String {
        compact(&self.vat_number)
    }

    /// The IBAN, compact.
    pub fn iban_id(&self) -> String {
        compact(&self.iban)
    }

    /// The BIC, compact.
    pub fn bic_id(&self) -> String {
        compact(&self.bic)
    }

    /// The registered office as fields: the first lines are the street, the line that starts
    /// with a postcode gives the postcode and the town; the seller is French (it has a SIREN).
    pub fn postal(&self) -> PostalAddress {
        postal_of_lines(&self.address_lines, "FR")
    }
}

/// Reads printed address lines (`12 rue…`, `69000 Lyon`, `France`) back into fields.
pub(crate) fn postal_of_lines(lines: &[String], country_code: &str) -> PostalAddress {
    let town = lines
        .iter()
        .position(|l| {
            l.split_once(' ').is_some_and(|(p, _)| {
                (4..=5).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit())
            })
        })
        .filter(|&i| i > 0);
    let (postcode, city) = town
        .and_then(|i| lines[i].split_once(' '))
        .map(|(p, c)| (p.trim().to_owned(), c.trim().to_owned()))
        .unwrap_or_default();
    let street: Vec<&String> = lines.iter().take(town.unwrap_or(1)).collect();
    PostalAddress {
        street: street.first().map(|s| s.to_string()).unwrap_or_default(),
        complement: street
            .iter()
            .skip(1)
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join(", "),
        postcode,
        city,
        country_code: country_code.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{Siren, VatNumber};

    /// ISO 13616 check: the rearranged IBAN, letters as numbers, is 1 modulo 97.
    fn iban_holds(iban: &str) -> bool {
        let (head, tail) = iban.split_at(4);
        let mut rest = 0u32;
        for c in tail.chars().chain(head.chars()) {
            let Some(d) = c.to_digit(36) else {
                return false;
            };
            for digit in d.to_string().chars() {
                rest = (rest * 10 + digit.to_digit(10).unwrap_or(0)) % 97;
            }
        }
        rest == 1
    }

    #[test]
    fn the_fictitious_defaults_are_valid_in_form() {
        let s = Seller::from_env("Forme Additive");
        if std::env::var_os("COMPANY_SIREN").is_some() {
            return;
        }
        assert_eq!(s.siren_id(), "000000000");
        assert!(Siren::parse(&s.siren_id()).is_ok());
        assert!(s.siren.contains("fictif") && s.vat_number.contains("fictif"));
        let vat = VatNumber::parse(&s.vat_id()).expect("the default VAT number is well formed");
        assert_eq!(vat.as_str(), format!("FR12{}", s.siren_id()));
        assert!(iban_holds(&s.iban_id()), "{}", s.iban_id());
        assert!(matches!(s.bic_id().len(), 8 | 11));
        let postal = s.postal();
        assert_eq!(
            (postal.postcode.as_str(), postal.city.as_str()),
            ("69000", "Lyon")
        );
        assert_eq!(postal.street, "12 rue de l’Exemple");
    }

    #[test]
    fn printed_lines_are_read_back_into_fields() {
        let lines: Vec<String> = ["Bât. B", "3 quai Sud", "75001 Paris", "France"]
            .map(String::from)
            .to_vec();
        let p = postal_of_lines(&lines, "FR");
        assert_eq!(p.street, "Bât. B");
        assert_eq!(p.complement, "3 quai Sud");
        assert_eq!((p.postcode.as_str(), p.city.as_str()), ("75001", "Paris"));
    }
}
