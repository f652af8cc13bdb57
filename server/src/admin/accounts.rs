//! What an admin may do to an account: disable it (its sessions end in the same transaction, its
//! data stays) or enable it again, never their own; the audit log keeps the flag before and after.
//! And what the operator's `server create-admin` does to an existing account: promote it.

use crate::audit;
use crate::auth::session::Session;
use crate::commerce::account_closure;
use crate::commerce::error::CommerceError;
use crate::db::accounts::{self, Account};
use crate::db::{account_admin, sessions, Db};

/// The refusal of an admin disabling their own account.
pub const NOT_YOURSELF: &str = "Vous ne pouvez pas désactiver votre propre compte.";
/// The 404 of an unknown account.
pub const ACCOUNT_NOT_FOUND: &str = "Ce compte n'existe pas.";
/// What a disabled account reads when it tries to sign in.
pub const DISABLED_SIGN_IN: &str =
    "Ce compte a été désactivé. Contactez-nous si vous pensez qu'il s'agit d'une erreur.";

/// Disables (`disabled`) or enables `target` on behalf of `admin`, with its audit line, in one
/// transaction; returns the account.
pub async fn set_disabled(
    db: &Db,
    admin: &Session,
    target: i64,
    disabled: bool,
) -> Result<Account, CommerceError> {
    let admin_id = admin.account_id();
    if disabled && target == admin_id {
        return Err(CommerceError::refused(NOT_YOURSELF));
    }
    let mut tx = db.begin().await?;
    let before = accounts::find_in(&mut tx, target, db.for_update()).await?;
    if before.as_ref().is_some_and(|a| a.closed_at.is_some()) {
        return Err(CommerceError::refused(account_closure::CLOSED_FOR_GOOD));
    }
    let was_disabled = before.map(|a| a.is_disabled());
    let account = account_admin::set_disabled(&mut tx, target, disabled)
        .await?
        .ok_or_else(|| CommerceError::NotFound(ACCOUNT_NOT_FOUND.to_owned()))?;
    audit::record(
        &mut tx,
        admin,
        audit::ACCOUNT_DISABLED,
        &account.email,
        &serde_json::json!({ "desactive": was_disabled }),
        &serde_json::json!({ "desactive": disabled }),
    )
    .await?;
    tx.commit().await?;
    tracing::info!(
        account = target,
        admin = admin_id,
        disabled,
        "account disabled flag changed"
    );
    Ok(account)
}

/// Makes the existing account `id` an admin with the password `hash`, in one transaction that
/// also ends every session of the account (issue 22, finding 10): a session opened as a
/// customer, perhaps on a shared computer, never carries the new role; the admin signs in again.
pub async fn promote_to_admin(db: &Db, id: i64, hash: &str) -> Result<(), CommerceError> {
    let mut tx = db.begin().await?;
    accounts::set_password(&mut tx, id, hash).await?;
    accounts::set_role(&mut tx, id, accounts::Role::Admin).await?;
    sessions::delete_for_account(&mut tx, id, None).await?;
    tx.commit().await?;
    Ok(())
}
