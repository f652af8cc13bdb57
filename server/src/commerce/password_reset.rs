//! A password chosen through a "mot de passe oublié" link: in one transaction the link is used
//! up, the password set, the account's other links voided and its other sessions ended; then the
//! account is told by e-mail.

use super::error::CommerceError;
use crate::auth::tokens;
use crate::db::accounts;
use crate::db::reset_tokens::{self, FORGOT_PASSWORD};
use crate::db::Db;
use crate::mail::{templates, Mailer};

/// Answer for a link that is unknown, used or expired.
pub const LINK_INVALID: &str =
    "Ce lien de réinitialisation est invalide ou a expiré. Faites une nouvelle demande.";

/// Sets `password_hash` on the account of the link `token` (the session `keep`, the caller's
/// `(account, session)`, survives when it is that account's), then queues the "mot de passe
/// modifié" notice; returns the account's id, or [`LINK_INVALID`] (nothing changed).
pub async fn reset(
    db: &Db,
    mailer: &Mailer,
    token: &str,
    password_hash: &str,
    keep: Option<(i64, i64)>,
    now: i64,
) -> Result<i64, CommerceError> {
    let mut tx = db.begin().await?;
    let Some(account_id) = reset_tokens::reset_password(
        &mut tx,
        FORGOT_PASSWORD,
        &tokens::sha256_hex(token),
        password_hash,
        keep,
        now,
    )
    .await?
    else {
        return Err(CommerceError::refused(LINK_INVALID));
    };
    tx.commit().await?;
    tracing::info!(account = account_id, "password reset by e-mail link");
    if let Some(account) = accounts::find(&mut *db.acquire().await?, account_id).await? {
        let notice = templates::password_changed_notice(mailer.brand(), &account.email);
        mailer.notify(notice).await;
    }
    Ok(account_id)
}
