//! The client's address: the socket peer, or, behind trusted reverse proxies (`TRUST_PROXY`), the
//! rightmost `X-Forwarded-For` hop that is not itself a trusted proxy (`TRUSTED_PROXIES`, loopback
//! by default). The leftmost entries are written by the client and never believed.

use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::str::FromStr;

use axum::extract::{ConnectInfo, FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::HeaderMap;
use axum::middleware::Next;
use axum::response::Response;

use crate::state::AppState;

/// The client's IP address as text (`unknown` when not known).
#[derive(Debug, Clone)]
pub struct ClientIp(pub String);

/// A trusted proxy: one address (`10.0.0.2`) or a network (`10.0.0.0/8`, `fd00::/8`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProxyNet {
    addr: IpAddr,
    prefix: u8,
}

impl FromStr for ProxyNet {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || {
            format!(
                "adresse de proxy invalide\u{a0}: {s:?} (attendu\u{a0}: 10.0.0.2 ou 10.0.0.0/8)"
            )
        };
        let (addr, prefix) = match s.trim().split_once('/') {
            Some((a, p)) => (a, Some(p)),
            None => (s.trim(), None),
        };
        let addr: IpAddr = addr.parse().map_err(|_| bad())?;
        let max = if addr.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            Some(p) => p.parse::<u8>().ok().filter(|p| *p <= max).ok_or_else(bad)?,
            None => max,
        };
        Ok(ProxyNet { addr, prefix })
    }
}

impl ProxyNet {
    /// Whether `ip` is inside this network (an IPv4-mapped IPv6 address counts as IPv4).
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = match ip {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
            v4 => v4,
        };
        match (self.addr, ip) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                let mask = u32::MAX
                    .checked_shl(32 - u32::from(self.prefix))
                    .unwrap_or(0);
                u32::from(net) & mask == u32::from(ip) & mask
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => {
                let mask = u128::MAX
                    .checked_shl(128 - u32::from(self.prefix))
                    .unwrap_or(0);
                u128::from(net) & mask == u128::from(ip) & mask
            }
            _ => false,
        }
    }
}

/// Whether `ip` is one of the trusted proxies (loopback when the list is empty).
fn is_trusted(ip: IpAddr, trusted: &[ProxyNet]) -> bool {
    if trusted.is_empty() {
        let ip = match ip {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
            v4 => v4,
        };
        ip.is_loopback()
    } else {
        trusted.iter().any(|net| net.contains(ip))
    }
}

fn resolve(
    headers: &HeaderMap,
    peer: Option<SocketAddr>,
    trust_proxy: bool,
    trusted: &[ProxyNet],
) -> String {
    let Some(peer) = peer.map(|p| p.ip()) else {
        return "unknown".to_owned();
    };
    if !trust_proxy || !is_trusted(peer, trusted) {
        return peer.to_string();
    }
    // Walk the hops from the nearest: each trusted proxy vouches for the hop on its left; the
    // first hop that is not a trusted proxy is the client. A malformed hop stops the walk there.
    let mut client = peer;
    let hops = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .collect::<Vec<_>>();
    for hop in hops.iter().rev() {
        let Ok(ip) = hop.parse::<IpAddr>() else {
            break;
        };
        client = ip;
        if !is_trusted(ip, trusted) {
            break;
        }
    }
    client.to_string()
}

/// Middleware: stores the [`ClientIp`] in the request extensions (the proxy copies it).
pub async fn client_ip(State(state): State<AppState>, mut req: Request, next: Next) -> Response {
    if req.extensions().get::<ClientIp>().is_none() {
        let peer = req
            .extensions()
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0);
        let settings = &state.config.settings;
        let ip = resolve(
            req.headers(),
            peer,
            settings.trust_proxy,
            &settings.trusted_proxies,
        );
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

    fn headers(xff: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert("x-forwarded-for", xff.parse().unwrap());
        h
    }

    #[test]
    fn forwarded_for_is_ignored_unless_trusted() {
        let h = headers("203.0.113.9, 10.0.0.1");
        let peer = Some("127.0.0.1:5000".parse().unwrap());
        assert_eq!(resolve(&h, peer, false, &[]), "127.0.0.1");
        // Loopback proxy (default list): 10.0.0.1 is the first untrusted hop from the right.
        assert_eq!(resolve(&h, peer, true, &[]), "10.0.0.1");
    }

    #[test]
    fn the_rightmost_untrusted_hop_is_the_client_and_the_leftmost_is_never_believed() {
        let trusted: Vec<ProxyNet> = ["127.0.0.1", "10.0.0.0/8"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        let peer = Some("127.0.0.1:5000".parse().unwrap());
        let h = headers("198.51.100.7, 203.0.113.9, 10.1.2.3");
        assert_eq!(resolve(&h, peer, true, &trusted), "203.0.113.9");
        let h = headers("203.0.113.9");
        assert_eq!(resolve(&h, peer, true, &trusted), "203.0.113.9");
        // A peer that is not a trusted proxy: its header is the client's own writing.
        let outside = Some("192.0.2.50:5000".parse().unwrap());
        assert_eq!(resolve(&h, outside, true, &trusted), "192.0.2.50");
        // Garbage on the right stops the walk at the last proxy.
        let h = headers("203.0.113.9, not-an-ip");
        assert_eq!(resolve(&h, peer, true, &trusted), "127.0.0.1");
    }

    #[test]
    fn proxy_networks_parse_and_match() {
        let net: ProxyNet = "10.0.0.0/8".parse().unwrap();
        assert!(net.contains("10.200.1.1".parse().unwrap()));
        assert!(!net.contains("11.0.0.1".parse().unwrap()));
        assert!(net.contains("::ffff:10.0.0.1".parse().unwrap()));
        let v6: ProxyNet = "fd00::/8".parse().unwrap();
        assert!(v6.contains("fd12::1".parse().unwrap()));
        assert!(!v6.contains("fe80::1".parse().unwrap()));
        let all: ProxyNet = "0.0.0.0/0".parse().unwrap();
        assert!(all.contains("192.0.2.1".parse().unwrap()));
        assert!("10.0.0.0/33".parse::<ProxyNet>().is_err());
        assert!("proxy".parse::<ProxyNet>().is_err());
    }
}
