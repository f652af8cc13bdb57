//! Business rules of the shop, beside `routes/` (which parse and answer) and `db/` (which hold
//! the SQL): shipping zones, VAT regimes and the totals of a basket, computed on the server only.

pub mod checkout;
pub mod invoicing;
pub mod order_status;
pub mod shipping;
pub mod totals;
pub mod vat;
