//! Business rules of the shop, beside `routes/` (which parse and answer) and `db/` (which hold
//! the SQL): discount codes, shipping zones, VAT regimes, the totals of a basket (computed on the
//! server only), checkout, the order state machine and invoicing; and the customer's own writes
//! (profile, addresses, companies, basket, two-factor switch, password reset). Handlers call these
//! functions, which decide; the one that writes opens and commits its transaction.

pub mod account_closure;
pub mod accounting;
pub mod addresses;
pub mod basket;
pub mod checkout;
pub mod companies;
pub mod data_export;
pub mod discounts;
pub mod error;
pub mod invoicing;
pub mod line_summary;
pub mod order_changes;
pub mod order_reference;
pub mod order_status;
pub mod part_review;
pub mod password_reset;
pub mod payment_mail;
pub mod payment_terms;
pub mod payments;
pub mod pdf_archive;
pub mod profile;
pub mod quote;
pub mod quote_links;
pub mod quote_order;
pub mod quoted_price;
pub mod reorder;
pub mod ship_dates;
pub mod shipping;
pub mod statistics;
pub mod totals;
pub mod two_factor;
pub mod vat;
pub mod vat_check;
