//! Endpoint for `POST /api/proxy` `{"path": "Adresses/12", "httpMethod": "PUT", "body": {...}}`:
//! calls the controller in-process (no network hop) with the caller's cookies, CSRF header and
//! address, and returns its status, headers and body unchanged (204 stays 204).

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method};
use axum::response::Response;
use axum::routing::post;
use axum::Extension;
use axum::Router;
use serde::Deserialize;
use tower::ServiceExt;

use crate::auth::csrf;
use crate::error::ApiError;
use crate::extract::Json;
use crate::middleware::ClientIp;
use crate::state::AppState;

/// The proxy route.
pub fn router() -> Router<AppState> {
    Router::new().route("/api/proxy", post(proxy))
}

/// Body of `POST /api/proxy`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProxyBody {
    path: String,
    http_method: Option<String>,
    body: Option<serde_json::Value>,
}

/// Headers passed on to the controller (`Idempotency-Key`: `POST Commande` makes one order per key).
const FORWARDED: [&str; 5] = [
    "cookie",
    csrf::HEADER,
    "user-agent",
    "accept-language",
    "idempotency-key",
];

/// Checks a controller path: relative, no dot segments, no scheme, plain characters.
fn controller_uri(path: &str) -> Option<String> {
    let path = path.trim().trim_start_matches('/');
    let (p, query) = match path.split_once('?') {
        Some((p, q)) => (p, Some(q)),
        None => (path, None),
    };
    let plain = |s: &str, extra: &str| {
        s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.~%".contains(c) || extra.contains(c))
    };
    let segments_ok = !p.is_empty()
        && p.split('/')
            .all(|seg| !seg.is_empty() && seg != "." && seg != "..");
    if !segments_ok || !plain(p, "/") || !query.is_none_or(|q| plain(q, "=&+")) {
        return None;
    }
    Some(format!("/{path}"))
}

/// Copies the caller's headers that the controller may read (`FORWARDED`), and only those.
fn forwarded_headers(
    mut builder: axum::http::request::Builder,
    headers: &HeaderMap,
) -> axum::http::request::Builder {
    for name in FORWARDED {
        for value in headers.get_all(name) {
            builder = builder.header(name, value.clone());
        }
    }
    builder
}

/// Handles `POST /api/proxy`.
pub async fn proxy(
    State(state): State<AppState>,
    headers: HeaderMap,
    client_ip: Option<Extension<ClientIp>>,
    Json(call): Json<ProxyBody>,
) -> Result<Response, ApiError> {
    let uri = controller_uri(&call.path)
        .ok_or_else(|| ApiError::bad_request("Chemin de contrôleur invalide."))?;
    let method = match call
        .http_method
        .as_deref()
        .unwrap_or("GET")
        .to_ascii_uppercase()
        .as_str()
    {
        "GET" => Method::GET,
        "POST" => Method::POST,
        "PUT" => Method::PUT,
        "PATCH" => Method::PATCH,
        "DELETE" => Method::DELETE,
        _ => return Err(ApiError::bad_request("Méthode HTTP non prise en charge.")),
    };
    let mut builder = forwarded_headers(
        Request::builder().method(method.clone()).uri(&uri),
        &headers,
    );
    let inner_body = match call.body {
        Some(value) if !value.is_null() && method != Method::GET => {
            builder = builder.header(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            );
            Body::from(serde_json::to_vec(&value).map_err(anyhow::Error::from)?)
        }
        _ => Body::empty(),
    };
    let mut inner = builder.body(inner_body).map_err(anyhow::Error::from)?;
    if let Some(Extension(ip)) = client_ip {
        inner.extensions_mut().insert(ip);
    }
    let backend = state
        .backend
        .get()
        .cloned()
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("backend router not installed")))?;
    let Ok(response) = backend.oneshot(inner).await;
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::{controller_uri, forwarded_headers};
    use axum::http::{HeaderMap, HeaderValue, Request};

    #[test]
    fn the_idempotency_key_reaches_the_controller_and_foreign_headers_do_not() {
        let mut headers = HeaderMap::new();
        headers.insert("idempotency-key", HeaderValue::from_static("k-123"));
        headers.insert("cookie", HeaderValue::from_static("s=1"));
        headers.insert("authorization", HeaderValue::from_static("Bearer x"));
        headers.insert("x-forwarded-for", HeaderValue::from_static("10.0.0.1"));
        let inner = forwarded_headers(Request::builder().uri("/Commande"), &headers)
            .body(())
            .unwrap();
        assert_eq!(inner.headers()["idempotency-key"], "k-123");
        assert_eq!(inner.headers()["cookie"], "s=1");
        assert!(inner.headers().get("authorization").is_none());
        assert!(inner.headers().get("x-forwarded-for").is_none());
    }

    #[test]
    fn controller_paths_stay_inside_the_backend() {
        assert_eq!(
            controller_uri("Adresses/12").as_deref(),
            Some("/Adresses/12")
        );
        assert_eq!(
            controller_uri("/Comptes/me").as_deref(),
            Some("/Comptes/me")
        );
        assert_eq!(
            controller_uri("Pieces?x=1&y=2").as_deref(),
            Some("/Pieces?x=1&y=2")
        );
        for bad in [
            "",
            "../api/admin",
            "Adresses/../x",
            "http://evil",
            "a//b",
            "a b",
            "a\\b",
        ] {
            assert_eq!(controller_uri(bad), None, "{bad}");
        }
    }
}
