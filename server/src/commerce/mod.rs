//! Business rules of the shop, beside `routes/` (which parse and answer) and `db/` (which hold
//! the SQL): handlers call these functions, which decide.

pub mod discounts;
