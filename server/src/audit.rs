//! The audit log of admin actions: who, when, what, the state before and after. Every admin
//! action that changes something calls [`record`] once, from its rule in `commerce/` or `admin/`,
//! inside its transaction, so the line is written if and only if the change is.

use serde::Serialize;
use serde_json::Value;
use sqlx::AnyConnection;

use crate::auth::session::Session;
use crate::clock;
use crate::db::audit_log::{self, NewEntry};

/// `PUT /api/admin/set-maintenance`.
pub const MAINTENANCE: &str = "maintenance";
/// `PUT Commande/{id}/statut`.
pub const ORDER_STATUS: &str = "commande.statut";
/// `POST Commande/{id}/Livraisons`.
pub const ORDER_DELIVERY: &str = "commande.livraison";
/// `PUT Commande/{id}/reference`: the buyer's order reference corrected before the invoice.
pub const ORDER_REFERENCE: &str = "commande.reference";
/// `POST Reduction`.
pub const DISCOUNT_CREATE: &str = "reduction.creation";
/// `PUT Reduction/{id}`.
pub const DISCOUNT_UPDATE: &str = "reduction.modification";
/// `DELETE Reduction/{id}`.
pub const DISCOUNT_DISABLE: &str = "reduction.desactivation";
/// `PUT Pieces/status`.
pub const PART_STATUS: &str = "piece.statut";
/// `PUT Admin/Comptes/{id}/desactivation`.
pub const ACCOUNT_DISABLED: &str = "compte.desactivation";
/// `POST Admin/Catalogue`: a new version of the pricing catalog.
pub const CATALOG_VERSION: &str = "catalogue.version";

/// `PUT Comptes` by an admin changing another account's role.
pub const ACCOUNT_ROLE: &str = "compte.role";
/// `PUT Comptes` by an admin changing another account's names (its role unchanged).
pub const ACCOUNT_UPDATE: &str = "compte.modification";
/// `PUT Admin/PaiementTerme/{id}`: payment terms granted (with a credit limit) or refused.
pub const PAYMENT_TERMS: &str = "compte.paiement_terme";
/// `POST Commande/{id}/reglement`: the transfer of an invoice on terms received.
pub const TERMS_SETTLED: &str = "commande.reglement";

/// Every action code with its French name, in the order the journal's filter lists them. A new
/// admin action adds its line here.
pub const ACTIONS: &[(&str, &str)] = &[
    (MAINTENANCE, "Mode maintenance"),
    (ORDER_STATUS, "Statut de commande"),
    (ORDER_DELIVERY, "Expédition de commande"),
    (ORDER_REFERENCE, "Référence de commande du client"),
    (DISCOUNT_CREATE, "Création de code de réduction"),
    (DISCOUNT_UPDATE, "Modification de code de réduction"),
    (DISCOUNT_DISABLE, "Désactivation de code de réduction"),
    (PART_STATUS, "Statut de pièce"),
    (ACCOUNT_DISABLED, "Désactivation ou réactivation de compte"),
    (CATALOG_VERSION, "Nouvelle version du catalogue"),
    (ACCOUNT_ROLE, "Changement de rôle d'un compte"),
    (ACCOUNT_UPDATE, "Modification du nom d'un compte"),
    (PAYMENT_TERMS, "Paiement à 30 jours accordé ou refusé"),
    (TERMS_SETTLED, "Règlement d'une facture à 30 jours"),
];

/// The French name of an action code (the code itself when unknown).
pub fn action_label(code: &str) -> &str {
    ACTIONS
        .iter()
        .find(|(c, _)| *c == code)
        .map_or(code, |(_, label)| label)
}

/// Writes one line of the audit log: `admin` did `action` on `target`, which was `before` and
/// became `after` (any serializable state; `()` serializes as `null`). Pass the action's
/// transaction as `conn`.
pub async fn record(
    conn: &mut AnyConnection,
    admin: &Session,
    action: &str,
    target: &str,
    before: &impl Serialize,
    after: &impl Serialize,
) -> Result<(), sqlx::Error> {
    audit_log::insert(
        conn,
        &NewEntry {
            actor_account_id: admin.account_id(),
            actor_email: &admin.row.email,
            action,
            target,
            before_json: &to_text(before),
            after_json: &to_text(after),
            at: clock::now(),
        },
    )
    .await?;
    Ok(())
}

/// JSON text of a state (`null` if it cannot be serialized, which no state of this crate does).
fn to_text(v: &impl Serialize) -> String {
    serde_json::to_string(v).unwrap_or_else(|_| "null".to_owned())
}

/// Parses stored JSON text back (a line written by an older version stays readable).
pub fn parse_state(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or(Value::Null)
}
