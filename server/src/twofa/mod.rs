//! Two-factor authentication: TOTP codes (RFC 6238) for any authenticator app, the `otpauth://`
//! URI and its QR code, and single-use backup codes stored hashed.

pub mod backup;
mod qr;
pub mod totp;
mod uri;

pub use qr::qr_svg;
pub use totp::TotpSecret;
pub use uri::otpauth_uri;

/// Failures of the two-factor helpers.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TwoFaError {
    /// A stored secret that is not valid base32 (or too short to be safe).
    #[error("secret TOTP invalide")]
    InvalidSecret,
    /// The URI does not fit in a QR code.
    #[error("impossible de produire le QR code")]
    QrCode,
}
