//! Endpoints of the `Factures` controller (admin): `GET Factures?q=&type=&page=&par_page=`, every
//! invoice and credit note issued, newest first, with the customer and the totals as printed
//! (read from the frozen document) and the PDF's address. A credit note is issued by cancelling
//! the paid order (`PUT Commande/{id}/statut`, state machine), never here. The accountant's
//! exports of a period (`commerce::accounting`): `GET Factures/fec?du=&au=` (FEC),
//! `GET Factures/etat-recapitulatif?mois=AAAA-MM` (intra-EU supplies per customer VAT number,
//! CSV) and `GET Factures/archive?du=&au=` (ZIP of the documents as issued).

use crate::extract::Query;
use axum::extract::State;
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use serde::{Deserialize, Serialize};

use crate::auth::AdminUser;
use crate::clock;
use crate::commerce::accounting::{self, Export, Period};
use crate::commerce::order_status::OrderStatus;
use crate::db::invoices::{self, DocKind, DocumentRow};
use crate::documents::{DocTotals, Party, Seller};
use crate::error::ApiError;
use crate::extract::Json;
use crate::routes::paging::Paging;
use crate::state::AppState;

/// The `Factures` routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/Factures", get(list))
        .route("/Factures/fec", get(fec))
        .route("/Factures/etat-recapitulatif", get(intra_eu_statement))
        .route("/Factures/archive", get(archive))
}

/// Query of the exports of a period: `du` and `au` (`AAAA-MM-JJ`, Paris days, both included).
#[derive(Debug, Deserialize)]
pub struct PeriodQuery {
    /// First day.
    pub du: Option<String>,
    /// Last day.
    pub au: Option<String>,
}

/// Query of the état récapitulatif: `mois` (`AAAA-MM`).
#[derive(Debug, Deserialize)]
pub struct MonthQuery {
    /// The month.
    pub mois: Option<String>,
}

/// An export as a download, never cached.
fn download(export: Export) -> Response {
    super::download::attachment(export.content_type, &export.file_name, export.bytes)
}

/// Handles `GET /api/backend/Factures/fec?du=&au=` (admin).
pub async fn fec(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
    Query(query): Query<PeriodQuery>,
) -> Result<Response, ApiError> {
    let period = Period::parse(query.du.as_deref(), query.au.as_deref())?;
    let seller = Seller::from_env(&state.config.settings.brand_name);
    let mut conn = state.db.pool.acquire().await?;
    Ok(download(accounting::fec(&mut conn, &seller, period).await?))
}

/// Handles `GET /api/backend/Factures/etat-recapitulatif?mois=` (admin).
pub async fn intra_eu_statement(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
    Query(query): Query<MonthQuery>,
) -> Result<Response, ApiError> {
    let month = Period::month(query.mois.as_deref())?;
    let mut conn = state.db.pool.acquire().await?;
    Ok(download(
        accounting::intra_eu_statement(&mut conn, month).await?,
    ))
}

/// Handles `GET /api/backend/Factures/archive?du=&au=` (admin).
pub async fn archive(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
    Query(query): Query<PeriodQuery>,
) -> Result<Response, ApiError> {
    let period = Period::parse(query.du.as_deref(), query.au.as_deref())?;
    let mut conn = state.db.pool.acquire().await?;
    let content = accounting::archive_content(&mut conn, period).await?;
    drop(conn);
    Ok(download(
        accounting::archive(&state.storage, content).await?,
    ))
}

/// Query of `GET Factures`, read as text (see `paging`).
#[derive(Debug, Deserialize)]
pub struct ListQuery {
    /// Search in the document's number, its order's number and the customer.
    pub q: Option<String>,
    /// `facture` or `avoir`; both when absent.
    #[serde(rename = "type")]
    pub kind: Option<String>,
    /// Page from 1.
    pub page: Option<String>,
    /// Rows a page.
    pub par_page: Option<String>,
}

/// The customer as the document prints it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "InvoiceClient"))]
pub struct DocClient {
    /// Account id.
    pub id: i64,
    /// E-mail at ordering.
    pub email: String,
    /// First and last name on the document.
    pub nom: String,
    /// Company on the document, if any.
    pub entreprise: Option<String>,
}

/// One invoice or credit note.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "InvoiceDocument"))]
pub struct FactureView {
    /// `facture` or `avoir`.
    #[serde(rename = "type")]
    #[cfg_attr(feature = "ts", ts(type = "\"facture\" | \"avoir\""))]
    pub kind: &'static str,
    /// `FA-2026-000001` or `AV-2026-000001`.
    pub numero: String,
    /// ISO date of issue.
    pub date: String,
    /// The order.
    pub id_commande: i64,
    /// Its number.
    pub commande: String,
    /// Its status now.
    #[serde(rename = "statut_commande")]
    pub statut_commande: String,
    /// The customer.
    pub client: DocClient,
    /// Total excl. VAT as printed (a credit note credits the invoice's totals).
    #[serde(rename = "total_ht_cents")]
    pub total_ht_cents: i64,
    /// VAT as printed.
    #[serde(rename = "tva_cents")]
    pub tva_cents: i64,
    /// Total incl. VAT as printed.
    #[serde(rename = "total_ttc_cents")]
    pub total_ttc_cents: i64,
    /// Where the PDF is downloaded.
    pub url: String,
    /// For an invoice: the credit note that cancels it, if any.
    pub avoir: Option<String>,
    /// For a credit note: the invoice it cancels.
    pub facture: Option<String>,
    /// For a credit note: its reason.
    pub motif: Option<String>,
    /// For an invoice: whether its order may still be cancelled (which issues the credit note).
    pub annulable: bool,
}

/// A page of documents.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "InvoicesPage"))]
pub struct FacturesPage {
    /// Documents.
    pub items: Vec<FactureView>,
    /// Documents matching the filters.
    pub total: i64,
    /// This page.
    pub page: i64,
    /// Page size.
    pub par_page: i64,
}

/// The part of a frozen invoice or credit note the list shows.
#[derive(Debug, Deserialize)]
struct Printed {
    buyer: Party,
    totals: DocTotals,
}

fn view(row: DocumentRow) -> Result<FactureView, ApiError> {
    let printed: Printed = serde_json::from_str(&row.data)
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("frozen document {}: {e}", row.number)))?;
    let (file, avoir, facture, motif) = match row.kind {
        DocKind::Invoice => ("facture.pdf", row.related, None, None),
        DocKind::CreditNote => ("avoir.pdf", None, row.related, Some(row.reason)),
    };
    let annulable = row.kind == DocKind::Invoice
        && avoir.is_none()
        && OrderStatus::parse(&row.order_status)
            .is_some_and(|s| s.can_go_to(OrderStatus::Cancelled));
    Ok(FactureView {
        kind: row.kind.as_str(),
        numero: row.number,
        date: clock::iso8601(row.issued_at),
        id_commande: row.order_id,
        commande: row.order_number,
        statut_commande: row.order_status,
        client: DocClient {
            id: row.account_id,
            email: row.customer_email,
            nom: printed.buyer.name,
            entreprise: printed.buyer.company,
        },
        total_ht_cents: printed.totals.total_ht.get(),
        tva_cents: printed.totals.vat.get(),
        total_ttc_cents: row.total_ttc_cents,
        url: format!("/api/backend/Commande/{}/{file}", row.order_id),
        avoir,
        facture,
        motif,
        annulable,
    })
}

/// Handles `GET /api/backend/Factures?q=&type=&page=&par_page=` (admin).
pub async fn list(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
    Query(query): Query<ListQuery>,
) -> Result<Json<FacturesPage>, ApiError> {
    let kind = match query
        .kind
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        None => None,
        Some(k) => Some(DocKind::parse(k).ok_or_else(|| {
            ApiError::bad_request("Type de document inconnu\u{a0}: « facture » ou « avoir ».")
        })?),
    };
    let paging = Paging::parse(query.page.as_deref(), query.par_page.as_deref())?;
    let q = query.q.as_deref().map(str::trim).filter(|q| !q.is_empty());
    if q.is_some_and(|q| q.chars().count() > 200) {
        return Err(ApiError::bad_request(
            "La recherche ne doit pas dépasser 200\u{a0}caractères.",
        ));
    }
    let mut conn = state.db.pool.acquire().await?;
    let (rows, total) =
        invoices::search(&mut conn, kind, q, paging.per_page, paging.offset()).await?;
    let items = rows.into_iter().map(view).collect::<Result<_, _>>()?;
    Ok(Json(FacturesPage {
        items,
        total,
        page: paging.page,
        par_page: paging.per_page,
    }))
}
