//! The rules of the admin area that are not commerce: the dashboard's figures for the current
//! Paris month and what an admin may do to an account.

pub mod accounts;
pub mod catalog;
pub mod dashboard;
