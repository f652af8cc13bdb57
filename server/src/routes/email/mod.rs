//! Endpoints of the `Email` controller: six-digit codes for account creation and e-mail change,
//! single-use links for a forgotten password. Codes expire after 15 minutes and allow 5 attempts;
//! sends are rate-limited per address and per IP; a forgotten-password request answers the same
//! whether the account exists or not.

mod account_creation;
mod codes;
pub(crate) mod email_reset;
mod forgot_password;

use axum::routing::post;
use axum::Router;
use serde::Serialize;

use crate::rate_limit::Limit;
use crate::state::AppState;

/// Lifetime of a code, in minutes.
pub const CODE_MINUTES: u32 = 15;
/// Lifetime of a password-reset link, in minutes.
pub const LINK_MINUTES: u32 = 60;
/// Wrong codes allowed before the code is burnt (429).
pub const MAX_ATTEMPTS: i64 = 5;
/// E-mails of one purpose sent to one address at the request of one client (an IPv4 address or
/// an IPv6 /64) per hour. Per purpose and per requester, so that a stranger asking sign-up codes
/// for someone's address spends their own bucket, never the owner's password reset.
pub const SENDS_PER_ADDRESS: Limit = Limit {
    max: 5,
    window: 3600,
};
/// E-mails of one purpose sent to one address per hour, whoever asks (a stranger rotating
/// addresses still cannot flood a mailbox).
pub const SENDS_PER_ADDRESS_ALL: Limit = Limit {
    max: 20,
    window: 3600,
};
/// E-mails requested from one IP per hour.
pub const SENDS_PER_IP: Limit = Limit {
    max: 20,
    window: 3600,
};
/// Code or token checks from one IP per hour (verify and reset calls).
pub const CHECKS_PER_IP: Limit = Limit {
    max: 60,
    window: 3600,
};

/// The answer of every code request, whether a code or a notice was sent.
pub const CODE_SENT: &str = "Un code de vérification vient de vous être envoyé par e-mail.";

/// The message the specification shows when sending fails.
pub const SEND_FAILED: &str = "Erreur lors de l'envoi du mail";

/// The `Email/...` routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/Email/send/account_creation", post(account_creation::send))
        .route(
            "/Email/verify/account_creation",
            post(account_creation::verify),
        )
        .route("/Email/send/email_reset", post(email_reset::send))
        .route("/Email/verify/email_reset", post(email_reset::verify))
        .route("/Email/reset/email_reset", post(email_reset::reset))
        .route("/Email/send/forgot_password", post(forgot_password::send))
        .route("/Email/reset/forgot_password", post(forgot_password::reset))
}

/// The answer of every successful `Email` call.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "EmailDone"))]
pub struct Done {
    success: bool,
    message: &'static str,
}

impl Done {
    fn new(message: &'static str) -> Self {
        Done {
            success: true,
            message,
        }
    }
}
