//! Password hashing with argon2id (default parameters of the `argon2` crate), run off the
//! async runtime because a hash takes tens of milliseconds.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;

/// A hash of a fixed password, verified when the e-mail is unknown so that a sign-in takes the
/// same time whether the account exists or not.
const DUMMY_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$1H3/5Y7u4jO5VnQe0mB7d2bq6g0xXfzq3mY0mOQ2qGk";

/// Hashes a password (argon2id, random salt), as a PHC string.
pub async fn hash(password: String) -> anyhow::Result<String> {
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut rand::rngs::OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| anyhow::anyhow!("argon2 hash failed: {e}"))
    })
    .await?
}

/// Verifies a password against a PHC string; `None` as hash burns the same time and fails.
pub async fn verify(password: String, hash: Option<String>) -> anyhow::Result<bool> {
    tokio::task::spawn_blocking(move || {
        let known = hash.is_some();
        let hash = hash.unwrap_or_else(|| DUMMY_HASH.to_owned());
        let parsed =
            PasswordHash::new(&hash).map_err(|e| anyhow::anyhow!("bad stored hash: {e}"))?;
        let ok = Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok();
        Ok(known && ok)
    })
    .await?
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_hash_verifies_its_password_only() {
        let h = hash("correct horse battery".into()).await.unwrap();
        assert!(h.starts_with("$argon2id$"));
        assert!(verify("correct horse battery".into(), Some(h.clone()))
            .await
            .unwrap());
        assert!(!verify("wrong".into(), Some(h)).await.unwrap());
    }

    #[tokio::test]
    async fn an_unknown_account_never_verifies() {
        assert!(!verify("anything".into(), None).await.unwrap());
    }
}
