//! What an admin may do to an account: disable it (its sessions end in the same transaction, its
//! data stays) or enable it again, never their own.

use crate::commerce::error::CommerceError;
use crate::db::account_admin;
use crate::db::accounts::Account;
use crate::db::Tx;

/// The refusal of an admin disabling their own account.
pub const NOT_YOURSELF: &str = "Vous ne pouvez pas désactiver votre propre compte.";
/// The 404 of an unknown account.
pub const ACCOUNT_NOT_FOUND: &str = "Ce compte n'existe pas.";
/// What a disabled account reads when it tries to sign in.
pub const DISABLED_SIGN_IN: &str =
    "Ce compte a été désactivé. Contactez-nous si vous pensez qu'il s'agit d'une erreur.";

/// Disables (`disabled`) or enables `target` on behalf of `admin_id`.
pub async fn set_disabled(
    tx: &mut Tx,
    admin_id: i64,
    target: i64,
    disabled: bool,
) -> Result<Account, CommerceError> {
    if disabled && target == admin_id {
        return Err(CommerceError::refused(NOT_YOURSELF));
    }
    account_admin::set_disabled(tx, target, disabled)
        .await?
        .ok_or_else(|| CommerceError::NotFound(ACCOUNT_NOT_FOUND.to_owned()))
}
