//! Share links of a saved quote and « Envoyer au service achats » (issue 25, part 3;
//! `commerce::quote_links` decides):
//! - `POST Devis/{numero}/liens`: a new read-only link (201, the link given this once);
//! - `GET Devis/{numero}/liens`: the quote's active links (never their tokens);
//! - `DELETE Devis/{numero}/liens/{id}`: revokes one (204);
//! - `POST Devis/{numero}/envoyer` `{email, message}`: e-mails the quote's PDF and a new link to
//!   that address (replies go to the customer); 201 with the link;
//! - `GET Devis/partage/{jeton}` and `GET Devis/partage/{jeton}/pdf`: the quote as it was issued,
//!   for anyone holding a valid link, signed in or not.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use axum::Router;
use serde::{Deserialize, Serialize};

use crate::auth::AuthUser;
use crate::clock;
use crate::commerce::error::CommerceError;
use crate::commerce::pdf_archive;
use crate::commerce::quote_links::{self, LinkView};
use crate::documents::QuoteData;
use crate::domain::paris_time::fr_date;
use crate::domain::{Cents, Email};
use crate::error::ApiError;
use crate::extract::{Json, Path};
use crate::mail::quote_templates::{self, ForwardedQuote};
use crate::rate_limit::{self, QUOTE_FORWARD_PER_ACCOUNT, QUOTE_LINKS_PER_ACCOUNT};
use crate::state::AppState;

/// The share routes, under `/api/backend`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/Devis/{numero}/liens", post(make_link).get(links))
        .route("/Devis/{numero}/liens/{id}", delete(revoke_link))
        .route("/Devis/{numero}/envoyer", post(forward))
        .route("/Devis/partage/{jeton}", get(shared_quote))
        .route("/Devis/partage/{jeton}/pdf", get(shared_pdf))
}

/// Longest message « Envoyer au service achats » carries, in characters.
pub const MAX_MESSAGE_CHARS: usize = 2000;

/// Handles `POST Devis/{numero}/liens`.
async fn make_link(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(number): Path<String>,
) -> Result<Response, ApiError> {
    let account = user.account_id();
    let bucket = format!("devis-liens:{account}");
    let ticket = rate_limit::take(&state, &bucket, QUOTE_LINKS_PER_ACCOUNT).await?;
    let made = quote_links::create(&state.db, account, &number, None, clock::now())
        .await
        .map_err(ApiError::from);
    let (_, row, token) = ticket.kept_if_ok(&state, made).await?;
    let view = quote_links::made(&row, state.mailer.base_url(), &token);
    Ok((StatusCode::CREATED, Json(view)).into_response())
}

/// Handles `GET Devis/{numero}/liens`.
async fn links(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(number): Path<String>,
) -> Result<Json<Vec<LinkView>>, ApiError> {
    Ok(Json(
        quote_links::list(&state.db, user.account_id(), &number).await?,
    ))
}

/// Handles `DELETE Devis/{numero}/liens/{id}`.
async fn revoke_link(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path((number, id)): Path<(String, i64)>,
) -> Result<StatusCode, ApiError> {
    quote_links::revoke(&state.db, user.account_id(), &number, id, clock::now()).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The body of `POST Devis/{numero}/envoyer`.
#[derive(Debug, Default, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "QuoteForwardBody"))]
#[serde(default)]
pub struct ForwardBody {
    /// The recipient's address (the purchasing department).
    pub email: String,
    /// A few words for the recipient (plain text), optional.
    #[cfg_attr(feature = "ts", ts(optional))]
    pub message: Option<String>,
}

/// The checked recipient and message, or each field's French reason.
fn check(body: &ForwardBody) -> Result<(Email, Option<String>), CommerceError> {
    let email = body.email.trim();
    if email.is_empty() {
        return Err(CommerceError::InvalidField {
            field: "email",
            reason: "Indiquez l'adresse e-mail du destinataire.".to_owned(),
        });
    }
    let email = Email::parse(email).map_err(|e| CommerceError::InvalidField {
        field: "email",
        reason: e.to_string(),
    })?;
    let message = body
        .message
        .as_deref()
        .map(|m| m.replace("\r\n", "\n").trim().to_owned())
        .filter(|m| !m.is_empty());
    if let Some(m) = &message {
        if m.chars().count() > MAX_MESSAGE_CHARS {
            return Err(CommerceError::InvalidField {
                field: "message",
                reason: "Le message ne peut pas dépasser 2\u{a0}000 caractères.".to_owned(),
            });
        }
        if m.chars().any(|c| c.is_control() && c != '\n' && c != '\t') {
            return Err(CommerceError::InvalidField {
                field: "message",
                reason: "Le message contient des caractères de contrôle.".to_owned(),
            });
        }
    }
    Ok((email, message))
}

/// « Jeanne Dupont (Atelier Dupont) »: the customer as its quote names it.
fn sender_name(data: &QuoteData) -> String {
    match &data.buyer.company {
        Some(c) if !c.trim().is_empty() => format!("{} ({c})", data.buyer.name),
        _ => data.buyer.name.clone(),
    }
}

/// Handles `POST Devis/{numero}/envoyer`: a link made for the address, and the message queued
/// with the PDF, both or neither.
async fn forward(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(number): Path<String>,
    Json(body): Json<ForwardBody>,
) -> Result<Response, ApiError> {
    let (email, message) = check(&body)?;
    let account = user.account_id();
    let bucket = format!("devis-envoi:{account}");
    let ticket = rate_limit::take(&state, &bucket, QUOTE_FORWARD_PER_ACCOUNT).await?;
    let sent = send(&state, &user.row.email, account, &number, &email, message).await;
    let view = ticket.kept_if_ok(&state, sent).await?;
    Ok((StatusCode::CREATED, Json(view)).into_response())
}

async fn send(
    state: &AppState,
    sender_email: &str,
    account: i64,
    number: &str,
    to: &Email,
    message: Option<String>,
) -> Result<LinkView, ApiError> {
    let now = clock::now();
    let (quote, row, token) =
        quote_links::create(&state.db, account, number, Some(to.as_str()), now).await?;
    let view = quote_links::made(&row, state.mailer.base_url(), &token);
    let stored = crate::db::quotes::by_number(&mut *state.db.acquire().await?, number).await?;
    let Some((_, total_ttc, data)) = stored else {
        return Err(ApiError::Internal(anyhow::anyhow!(
            "quote {number} vanished"
        )));
    };
    let parsed: QuoteData = serde_json::from_str(&data)
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("quote {number}: {e}")))?;
    let pdf = pdf_archive::issued_quote_pdf(&state.storage, number, data).await?;
    let sender = sender_name(&parsed);
    let forwarded = ForwardedQuote {
        number,
        sender: &sender,
        sender_email,
        total_ttc: &Cents(total_ttc).fr(),
        valid_until: &fr_date(quote.valid_until),
        link: view.lien.as_deref().unwrap_or_default(),
        message: message.as_deref(),
    };
    let mail =
        quote_templates::quote_forward(state.mailer.brand(), to.as_str(), &forwarded, pdf.to_vec());
    if let Err(e) = state.mailer.send(mail).await {
        // Nothing was queued: the link would be known to nobody, so it goes too.
        quote_links::revoke(&state.db, account, number, row.id, now).await?;
        return Err(ApiError::Internal(anyhow::anyhow!("quote forward: {e}")));
    }
    Ok(view)
}

/// A line of a shared quote.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SharedQuoteLine {
    /// What the line is (« cube.stl — SLA, Résine standard »).
    pub designation: String,
    /// Its small print (dimensions, quantity discount, lead time).
    pub details: Vec<String>,
    /// Number of parts.
    pub quantite: i64,
    /// Unit price excl. VAT, cents.
    pub prix_unitaire_ht_cents: i64,
    /// Line total excl. VAT, cents.
    pub total_ht_cents: i64,
}

/// A quote as its share link shows it: what its PDF prints, read-only.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SharedQuote {
    /// `DE-2026-000001`.
    pub numero: String,
    /// Issued at, ISO 8601.
    pub date: String,
    /// Last instant of validity, ISO 8601.
    pub valable_jusqu_au: String,
    /// The seller's legal name.
    pub vendeur: String,
    /// The customer's name.
    pub client: String,
    /// The customer's company, if any.
    pub entreprise: Option<String>,
    /// The buyer's order reference it prints, when given.
    pub reference_commande_client: Option<String>,
    /// Its lines.
    pub lignes: Vec<SharedQuoteLine>,
    /// Sum of the lines excl. VAT, cents.
    pub sous_total_ht_cents: i64,
    /// Discount excl. VAT, cents (0 without one).
    pub remise_cents: i64,
    /// What the discount is, when there is one.
    pub remise_libelle: Option<String>,
    /// Shipping excl. VAT, cents.
    pub frais_port_cents: i64,
    /// Total excl. VAT, cents.
    pub total_ht_cents: i64,
    /// VAT rate, basis points (2000 = 20 %).
    pub tva_taux_bp: i64,
    /// VAT, cents.
    pub tva_cents: i64,
    /// Total incl. VAT, cents.
    pub total_ttc_cents: i64,
    /// Ship date it gives for an order paid at its issue (`AAAA-MM-JJ`), when it prints one.
    pub expedition: Option<String>,
    /// Delivery range (`AAAA-MM-JJ`, first and last day), when it prints one.
    pub livraison: Option<(String, String)>,
    /// Its remarks (what the shipping fee assumes, parts still to be checked).
    pub remarques: Vec<String>,
    /// Its PDF, through the same link.
    pub pdf: String,
}

fn shared_view(number: String, data: QuoteData, token: &str) -> SharedQuote {
    let t = &data.totals;
    SharedQuote {
        pdf: format!("/api/backend/Devis/partage/{token}/pdf"),
        date: clock::iso8601(data.issued_at),
        valable_jusqu_au: clock::iso8601(data.valid_until),
        vendeur: data.seller.legal_name.clone(),
        client: data.buyer.name.clone(),
        entreprise: data.buyer.company.clone(),
        reference_commande_client: data.buyer_reference.clone(),
        lignes: data
            .lines
            .iter()
            .map(|l| SharedQuoteLine {
                designation: l.designation.clone(),
                details: l.details.clone(),
                quantite: l.quantity,
                prix_unitaire_ht_cents: l.unit_price_ht.get(),
                total_ht_cents: l.total_ht.get(),
            })
            .collect(),
        sous_total_ht_cents: t.subtotal_ht.get(),
        remise_cents: t.discount.get(),
        remise_libelle: t.discount_label.clone(),
        frais_port_cents: t.shipping.get(),
        total_ht_cents: t.total_ht.get(),
        tva_taux_bp: t.vat_rate_bp,
        tva_cents: t.vat.get(),
        total_ttc_cents: t.total_ttc.get(),
        expedition: data.ship_date.clone(),
        livraison: data.delivery.clone(),
        remarques: data.notes.clone(),
        numero: number,
    }
}

/// Handles `GET Devis/partage/{jeton}`: open to anyone holding a valid link.
async fn shared_quote(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> Result<Response, ApiError> {
    let (number, data) = quote_links::open(&state.db, &token, clock::now()).await?;
    let data: QuoteData = serde_json::from_str(&data)
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("quote {number}: {e}")))?;
    let view = shared_view(number, data, &token);
    // A link's page is nobody's to cache but its reader's.
    Ok((
        [(axum::http::header::CACHE_CONTROL, "private, no-store")],
        Json(view),
    )
        .into_response())
}

/// Handles `GET Devis/partage/{jeton}/pdf`: the quote's PDF as it was handed out.
async fn shared_pdf(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> Result<Response, ApiError> {
    let (number, data) = quote_links::open(&state.db, &token, clock::now()).await?;
    let bytes = pdf_archive::issued_quote_pdf(&state.storage, &number, data).await?;
    Ok(crate::routes::download::pdf(&number, bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(email: &str, message: Option<&str>) -> ForwardBody {
        ForwardBody {
            email: email.to_owned(),
            message: message.map(str::to_owned),
        }
    }

    fn reason(r: Result<(Email, Option<String>), CommerceError>) -> (String, String) {
        match r {
            Err(CommerceError::InvalidField { field, reason }) => (field.to_owned(), reason),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_recipient_and_the_message_are_checked_in_french() {
        let (email, message) = check(&body(" Achats@Client.FR ", Some(" Bonjour\r\n "))).unwrap();
        assert_eq!(email.as_str(), "achats@client.fr");
        assert_eq!(message.as_deref(), Some("Bonjour"));
        assert_eq!(check(&body("a@b.fr", Some("  "))).unwrap().1, None);
        assert_eq!(
            reason(check(&body("  ", None))),
            (
                "email".to_owned(),
                "Indiquez l'adresse e-mail du destinataire.".to_owned()
            )
        );
        assert_eq!(reason(check(&body("achats", None))).0, "email");
        let long = "é".repeat(MAX_MESSAGE_CHARS + 1);
        assert_eq!(reason(check(&body("a@b.fr", Some(&long)))).0, "message");
        assert!(check(&body("a@b.fr", Some(&"é".repeat(MAX_MESSAGE_CHARS)))).is_ok());
        assert_eq!(
            reason(check(&body("a@b.fr", Some("bip\u{7}")))).0,
            "message"
        );
    }
}
