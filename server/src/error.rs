//! The API error type: one enum for every handler, mapped in one place to a status and a JSON body
//! the web app's error catalogue reads (`errors`, then `title`, then `message`; the instant
//! quote's refusals add `success: false`). A 5xx never carries internals.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

/// Message of every 5xx answer.
pub const INTERNAL_MESSAGE: &str = "Erreur serveur interne";
/// Message of an admin route refused to an admin whose two-factor authentication is off.
pub const ADMIN_TWO_FACTOR_MESSAGE: &str = "Activez la double authentification de votre compte \
     pour accéder à l'administration (Paramètres, « Double authentification »).";
/// Message of every 429 answer.
pub const TOO_MANY_MESSAGE: &str =
    "Trop de tentatives en peu de temps. Veuillez réessayer plus tard.";

/// Message of a 429 that asks for the captcha (too many failed sign-ins for one e-mail).
pub const CAPTCHA_REQUIRED_MESSAGE: &str =
    "Trop de tentatives pour ce compte. Complétez la vérification anti-robot pour réessayer.";

/// Every error a handler may return.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 400 with a list of field messages (`{"errors": [...]}`).
    #[error("validation failed: {0:?}")]
    Validation(Vec<String>),
    /// 400 with the message of one field (`{"errors": {"<field>": ["..."]}}`).
    #[error("invalid {field}: {message}")]
    InvalidField {
        /// The request's field name.
        field: &'static str,
        /// French message.
        message: String,
    },
    /// 400 with one message.
    #[error("bad request: {0}")]
    BadRequest(String),
    /// A refusal of the instant quote (`/api/devis/*`, `/api/upload/file-temp`): 400, 401 or
    /// 413 with `{"success": false, "message": ...}`, the body the quote page reads.
    #[error("quote refused ({status}): {message}")]
    Quote {
        /// The HTTP status.
        status: StatusCode,
        /// French message.
        message: String,
    },
    /// 401: no signed-in user.
    #[error("authentication required")]
    Unauthorized,
    /// 401 with a specific message (wrong credentials, wrong code).
    #[error("unauthorized: {0}")]
    UnauthorizedWith(String),
    /// 403: signed in, not allowed.
    #[error("forbidden")]
    Forbidden,
    /// 403: missing or wrong CSRF token.
    #[error("bad csrf token")]
    Csrf,
    /// 404.
    #[error("not found")]
    NotFound,
    /// 404 with a message naming what is missing.
    #[error("not found: {0}")]
    NotFoundWith(String),
    /// 409 with a message (unique key taken, state conflict).
    #[error("conflict: {0}")]
    Conflict(String),
    /// 413: the body is over the limit.
    #[error("payload too large")]
    PayloadTooLarge,
    /// 419: the session cookie no longer matches a live session.
    #[error("session expired")]
    SessionExpired,
    /// 429.
    #[error("too many requests")]
    TooManyRequests,
    /// 429 of a sign-in whose e-mail had too many failures: the next attempt needs a solved
    /// captcha (`{"message", "captcha_required": true}`).
    #[error("captcha required")]
    CaptchaRequired,
    /// 429 of a sign-in on an e-mail locked after many failures (`{"message", "locked": true}`).
    #[error("sign-in locked")]
    SignInLocked,
    /// 429 of a sign-in that came too soon after the e-mail's previous failures: wait this many
    /// seconds (`{"message", "retry_after"}` and a `Retry-After` header).
    #[error("sign-in delayed")]
    SignInDelayed(i64),
    /// 502: an e-mail could not be sent (the cause is logged, the answer is the specification's).
    #[error("e-mail not sent")]
    MailFailed,
    /// 503: maintenance mode.
    #[error("maintenance")]
    Maintenance,
    /// 403 of an admin route to an admin whose two-factor authentication is off
    /// (`{"message", "two_factor_required": true}`): the web app takes them to its set-up.
    #[error("admin without two-factor authentication")]
    AdminTwoFactorRequired,
    /// 500: the cause is logged, never sent.
    #[error("internal error: {0:#}")]
    Internal(#[from] anyhow::Error),
}

/// The one place a business rule's refusal becomes an HTTP answer.
impl From<crate::commerce::error::CommerceError> for ApiError {
    fn from(e: crate::commerce::error::CommerceError) -> Self {
        use crate::commerce::error::CommerceError;
        match e {
            CommerceError::Invalid(reasons) => ApiError::Validation(reasons),
            CommerceError::InvalidField { field, reason } => ApiError::InvalidField {
                field,
                message: reason,
            },
            CommerceError::Refused(reason) => ApiError::BadRequest(reason),
            CommerceError::NotFound(what) => ApiError::NotFoundWith(what),
            CommerceError::Conflict(reason) => ApiError::Conflict(reason),
            CommerceError::Internal(cause) => ApiError::Internal(cause),
        }
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> Self {
        ApiError::Internal(e.into())
    }
}

impl From<crate::storage::StorageError> for ApiError {
    fn from(e: crate::storage::StorageError) -> Self {
        ApiError::Internal(e.into())
    }
}

impl From<crate::domain::DomainError> for ApiError {
    fn from(e: crate::domain::DomainError) -> Self {
        ApiError::Validation(vec![e.to_string()])
    }
}

impl ApiError {
    /// One French message for a 400.
    pub fn bad_request(message: impl Into<String>) -> Self {
        ApiError::BadRequest(message.into())
    }

    /// A 400 of the instant quote, with this French message.
    pub fn quote(message: impl Into<String>) -> Self {
        ApiError::Quote {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
        }
    }

    /// The HTTP status of this error.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::Validation(_) | ApiError::InvalidField { .. } | ApiError::BadRequest(_) => {
                StatusCode::BAD_REQUEST
            }
            ApiError::Quote { status, .. } => *status,
            ApiError::Unauthorized | ApiError::UnauthorizedWith(_) => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden | ApiError::Csrf | ApiError::AdminTwoFactorRequired => {
                StatusCode::FORBIDDEN
            }
            ApiError::NotFound | ApiError::NotFoundWith(_) => StatusCode::NOT_FOUND,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::SessionExpired => StatusCode::from_u16(419).expect("419 is a valid status"),
            ApiError::TooManyRequests
            | ApiError::CaptchaRequired
            | ApiError::SignInLocked
            | ApiError::SignInDelayed(_) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::MailFailed => StatusCode::BAD_GATEWAY,
            ApiError::Maintenance => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn body(&self) -> serde_json::Value {
        let message = |m: &str| json!({ "message": m });
        match self {
            ApiError::Validation(errors) => json!({ "errors": errors }),
            ApiError::InvalidField { field, message } => {
                json!({ "errors": { *field: [message] } })
            }
            ApiError::Quote { message, .. } => json!({ "success": false, "message": message }),
            ApiError::BadRequest(m)
            | ApiError::UnauthorizedWith(m)
            | ApiError::Conflict(m)
            | ApiError::NotFoundWith(m) => message(m),
            ApiError::Unauthorized => {
                message("Vous devez être connecté pour effectuer cette action.")
            }
            ApiError::Forbidden => message("Accès refusé."),
            ApiError::Csrf => {
                message("Jeton de sécurité (CSRF) manquant ou invalide. Rechargez la page.")
            }
            ApiError::NotFound => message("Ressource introuvable."),
            ApiError::SessionExpired => {
                json!({ "title": "Session expirée", "message": "Veuillez vous reconnecter." })
            }
            ApiError::TooManyRequests => message(TOO_MANY_MESSAGE),
            ApiError::CaptchaRequired => json!({
                "message": CAPTCHA_REQUIRED_MESSAGE,
                "captcha_required": true,
            }),
            ApiError::SignInLocked => json!({
                "message": crate::auth::sign_in_lock::LOCKED_MESSAGE,
                "locked": true,
            }),
            ApiError::SignInDelayed(seconds) => json!({
                "message": crate::auth::sign_in_lock::delayed_message(*seconds),
                "retry_after": seconds,
            }),
            ApiError::AdminTwoFactorRequired => json!({
                "message": ADMIN_TWO_FACTOR_MESSAGE,
                "two_factor_required": true,
            }),
            ApiError::PayloadTooLarge => message("Requête trop volumineuse."),
            ApiError::MailFailed => message("Erreur lors de l'envoi du mail"),
            ApiError::Maintenance => {
                message("Le site est en maintenance. Veuillez réessayer plus tard.")
            }
            ApiError::Internal(_) => message(INTERNAL_MESSAGE),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if let ApiError::Internal(cause) = &self {
            tracing::error!(error = ?cause, "internal error");
        }
        let mut response = (self.status(), Json(self.body())).into_response();
        if let ApiError::SignInDelayed(seconds) = self {
            response.headers_mut().insert(
                axum::http::header::RETRY_AFTER,
                axum::http::HeaderValue::from(seconds),
            );
        }
        response
    }
}

/// Turns a unique-key violation into a 409 with a French message (realworld's `on_constraint`).
pub trait ResultExt<T> {
    /// Maps a unique violation to `ApiError::Conflict(message)`.
    fn on_unique_violation(self, message: &str) -> Result<T, ApiError>;
}

impl<T> ResultExt<T> for Result<T, sqlx::Error> {
    fn on_unique_violation(self, message: &str) -> Result<T, ApiError> {
        self.map_err(|e| match &e {
            sqlx::Error::Database(db) if db.is_unique_violation() => {
                ApiError::Conflict(message.to_owned())
            }
            _ => ApiError::from(e),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_internal_error_never_shows_its_cause() {
        let body = ApiError::Internal(anyhow::anyhow!("secret table missing")).body();
        assert_eq!(body, json!({ "message": INTERNAL_MESSAGE }));
    }

    #[test]
    fn a_quote_refusal_keeps_the_quote_page_s_shape() {
        let e = ApiError::quote("Aucun fichier à ajouter au panier.");
        assert_eq!(e.status(), StatusCode::BAD_REQUEST);
        assert_eq!(
            e.body(),
            json!({ "success": false, "message": "Aucun fichier à ajouter au panier." })
        );
    }

    #[test]
    fn a_refused_field_is_named_in_the_errors() {
        let e = ApiError::InvalidField {
            field: "reference_commande_client",
            message: "Trop longue.".to_owned(),
        };
        assert_eq!(e.status(), StatusCode::BAD_REQUEST);
        assert_eq!(
            e.body(),
            json!({ "errors": { "reference_commande_client": ["Trop longue."] } })
        );
    }

    #[test]
    fn an_expired_session_answers_419() {
        assert_eq!(ApiError::SessionExpired.status().as_u16(), 419);
    }
}
