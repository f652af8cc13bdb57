//! Forme Additive web server: configuration, database, sessions, routes and the site's rules.

pub mod admin;
pub mod analysis_gate;
pub mod audit;
pub mod auth;
pub mod clock;
pub mod commerce;
pub mod config;
pub mod countries;
pub mod db;
pub mod documents;
pub mod domain;
pub mod error;
pub mod extract;
pub mod jobs;
#[cfg(test)]
mod layer_rules;
pub mod mail;
pub mod middleware;
pub mod payment;
pub mod rate_limit;
pub mod routes;
pub mod seo;
pub mod snapshot;
pub mod startup;
pub mod state;
pub mod storage;
pub mod twofa;
pub mod vies;
pub mod web_shell;

pub use error::ApiError;
pub use state::AppState;
