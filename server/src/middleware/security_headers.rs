//! Security headers on every response: a Content-Security-Policy that allows the app's own
//! scripts, workers and WebAssembly and nothing inline, plus the usual hardening headers.

use axum::extract::Request;
use axum::http::{HeaderName, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;

/// The policy: own origin only, `wasm-unsafe-eval` for the quote engine, blob workers for
/// three.js/comlink, data/blob images for thumbnails, no framing.
pub const CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
worker-src 'self' blob:; style-src 'self'; img-src 'self' data: blob:; font-src 'self' data:; \
connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// Middleware: adds the headers unless a handler already set them.
pub async fn security_headers(req: Request, next: Next) -> Response {
    let mut res = next.run(req).await;
    let headers = res.headers_mut();
    let pairs: [(&str, &str); 5] = [
        ("content-security-policy", CSP),
        ("x-content-type-options", "nosniff"),
        ("referrer-policy", "strict-origin-when-cross-origin"),
        ("x-frame-options", "DENY"),
        (
            "permissions-policy",
            "camera=(), microphone=(), geolocation=()",
        ),
    ];
    for (name, value) in pairs {
        headers
            .entry(HeaderName::from_static(name))
            .or_insert(HeaderValue::from_static(value));
    }
    res
}
