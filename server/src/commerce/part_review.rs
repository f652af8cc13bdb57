//! The review of a part (statuses of PRODUCT.md: 1 Analysée, 2 À vérifier, 3 Validée, 4 Refusée):
//! what the analysis finds that staff must check, in French, one reason a line; the part
//! recorded with its first history row; a customer's review request; an admin's decision. Each
//! change writes the part and its history row in one transaction: the caller's for
//! [`ask_for_review`] and [`decide`], its own for [`request_review`] and [`record_decision`]
//! (which the routes call).

use quote_core::{fr_int, fr_num, Analysis, ProcessGeometry};
use sqlx::AnyConnection;

use super::error::CommerceError;
use crate::audit;
use crate::auth::session::Session;
use crate::db::part_history;
use crate::db::part_queue::{self, Owner};
use crate::db::pieces::{self, status, NewPart, PartRow};
use crate::db::Db;
use crate::domain::part_status::status_label;
use crate::domain::text::quoted;
use crate::mail::{part_templates, Mailer};

/// Longest customer message or admin comment, in characters.
pub const MAX_MESSAGE_CHARS: usize = 2000;
/// Answer for a part that does not exist or is not the caller's.
pub const PART_NOT_FOUND: &str = "Cette pièce est introuvable.";

const NBSP: char = '\u{a0}';

/// The stored reasons (one a line) as a list.
pub fn reason_list(stored: &str) -> Vec<String> {
    stored
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(str::to_owned)
        .collect()
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!(
        "{}{NBSP}{}",
        fr_int(n as u64),
        if n > 1 { many } else { one }
    )
}

/// Why staff must check the part before it is made (empty: it can be ordered as it is). The
/// part needs a check when its mesh is not watertight, or when no process can make it: it fits
/// no build volume, or every process whose volume it fits needs thicker walls.
pub fn reasons(a: &Analysis, processes: &[ProcessGeometry]) -> Vec<String> {
    let mut out = Vec::new();
    if !a.watertight {
        let mut found = Vec::new();
        if a.boundary_edges > 0 {
            found.push(plural(a.boundary_edges, "arête ouverte", "arêtes ouvertes"));
        }
        if a.non_manifold_edges > 0 {
            found.push(plural(
                a.non_manifold_edges,
                "arête partagée par plus de deux faces",
                "arêtes partagées par plus de deux faces",
            ));
        }
        if a.inconsistent_edges > 0 {
            found.push(plural(
                a.inconsistent_edges,
                "arête entre deux faces orientées en sens contraire",
                "arêtes entre deux faces orientées en sens contraire",
            ));
        }
        out.push(if found.is_empty() {
            "Maillage non étanche.".to_owned()
        } else {
            format!("Maillage non étanche{NBSP}: {}.", found.join(", "))
        });
    }
    let fitting: Vec<_> = a.fits.iter().filter(|f| f.fits).collect();
    if fitting.is_empty() {
        let size = [0, 1, 2].map(|k| fr_num(a.bbox_max[k] - a.bbox_min[k], 1));
        out.push(format!(
            "Hors volume{NBSP}: la pièce ({}{NBSP}×{NBSP}{}{NBSP}×{NBSP}{}{NBSP}mm) ne rentre dans le volume d'impression d'aucun procédé, dans aucune orientation.",
            size[0], size[1], size[2]
        ));
    } else if fitting.iter().all(|f| f.too_thin) {
        let minimums: Vec<String> = fitting
            .iter()
            .map(|f| match processes.iter().find(|p| p.code == f.process) {
                Some(p) => format!("{} {}{NBSP}mm", f.process, fr_num(p.min_wall_mm, 1)),
                None => f.process.clone(),
            })
            .collect();
        let wall = match a.min_wall_mm {
            Some(w) => format!("environ {}{NBSP}mm estimés", fr_num(w, 2)),
            None => "épaisseur estimée".to_owned(),
        };
        out.push(format!(
            "Parois trop fines{NBSP}: {wall}, sous le minimum de chaque procédé où la pièce rentre ({}).",
            minimums.join(", ")
        ));
    }
    out
}

/// The status of a new part: À vérifier when the analysis found a reason, else Analysée.
pub fn status_for(reasons: &[String]) -> i64 {
    if reasons.is_empty() {
        status::ANALYSED
    } else {
        status::TO_REVIEW
    }
}

/// Records a new part and its first history row (the analysis's status and reasons) in one
/// transaction; returns its id.
pub async fn record_new_part(db: &Db, part: &NewPart<'_>, now: i64) -> Result<i64, CommerceError> {
    let mut tx = db.begin().await?;
    let id = pieces::insert(&mut tx, part, now).await?;
    part_history::insert(&mut tx, id, part.status_id, part.review_reasons, None, now).await?;
    tx.commit().await?;
    Ok(id)
}

/// A customer's message or an admin's comment: optional text, trimmed, line breaks kept, at
/// most [`MAX_MESSAGE_CHARS`] characters, no other control character. `what` names it in the
/// French error ("Votre message", "Le commentaire").
pub fn parse_message(value: Option<&serde_json::Value>, what: &str) -> Result<String, String> {
    let text = match value {
        None | Some(serde_json::Value::Null) => return Ok(String::new()),
        Some(serde_json::Value::String(s)) => s.replace("\r\n", "\n"),
        Some(_) => return Err(format!("{what} doit être un texte.")),
    };
    let text = text.trim();
    let count = text.chars().count();
    if count > MAX_MESSAGE_CHARS {
        return Err(format!(
            "{what} ne doit pas dépasser {}{NBSP}caractères ({} actuellement).",
            fr_int(MAX_MESSAGE_CHARS as u64),
            fr_int(count as u64)
        ));
    }
    if text
        .chars()
        .any(|c| c.is_control() && c != '\n' && c != '\t')
    {
        return Err(format!("{what} contient des caractères non autorisés."));
    }
    Ok(text.to_owned())
}

/// The customer `account_id` asks staff to check their part `part_id`, with an optional
/// message: the part goes to À vérifier (so it cannot be ordered until an admin decides), the
/// request is kept and a history row written. Any status may be re-asked (an Analysée part the
/// customer doubts, a Validée one they changed their mind about, a Refusée one with an
/// explanation, which is then required); a part already ordered may not (409), and the same
/// request repeated on a part already waiting changes nothing. `lock` is `Db::for_update()`.
pub async fn ask_for_review(
    conn: &mut AnyConnection,
    lock: &str,
    part_id: i64,
    account_id: i64,
    message: &str,
    now: i64,
) -> Result<(), CommerceError> {
    let part = owned(conn, lock, part_id, account_id).await?;
    if let Some(numero) = pieces::ordered_in(conn, part_id).await? {
        return Err(CommerceError::Conflict(format!(
            "{} fait partie de la commande {numero}{NBSP}: elle ne peut plus être soumise à vérification. Écrivez-nous depuis la page contact pour toute question.",
            quoted(&part.file_name)
        )));
    }
    if part.status_id == status::REFUSED && message.is_empty() {
        return Err(CommerceError::refused(format!(
            "{} a été refusée{NBSP}: expliquez dans votre message ce que notre équipe doit revoir.",
            quoted(&part.file_name)
        )));
    }
    if part.status_id == status::TO_REVIEW && (message.is_empty() || message == part.review_request)
    {
        return Ok(());
    }
    pieces::request_review(conn, part_id, message, now).await?;
    part_history::insert(
        conn,
        part_id,
        status::TO_REVIEW,
        message,
        Some(account_id),
        now,
    )
    .await?;
    Ok(())
}

/// The customer's review request ([`ask_for_review`]) in its own transaction; returns the part
/// as it then is.
pub async fn request_review(
    db: &Db,
    part_id: i64,
    account_id: i64,
    message: &str,
    now: i64,
) -> Result<PartRow, CommerceError> {
    let mut tx = db.begin().await?;
    ask_for_review(&mut tx, db.for_update(), part_id, account_id, message, now).await?;
    let part = owned(&mut tx, "", part_id, account_id).await?;
    tx.commit().await?;
    Ok(part)
}

/// The part `part_id` when it belongs to `account_id`, else the 404 an unknown part gets.
pub async fn owned(
    conn: &mut AnyConnection,
    lock: &str,
    part_id: i64,
    account_id: i64,
) -> Result<PartRow, CommerceError> {
    pieces::find_row(conn, part_id, lock)
        .await?
        .filter(|p| p.account_id == Some(account_id))
        .ok_or_else(|| CommerceError::NotFound(PART_NOT_FOUND.to_owned()))
}

/// An admin's decision on a part.
#[derive(Debug, Clone, Copy)]
pub struct Decision<'a> {
    /// The part.
    pub part_id: i64,
    /// The new status (`part_statuses`).
    pub status_id: i64,
    /// The comment for the customer (may be empty).
    pub comment: &'a str,
    /// The admin.
    pub admin_id: i64,
}

/// What a decision changed.
#[derive(Debug, Clone)]
pub struct Decided {
    /// The part's file name.
    pub file_name: String,
    /// Whether anything changed (the same status and comment again change nothing).
    pub changed: bool,
    /// The owner to tell, if the part has one.
    pub owner: Option<Owner>,
}

/// Gives the part the admin's status and comment (the basket's `commentaire_admin` becomes this
/// comment, empty when none) and writes the history row with the admin. An unknown status is a
/// French 400, an unknown part a 404. `lock` is `Db::for_update()`.
pub async fn decide(
    conn: &mut AnyConnection,
    lock: &str,
    d: Decision<'_>,
    now: i64,
) -> Result<Decided, CommerceError> {
    if !pieces::status_exists(conn, d.status_id).await? {
        return Err(CommerceError::refused(UNKNOWN_STATUS));
    }
    let part = pieces::find_row(conn, d.part_id, lock)
        .await?
        .ok_or_else(|| CommerceError::NotFound(PART_NOT_FOUND.to_owned()))?;
    let changed = part.status_id != d.status_id || part.review_note != d.comment;
    if changed {
        pieces::set_status(conn, d.part_id, d.status_id, d.comment, now).await?;
        part_history::insert(
            conn,
            d.part_id,
            d.status_id,
            d.comment,
            Some(d.admin_id),
            now,
        )
        .await?;
    }
    Ok(Decided {
        file_name: part.file_name,
        changed,
        owner: part_queue::owner(conn, d.part_id).await?,
    })
}

/// The admin's decision ([`decide`]) in its own transaction, with its audit line (the status and
/// comment before and after); when it changed something, the owner's e-mail is queued in the
/// same transaction, so that it exists exactly when the change is committed (the outbox sends
/// it). Returns the part as it then is and what changed.
pub async fn record_decision(
    db: &Db,
    mailer: &Mailer,
    admin: &Session,
    part_id: i64,
    status_id: i64,
    comment: &str,
    now: i64,
) -> Result<(PartRow, Decided), CommerceError> {
    let mut tx = db.begin().await?;
    let state_of = |id: i64, comment: &str| serde_json::json!({ "id_statut": id, "statut": status_label(id), "commentaire": comment });
    let before = pieces::find_row(&mut tx, part_id, db.for_update())
        .await?
        .map(|p| state_of(p.status_id, &p.review_note));
    let decision = Decision {
        part_id,
        status_id,
        comment,
        admin_id: admin.account_id(),
    };
    let decided = decide(&mut tx, db.for_update(), decision, now).await?;
    let part = pieces::find_row(&mut tx, part_id, "")
        .await?
        .ok_or_else(|| CommerceError::NotFound(PART_NOT_FOUND.to_owned()))?;
    let after = state_of(part.status_id, &part.review_note);
    let target = format!("{} (n°\u{a0}{part_id})", part.file_name);
    audit::record(&mut tx, admin, audit::PART_STATUS, &target, &before, &after).await?;
    if let (true, Some(owner)) = (decided.changed, &decided.owner) {
        let mail = part_templates::part_status_changed(
            mailer.brand(),
            mailer.base_url(),
            &owner.email,
            &decided.file_name,
            status_id,
            status_label(status_id),
            comment,
        );
        mailer.queue(&mut tx, &mail).await?;
    }
    tx.commit().await?;
    mailer.wake();
    Ok((part, decided))
}

/// Answer for a status that `part_statuses` does not have.
pub const UNKNOWN_STATUS: &str =
    "Statut de pièce inconnu\u{a0}: 1 (Analysée), 2 (À vérifier), 3 (Validée) ou 4 (Refusée).";

#[cfg(test)]
#[path = "part_review_tests.rs"]
mod tests;
