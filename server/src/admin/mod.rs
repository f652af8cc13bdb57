//! The rules of the admin area that are not commerce: the dashboard's figures for the current
//! Paris month, what an admin may do to an account and to a discount code, and the maintenance
//! switch.

pub mod accounts;
pub mod catalog;
pub mod dashboard;
pub mod discounts;
pub mod maintenance;
