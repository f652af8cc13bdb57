//! A discount code as the API returns it (`Reduction` of docs/commerce-api.md).

use serde::Serialize;

use crate::clock::iso8601;
use crate::db::discounts::Discount;

/// One code. `valeur` is in basis points for `percent`, in cents for `fixed`.
#[derive(Debug, Clone, Serialize)]
pub struct ReductionView {
    /// Id.
    pub id: i64,
    /// Upper-cased code.
    pub code: String,
    /// Description.
    pub description: String,
    /// `percent` or `fixed`.
    #[serde(rename = "type")]
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
            actif: d.active,
        }
    }
}
