//! A change of an account's names, and of its role by an admin (`PUT Comptes`): the names are
//! checked, the account changed in one transaction with, when an admin changes another account,
//! its audit line, and, when its role changes, the end of its sessions (issue 22, finding 10: no
//! session opened under one role goes on under another; the account signs in again). Who may change what (a customer only their own names, an admin never their
//! own role) is checked by the route before.

use serde_json::json;
use sqlx::AnyConnection;

use super::error::CommerceError;
use crate::audit;
use crate::auth::session::Session;
use crate::db::accounts::{self, Account, Role};
use crate::db::{sessions, Db};
use crate::domain::{Nom, Prenom};

/// Gives the account `target` the names given (`None` keeps one) and `role` (`None` keeps it),
/// on behalf of `caller`; a name that does not pass is a French reason. `None` when the account
/// does not exist.
pub async fn update(
    db: &Db,
    caller: &Session,
    target: i64,
    nom: Option<&str>,
    prenom: Option<&str>,
    role: Option<Role>,
) -> Result<Option<Account>, CommerceError> {
    let mut tx = db.begin().await?;
    let Some(current) = accounts::find_in(&mut tx, target, db.for_update()).await? else {
        return Ok(None);
    };
    if current.closed_at.is_some() {
        return Err(CommerceError::refused(
            crate::commerce::account_closure::CLOSED_FOR_GOOD,
        ));
    }
    let mut errors = Vec::new();
    let nom = match nom {
        Some(n) => Nom::parse(n)
            .map(|n| n.as_str().to_owned())
            .map_err(|e| errors.push(e.to_string()))
            .ok(),
        None => Some(current.nom.clone()),
    };
    let prenom = match prenom {
        Some(p) => Prenom::parse(p)
            .map(|p| p.as_str().to_owned())
            .map_err(|e| errors.push(e.to_string()))
            .ok(),
        None => Some(current.prenom.clone()),
    };
    let (Some(nom), Some(prenom)) = (nom, prenom) else {
        return Err(CommerceError::Invalid(errors));
    };
    let Some(updated) = accounts::update_profile(&mut tx, target, &nom, &prenom, role).await?
    else {
        return Ok(None);
    };
    if target != caller.account_id() {
        audit_change(&mut tx, caller, &current, &updated).await?;
    }
    if updated.role != current.role {
        sessions::delete_for_account(&mut tx, target, None).await?;
    }
    tx.commit().await?;
    Ok(Some(updated))
}

/// Records an admin's change to another account in the audit log (nothing when nothing
/// changed): a role change, or else a change of names.
async fn audit_change(
    tx: &mut AnyConnection,
    admin: &Session,
    before: &Account,
    after: &Account,
) -> Result<(), sqlx::Error> {
    let state_of = |a: &Account| json!({ "role": a.role, "nom": a.nom, "prenom": a.prenom });
    let (was, now) = (state_of(before), state_of(after));
    if was == now {
        return Ok(());
    }
    let action = if before.role != after.role {
        audit::ACCOUNT_ROLE
    } else {
        audit::ACCOUNT_UPDATE
    };
    audit::record(tx, admin, action, &after.email, &was, &now).await
}
