//! `POST Commande/Recapitulatif`, its body and its answer: lines and totals in integer cents, as
//! docs/commerce-api.md spells them.

use axum::extract::State;
use quote_core::Catalog;
use serde::{Deserialize, Serialize};

use crate::auth::AuthUser;
use crate::clock;
use crate::commerce::ship_dates::{self, ShipDate};
use crate::commerce::totals::{self, Totals};
use crate::commerce::vat::VatRegime;
use crate::commerce::{addresses, discounts, shipping, vat_check};
use crate::db::account_parts;
use crate::error::ApiError;
use crate::extract::Json;
use crate::middleware::ClientIp;
use crate::rate_limit;
use crate::state::AppState;

/// Body of `POST Commande/Recapitulatif` (and the address part of `POST Commande`).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RecapBody {
    /// Delivery address id.
    pub id_adresse_livraison: Option<i64>,
    /// Billing address id.
    pub id_adresse_facturation: Option<i64>,
    /// Discount code, if the customer typed one.
    pub code_reduction: Option<String>,
}

/// One line of the summary.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RecapLine {
    /// The part.
    #[serde(rename = "Id_Piece")]
    pub id_piece: i64,
    /// File name — process, material, options.
    pub designation: String,
    /// Number of parts.
    #[serde(rename = "Quantite")]
    pub quantite: i64,
    /// Price of one part before the quantity discount, cents excl. VAT.
    pub prix_unitaire_cents: i64,
    /// Line total excl. VAT.
    pub total_ht_cents: i64,
    /// Part status id.
    pub id_statut: i64,
    /// Whether the line can be ordered.
    pub commandable: bool,
    /// Why not, in French.
    pub raison: Option<String>,
}

/// Answer of `POST Commande/Recapitulatif`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Recap"))]
pub struct RecapView {
    /// Lines in basket order.
    pub lignes: Vec<RecapLine>,
    /// Σ lines.
    pub sous_total_cents: i64,
    /// Discount.
    pub remise_cents: i64,
    /// Code applied.
    pub code_reduction: Option<String>,
    /// Why the code was not applied.
    pub raison_code: Option<String>,
    /// Shipping fee.
    pub frais_port_cents: i64,
    /// Shipping zone.
    pub zone: &'static str,
    /// Parcel weight, g.
    pub poids_g: u64,
    /// Total excl. VAT.
    pub total_ht_cents: i64,
    /// VAT rate, basis points.
    pub tva_taux_bp: i64,
    /// VAT.
    pub tva_cents: i64,
    /// Total incl. VAT.
    pub total_ttc_cents: i64,
    /// Intra-EU supply of goods (0 %, CGI art. 262 ter I): the buyer's VAT number of the
    /// member state of delivery was found valid by VIES.
    pub intracommunautaire: bool,
    /// Export outside the EU.
    pub export_hors_ue: bool,
    /// Mention printed under the totals.
    pub mention_tva: Option<&'static str>,
    /// Why French VAT applies to a company of another member state (VIES silent or the number
    /// invalid), to show before payment.
    pub avis_tva: Option<&'static str>,
    /// Whether the basket can be ordered.
    pub commandable: bool,
    /// Why not, in French.
    pub raisons: Vec<String>,
    /// The basket's ship date if ordered now (its slowest priced line), with the delivery range
    /// to the delivery address's zone; `null` without any priced line.
    pub expedition: Option<ShipDate>,
}

impl From<&Totals> for RecapView {
    fn from(t: &Totals) -> Self {
        RecapView {
            lignes: t
                .lines
                .iter()
                .map(|l| RecapLine {
                    id_piece: l.part_id,
                    designation: l.designation.clone(),
                    quantite: l.quantite,
                    prix_unitaire_cents: l.unit.get(),
                    total_ht_cents: l.total_ht.get(),
                    id_statut: l.status_id,
                    commandable: l.orderable,
                    raison: l.reason.clone(),
                })
                .collect(),
            sous_total_cents: t.subtotal.get(),
            remise_cents: t.discount.get(),
            code_reduction: t.discount_code.clone(),
            raison_code: None,
            frais_port_cents: t.shipping.get(),
            zone: t.zone,
            poids_g: t.weight_g,
            total_ht_cents: t.total_ht.get(),
            tva_taux_bp: t.vat.rate_bp,
            tva_cents: t.vat_amount.get(),
            total_ttc_cents: t.total_ttc.get(),
            intracommunautaire: t.vat.regime == VatRegime::IntraEu,
            export_hors_ue: t.vat.regime == VatRegime::Export,
            mention_tva: t.mention(),
            avis_tva: t.vat.notice,
            commandable: t.orderable,
            raisons: t.reasons.clone(),
            expedition: None,
        }
    }
}

/// The summary of `t` with the basket's ship date for an order placed at `now`.
fn view(t: &Totals, catalog: &Catalog, now: i64) -> Result<RecapView, ApiError> {
    let mut shown = RecapView::from(t);
    shown.expedition = ship_dates::of_basket(t, catalog, now)?;
    Ok(shown)
}

/// Handles `POST /api/backend/Commande/Recapitulatif`
/// `{idAdresseLivraison, idAdresseFacturation, codeReduction?}`: a refused code is not applied and
/// its French reason is `raison_code`.
pub async fn recapitulatif(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    ClientIp(ip): ClientIp,
    Json(body): Json<RecapBody>,
) -> Result<Json<RecapView>, ApiError> {
    let account = user.account_id();
    let (delivery, billing) = {
        let mut conn = state.db.pool.acquire().await?;
        let delivery = addresses::owned(&mut conn, body.id_adresse_livraison, account).await?;
        let billing = addresses::owned(&mut conn, body.id_adresse_facturation, account).await?;
        (delivery, billing)
    };
    let catalog = state.catalog();
    let rows = account_parts::list_for_account(&mut *state.db.acquire().await?, account).await?;
    let zone = shipping::zone_code(&delivery.id_pays.code);
    let decision =
        vat_check::decide(&state.db, &state.vies, &delivery, &billing, clock::now()).await?;
    let t = totals::compute(&rows, &catalog, zone, decision.clone(), None, clock::now())?;
    let code = body
        .code_reduction
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty());
    let Some(code) = code else {
        return Ok(Json(view(&t, &catalog, state.dates_now())?));
    };
    // A typed code is a lookup like `GetCodeAsUser`'s, under the same limit of misses.
    let tickets = rate_limit::code_lookup(&state, account, &ip).await?;
    let mut conn = state.db.pool.acquire().await?;
    let checked = discounts::check_code(&mut conn, code, account, t.subtotal, clock::now()).await?;
    drop(conn);
    if !matches!(&checked, Err(reason) if reason == discounts::UNKNOWN) {
        for t in tickets {
            t.release(&state).await?;
        }
    }
    match checked {
        Ok((_, d)) => {
            let t = totals::compute(&rows, &catalog, zone, decision, Some(&d), clock::now())?;
            Ok(Json(view(&t, &catalog, state.dates_now())?))
        }
        Err(reason) => {
            let mut shown = view(&t, &catalog, state.dates_now())?;
            shown.raison_code = Some(reason);
            Ok(Json(shown))
        }
    }
}
