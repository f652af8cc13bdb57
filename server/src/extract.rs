//! Request extractors whose refusals speak the API's language: `Json`, `Form`, `Query`, `Path` and
//! `Multipart` like axum's, but a request they cannot read answers a French 400 in the
//! `{"message": ...}` shape (an oversized body 413), never axum's English plain text.

use axum::body::Bytes;
use axum::extract::rejection::{
    BytesRejection, FormRejection, JsonRejection, PathRejection, QueryRejection,
};
use axum::extract::{FromRequest, FromRequestParts, OptionalFromRequest, Request};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;

use crate::error::ApiError;

/// Answer to a body that is not JSON at all.
pub const NOT_JSON: &str = "Le corps de la requête n'est pas un JSON valide.";
/// Answer to a JSON body sent without its `Content-Type`.
pub const NOT_JSON_CONTENT_TYPE: &str =
    "Le corps de la requête doit être envoyé en JSON (en-tête Content-Type: application/json).";
/// Answer to well-formed JSON of the wrong shape (a field missing or of the wrong type).
pub const JSON_SHAPE: &str =
    "Le corps de la requête n'a pas la forme attendue\u{a0}: un champ manque ou n'a pas le bon type.";

/// JSON body (and JSON response, like `axum::Json`). As `Option<Json<T>>`, a request without a
/// body (no `Content-Type`, nothing or only blanks sent) gives `None`.
#[derive(Debug, Clone, Copy, Default, FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct Json<T>(pub T);

impl<T: serde::Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}

impl<T, S> OptionalFromRequest<S> for Json<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Option<Self>, ApiError> {
        if req.headers().contains_key(header::CONTENT_TYPE) {
            return <Self as FromRequest<S>>::from_request(req, state)
                .await
                .map(Some);
        }
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(unreadable_body)?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            Ok(None)
        } else {
            Err(ApiError::bad_request(NOT_JSON_CONTENT_TYPE))
        }
    }
}

/// Form-encoded body.
#[derive(Debug, Clone, Copy, Default, FromRequest)]
#[from_request(via(axum::Form), rejection(ApiError))]
pub struct Form<T>(pub T);

/// Query string.
#[derive(Debug, Clone, Copy, Default, FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub struct Query<T>(pub T);

/// Path parameters.
#[derive(Debug, Clone, Copy, Default, FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(ApiError))]
pub struct Path<T>(pub T);

/// Multipart body (the quote's file uploads).
#[derive(Debug)]
pub struct Multipart(pub axum::extract::Multipart);

impl<S: Send + Sync> FromRequest<S> for Multipart {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        <axum::extract::Multipart as FromRequest<S>>::from_request(req, state)
            .await
            .map(Multipart)
            .map_err(|_| {
                ApiError::bad_request(
                    "L'envoi doit être un formulaire de fichiers (multipart/form-data).",
                )
            })
    }
}

fn unreadable_body(r: BytesRejection) -> ApiError {
    if r.status() == StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::PayloadTooLarge
    } else {
        ApiError::bad_request("Le corps de la requête n'a pas pu être lu.")
    }
}

impl From<JsonRejection> for ApiError {
    fn from(r: JsonRejection) -> Self {
        match r {
            JsonRejection::BytesRejection(r) => unreadable_body(r),
            JsonRejection::MissingJsonContentType(_) => {
                ApiError::bad_request(NOT_JSON_CONTENT_TYPE)
            }
            JsonRejection::JsonDataError(_) => ApiError::bad_request(JSON_SHAPE),
            _ => ApiError::bad_request(NOT_JSON),
        }
    }
}

impl From<FormRejection> for ApiError {
    fn from(r: FormRejection) -> Self {
        match r {
            FormRejection::BytesRejection(r) => unreadable_body(r),
            _ => ApiError::bad_request("Le formulaire envoyé n'est pas valide."),
        }
    }
}

impl From<QueryRejection> for ApiError {
    fn from(_: QueryRejection) -> Self {
        ApiError::bad_request("Les paramètres de l'adresse demandée sont invalides.")
    }
}

impl From<PathRejection> for ApiError {
    fn from(r: PathRejection) -> Self {
        match r {
            // A route declared without the parameter its handler reads: our mistake, not the caller's.
            PathRejection::MissingPathParams(e) => ApiError::Internal(anyhow::anyhow!("{e}")),
            _ => ApiError::bad_request("L'adresse demandée contient un paramètre invalide."),
        }
    }
}

/// A positive id from the path, else the 404 of `missing`.
pub fn path_id(raw: &str, missing: &str) -> Result<i64, ApiError> {
    raw.parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| ApiError::NotFoundWith(missing.to_owned()))
}
