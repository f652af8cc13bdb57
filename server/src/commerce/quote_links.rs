//! Share links of a saved quote (issue 25, part 3): the customer makes a link (or has one
//! e-mailed to its purchasing department) that shows the quote read-only, with its PDF, to
//! someone without an account. A link is an unguessable token (256 random bits, only its sha256
//! stored), revocable one by one, and it stops with the quote's validity.

use serde::Serialize;

use super::error::CommerceError;
use crate::auth::tokens;
use crate::clock;
use crate::db::quote_links::{self, LinkRow, QuoteHead};
use crate::db::Db;
use crate::domain::paris_time::fr_date;

/// Answer for a quote that is not the caller's, or an unknown number (as `GET Devis/{n}/pdf`).
pub const QUOTE_NOT_FOUND: &str = "Devis introuvable.";

/// Answer for a link id that is not one of the quote's active links.
pub const LINK_NOT_FOUND: &str = "Lien de partage introuvable (il a peut-être déjà été révoqué).";

/// Answer for a token that matches no link, or a revoked one.
pub const SHARED_NOT_FOUND: &str =
    "Ce lien de devis n'existe pas ou a été révoqué par la personne qui vous l'a transmis.";

/// Most active links of one quote.
pub const MAX_ACTIVE_LINKS: usize = 20;

/// The path of the read-only page of a token (the site's public address goes before it).
pub fn page_path(token: &str) -> String {
    format!("/devis/partage/{token}")
}

/// A link as its owner sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "QuoteLink"))]
pub struct LinkView {
    /// Its id (for revoking it).
    pub id: i64,
    /// When it was made, ISO 8601.
    pub cree_le: String,
    /// The address « Envoyer au service achats » sent it to; `null` for a link copied by hand.
    pub envoye_a: Option<String>,
    /// The link itself: only in the answer that made it (the server keeps its hash alone).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub lien: Option<String>,
}

impl LinkView {
    fn of(row: &LinkRow, link: Option<String>) -> LinkView {
        LinkView {
            id: row.id,
            cree_le: clock::iso8601(row.created_at),
            envoye_a: row.sent_to.clone(),
            lien: link,
        }
    }
}

/// The quote `number` of `account_id`, or the 404 anyone else gets.
async fn owned(db: &Db, account_id: i64, number: &str) -> Result<QuoteHead, CommerceError> {
    quote_links::quote_by_number(&mut *db.acquire().await?, number)
        .await?
        .filter(|q| q.account_id == account_id)
        .ok_or_else(|| CommerceError::NotFound(QUOTE_NOT_FOUND.to_owned()))
}

/// Why an expired quote gets no new link.
fn expired(valid_until: i64) -> String {
    format!(
        "Ce devis n'est plus valable depuis le {}\u{a0}: téléchargez-en un nouveau depuis votre panier pour le partager.",
        fr_date(valid_until + 1)
    )
}

/// A new link of the quote `number` of `account_id` (e-mailed to `sent_to` when given): the
/// link row and its token. Refused for an expired quote, or past [`MAX_ACTIVE_LINKS`].
pub async fn create(
    db: &Db,
    account_id: i64,
    number: &str,
    sent_to: Option<&str>,
    now: i64,
) -> Result<(QuoteHead, LinkRow, String), CommerceError> {
    let quote = owned(db, account_id, number).await?;
    if now > quote.valid_until {
        return Err(CommerceError::refused(expired(quote.valid_until)));
    }
    let mut tx = db.begin().await?;
    let active = quote_links::active(&mut tx, quote.id).await?;
    if active.len() >= MAX_ACTIVE_LINKS {
        return Err(CommerceError::refused(format!(
            "Ce devis a déjà {MAX_ACTIVE_LINKS} liens de partage actifs\u{a0}: révoquez-en un avant d'en créer un autre."
        )));
    }
    let token = tokens::random_token();
    let hash = tokens::sha256_hex(&token);
    let id = quote_links::insert(&mut tx, quote.id, &hash, sent_to, now).await?;
    tx.commit().await?;
    let row = LinkRow {
        id,
        created_at: now,
        sent_to: sent_to.map(str::to_owned),
    };
    Ok((quote, row, token))
}

/// The view of a link just made, with its address under `base_url`.
pub fn made(row: &LinkRow, base_url: &str, token: &str) -> LinkView {
    let link = format!("{}{}", base_url.trim_end_matches('/'), page_path(token));
    LinkView::of(row, Some(link))
}

/// The active links of the quote `number` of `account_id`, oldest first.
pub async fn list(db: &Db, account_id: i64, number: &str) -> Result<Vec<LinkView>, CommerceError> {
    let quote = owned(db, account_id, number).await?;
    let rows = quote_links::active(&mut *db.acquire().await?, quote.id).await?;
    Ok(rows.iter().map(|r| LinkView::of(r, None)).collect())
}

/// Revokes the link `link_id` of the quote `number` of `account_id`: it opens nothing from now.
pub async fn revoke(
    db: &Db,
    account_id: i64,
    number: &str,
    link_id: i64,
    now: i64,
) -> Result<(), CommerceError> {
    let quote = owned(db, account_id, number).await?;
    if quote_links::revoke(&mut *db.acquire().await?, quote.id, link_id, now).await? {
        Ok(())
    } else {
        Err(CommerceError::NotFound(LINK_NOT_FOUND.to_owned()))
    }
}

/// The quote a token opens at `now`: its number and frozen data (JSON of `documents::QuoteData`). A 404 with the French reason
/// for an unknown or revoked token, and for an expired quote (which says since when).
pub async fn open(db: &Db, token: &str, now: i64) -> Result<(String, String), CommerceError> {
    // A token is 43 base64url characters: anything else is no token, without a query.
    let well_formed = token.len() == 43
        && token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if !well_formed {
        return Err(CommerceError::NotFound(SHARED_NOT_FOUND.to_owned()));
    }
    let hash = tokens::sha256_hex(token);
    let opened = quote_links::by_token_hash(&mut *db.acquire().await?, &hash)
        .await?
        .filter(|o| o.revoked_at.is_none())
        .ok_or_else(|| CommerceError::NotFound(SHARED_NOT_FOUND.to_owned()))?;
    if now > opened.quote.valid_until {
        return Err(CommerceError::NotFound(format!(
            "Le devis {} était valable jusqu'au {}\u{a0}: son lien ne l'affiche plus. Demandez un nouveau devis à la personne qui vous l'a transmis.",
            opened.quote.number,
            fr_date(opened.quote.valid_until)
        )));
    }
    Ok((opened.quote.number, opened.data))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_of_a_token_is_under_devis_partage() {
        assert_eq!(page_path("abc"), "/devis/partage/abc");
        let row = LinkRow {
            id: 3,
            created_at: 0,
            sent_to: None,
        };
        let v = made(&row, "https://forme.example/", "tok");
        assert_eq!(
            v.lien.as_deref(),
            Some("https://forme.example/devis/partage/tok")
        );
        assert_eq!(v.cree_le, "1970-01-01T00:00:00.000Z");
        let listed = serde_json::to_value(LinkView::of(&row, None)).unwrap();
        assert!(listed.get("lien").is_none(), "{listed}");
    }
}
