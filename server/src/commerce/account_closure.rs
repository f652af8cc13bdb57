//! Closing an account (« Supprimer mon compte », or the anonymisation of an account unused for
//! three years): one business event with one entry point, [`close`]. The account's personal data
//! are erased or anonymised in one transaction (`db::account_closure`), its sessions end with it,
//! and its e-mail is free again at once; then the files it uploaded, its quotes' PDFs and its
//! data exports leave the object store. Invoices and credit notes stay (ten years).

use crate::auth::{password, tokens};
use crate::commerce::error::CommerceError;
use crate::db::account_closure::{self, Erased};
use crate::db::{accounts, uploads, Db};
use crate::storage::{self, Storage};

/// Refusal for an admin account (another admin must first take the role away).
pub const ADMIN_REFUSED: &str = "Un compte administrateur ne peut pas être supprimé : demandez à un autre administrateur de vous retirer ce rôle.";
/// The refusal of any change to a closed account (an admin cannot reopen it).
pub const CLOSED_FOR_GOOD: &str =
    "Ce compte a été supprimé : il ne peut pas être réactivé ni modifié.";
/// The account was closed already.
pub const ALREADY_CLOSED: &str = "Ce compte a déjà été supprimé.";

/// Refusal while an order is being fulfilled.
pub fn order_in_progress(numero: &str) -> String {
    format!(
        "Votre commande {numero} est en cours : vous pourrez supprimer votre compte une fois \
         qu'elle vous aura été livrée. Pour l'annuler, contactez-nous."
    )
}

/// Closes the account `account_id` at `now`; see the module's comment. Refused for an admin,
/// a closed account or while an order is being fulfilled.
pub async fn close(
    db: &Db,
    storage: &Storage,
    account_id: i64,
    now: i64,
) -> Result<Erased, CommerceError> {
    // Nobody can sign in with this: the hash of a random secret nobody keeps.
    let placeholder = password::hash(tokens::random_token()).await?;
    let mut tx = db.begin().await?;
    let account = accounts::find_in(&mut tx, account_id, db.for_update())
        .await?
        .ok_or_else(|| CommerceError::NotFound(ALREADY_CLOSED.to_owned()))?;
    if account.closed_at.is_some() {
        return Err(CommerceError::refused(ALREADY_CLOSED));
    }
    if account.role == accounts::Role::Admin {
        return Err(CommerceError::refused(ADMIN_REFUSED));
    }
    if let Some(numero) = account_closure::order_in_progress(&mut tx, account_id).await? {
        return Err(CommerceError::refused(order_in_progress(&numero)));
    }
    let erased =
        account_closure::erase(&mut tx, account_id, &account.email, &placeholder, now).await?;
    tx.commit().await?;
    remove_files(db, storage, &erased).await;
    tracing::info!(
        account = account_id,
        files = erased.files.len(),
        quotes = erased.quotes.len(),
        orders_deleted = erased.orders_deleted,
        orders_kept = erased.orders_kept,
        "account closed and anonymised"
    );
    Ok(erased)
}

/// Removes what the closed account left in the object store: each uploaded file that no other
/// part or upload names (files are stored by content, another customer may have the same one),
/// the quotes' PDFs and the exports. A failure is logged: the hourly purge removes unnamed
/// uploads anyway.
async fn remove_files(db: &Db, storage: &Storage, erased: &Erased) {
    let mut keys = Vec::new();
    for key in &erased.files {
        match db.acquire().await {
            Ok(mut conn) => match uploads::is_referenced(&mut conn, key).await {
                Ok(false) => keys.push(key.clone()),
                Ok(true) => {}
                Err(e) => tracing::warn!(error = %e, "closed account: file check failed"),
            },
            Err(e) => tracing::warn!(error = %e, "closed account: no connection"),
        }
    }
    keys.extend(erased.quotes.iter().map(|n| storage::document_key(n)));
    keys.extend(erased.exports.iter().cloned());
    for key in keys {
        if let Err(e) = storage.delete(&key).await {
            tracing::warn!(error = %e, key, "closed account: file not deleted");
        }
    }
}
