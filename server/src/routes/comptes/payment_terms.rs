//! « Paiement à 30 jours » in the customer's settings (issue 25, part 4):
//! `GET Comptes/me/paiement-terme` says where the account's request stands (with the credit
//! limit, what is owed on terms and what remains once granted), `POST` makes the request (the
//! company's name, SIREN and accounts e-mail; again after a refusal).

use axum::extract::State;
use serde::{Deserialize, Serialize};

use crate::auth::AuthUser;
use crate::clock;
use crate::commerce::payment_terms;
use crate::db::payment_terms::{self as terms_db, TermsRow};
use crate::error::ApiError;
use crate::extract::Json;
use crate::state::AppState;

/// Where an account's payment terms stand.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "PaymentTerms"))]
pub struct TermsView {
    /// `aucune` (never asked), `demandee`, `accordee` or `refusee`.
    pub etat: String,
    /// Company name of the request.
    pub nom_entreprise: Option<String>,
    /// SIREN of the request.
    pub siren: Option<String>,
    /// Accounts e-mail of the request.
    pub email_comptabilite: Option<String>,
    /// Credit limit incl. VAT, cents, once granted.
    pub plafond_cents: Option<i64>,
    /// Owed on terms (invoices neither paid nor cancelled), cents.
    pub encours_cents: i64,
    /// What may still be ordered on terms, cents (0 unless granted).
    pub disponible_cents: i64,
    /// Reason of a refusal.
    pub motif_refus: Option<String>,
    /// ISO date of the request.
    pub demandee_le: Option<String>,
    /// ISO date of the decision.
    pub decidee_le: Option<String>,
}

/// The view of `row` with `owed` on terms.
pub fn view(row: Option<TermsRow>, owed: i64) -> TermsView {
    let Some(t) = row else {
        return TermsView {
            etat: "aucune".to_owned(),
            nom_entreprise: None,
            siren: None,
            email_comptabilite: None,
            plafond_cents: None,
            encours_cents: owed,
            disponible_cents: 0,
            motif_refus: None,
            demandee_le: None,
            decidee_le: None,
        };
    };
    let granted = t.state == payment_terms::TermsState::Granted.as_str();
    let limit = t.credit_limit_cents.filter(|_| granted);
    TermsView {
        disponible_cents: limit.map_or(0, |l| (l - owed).max(0)),
        plafond_cents: limit,
        encours_cents: owed,
        motif_refus: (!t.refusal_reason.is_empty()).then_some(t.refusal_reason),
        demandee_le: Some(clock::iso8601(t.requested_at)),
        decidee_le: t.decided_at.map(clock::iso8601),
        etat: t.state,
        nom_entreprise: Some(t.company_name),
        siren: Some(t.siren),
        email_comptabilite: Some(t.accounts_email),
    }
}

/// Handles `GET /api/backend/Comptes/me/paiement-terme`.
pub async fn show(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
) -> Result<Json<TermsView>, ApiError> {
    let mut conn = state.db.acquire().await?;
    let row = terms_db::find(&mut conn, user.account_id()).await?;
    let owed = terms_db::outstanding(&mut conn, user.account_id()).await?;
    Ok(Json(view(row, owed)))
}

/// Body of `POST Comptes/me/paiement-terme`.
#[derive(Debug, Default, Deserialize)]
pub struct RequestBody {
    nom_entreprise: Option<String>,
    siren: Option<String>,
    email_comptabilite: Option<String>,
}

/// Handles `POST /api/backend/Comptes/me/paiement-terme`: the request, waiting for an admin.
pub async fn request(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    body: Option<Json<RequestBody>>,
) -> Result<Json<TermsView>, ApiError> {
    let body = body.map(|Json(b)| b).unwrap_or_default();
    let checked = payment_terms::check_request(
        body.nom_entreprise.as_deref(),
        body.siren.as_deref(),
        body.email_comptabilite.as_deref(),
    )?;
    let row = payment_terms::request(&state.db, user.account_id(), &checked, clock::now()).await?;
    let owed = terms_db::outstanding(&mut *state.db.acquire().await?, user.account_id()).await?;
    Ok(Json(view(Some(row), owed)))
}
