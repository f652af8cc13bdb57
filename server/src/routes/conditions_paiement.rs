//! `GET /api/backend/ConditionsPaiement`: the payment terms professionals are held to, as the
//! invoices and reminders apply them (the seller's late-payment rate `COMPANY_LATE_PENALTY_BP`,
//! the days of « paiement à 30 jours », the 40 € recovery indemnity). The terms of sale read them
//! from here, so that the page and the invoices rest on one setting. Public, like the terms.

use axum::extract::State;
use axum::routing::get;
use axum::Router;
use serde::Serialize;

use crate::commerce::payment_terms::{RECOVERY_INDEMNITY_CENTS, TERMS_DAYS};
use crate::documents::{rate_fr, Seller};
use crate::extract::Json;
use crate::state::AppState;

/// The route.
pub fn router() -> Router<AppState> {
    Router::new().route("/ConditionsPaiement", get(show))
}

/// The payment terms of professionals.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "PaymentConditions"))]
pub struct ConditionsView {
    /// Days between an invoice on terms and its due date.
    pub delai_jours: i64,
    /// Annual late-payment rate, basis points.
    pub taux_penalites_bp: i64,
    /// The same rate as printed on the invoices (« 10 % »).
    pub taux_penalites: String,
    /// The fixed recovery indemnity, cents.
    pub indemnite_recouvrement_cents: i64,
}

async fn show(State(state): State<AppState>) -> Json<ConditionsView> {
    let seller = Seller::from_env(&state.config.settings.brand_name);
    Json(ConditionsView {
        delai_jours: TERMS_DAYS,
        taux_penalites_bp: seller.late_penalty_rate_bp,
        taux_penalites: rate_fr(seller.late_penalty_rate_bp),
        indemnite_recouvrement_cents: RECOVERY_INDEMNITY_CENTS,
    })
}
