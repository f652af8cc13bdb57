//! A basket line as the API returns it: the part, its quantity, a French summary of the chosen
//! options and its price, recomputed with quote-core from the stored analysis and the current
//! catalog (never stored, so a catalog change shows at once).

use quote_core::pricing::price_saved;
use quote_core::{Analysis, Catalog, PriceOptions, QuoteError};
use serde::Serialize;

use crate::commerce::line_summary::{repair_sentences, summary};
use crate::commerce::quoted_price::quoted_price;
use crate::commerce::ship_dates::ship_date;
use crate::db::account_parts::BasketRow;
use crate::documents::DocLine;
use crate::domain::part_status::{orderable, status_label};
use crate::error::ApiError;

/// One line of `GET ComptePiece`. Amounts are integer cents excluding VAT.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "CartLine"))]
pub struct LineView {
    /// Line id, for `DELETE ComptePiece/{id}`.
    pub id: i64,
    /// The part.
    #[serde(rename = "Id_Piece")]
    pub id_piece: i64,
    /// Number of parts.
    #[serde(rename = "Quantite")]
    pub quantite: i64,
    /// File name of the part.
    pub nom_fichier: String,
    /// Part status id (1 Analysée, 2 À vérifier, 3 Validée, 4 Refusée).
    #[serde(rename = "id_statut")]
    pub id_statut: i64,
    /// The status's French name.
    pub statut: &'static str,
    /// Why the part waits for a review (French, from its analysis).
    pub motifs: Vec<String>,
    /// What the engine repaired on the part before measuring it (French, from its analysis):
    /// for a body split out of a file, the repairs made on that body.
    pub reparations: Vec<String>,
    /// The admin's comment on the part.
    #[serde(rename = "commentaire_admin")]
    pub commentaire_admin: String,
    /// The customer's latest review request.
    #[serde(rename = "demande_client")]
    pub demande_client: String,
    /// The line can be ordered: the part is Analysée or Validée and the line is priced.
    pub commandable: bool,
    /// The options the line is priced with (`quantity` is the line's).
    #[cfg_attr(feature = "ts", ts(type = "PriceOptions"))]
    pub options: PriceOptions,
    /// Process name, when the line could be priced.
    pub procede: Option<String>,
    /// French summary: process, material, colour, finish, post-treatments, express or économique.
    pub resume: String,
    /// Price of one part before the quantity discount, cents excl. VAT.
    pub prix_unitaire: Option<u64>,
    /// Line total (quantity discount and lead-time tier factor included), cents excl. VAT.
    pub prix: Option<u64>,
    /// Quantity discount, percent.
    pub remise: u32,
    /// Lead time in working days.
    pub delai_jours: Option<u32>,
    /// Ship date of the line ordered now (`AAAA-MM-JJ`, by the server's clock and the catalog's
    /// calendar), when it could be priced; the basket ships on its latest.
    pub expedition: Option<String>,
    /// Why the line cannot be priced any more (catalog changed, part refused), in French.
    pub erreur: Option<String>,
    /// The quote whose price the line keeps (« Commander ce devis », `DE-2026-000001`): `prix`
    /// is then that quote's line total and `prix_unitaire` its unit price, discount included.
    pub prix_devis: Option<String>,
}

/// The options of a stored part with the basket's quantity.
pub fn line_options(row: &BasketRow) -> Result<PriceOptions, ApiError> {
    let mut options: PriceOptions = serde_json::from_str(&row.options).map_err(|e| {
        ApiError::Internal(anyhow::anyhow!(
            "stored options of part {}: {e}",
            row.part_id
        ))
    })?;
    options.quantity = u32::try_from(row.quantite).unwrap_or(u32::MAX);
    Ok(options)
}

/// Prices a basket row with the catalog, with its ship date for an order placed at `now`.
pub fn line_view(row: BasketRow, catalog: &Catalog, now: i64) -> Result<LineView, ApiError> {
    let options = line_options(&row)?;
    let analysis: Analysis = serde_json::from_str(&row.analysis).map_err(|e| {
        ApiError::Internal(anyhow::anyhow!(
            "stored analysis of part {}: {e}",
            row.part_id
        ))
    })?;
    let priced = price_saved(&analysis, &options, catalog);
    // The quote's validity runs on the real clock (`now` may be the dates' own clock).
    let quoted = quoted_price(&row, crate::clock::now()).map(|(c, n)| (c, n.to_owned()));
    let refused = row.status_id == crate::db::pieces::status::REFUSED;
    let mut view = LineView {
        id: row.id,
        id_piece: row.part_id,
        quantite: row.quantite,
        nom_fichier: row.file_name,
        id_statut: row.status_id,
        statut: status_label(row.status_id),
        motifs: crate::commerce::part_review::reason_list(&row.review_reasons),
        reparations: repair_sentences(&analysis.warnings),
        commentaire_admin: row.review_note.clone(),
        demande_client: row.review_request.clone(),
        commandable: false,
        procede: None,
        resume: options.process.clone(),
        prix_unitaire: None,
        prix: None,
        remise: 0,
        delai_jours: None,
        expedition: None,
        erreur: None,
        prix_devis: None,
        options,
    };
    match priced {
        Ok(b) => {
            view.resume = summary(&b, &view.options, catalog);
            view.procede = Some(b.process_name);
            view.prix_unitaire = Some(b.unit_cents);
            view.prix = Some(b.line_cents);
            view.remise = b.discount_percent;
            view.delai_jours = Some(b.lead_time_days);
            view.expedition = Some(ship_date(catalog, now, b.lead_time_days)?.to_string());
            if let Some((cents, number)) = quoted {
                let unit = DocLine::unit_price_of(cents, view.quantite).get();
                view.prix = u64::try_from(cents.get()).ok();
                view.prix_unitaire = u64::try_from(unit).ok();
                view.remise = 0;
                view.prix_devis = Some(number);
            }
        }
        Err(e) => view.erreur = Some(basket_reason(&e)),
    }
    view.commandable = view.erreur.is_none() && orderable(row.status_id);
    if refused {
        view.erreur = Some(
            "Cette pièce a été refusée par notre équipe\u{a0}: retirez-la du panier.".to_owned(),
        );
    }
    Ok(view)
}

/// What the basket adds when the catalog withdrew one of a line's choices: where to change it.
pub const CHANGE_ON_QUOTE_PAGE: &str =
    "Modifiez la pièce sur la page de devis, puis ajoutez-la de nouveau au panier.";

/// Why a line cannot be priced, as the basket shows it: quote-core's sentence, and for a choice
/// the catalog no longer offers, where to make another.
fn basket_reason(e: &QuoteError) -> String {
    match e {
        QuoteError::Withdrawn { .. } => format!("{} {CHANGE_ON_QUOTE_PAGE}", e.message()),
        _ => e.message(),
    }
}
