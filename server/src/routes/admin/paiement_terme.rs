//! Payment terms in the admin area (issue 25, part 4): `GET Admin/PaiementTerme` lists the
//! companies' requests (those waiting first, with what each owes on terms),
//! `PUT Admin/PaiementTerme/{id}` grants one with a credit limit or refuses it with a reason
//! (audited, and e-mailed to the company's accounts address), and `GET Admin/Echeances` lists the
//! invoices on terms not yet paid, the overdue ones first, with their age and the reminders sent.
//! The transfer received is recorded by `POST Commande/{id}/reglement`.

use axum::extract::State;
use serde::{Deserialize, Serialize};

use crate::auth::AdminUser;
use crate::clock;
use crate::commerce::payment_terms;
use crate::db::payment_terms as terms_db;
use crate::error::ApiError;
use crate::extract::{path_id, Json, Path};
use crate::routes::comptes::payment_terms::{view, TermsView};
use crate::state::AppState;

/// A request as the admin's list shows it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "PaymentTermsRequest"))]
pub struct RequestView {
    /// The account.
    pub id_compte: i64,
    /// The account's e-mail.
    pub email: String,
    /// The request and its decision.
    #[serde(flatten)]
    pub terms: TermsView,
}

/// Handles `GET /api/backend/Admin/PaiementTerme`.
pub async fn list(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
) -> Result<Json<Vec<RequestView>>, ApiError> {
    let rows = terms_db::list(&mut *state.db.acquire().await?).await?;
    Ok(Json(
        rows.into_iter()
            .map(|r| RequestView {
                id_compte: r.terms.account_id,
                email: r.email,
                terms: view(Some(r.terms), r.outstanding_cents),
            })
            .collect(),
    ))
}

/// Body of `PUT Admin/PaiementTerme/{id}`.
#[derive(Debug, Default, Deserialize)]
pub struct DecisionBody {
    /// `accorder` or `refuser`.
    decision: Option<String>,
    /// Credit limit incl. VAT, cents (to grant).
    plafond_cents: Option<i64>,
    /// Reason (to refuse), sent to the customer.
    motif: Option<String>,
}

/// Handles `PUT /api/backend/Admin/PaiementTerme/{id}`.
pub async fn decide(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    Path(raw_id): Path<String>,
    body: Option<Json<DecisionBody>>,
) -> Result<Json<RequestView>, ApiError> {
    let account_id = path_id(&raw_id, "Ce compte est introuvable.")?;
    let body = body.map(|Json(b)| b).unwrap_or_default();
    let decision = payment_terms::check_decision(
        body.decision.as_deref(),
        body.plafond_cents,
        body.motif.as_deref(),
    )?;
    let row = payment_terms::decide(
        &state.db,
        &state.mailer,
        &admin,
        account_id,
        &decision,
        clock::now(),
    )
    .await?;
    let mut conn = state.db.acquire().await?;
    let owed = terms_db::outstanding(&mut conn, account_id).await?;
    let email = crate::db::accounts::find(&mut conn, account_id)
        .await?
        .map(|a| a.email)
        .unwrap_or_default();
    Ok(Json(RequestView {
        id_compte: account_id,
        email,
        terms: view(Some(row), owed),
    }))
}

/// An invoice on terms not yet paid.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "OpenInvoice"))]
pub struct OpenInvoiceView {
    /// The order.
    pub id_commande: i64,
    /// `CO-2026-000005`.
    pub numero_commande: String,
    /// `FA-2026-000001`.
    pub numero_facture: String,
    /// Where the invoice is downloaded.
    pub url_facture: String,
    /// The account.
    pub id_compte: i64,
    /// The company, from its request.
    pub entreprise: String,
    /// The customer's e-mail at ordering.
    pub email: String,
    /// The accounts e-mail, from the request.
    pub email_comptabilite: String,
    /// Amount due incl. VAT, cents.
    pub montant_cents: i64,
    /// ISO date of issue.
    pub emise_le: String,
    /// Due date, `AAAA-MM-JJ` (Paris).
    pub echeance: String,
    /// Whole days past the due date (0 when not yet due).
    pub jours_retard: i64,
    /// The reminders sent: `avant_echeance`, `j1`, `j15`.
    pub relances: Vec<String>,
}

/// Handles `GET /api/backend/Admin/Echeances`: the open invoices on terms, oldest due first.
pub async fn open_invoices(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
) -> Result<Json<Vec<OpenInvoiceView>>, ApiError> {
    let now = clock::now();
    let rows = terms_db::open_invoices(&mut *state.db.acquire().await?, i64::MAX).await?;
    Ok(Json(
        rows.into_iter()
            .map(|r| OpenInvoiceView {
                url_facture: format!("/api/backend/Commande/{}/facture.pdf", r.order_id),
                id_commande: r.order_id,
                numero_commande: r.order_number,
                numero_facture: r.invoice_number,
                id_compte: r.account_id,
                entreprise: r.company_name,
                email: r.customer_email,
                email_comptabilite: r.accounts_email,
                montant_cents: r.total_ttc_cents,
                emise_le: clock::iso8601(r.issued_at),
                echeance: quote_core::calendar::paris_local(r.due_at).0.to_string(),
                jours_retard: payment_terms::days_late(r.due_at, now),
                relances: r
                    .reminders
                    .split(',')
                    .filter(|s| !s.is_empty())
                    .map(str::to_owned)
                    .collect(),
            })
            .collect(),
    ))
}
