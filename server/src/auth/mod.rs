//! Authentication building blocks: passwords, random tokens, cookies, CSRF, sessions and the
//! captcha. Routes live in `crate::routes`; SQL in `crate::db`.

pub mod captcha;
pub mod cookies;
pub mod csrf;
pub mod password;
pub mod session;
pub mod sign_in_lock;
pub mod tokens;

pub use session::{AdminUser, AnySession, AuthUser, MaybeUser, Session};
