//! Validated domain types: every value a customer types is parsed here into a type that cannot
//! hold an invalid value, with a French message for each refusal.

mod email;
mod error;
mod luhn;
mod money;
pub mod order_reference;
pub mod paris_time;
pub mod part_status;
mod password;
mod person_name;
mod phone;
mod postcode;
mod siret;
pub mod text;
mod vat;

pub use email::Email;
pub use error::DomainError;
pub use money::Cents;
pub use order_reference::{OrderReference, OrderReferenceError};
pub use password::Password;
pub use person_name::{Nom, Prenom};
pub use phone::Phone;
pub use postcode::PostalCode;
pub use siret::{Siren, Siret};
pub use vat::VatNumber;
