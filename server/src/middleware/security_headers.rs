//! Security headers on every response: a Content-Security-Policy that allows the app's own
//! scripts, workers and WebAssembly and nothing inline, plus the usual hardening headers. The app
//! shell (`index.html`) gets the same policy plus a per-response nonce ([`policy_with_nonce`]),
//! which lets PrimeReact and the captcha widget add their `<style>` elements.

use std::sync::LazyLock;

use axum::extract::Request;
use axum::http::{HeaderName, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use rand::RngCore;

/// The placeholder the web build writes wherever the nonce goes (`html.cspNonce` in
/// `web/vite.config.ts`, and the `<meta name="csp-nonce">` of `web/index.html`).
pub const NONCE_PLACEHOLDER: &str = "__CSP_NONCE__";

/// The policy of every response but the app shell: own origin only, `wasm-unsafe-eval` for the
/// quote engine, blob workers for comlink and the captcha, data/blob images for thumbnails, no
/// framing, nothing inline.
pub fn policy() -> String {
    build_policy(None)
}

/// The app shell's policy: [`policy`] plus `'nonce-…'` for scripts and styles.
pub fn policy_with_nonce(nonce: &str) -> String {
    build_policy(Some(nonce))
}

fn build_policy(nonce: Option<&str>) -> String {
    let nonce = nonce.map(|n| format!(" 'nonce-{n}'")).unwrap_or_default();
    format!(
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'{nonce}; \
worker-src 'self' blob:; style-src 'self'{nonce}; img-src 'self' data: blob:; \
font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; \
form-action 'self'; frame-ancestors 'none'"
    )
}

/// A fresh nonce: 128 random bits from the operating system, in base64.
pub fn new_nonce() -> String {
    let mut bytes = [0u8; 16];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    STANDARD.encode(bytes)
}

static POLICY: LazyLock<HeaderValue> =
    LazyLock::new(|| HeaderValue::from_str(&policy()).expect("the policy is a valid header"));

/// Middleware: adds the headers unless a handler already set them.
pub async fn security_headers(req: Request, next: Next) -> Response {
    let mut res = next.run(req).await;
    let headers = res.headers_mut();
    headers
        .entry(HeaderName::from_static("content-security-policy"))
        .or_insert_with(|| POLICY.clone());
    let pairs: [(&str, &str); 4] = [
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nonces_are_base64_of_128_bits_and_differ() {
        let (a, b) = (new_nonce(), new_nonce());
        assert_ne!(a, b);
        assert_eq!(STANDARD.decode(&a).unwrap().len(), 16);
    }

    #[test]
    fn the_nonce_goes_to_scripts_and_styles_only() {
        let p = policy_with_nonce("abc");
        assert!(p.contains("script-src 'self' 'wasm-unsafe-eval' 'nonce-abc';"));
        assert!(p.contains("style-src 'self' 'nonce-abc';"));
        assert_eq!(p.matches("nonce-").count(), 2);
        assert!(!policy().contains("nonce-"));
        assert!(!p.contains("unsafe-inline") && !p.contains("'unsafe-eval'"));
    }
}
