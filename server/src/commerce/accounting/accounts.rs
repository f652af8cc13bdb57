//! The general accounts the exports post to (plan comptable général), each one configurable by an
//! environment variable holding its number (`FEC_COMPTE_CLIENTS=411100`, docs/deployment.md).

use crate::commerce::error::CommerceError;

/// A general account: number and name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Account {
    /// `411000`.
    pub number: String,
    /// `Clients`.
    pub label: String,
}

/// The accounts of the sales, bank and VAT entries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LedgerAccounts {
    /// Customers (debited incl. VAT by an invoice).
    pub customers: Account,
    /// Sales of goods delivered in France.
    pub sales_france: Account,
    /// Intra-EU supplies of goods (CGI art. 262 ter I).
    pub sales_intra_eu: Account,
    /// Exports (CGI art. 262 I).
    pub sales_export: Account,
    /// Shipping charged.
    pub shipping: Account,
    /// Discounts granted on the invoice.
    pub discounts: Account,
    /// VAT collected (the rate is added to its name).
    pub vat: Account,
    /// The bank account payments reach.
    pub bank: Account,
}

/// Each account: its variable, default number and name.
const ACCOUNTS: [(&str, &str, &str); 8] = [
    ("FEC_COMPTE_CLIENTS", "411000", "Clients"),
    ("FEC_COMPTE_VENTES", "701000", "Ventes de produits finis"),
    (
        "FEC_COMPTE_VENTES_UE",
        "701200",
        "Ventes de produits finis livraisons intracommunautaires",
    ),
    (
        "FEC_COMPTE_VENTES_EXPORT",
        "701300",
        "Ventes de produits finis exportations",
    ),
    (
        "FEC_COMPTE_PORT",
        "708500",
        "Ports et frais accessoires facturés",
    ),
    (
        "FEC_COMPTE_REMISES",
        "709000",
        "Rabais, remises et ristournes accordés",
    ),
    ("FEC_COMPTE_TVA", "445710", "TVA collectée"),
    ("FEC_COMPTE_BANQUE", "512000", "Banque"),
];

/// Whether `number` can be an account of the plan comptable: 3 to 20 digits, or letters and
/// digits starting with a digit.
pub fn valid_account_number(number: &str) -> bool {
    (3..=20).contains(&number.len())
        && number.starts_with(|c: char| c.is_ascii_digit())
        && number.chars().all(|c| c.is_ascii_alphanumeric())
}

impl LedgerAccounts {
    /// The accounts named by `lookup` (an environment), the defaults for the others; a number
    /// that cannot be an account is refused with the variable's name.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, CommerceError> {
        let mut read = ACCOUNTS.iter().map(|(var, number, label)| {
            let number = lookup(var)
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
                .unwrap_or_else(|| (*number).to_owned());
            if valid_account_number(&number) {
                Ok(Account {
                    number,
                    label: (*label).to_owned(),
                })
            } else {
                Err(CommerceError::refused(format!(
                    "Le compte configuré dans {var} (« {number} ») n’est pas un numéro de compte : \
                     de 3 à 20 chiffres ou lettres, commençant par un chiffre."
                )))
            }
        });
        let mut next = || read.next().expect("eight accounts");
        Ok(LedgerAccounts {
            customers: next()?,
            sales_france: next()?,
            sales_intra_eu: next()?,
            sales_export: next()?,
            shipping: next()?,
            discounts: next()?,
            vat: next()?,
            bank: next()?,
        })
    }

    /// The accounts of the process's environment.
    pub fn from_env() -> Result<Self, CommerceError> {
        Self::from_lookup(|var| std::env::var(var).ok())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_are_the_plan_comptable_s_and_a_variable_changes_one() {
        let d = LedgerAccounts::from_lookup(|_| None).unwrap();
        assert_eq!(d.customers.number, "411000");
        assert_eq!(d.vat.number, "445710");
        assert_eq!(d.bank.number, "512000");
        let c = LedgerAccounts::from_lookup(|v| {
            (v == "FEC_COMPTE_CLIENTS").then(|| " 4111 ".to_owned())
        })
        .unwrap();
        assert_eq!(c.customers.number, "4111");
        assert_eq!(c.sales_france, d.sales_france);
    }

    #[test]
    fn a_number_that_is_no_account_is_refused_with_its_variable() {
        let err = LedgerAccounts::from_lookup(|v| {
            (v == "FEC_COMPTE_BANQUE").then(|| "512|000".to_owned())
        })
        .unwrap_err();
        assert!(err.to_string().contains("FEC_COMPTE_BANQUE"), "{err}");
        assert!(!valid_account_number("41"));
        assert!(!valid_account_number("C411"));
        assert!(valid_account_number("411DUP"));
    }
}
