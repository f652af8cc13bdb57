//! The state every handler receives: database, settings, secrets and the controller router that
//! the proxy calls in-process.

use std::sync::{Arc, OnceLock};

use axum::Router;

use crate::config::Settings;
use crate::db::Db;
use crate::mail::Mailer;

/// Secrets shared by every instance through the `settings` table.
#[derive(Debug)]
pub struct Keys {
    /// HMAC key of the CSRF double-submit cookie.
    pub csrf: Vec<u8>,
    /// HMAC key of the ALTCHA captcha challenges.
    pub captcha: String,
}

/// Settings resolved at start-up.
#[derive(Debug)]
pub struct RuntimeConfig {
    /// Flags and environment.
    pub settings: Settings,
    /// Cookies carry `Secure`.
    pub cookie_secure: bool,
    /// Session lifetime in seconds.
    pub session_ttl: i64,
}

/// Shared application state (cheap to clone).
#[derive(Clone)]
pub struct AppState {
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
}
