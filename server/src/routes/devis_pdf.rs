//! Endpoints of the basket's quote PDF (docs/commerce-api.md "Quote PDF"):
//! - `POST Devis/pdf?idAdresseFacturation=&idAdresseLivraison=&codeReduction=&reference_commande_client=`
//!   issues one: the basket is priced as `POST Commande/Recapitulatif` prices it, with the
//!   buyer's own order reference typed at checkout when given; `commerce::quote` numbers and
//!   stores the quote; `documents` renders it; the PDF is kept in the object store
//!   (`documents/DE-YYYY-NNNNNN.pdf`) as it was handed out, and answered. A POST, so that the
//!   CSRF check guards it: another site cannot spend a customer's quote numbers through a link
//!   (issue 22, finding 9). `GET Devis/pdf` answers 405 with the French reason.
//! - `GET Devis/{numero}/pdf` downloads an issued quote again, for its owner only.

use axum::extract::{RawQuery, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;

use crate::auth::AuthUser;
use crate::clock;
use crate::commerce::error::CommerceError;
use crate::commerce::quote::{self, QuoteFor};
use crate::commerce::{
    addresses, invoicing, order_reference, pdf_archive, ship_dates, shipping, vat_check,
};
use crate::db::addresses::AddressView;
use crate::db::quotes;
use crate::db::sessions::SessionRow;
use crate::documents::{self, Seller};
use crate::domain::OrderReference;
use crate::error::ApiError;
use crate::extract::Path;
use crate::rate_limit::{self, QUOTE_PDF_PER_ACCOUNT};
use crate::state::AppState;

/// The quote PDF routes, under `/api/backend`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/Devis/pdf", post(quote_pdf).get(issue_by_get))
        .route("/Devis/{numero}/pdf", get(issued_quote_pdf))
}

/// Why `GET Devis/pdf` issues nothing.
pub const ISSUE_WITH_POST: &str =
    "Un devis numéroté s'émet par une requête POST depuis le panier ou la commande.";

/// Answer of an issued quote that is not the caller's, or of an unknown number.
pub const QUOTE_NOT_FOUND: &str = "Devis introuvable.";

/// Handles `GET /api/backend/Devis/pdf`: 405, nothing numbered.
async fn issue_by_get() -> Response {
    (
        StatusCode::METHOD_NOT_ALLOWED,
        [(header::ALLOW, "POST")],
        crate::extract::Json(serde_json::json!({ "message": ISSUE_WITH_POST })),
    )
        .into_response()
}

/// Handles `GET /api/backend/Devis/{numero}/pdf`: the quote as it was handed out, for the
/// account it was issued to (404 for anyone else, as for an unknown number).
pub async fn issued_quote_pdf(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(number): Path<String>,
) -> Result<Response, ApiError> {
    let not_found = || ApiError::NotFoundWith(QUOTE_NOT_FOUND.to_owned());
    let found = quotes::by_number(&mut *state.db.pool.acquire().await?, &number).await?;
    let Some((owner, _, data)) = found else {
        return Err(not_found());
    };
    if owner != user.account_id() {
        return Err(not_found());
    }
    let bytes = pdf_archive::issued_quote_pdf(&state.storage, &number, data).await?;
    Ok(crate::routes::download::pdf(&number, bytes))
}

/// What the query names (the first value of each name; an empty value is no value).
#[derive(Debug, Default, PartialEq, Eq)]
struct QuoteQuery {
    /// `idAdresseFacturation`. A value that is not a number is kept as `Some(0)`, which no
    /// address has: the answer is then the 404 of an address that is not the caller's.
    billing: Option<i64>,
    /// `idAdresseLivraison`, read the same way.
    delivery: Option<i64>,
    /// `codeReduction`.
    code: Option<String>,
    /// `reference_commande_client` (trimmed; checked by the handler).
    reference: Option<String>,
}

impl QuoteQuery {
    fn parse(query: Option<&str>) -> QuoteQuery {
        let mut q = QuoteQuery::default();
        for (name, value) in url::form_urlencoded::parse(query.unwrap_or_default().as_bytes()) {
            let value = value.trim();
            if value.is_empty() {
                continue;
            }
            let id = || Some(value.parse::<i64>().unwrap_or(0));
            match name.as_ref() {
                "idAdresseFacturation" if q.billing.is_none() => q.billing = id(),
                "idAdresseLivraison" if q.delivery.is_none() => q.delivery = id(),
                "codeReduction" if q.code.is_none() => q.code = Some(value.to_owned()),
                order_reference::FIELD if q.reference.is_none() => {
                    q.reference = Some(value.to_owned());
                }
                _ => {}
            }
        }
        q
    }
}

/// Handles the `POST /api/backend/Devis/pdf` route: a numbered quote of the caller's basket
/// (`DE-YYYY-NNNNNN.pdf`), with the company of `idAdresseFacturation`, the shipping fee and VAT
/// of `idAdresseLivraison` (else of the billing address, else France métropolitaine) and the
/// discount of `codeReduction`.
pub async fn quote_pdf(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    let account = user.account_id();
    let query = QuoteQuery::parse(query.as_deref());
    // Refused before anything is counted or numbered.
    let reference =
        OrderReference::parse_optional(query.reference.as_deref()).map_err(CommerceError::from)?;
    let (billing, delivery) = {
        let mut conn = state.db.pool.acquire().await?;
        let billing = match query.billing {
            Some(id) => Some(addresses::owned(&mut conn, Some(id), account).await?),
            None => None,
        };
        let delivery = match query.delivery {
            Some(id) => Some(addresses::owned(&mut conn, Some(id), account).await?),
            None => billing.clone(),
        };
        (billing, delivery)
    };
    let ticket = rate_limit::take(
        &state,
        &format!("devis-pdf:{account}"),
        QUOTE_PDF_PER_ACCOUNT,
    )
    .await?;
    let choice = QuoteChoice {
        billing,
        delivery,
        code: query.code.as_deref(),
        reference,
    };
    let result = issue_pdf(&state, &user.row, choice).await;
    let (number, bytes) = ticket.kept_if_ok(&state, result).await?;
    Ok(crate::routes::download::pdf(&number, bytes))
}

/// What the customer asked the quote for, checked.
struct QuoteChoice<'a> {
    billing: Option<AddressView>,
    delivery: Option<AddressView>,
    code: Option<&'a str>,
    reference: Option<OrderReference>,
}

/// Prices the basket, issues the quote and renders it: `(number, PDF)`.
async fn issue_pdf(
    state: &AppState,
    user: &SessionRow,
    choice: QuoteChoice<'_>,
) -> Result<(String, bytes::Bytes), ApiError> {
    let QuoteChoice {
        billing,
        delivery,
        code,
        reference,
    } = choice;
    let catalog = state.catalog();
    let zone = delivery.as_ref().map_or(quote::DEFAULT_ZONE, |d| {
        shipping::zone_code(&d.id_pays.code)
    });
    let now = clock::now();
    let vat = match (&delivery, &billing) {
        (Some(d), Some(b)) => vat_check::decide(&state.db, &state.vies, d, b, now).await?,
        (Some(d), None) => vat_check::decide(&state.db, &state.vies, d, d, now).await?,
        (None, _) => quote::default_vat(),
    };
    let (rows, t) =
        quote::price_basket(&state.db, &catalog, user.account_id, zone, vat, code, now).await?;
    let buyer = match &billing {
        Some(b) => {
            let snapshot = serde_json::to_string(b).map_err(|e| ApiError::Internal(e.into()))?;
            invoicing::party(&snapshot, Some(&user.email))
        }
        None => quote::account_party(&user.prenom, &user.nom, &user.email),
    };
    let target = QuoteFor {
        buyer,
        zone_name: catalog
            .shipping
            .zone(zone)
            .map_or_else(|| zone.to_owned(), |z| z.name.clone()),
        address_given: delivery.is_some(),
        card_payment: state.payment.is_some(),
        buyer_reference: reference,
        ship_date: ship_dates::of_basket(&t, &catalog, state.dates_now())?,
    };
    let seller = Seller::from_env(&state.config.settings.brand_name);
    let data = quote::quote_data(&t, &rows, target, &seller, now)?;
    let basket = quote::quoted_basket(&t, &rows)?;
    let data = quote::issue(&state.db, user.account_id, data, &basket).await?;
    let number = data.number.clone();
    let bytes = tokio::task::spawn_blocking(move || documents::render_quote(&data))
        .await
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("PDF task: {e}")))?
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("quote PDF rendering: {e}")))?;
    let bytes = bytes::Bytes::from(bytes);
    pdf_archive::keep_quote(&state.storage, &number, bytes.clone()).await?;
    Ok((number, bytes))
}

#[cfg(test)]
mod tests {
    use super::QuoteQuery;

    #[test]
    fn the_query_names_the_buyer_s_order_reference() {
        let q = QuoteQuery::parse(Some(
            "reference_commande_client=%20BC-2026%2F0042%20&reference_commande_client=autre",
        ));
        assert_eq!(q.reference.as_deref(), Some("BC-2026/0042"));
        assert_eq!(
            QuoteQuery::parse(Some("reference_commande_client=")).reference,
            None
        );
    }

    fn ids(query: &str) -> (Option<i64>, Option<i64>, Option<String>) {
        let q = QuoteQuery::parse(Some(query));
        (q.billing, q.delivery, q.code)
    }

    #[test]
    fn the_query_names_the_addresses_and_the_code() {
        assert_eq!(QuoteQuery::parse(None), QuoteQuery::default());
        assert_eq!(ids(""), (None, None, None));
        assert_eq!(ids("idAdresseFacturation=12"), (Some(12), None, None));
        assert_eq!(
            ids("idAdresseLivraison=3&idAdresseFacturation=4&x=1&codeReduction=Bienvenue%2010"),
            (Some(4), Some(3), Some("Bienvenue 10".to_owned()))
        );
        assert_eq!(
            ids("idAdresseFacturation=&idAdresseLivraison=%205&codeReduction="),
            (None, Some(5), None)
        );
        // Not a number: an id no address has (404), never the basket without a company.
        assert_eq!(ids("idAdresseFacturation=abc"), (Some(0), None, None));
        assert_eq!(
            ids("idAdresseFacturation=7&idAdresseFacturation=8"),
            (Some(7), None, None)
        );
    }
}
