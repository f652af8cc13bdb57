//! The client's address: the socket peer, or the first `X-Forwarded-For` entry when the server
//! runs behind a trusted reverse proxy (`TRUST_PROXY`).

use std::convert::Infallible;
use std::net::SocketAddr;

use axum::extract::{ConnectInfo, FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::HeaderMap;
use axum::middleware::Next;
use axum::response::Response;

use crate::state::AppState;

/// The client's IP address as text (`unknown` when not known).
#[derive(Debug, Clone)]
pub struct ClientIp(pub String);

fn resolve(headers: &HeaderMap, peer: Option<SocketAddr>, trust_proxy: bool) -> String {
    if trust_proxy {
        let forwarded = headers
            .get("x-forwarded-for")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(',').next())
            .map(str::trim)
            .filter(|v| v.parse::<std::net::IpAddr>().is_ok());
        if let Some(ip) = forwarded {
            return ip.to_owned();
        }
    }
    peer.map_or_else(|| "unknown".to_owned(), |p| p.ip().to_string())
}

/// Middleware: stores the [`ClientIp`] in the request extensions (the proxy copies it).
pub async fn client_ip(State(state): State<AppState>, mut req: Request, next: Next) -> Response {
    if req.extensions().get::<ClientIp>().is_none() {
        let peer = req
            .extensions()
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0);
        let ip = resolve(req.headers(), peer, state.config.settings.trust_proxy);
        req.extensions_mut().insert(ClientIp(ip));
    }
    next.run(req).await
}

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Infallible> {
        Ok(parts
            .extensions
            .get::<ClientIp>()
            .cloned()
            .unwrap_or_else(|| ClientIp("unknown".to_owned())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forwarded_for_is_ignored_unless_trusted() {
        let mut h = HeaderMap::new();
        h.insert("x-forwarded-for", "203.0.113.9, 10.0.0.1".parse().unwrap());
        let peer = Some("127.0.0.1:5000".parse().unwrap());
        assert_eq!(resolve(&h, peer, false), "127.0.0.1");
        assert_eq!(resolve(&h, peer, true), "203.0.113.9");
    }
}
