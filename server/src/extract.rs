//! Request extractors whose refusals speak the API's language: `Json` and `Form` like axum's,
//! but a malformed body answers `{"message": ...}` in French (400) and an oversized one 413.

use axum::extract::rejection::{FormRejection, JsonRejection};
use axum::extract::FromRequest;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

/// JSON body (and JSON response, like `axum::Json`).
#[derive(Debug, Clone, Copy, Default, FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct Json<T>(pub T);

impl<T: serde::Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}

/// Form-encoded body.
#[derive(Debug, Clone, Copy, Default, FromRequest)]
#[from_request(via(axum::Form), rejection(ApiError))]
pub struct Form<T>(pub T);

impl From<JsonRejection> for ApiError {
    fn from(r: JsonRejection) -> Self {
        if r.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::PayloadTooLarge
        } else {
            ApiError::bad_request("Le corps de la requête n'est pas un JSON valide.")
        }
    }
}

impl From<FormRejection> for ApiError {
    fn from(r: FormRejection) -> Self {
        if r.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::PayloadTooLarge
        } else {
            ApiError::bad_request("Le formulaire envoyé n'est pas valide.")
        }
    }
}
