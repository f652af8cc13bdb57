//! The error of a business rule: what was refused and why, in French, with no HTTP in it. The
//! route edge turns it into an `ApiError` in one `From` (`crate::error`), which picks the status.

use crate::domain::DomainError;
use crate::storage::StorageError;

/// Why a rule of `commerce/` or `admin/` did not go through.
#[derive(Debug, thiserror::Error)]
pub enum CommerceError {
    /// Several French reasons, one per field or line (`{"errors": [...]}`, 400).
    #[error("invalid: {0:?}")]
    Invalid(Vec<String>),
    /// One field of the request refused, with the French reason tied to it
    /// (`{"errors": {"<field>": ["..."]}}`, 400), so that the form shows it under that field.
    #[error("invalid {field}: {reason}")]
    InvalidField {
        /// The request's field name, as the API spells it.
        field: &'static str,
        /// French reason.
        reason: String,
    },
    /// One French reason the request cannot be granted (400).
    #[error("refused: {0}")]
    Refused(String),
    /// What the request names does not exist for this customer (404), with the French message.
    #[error("not found: {0}")]
    NotFound(String),
    /// The request conflicts with the current state (409): an illegal status move, a stale version.
    #[error("conflict: {0}")]
    Conflict(String),
    /// A failure of ours (database, storage, a broken invariant): logged, never shown.
    #[error("internal error: {0:#}")]
    Internal(#[from] anyhow::Error),
}

impl CommerceError {
    /// One French reason for a refusal.
    pub fn refused(message: impl Into<String>) -> Self {
        CommerceError::Refused(message.into())
    }

    /// A broken invariant, with what was expected (for the logs).
    pub fn internal(message: impl std::fmt::Display) -> Self {
        CommerceError::Internal(anyhow::anyhow!("{message}"))
    }
}

/// Maps a unique-key violation to `Conflict(message)` (409), any other database error to
/// `Internal`: `.map_err(conflict_on_unique(TAKEN))`.
pub fn conflict_on_unique(message: &str) -> impl FnOnce(sqlx::Error) -> CommerceError + '_ {
    move |e| match &e {
        sqlx::Error::Database(d) if d.is_unique_violation() => {
            CommerceError::Conflict(message.to_owned())
        }
        _ => CommerceError::from(e),
    }
}

impl From<sqlx::Error> for CommerceError {
    fn from(e: sqlx::Error) -> Self {
        CommerceError::Internal(e.into())
    }
}

impl From<StorageError> for CommerceError {
    fn from(e: StorageError) -> Self {
        CommerceError::Internal(e.into())
    }
}

impl From<DomainError> for CommerceError {
    fn from(e: DomainError) -> Self {
        CommerceError::Invalid(vec![e.to_string()])
    }
}

impl From<serde_json::Error> for CommerceError {
    fn from(e: serde_json::Error) -> Self {
        CommerceError::Internal(e.into())
    }
}
