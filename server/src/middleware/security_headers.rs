//! Security headers on every response: a Content-Security-Policy that allows the app's own
//! scripts, workers and WebAssembly and nothing inline, plus the usual hardening headers. The app
//! shell (`index.html`) gets the same policy plus a per-response nonce ([`policy_with_nonce`]),
//! which lets PrimeReact and the captcha widget add their `<style>` elements.

use std::sync::LazyLock;

use axum::extract::{Request, State};
use axum::http::{HeaderName, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use rand::RngCore;

use crate::state::AppState;

/// The placeholder the web build writes wherever the nonce goes (`html.cspNonce` in
/// `web/vite.config.ts`, and the `<meta name="csp-nonce">` of `web/index.html`).
pub const NONCE_PLACEHOLDER: &str = "__CSP_NONCE__";

/// Third-party origins the policy allows when the card is offered: Stripe.js (scripts and its
/// frames) and the Stripe API (what Stripe.js calls).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StripeOrigins {
    /// Origin of `STRIPE_JS_URL` (`https://js.stripe.com`).
    pub js: String,
    /// Origin of `STRIPE_API_BASE` (`https://api.stripe.com`).
    pub api: String,
}

impl StripeOrigins {
    /// The origins of the two URLs (`None` when one is not an absolute http(s) URL).
    pub fn of(js_url: &str, api_base: &str) -> Option<StripeOrigins> {
        let origin = |u: &str| {
            let url = url::Url::parse(u).ok()?;
            matches!(url.scheme(), "http" | "https").then(|| url.origin().ascii_serialization())
        };
        Some(StripeOrigins {
            js: origin(js_url)?,
            api: origin(api_base)?,
        })
    }
}

/// The policy of every response but the app shell: own origin only, `wasm-unsafe-eval` for the
/// quote engine, blob workers for comlink and the captcha, data/blob images for thumbnails, no
/// framing, nothing inline.
pub fn policy() -> String {
    build_policy(None, None)
}

/// The app shell's policy: [`policy`] plus `'nonce-…'` for scripts and styles.
pub fn policy_with_nonce(nonce: &str, stripe: Option<&StripeOrigins>) -> String {
    build_policy(Some(nonce), stripe)
}

/// [`policy`] with Stripe's origins, when the card is offered.
pub fn policy_for(stripe: Option<&StripeOrigins>) -> String {
    build_policy(None, stripe)
}

fn build_policy(nonce: Option<&str>, stripe: Option<&StripeOrigins>) -> String {
    let nonce = nonce.map(|n| format!(" 'nonce-{n}'")).unwrap_or_default();
    let (script, frame, connect) = match stripe {
        Some(o) => (
            format!(" {}", o.js),
            format!(" frame-src {};", o.js),
            format!(" {} {}", o.api, o.js),
        ),
        None => Default::default(),
    };
    format!(
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'{script}{nonce};{frame} \
worker-src 'self' blob:; style-src 'self'{nonce}; img-src 'self' data: blob:; \
font-src 'self' data:; connect-src 'self'{connect}; object-src 'none'; base-uri 'self'; \
form-action 'self'; frame-ancestors 'none'"
    )
}

/// A fresh nonce: 128 random bits from the operating system, in base64.
pub fn new_nonce() -> String {
    let mut bytes = [0u8; 16];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    STANDARD.encode(bytes)
}

/// The policies of one site, built once at start-up: the plain one as a ready header value, and
/// the app shell's cut around its two nonces so that each response only splices its own in.
#[derive(Debug, Clone)]
pub struct Policies {
    plain: HeaderValue,
    /// The nonce policy's text between the nonces.
    nonce_pieces: Vec<String>,
}

impl Policies {
    /// The policies for a site that offers the card (`Some`: Stripe's origins) or not.
    pub fn new(stripe: Option<&StripeOrigins>) -> Policies {
        let plain = HeaderValue::from_str(&policy_for(stripe)).unwrap_or_else(|_| POLICY.clone());
        let nonce_pieces = policy_with_nonce(NONCE_PLACEHOLDER, stripe)
            .split(NONCE_PLACEHOLDER)
            .map(str::to_owned)
            .collect();
        Policies {
            plain,
            nonce_pieces,
        }
    }

    /// The policy of every response but the app shell.
    pub fn plain(&self) -> &HeaderValue {
        &self.plain
    }

    /// The app shell's policy with `nonce` (the same text as [`policy_with_nonce`]).
    pub fn with_nonce(&self, nonce: &str) -> HeaderValue {
        HeaderValue::from_str(&self.nonce_pieces.join(nonce)).unwrap_or_else(|_| POLICY.clone())
    }
}

static POLICY: LazyLock<HeaderValue> =
    LazyLock::new(|| HeaderValue::from_str(&policy()).expect("the policy is a valid header"));

/// Middleware: adds the headers unless a handler already set them (with Stripe's origins when
/// the card is offered). An API answer that says nothing of caching gets `Cache-Control:
/// no-store`: most carry a customer's data (account, addresses, orders), and neither the browser
/// nor a shared proxy may keep them (a shared computer's back button, a cache on the way).
pub async fn security_headers(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let api = req.uri().path().starts_with("/api/");
    let mut res = next.run(req).await;
    let headers = res.headers_mut();
    if api {
        headers
            .entry(axum::http::header::CACHE_CONTROL)
            .or_insert(HeaderValue::from_static("no-store"));
    }
    headers
        .entry(HeaderName::from_static("content-security-policy"))
        .or_insert_with(|| state.csp.plain().clone());
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
        let p = policy_with_nonce("abc", None);
        assert!(p.contains("script-src 'self' 'wasm-unsafe-eval' 'nonce-abc';"));
        assert!(p.contains("style-src 'self' 'nonce-abc';"));
        assert_eq!(p.matches("nonce-").count(), 2);
        assert!(!policy().contains("nonce-"));
        assert!(!p.contains("unsafe-inline") && !p.contains("'unsafe-eval'"));
    }

    #[test]
    fn the_policies_built_once_are_the_policies_built_each_time() {
        let stripe =
            StripeOrigins::of("https://js.stripe.com/v3/", "https://api.stripe.com").unwrap();
        for origins in [None, Some(&stripe)] {
            let built = Policies::new(origins);
            assert_eq!(built.plain(), policy_for(origins).as_str());
            let nonce = new_nonce();
            assert_eq!(
                built.with_nonce(&nonce),
                policy_with_nonce(&nonce, origins).as_str()
            );
        }
    }

    #[test]
    fn stripe_s_origins_are_allowed_only_when_the_card_is_offered() {
        let origins =
            StripeOrigins::of("https://js.stripe.com/v3/", "https://api.stripe.com").unwrap();
        assert_eq!(origins.js, "https://js.stripe.com");
        let p = policy_for(Some(&origins));
        assert!(p.contains("script-src 'self' 'wasm-unsafe-eval' https://js.stripe.com;"));
        assert!(p.contains("frame-src https://js.stripe.com;"));
        assert!(p.contains("connect-src 'self' https://api.stripe.com https://js.stripe.com;"));
        assert_eq!(policy_for(None), policy());
        assert!(!policy().contains("stripe") && !policy().contains("frame-src"));
        let local = StripeOrigins::of(
            "http://127.0.0.1:8420/js.stripe.com/v3/",
            "http://127.0.0.1:8420",
        )
        .unwrap();
        let n = policy_with_nonce("abc", Some(&local));
        assert!(
            n.contains("script-src 'self' 'wasm-unsafe-eval' http://127.0.0.1:8420 'nonce-abc';")
        );
        assert!(StripeOrigins::of("javascript:alert(1)", "https://api.stripe.com").is_none());
    }
}
