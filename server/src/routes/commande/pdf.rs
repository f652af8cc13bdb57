//! Endpoints of an order's documents: `GET Commande/{id}/facture.pdf` and
//! `GET Commande/{id}/avoir.pdf`, rendered once from the frozen data of the invoice or credit note
//! and kept in the object store (so a reprint is the document as issued), for the order's owner
//! or an admin.

use axum::extract::State;
use axum::response::Response;

use crate::auth::AuthUser;
use crate::commerce::{invoicing, pdf_archive};
use crate::db::{invoices, orders};
use crate::documents::{self, CreditNoteData, InvoiceData};
use crate::error::ApiError;
use crate::extract::Path;
use crate::state::AppState;

/// Answer when the order has no such document.
pub const NO_INVOICE: &str = "Cette commande n'a pas encore de facture.";
/// Answer when the order has no credit note.
pub const NO_CREDIT_NOTE: &str = "Cette commande n'a pas d'avoir.";

fn not_found(message: &str) -> ApiError {
    ApiError::NotFoundWith(message.to_owned())
}

/// The order `raw_id` when the caller owns it or is an admin; 404 otherwise (another customer
/// learns nothing of it).
async fn readable_order(state: &AppState, user: &AuthUser, raw_id: &str) -> Result<i64, ApiError> {
    let id = raw_id
        .parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| not_found(invoicing::ORDER_NOT_FOUND))?;
    let mut conn = state.db.pool.acquire().await?;
    let order = orders::find_row(&mut conn, id, "")
        .await?
        .ok_or_else(|| not_found(invoicing::ORDER_NOT_FOUND))?;
    if order.head.account_id != user.0.account_id() && !user.0.is_admin() {
        return Err(not_found(invoicing::ORDER_NOT_FOUND));
    }
    Ok(id)
}

/// Handles the `GET /api/backend/Commande/{id}/facture.pdf` route.
pub async fn invoice_pdf(
    State(state): State<AppState>,
    user: AuthUser,
    Path(raw_id): Path<String>,
) -> Result<Response, ApiError> {
    let id = readable_order(&state, &user, &raw_id).await?;
    let mut conn = state.db.pool.acquire().await?;
    let (_, number, data) = invoices::invoice_of_order(&mut conn, id)
        .await?
        .ok_or_else(|| not_found(NO_INVOICE))?;
    drop(conn);
    let bytes = pdf_archive::issued_pdf::<InvoiceData, _>(
        &state.storage,
        &number,
        data,
        documents::render_invoice,
    )
    .await?;
    Ok(crate::routes::download::pdf(&number, bytes))
}

/// Handles the `GET /api/backend/Commande/{id}/avoir.pdf` route.
pub async fn credit_note_pdf(
    State(state): State<AppState>,
    user: AuthUser,
    Path(raw_id): Path<String>,
) -> Result<Response, ApiError> {
    let id = readable_order(&state, &user, &raw_id).await?;
    let mut conn = state.db.pool.acquire().await?;
    let (number, data) = invoices::credit_note_of_order(&mut conn, id)
        .await?
        .ok_or_else(|| not_found(NO_CREDIT_NOTE))?;
    drop(conn);
    let bytes = pdf_archive::issued_pdf::<CreditNoteData, _>(
        &state.storage,
        &number,
        data,
        documents::render_credit_note,
    )
    .await?;
    Ok(crate::routes::download::pdf(&number, bytes))
}
