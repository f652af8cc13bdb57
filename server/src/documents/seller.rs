//! The seller's identity printed on every document and the bank details of a transfer, from the
//! environment with obviously fictitious defaults (the same as the web app's legal notices).

use serde::{Deserialize, Serialize};

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
    /// Yearly late-payment penalty rate, basis points (three times the legal rate by default).
    pub late_penalty_rate_bp: i64,
    /// Days to pay a bank transfer invoice.
    pub payment_terms_days: i64,
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
            vat_number: env_or("COMPANY_VAT", "FR00 000000000 (fictif)"),
            email: env_or("COMPANY_EMAIL", "contact@forme-additive.example"),
            phone: env_or("COMPANY_PHONE", "+33 (0)4 00 00 00 00"),
            iban: env_or("BANK_IBAN", "FR76 3000 6000 0112 3456 7890 189 (fictif)"),
            bic: env_or("BANK_BIC", "AGRIFRPPXXX (fictif)"),
            late_penalty_rate_bp: env_or("COMPANY_LATE_PENALTY_BP", "1000")
                .parse()
                .unwrap_or(1000),
            payment_terms_days: env_or("COMPANY_PAYMENT_TERMS_DAYS", "30")
                .parse()
                .unwrap_or(30),
        }
    }
}
