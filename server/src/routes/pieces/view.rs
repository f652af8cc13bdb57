//! A part as the `Pieces` routes return it (docs/commerce-api.md, "Parts"): its file, status,
//! the analysis's reasons, the customer's request, the admin's comment, the stored analysis and
//! options, the history of its statuses and where to download the original file.

use serde::Serialize;
use serde_json::Value;
use sqlx::AnyConnection;

use crate::clock;
use crate::commerce::line_summary::repair_sentences;
use crate::commerce::part_review::reason_list;
use crate::db::part_history::{self, HistoryRow};
use crate::db::part_queue::Owner;
use crate::db::pieces::PartRow;
use crate::domain::part_status::status_label;
use crate::error::ApiError;

/// One status the part was given.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "PartHistory"))]
pub struct HistoryView {
    /// Status id.
    pub id_statut: i64,
    /// Its French name.
    pub statut: String,
    /// The analysis's reasons, the customer's request or the admin's comment.
    pub commentaire: String,
    /// `analyse`, `client` or `equipe`.
    pub par: &'static str,
    /// ISO 8601 UTC.
    pub date: String,
}

impl From<HistoryRow> for HistoryView {
    fn from(h: HistoryRow) -> Self {
        HistoryView {
            id_statut: h.status_id,
            statut: h.libelle,
            commentaire: h.comment,
            par: h.author.as_str(),
            date: clock::iso8601(h.at),
        }
    }
}

/// The owner of a part, in the admin's views.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "PartClient"))]
pub struct ClientView {
    /// Account id.
    pub id: i64,
    /// E-mail.
    pub email: String,
    /// Last name.
    pub nom: String,
    /// First name.
    pub prenom: String,
}

impl From<Owner> for ClientView {
    fn from(o: Owner) -> Self {
        ClientView {
            id: o.id,
            email: o.email,
            nom: o.nom,
            prenom: o.prenom,
        }
    }
}

/// A part of `Pieces/ById`, `Pieces/ByCommande`, `Pieces/ById_AsAdmin` and `Pieces/ForReview`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ReviewPart"))]
pub struct PartView {
    /// Part id.
    pub id: i64,
    /// The same, spelled as the specification.
    #[serde(rename = "Id_Piece")]
    pub id_piece: i64,
    /// File name as uploaded.
    pub nom_fichier: String,
    /// 1 Analysée, 2 À vérifier, 3 Validée, 4 Refusée.
    pub id_statut: i64,
    /// The status's French name.
    pub statut: &'static str,
    /// What the analysis found, French, one reason an entry.
    pub motifs: Vec<String>,
    /// The customer's latest review request.
    pub demande_client: String,
    /// The admin's comment of the latest status change.
    pub commentaire_admin: String,
    /// quote-core's analysis.
    #[cfg_attr(feature = "ts", ts(type = "Partial<Analysis>"))]
    pub analyse: Value,
    /// The customer's price options.
    #[cfg_attr(feature = "ts", ts(type = "Record<string, unknown>"))]
    pub options: Value,
    /// Every status given, oldest first.
    pub historique: Vec<HistoryView>,
    /// `GET` it for the original file (the whole file, every body of it, for a body part).
    pub fichier_url: String,
    /// The body of the original file this part is (0-based, as the quote's `body`), when the
    /// customer split a multi-body file into one part per body: the viewer shows that body
    /// alone. Absent for a part that is the whole file.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub corps: Option<u32>,
    /// What the engine repaired on the part before measuring it, in French (welded vertices,
    /// turned faces, bodies turned inside out), from its stored analysis: for a body part, the
    /// repairs made on that body.
    pub reparations: Vec<String>,
    /// ISO 8601 UTC.
    pub cree_le: String,
    /// The owner (admin views only).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub client: Option<ClientView>,
    /// Since when the part waits for a review, ISO 8601 UTC (`Pieces/ForReview` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub en_attente_depuis: Option<String>,
}

fn stored_json(part_id: i64, what: &str, json: &str) -> Result<Value, ApiError> {
    serde_json::from_str(json)
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("stored {what} of part {part_id}: {e}")))
}

/// The view of a part, with its history read on `conn`.
pub async fn part_view(conn: &mut AnyConnection, p: PartRow) -> Result<PartView, ApiError> {
    let history = part_history::for_part(conn, p.id).await?;
    view_with(p, history)
}

/// The views of several parts, in their order, their histories read in one query (per 500).
pub async fn part_views(
    conn: &mut AnyConnection,
    parts: Vec<PartRow>,
) -> Result<Vec<PartView>, ApiError> {
    let ids: Vec<i64> = parts.iter().map(|p| p.id).collect();
    let mut histories = part_history::for_parts(conn, &ids).await?;
    parts
        .into_iter()
        .map(|p| {
            let history = histories.remove(&p.id).unwrap_or_default();
            view_with(p, history)
        })
        .collect()
}

/// The French sentences of the repairs an analysis made (its `repaired_*` warnings), in order;
/// none for an analysis that cannot be read (its view says why elsewhere).
pub fn repairs_of(analysis_json: &str) -> Vec<String> {
    #[derive(serde::Deserialize)]
    struct Warnings {
        #[serde(default)]
        warnings: Vec<quote_core::analysis::Warning>,
    }
    serde_json::from_str::<Warnings>(analysis_json)
        .map(|a| repair_sentences(&a.warnings))
        .unwrap_or_default()
}

fn view_with(p: PartRow, history: Vec<HistoryRow>) -> Result<PartView, ApiError> {
    Ok(PartView {
        id: p.id,
        id_piece: p.id,
        statut: status_label(p.status_id),
        id_statut: p.status_id,
        motifs: reason_list(&p.review_reasons),
        demande_client: p.review_request,
        commentaire_admin: p.review_note,
        analyse: stored_json(p.id, "analysis", &p.analysis)?,
        options: stored_json(p.id, "options", &p.options)?,
        historique: history.into_iter().map(HistoryView::from).collect(),
        fichier_url: format!("/api/backend/Pieces/Fichier/{}", p.id),
        corps: p.body,
        reparations: repairs_of(&p.analysis),
        cree_le: clock::iso8601(p.created_at),
        nom_fichier: p.file_name,
        client: None,
        en_attente_depuis: None,
    })
}
