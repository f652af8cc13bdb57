//! Request middleware: client address, security headers, maintenance guard for the API.

pub mod client_ip;
pub mod maintenance;
pub mod security_headers;

pub use client_ip::ClientIp;
