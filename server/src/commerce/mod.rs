//! Business rules of the shop, beside `routes/` (which parse and answer) and `db/` (which hold
//! the SQL): discount codes, shipping zones, VAT regimes, the totals of a basket (computed on the
//! server only), checkout, the order state machine and invoicing. Handlers call these functions,
//! which decide.

pub mod addresses;
pub mod checkout;
pub mod discounts;
pub mod error;
pub mod invoicing;
pub mod line_summary;
pub mod order_changes;
pub mod order_status;
pub mod part_review;
pub mod payment_mail;
pub mod payments;
pub mod pdf_archive;
pub mod quote;
pub mod shipping;
pub mod statistics;
pub mod totals;
pub mod vat;
