//! The state every handler receives: database, settings, secrets and the controller router that
//! the proxy calls in-process.

use std::ops::Deref;
use std::sync::{Arc, OnceLock};

use axum::Router;

use crate::config::Settings;
use crate::db::Db;
use crate::mail::Mailer;
use crate::payment::Stripe;
use crate::storage::Storage;

/// Secrets shared by every instance through the `settings` table. Each use has its own key,
/// derived from the one master secret: a value signed for one use never passes for another.
#[derive(Debug)]
pub struct Keys {
    /// HMAC key of the CSRF double-submit cookie.
    pub csrf: Vec<u8>,
    /// HMAC key of the quote entries' cookies.
    pub quote: Vec<u8>,
    /// HMAC key of the stored hashes of the e-mailed codes.
    pub codes: Vec<u8>,
    /// HMAC key of the ALTCHA captcha challenges.
    pub captcha: String,
}

impl Keys {
    /// Derives one key per use from the master secret (HMAC of the master over a label).
    pub fn derive(master: &[u8], captcha: String) -> Keys {
        let derive = |label: &str| crate::auth::tokens::hmac_hex(master, label).into_bytes();
        Keys {
            csrf: derive("forme-additive csrf v1"),
            // The label the quote cookies were signed with before the keys were separated.
            quote: derive("forme-additive quote entries v1"),
            codes: derive("forme-additive e-mail codes v1"),
            captcha,
        }
    }
}

/// Settings resolved at start-up.
#[derive(Debug)]
pub struct RuntimeConfig {
    /// Flags and environment.
    pub settings: Settings,
    /// The site is served over HTTPS: cookies carry `Secure` and responses HSTS.
    pub cookie_secure: bool,
    /// Session lifetime in seconds, sliding with use.
    pub session_ttl: i64,
    /// Absolute session lifetime in seconds from the sign-in, whatever the use.
    pub session_max_ttl: i64,
    /// Idle lifetime of an admin's session in seconds (`ADMIN_SESSION_IDLE_HOURS`): shorter than
    /// a customer's, since an admin's session can do much more.
    pub admin_idle_ttl: i64,
    /// Name of this instance (`INSTANCE_ID`, else host and process id): holder of job leases.
    pub instance: String,
    /// The instant the ship dates are computed from instead of now (`DATES_CLOCK`), Unix seconds.
    pub dates_clock: Option<i64>,
}

/// Shared application state: one reference-counted pointer to [`AppStateParts`], so that the
/// clone every middleware and extractor takes is one atomic increment. (With the parts inline, a
/// clone and its drop touched eleven reference counts, shared by every core: a fifth of the CPU
/// time of the cached catalog route under load, docs/benchmarks.md.)
#[derive(Clone)]
pub struct AppState(Arc<AppStateParts>);

impl AppState {
    /// The state holding `parts`.
    pub fn new(parts: AppStateParts) -> AppState {
        AppState(Arc::new(parts))
    }

    /// The catalog prices are computed with: the latest one this instance has seen
    /// (`crate::snapshot`, refreshed when an admin saves a new version on any instance).
    pub fn catalog(&self) -> Arc<quote_core::Catalog> {
        self.snapshot.catalog().catalog.clone()
    }

    /// The instant ship dates are computed from: now, or the fixed `DATES_CLOCK` (tests, demos).
    pub fn dates_now(&self) -> i64 {
        self.config.dates_clock.unwrap_or_else(crate::clock::now)
    }

    /// What `commerce::payments` needs to send a payment's receipt after its commit.
    pub fn receipts(&self) -> crate::commerce::payments::Receipts<'_> {
        crate::commerce::payments::Receipts {
            db: &self.db,
            storage: &self.storage,
            mailer: &self.mailer,
        }
    }
}

impl Deref for AppState {
    type Target = AppStateParts;

    fn deref(&self) -> &AppStateParts {
        &self.0
    }
}

/// What the state holds.
pub struct AppStateParts {
    /// The database.
    pub db: Db,
    /// Resolved settings.
    pub config: Arc<RuntimeConfig>,
    /// Shared secrets.
    pub keys: Arc<Keys>,
    /// Outgoing e-mail (SMTP or the outbox folder).
    pub mailer: Mailer,
    /// The controllers (`/api/backend/...` without the prefix), for the proxy.
    pub backend: Arc<OnceLock<Router>>,
    /// The bound on file analyses run at once (one per core).
    pub analyses: crate::analysis_gate::AnalysisGate,
    /// Card payments through Stripe, when configured (`None`: the card is not offered).
    pub payment: Option<Stripe>,
    /// The stored files: dropped 3D files and issued PDFs (local folder or S3 bucket).
    pub storage: Storage,
    /// The VIES client that checks intra-EU VAT numbers (`VIES_URL`).
    pub vies: crate::vies::Vies,
    /// The maintenance flag and the current catalog, in memory (kept fresh across instances).
    pub snapshot: crate::snapshot::Snapshot,
    /// The built app's `index.html`, in memory.
    pub shell: crate::web_shell::AppShell,
    /// The Content-Security-Policy headers, built once.
    pub csp: Arc<crate::middleware::security_headers::Policies>,
}

#[cfg(test)]
mod tests {
    use super::Keys;

    #[test]
    fn every_use_has_its_own_key() {
        let keys = Keys::derive(b"master", "c".into());
        assert_ne!(keys.csrf, keys.quote);
        assert_ne!(keys.csrf, keys.codes);
        assert_ne!(keys.quote, keys.codes);
        assert_ne!(keys.csrf, b"master".to_vec());
        assert_eq!(keys.csrf, Keys::derive(b"master", "c".into()).csrf);
        assert_ne!(keys.csrf, Keys::derive(b"other", "c".into()).csrf);
    }
}
