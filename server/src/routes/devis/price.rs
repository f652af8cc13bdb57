//! Endpoints for `POST /api/devis/calcul-prix` (the authoritative price of an entry) and
//! `POST /api/devis/panier` (the entries go to the signed-in account's basket).

use axum::extract::State;
use axum_extra::extract::CookieJar;
use quote_core::{Analysis, Catalog, PriceBreakdown};
use serde::Deserialize;
use serde_json::{json, Value};

use super::entry::Entry;
use super::{entry_at, sign_in_first};
use crate::auth::MaybeUser;
use crate::clock;
use crate::commerce::{basket, ship_dates};
use crate::db::pieces::{self, status, BasketLine, Part};
use crate::error::ApiError;
use crate::extract::Json;
use crate::state::AppState;

/// Body of `POST /api/devis/calcul-prix`.
#[derive(Debug, Deserialize)]
pub struct IndexBody {
    pub(super) index: i64,
}

/// The part analysed for an entry, or why there is none yet.
pub(super) async fn analysed_part(
    state: &AppState,
    entry: &Entry,
) -> Result<(Part, Analysis), ApiError> {
    let not_yet = || {
        ApiError::quote(format!(
            "Le fichier « {} » n'a pas encore été vérifié par le serveur.",
            entry.name
        ))
    };
    let id = entry.part.ok_or_else(not_yet)?;
    let part = pieces::find(&mut *state.db.acquire().await?, id)
        .await?
        .ok_or_else(not_yet)?;
    let analysis: Analysis = serde_json::from_str(&part.analysis)
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("stored analysis of part {id}: {e}")))?;
    Ok((part, analysis))
}

fn price_entry(
    entry: &Entry,
    analysis: &Analysis,
    catalog: &Catalog,
) -> Result<PriceBreakdown, ApiError> {
    quote_core::pricing::price_saved(analysis, &entry.options, catalog)
        .map_err(|e| ApiError::quote(format!("« {} » : {}", entry.name, e.message())))
}

/// Handles the `POST /api/devis/calcul-prix` route `{index}`: `{success: true, prix, delais}`
/// where `prix` is the breakdown (integer cents excl. VAT: `unit_cents`, `line_cents`, ...)
/// computed from the server's analysis, the database catalog and the entry's options, and
/// `delais` every lead-time tier of its process (`{process, mode, jours_ouvres,
/// facteur_pourcent, expedition, livraison: [{zone, du, au}]}`, post-treatment days included) for
/// an order placed now by the server's clock.
pub async fn calcul_prix(
    State(state): State<AppState>,
    jar: CookieJar,
    Json(body): Json<IndexBody>,
) -> Result<Json<Value>, ApiError> {
    let (_, entry) = entry_at(&state, &jar, body.index).await?;
    let (_, analysis) = analysed_part(&state, &entry).await?;
    let catalog = state.catalog();
    let prix = price_entry(&entry, &analysis, &catalog)?;
    let delais = ship_dates::line_dates(&catalog, &prix, state.dates_now())?;
    Ok(Json(
        json!({ "success": true, "prix": prix, "delais": delais }),
    ))
}

/// One file of `dataFiles`: its position, as a number or `{index}`.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum DataFile {
    /// `0`
    Index(i64),
    /// `{"index": 0}`
    Object {
        /// Position.
        index: i64,
    },
}

/// Body of `POST /api/devis/panier`.
#[derive(Debug, Deserialize)]
pub struct PanierBody {
    #[serde(rename = "dataFiles")]
    data_files: Vec<DataFile>,
}

/// Handles the `POST /api/devis/panier` route `{dataFiles}`: anonymous visitors get a 401 asking
/// them to sign in (their entries stay); for an account, each entry's part (priced again here)
/// goes to its basket (`ComptePiece`: `Id_Piece`, `Quantite`) with its options.
pub async fn panier(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    jar: CookieJar,
    Json(body): Json<PanierBody>,
) -> Result<Json<Value>, ApiError> {
    let Some(session) = user else {
        return Err(sign_in_first());
    };
    if body.data_files.is_empty() {
        return Err(ApiError::quote("Aucun fichier à ajouter au panier."));
    }
    let catalog = state.catalog();
    let mut lines = Vec::with_capacity(body.data_files.len());
    for f in &body.data_files {
        let index = match f {
            DataFile::Index(i) | DataFile::Object { index: i } => *i,
        };
        let (_, entry) = entry_at(&state, &jar, index).await?;
        let (part, analysis) = analysed_part(&state, &entry).await?;
        if part.status_id == status::REFUSED {
            return Err(ApiError::quote(format!(
                "« {} » a été refusé par notre équipe.",
                entry.name
            )));
        }
        price_entry(&entry, &analysis, &catalog)?;
        let options =
            serde_json::to_string(&entry.options).map_err(|e| ApiError::Internal(e.into()))?;
        if lines.iter().any(|l: &BasketLine| l.part_id == part.id) {
            continue;
        }
        lines.push(BasketLine {
            part_id: part.id,
            options,
            quantite: i64::from(entry.options.quantity),
        });
    }
    let account = session.account_id();
    // All lines or none: a part of another account rolls the transaction back.
    if !basket::add(&state.db, account, &lines, clock::now()).await? {
        return Err(ApiError::quote(
            "Ce fichier appartient à un autre compte : déposez-le à nouveau.",
        ));
    }
    let message = match lines.len() {
        1 => "1 pièce ajoutée au panier.".to_owned(),
        n => format!("{n} pièces ajoutées au panier."),
    };
    Ok(Json(json!({ "success": true, "message": message })))
}
