//! `POST /api/contact`: the site's contact form. The message is validated, guarded by the CSRF
//! token, the ALTCHA captcha and a per-IP rate limit, stored in `contact_messages`, then a copy
//! is e-mailed to the staff (`CONTACT_EMAIL`); a failed e-mail is logged, never shown.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use axum::Router;
use axum_extra::extract::CookieJar;
use serde::{Deserialize, Serialize};

use crate::auth::{captcha, csrf};
use crate::clock;
use crate::db::contact_messages::{self, NewContactMessage};
use crate::domain::{text, Email};
use crate::error::ApiError;
use crate::extract::Json;
use crate::mail::templates;
use crate::middleware::ClientIp;
use crate::rate_limit::{self, Limit};
use crate::state::AppState;

/// Messages accepted per IP address.
pub const CONTACT_PER_IP: Limit = Limit {
    max: 5,
    window: 60 * 60,
};
/// Longest name, in characters.
const NOM_MAX: usize = 100;
/// Longest subject, in characters.
const SUJET_MAX: usize = 200;
/// Shortest message, in characters.
const MESSAGE_MIN: usize = 10;
/// Longest message, in characters.
const MESSAGE_MAX: usize = 5000;

/// The answer of an accepted message.
pub const SENT_MESSAGE: &str =
    "Votre message a bien été envoyé. Nous vous répondons sous 48\u{a0}h ouvrées.";

/// The contact route.
pub fn router() -> Router<AppState> {
    Router::new().route("/api/contact", post(send))
}

/// Body of `POST /api/contact`, as the web app's contact form sends it.
#[derive(Debug, Default, Deserialize)]
pub struct ContactBody {
    nom: Option<String>,
    email: Option<String>,
    sujet: Option<String>,
    message: Option<String>,
    /// The ALTCHA widget's solution (base64 JSON).
    altcha: Option<String>,
}

/// A message whose every field passed validation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidMessage {
    /// Sender's name, trimmed.
    pub nom: String,
    /// Sender's address, normalised.
    pub email: Email,
    /// Subject, trimmed.
    pub sujet: String,
    /// Body, trimmed (line breaks kept).
    pub message: String,
}

/// Answer of an accepted message.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ContactSent"))]
pub struct SentView {
    success: bool,
    message: &'static str,
}

/// Checks every field, collecting one French message per bad field.
pub fn validate(body: &ContactBody) -> Result<ValidMessage, Vec<String>> {
    let mut errors = Vec::new();
    let field = |v: &Option<String>| v.as_deref().unwrap_or_default().to_owned();
    let nom = text::required(&field(&body.nom), "nom", NOM_MAX)
        .map_err(|e| errors.push(e.to_string()))
        .ok();
    let email = Email::parse(&field(&body.email))
        .map_err(|e| errors.push(e.to_string()))
        .ok();
    let sujet = text::required(&field(&body.sujet), "sujet", SUJET_MAX)
        .map_err(|e| errors.push(e.to_string()))
        .ok();
    let message = message_text(&field(&body.message))
        .map_err(|e| errors.push(e))
        .ok();
    match (nom, email, sujet, message) {
        (Some(nom), Some(email), Some(sujet), Some(message)) => Ok(ValidMessage {
            nom,
            email,
            sujet,
            message,
        }),
        _ => Err(errors),
    }
}

/// The trimmed message: 10 to 5 000 characters, line breaks and tabs allowed, no other control
/// character.
fn message_text(input: &str) -> Result<String, String> {
    let value = input.trim();
    let count = value.chars().count();
    if count == 0 {
        return Err("Le champ «\u{a0}message\u{a0}» est obligatoire.".to_owned());
    }
    if count < MESSAGE_MIN {
        return Err(format!(
            "Votre message doit contenir au moins {MESSAGE_MIN}\u{a0}caractères."
        ));
    }
    if count > MESSAGE_MAX {
        return Err("Votre message ne doit pas dépasser 5\u{a0}000\u{a0}caractères.".to_owned());
    }
    if value
        .chars()
        .any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
    {
        return Err(
            "Le champ «\u{a0}message\u{a0}» contient des caractères non autorisés.".to_owned(),
        );
    }
    Ok(value.to_owned())
}

/// Handles `POST /api/contact`. The CSRF token is required even without a session (the form is
/// public); the rate limit counts accepted messages only, so fixing a typo costs nothing.
pub async fn send(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    jar: CookieJar,
    headers: HeaderMap,
    Json(body): Json<ContactBody>,
) -> Result<(StatusCode, Json<SentView>), ApiError> {
    let token = headers.get(csrf::HEADER).and_then(|v| v.to_str().ok());
    if !csrf::verify(&state.keys, &jar, token) {
        return Err(ApiError::Csrf);
    }
    let bucket = format!("contact:{}", rate_limit::client_key(&ip));
    let ticket = rate_limit::take(&state, &bucket, CONTACT_PER_IP).await?;
    let valid = ticket
        .kept_if_ok(&state, validate(&body).map_err(ApiError::Validation))
        .await?;
    let checked = captcha::verify(&state, body.altcha.as_deref()).await;
    ticket.kept_if_ok(&state, checked).await?;
    let id = contact_messages::insert(
        &mut *state.db.acquire().await?,
        &NewContactMessage {
            nom: &valid.nom,
            email: valid.email.as_str(),
            sujet: &valid.sujet,
            message: &valid.message,
            ip: &ip,
        },
        clock::now(),
    )
    .await?;
    tracing::info!(contact_message = id, "contact message stored");
    let mail = templates::contact_copy(
        state.mailer.brand(),
        &state.config.settings.contact_email,
        &valid.nom,
        valid.email.as_str(),
        &valid.sujet,
        &valid.message,
    );
    if let Err(error) = state.mailer.send(mail).await {
        tracing::error!(contact_message = id, %error, "staff copy of a contact message not sent");
    }
    Ok((
        StatusCode::CREATED,
        Json(SentView {
            success: true,
            message: SENT_MESSAGE,
        }),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(nom: &str, email: &str, sujet: &str, message: &str) -> ContactBody {
        ContactBody {
            nom: Some(nom.into()),
            email: Some(email.into()),
            sujet: Some(sujet.into()),
            message: Some(message.into()),
            altcha: None,
        }
    }

    #[test]
    fn a_complete_message_is_trimmed_and_keeps_its_line_breaks() {
        let valid = validate(&body(
            " Léa Martin ",
            "Lea@Exemple.fr",
            " Devis ",
            " Bonjour,\n\tune pièce en PETG. ",
        ))
        .unwrap();
        assert_eq!(valid.nom, "Léa Martin");
        assert_eq!(valid.email.as_str(), "lea@exemple.fr");
        assert_eq!(valid.sujet, "Devis");
        assert_eq!(valid.message, "Bonjour,\n\tune pièce en PETG.");
    }

    #[test]
    fn an_empty_body_gets_one_french_message_per_field() {
        let errors = validate(&ContactBody::default()).unwrap_err();
        assert_eq!(errors.len(), 4, "{errors:?}");
        assert!(errors[0].contains("nom"), "{errors:?}");
        assert!(errors[1].contains("adresse e-mail"), "{errors:?}");
        assert!(errors[2].contains("sujet"), "{errors:?}");
        assert!(errors[3].contains("message"), "{errors:?}");
    }

    #[test]
    fn message_length_is_bounded_in_characters() {
        assert!(message_text("ééééééééé").is_err(), "9 characters");
        assert!(message_text("éééééééééé").is_ok(), "10 characters");
        assert!(message_text(&"é".repeat(5000)).is_ok());
        let err = message_text(&"é".repeat(5001)).unwrap_err();
        assert!(err.contains("5\u{a0}000"), "{err}");
    }

    #[test]
    fn a_long_subject_and_control_characters_are_refused() {
        let errors = validate(&body(
            "Léa",
            "lea@exemple.fr",
            &"s".repeat(201),
            "Bonjour\u{7}, le devis ?",
        ))
        .unwrap_err();
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(errors[0].contains("200"), "{errors:?}");
        assert!(errors[1].contains("non autorisés"), "{errors:?}");
    }
}
