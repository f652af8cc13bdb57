//! A discount code as the API returns it (`Reduction` of docs/commerce-api.md), and its uses.

use serde::Serialize;

use crate::clock::iso8601;
use crate::db::discounts::{Discount, UseRow};

/// One code. `valeur` is in basis points for `percent`, in cents for `fixed`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Discount"))]
pub struct ReductionView {
    /// Id.
    pub id: i64,
    /// Upper-cased code.
    pub code: String,
    /// Description.
    pub description: String,
    /// `percent` or `fixed`.
    #[serde(rename = "type")]
    #[cfg_attr(feature = "ts", ts(type = "\"percent\" | \"fixed\""))]
    pub kind: &'static str,
    /// Basis points or cents.
    pub valeur: i64,
    /// Minimum subtotal excl. VAT, cents.
    pub minimum_commande_cents: i64,
    /// Start of validity (ISO 8601 UTC), if any.
    pub valide_du: Option<String>,
    /// End of validity (ISO 8601 UTC), if any.
    pub valide_au: Option<String>,
    /// Global limit.
    pub utilisations_max: Option<i64>,
    /// Per-account limit.
    pub utilisations_max_par_compte: Option<i64>,
    /// Uses so far.
    pub utilisations: i64,
    /// Reserved account.
    pub id_compte: Option<i64>,
    /// Its e-mail (admin views).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub email_compte: Option<String>,
    /// Active flag.
    pub actif: bool,
}

impl From<Discount> for ReductionView {
    fn from(d: Discount) -> Self {
        ReductionView {
            id: d.id,
            code: d.code,
            description: d.description,
            kind: d.kind.as_str(),
            valeur: d.value,
            minimum_commande_cents: d.min_order_cents,
            valide_du: d.valid_from.map(iso8601),
            valide_au: d.valid_until.map(iso8601),
            utilisations_max: d.max_uses,
            utilisations_max_par_compte: d.max_uses_per_account,
            utilisations: d.uses,
            id_compte: d.account_id,
            email_compte: None,
            actif: d.active,
        }
    }
}

/// The account that used a code.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "DiscountAccount"))]
pub struct CompteView {
    /// Account id.
    pub id: i64,
    /// E-mail.
    pub email: String,
    /// Last name.
    pub nom: String,
    /// First name.
    pub prenom: String,
}

/// One use of a code (`GET Reduction/{id}/utilisations`).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "DiscountUse"))]
pub struct UtilisationView {
    /// The order.
    pub id_commande: i64,
    /// Its number.
    pub numero: String,
    /// Its status now.
    pub statut: String,
    /// When it was placed (ISO 8601 UTC).
    pub date: String,
    /// Discount granted, cents excl. VAT.
    #[serde(rename = "remise_cents")]
    pub remise_cents: i64,
    /// The account.
    pub compte: CompteView,
}

impl From<UseRow> for UtilisationView {
    fn from(u: UseRow) -> Self {
        UtilisationView {
            id_commande: u.order_id,
            numero: u.order_number,
            statut: u.order_status,
            date: iso8601(u.used_at),
            remise_cents: u.amount_cents,
            compte: CompteView {
                id: u.account_id,
                email: u.email,
                nom: u.nom,
                prenom: u.prenom,
            },
        }
    }
}

/// A page of uses.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "DiscountUsesPage"))]
pub struct UtilisationsPage {
    /// Uses, newest first.
    pub items: Vec<UtilisationView>,
    /// Uses in all.
    pub total: i64,
    /// This page.
    pub page: i64,
    /// Page size.
    pub par_page: i64,
}
