//! Rate limits counted in the database (so that several instances share them): a bucket name,
//! a window and a maximum. Over the limit, the answer is 429 with the specification's message.
//!
//! An attempt is counted *before* it is compared ([`take`]): the event is inserted, then the
//! bucket is counted, so parallel requests cannot all pass a check made before any of them is
//! recorded. A success gives its event back ([`Ticket::release`]) or clears the bucket.

use crate::clock;
use crate::db::rate_limits;
use crate::error::ApiError;
use crate::state::AppState;

/// A limit: at most `max` events per `window` seconds.
#[derive(Debug, Clone, Copy)]
pub struct Limit {
    /// Events allowed in the window.
    pub max: i64,
    /// Window length in seconds.
    pub window: i64,
}

/// Failed sign-ins per IP and e-mail.
pub const LOGIN_PER_ACCOUNT: Limit = Limit {
    max: 5,
    window: 15 * 60,
};
/// Failed sign-ins per IP, whatever the e-mail.
pub const LOGIN_PER_IP: Limit = Limit {
    max: 30,
    window: 15 * 60,
};
/// Failed sign-ins per e-mail, whatever the address they come from. Past it, a sign-in needs a
/// solved captcha (so the owner is never locked out, and every further guess costs work).
pub const LOGIN_PER_EMAIL: Limit = Limit {
    max: 5,
    window: 15 * 60,
};
/// Account creations per IP.
pub const SIGNUP_PER_IP: Limit = Limit {
    max: 10,
    window: 60 * 60,
};
/// Quote PDFs issued per account (each one takes a number and a row).
pub const QUOTE_PDF_PER_ACCOUNT: Limit = Limit {
    max: 30,
    window: 60 * 60,
};

/// Quotes e-mailed per account by « Envoyer au service achats » (each goes to an address the
/// customer types: the site must not become a way to send mail to anyone).
pub const QUOTE_FORWARD_PER_ACCOUNT: Limit = Limit {
    max: 10,
    window: 60 * 60,
};
/// Share links made per account.
pub const QUOTE_LINKS_PER_ACCOUNT: Limit = Limit {
    max: 30,
    window: 60 * 60,
};

/// Discount codes looked up per account that turn out unknown (or reserved to another account,
/// which answers the same).
pub const CODE_MISSES_PER_ACCOUNT: Limit = Limit {
    max: 10,
    window: 60 * 60,
};
/// Discount codes looked up per client address that turn out unknown.
pub const CODE_MISSES_PER_IP: Limit = Limit {
    max: 30,
    window: 60 * 60,
};

/// The part of a client address that names one client in a bucket: an IPv4 address as it is, an
/// IPv6 address by its /64 network (one subscriber's line or one server gets a whole /64, so
/// each of its 2^64 addresses must not open a fresh bucket). An IPv4-mapped IPv6 address counts
/// as its IPv4 address; what does not parse is kept as it is (`unknown`).
pub fn client_key(ip: &str) -> String {
    match ip.parse::<std::net::IpAddr>() {
        Ok(std::net::IpAddr::V6(v6)) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let s = v6.segments();
                let net = std::net::Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0);
                format!("{net}/64")
            }
        },
        Ok(v4) => v4.to_string(),
        Err(_) => ip.to_owned(),
    }
}

/// The tickets of one discount-code lookup, taken before the lookup: per account and per client
/// address. The caller gives them back when the code exists for the account
/// ([`Ticket::release`]), so that only misses count: past 10 an hour for an account (30 for an
/// address) the lookup answers 429 whatever the code.
pub async fn code_lookup(
    state: &AppState,
    account: i64,
    ip: &str,
) -> Result<Vec<Ticket>, ApiError> {
    take_all(
        state,
        &[
            (&format!("code-account:{account}"), CODE_MISSES_PER_ACCOUNT),
            (&format!("code-ip:{}", client_key(ip)), CODE_MISSES_PER_IP),
        ],
    )
    .await
}

/// One counted event, kept unless it is released.
#[derive(Debug, Clone, Copy)]
#[must_use = "a ticket is kept unless released"]
pub struct Ticket(i64);

impl Ticket {
    /// Gives the event back (the attempt succeeded and must not count).
    pub async fn release(self, state: &AppState) -> Result<(), ApiError> {
        rate_limits::release(&mut *state.db.acquire().await?, self.0).await?;
        Ok(())
    }

    /// Keeps the event when `result` is a success, gives it back on an error.
    pub async fn kept_if_ok<T>(
        self,
        state: &AppState,
        result: Result<T, ApiError>,
    ) -> Result<T, ApiError> {
        if result.is_err() {
            self.release(state).await?;
        }
        result
    }
}

/// Counts one event in `bucket`, then compares: 429 when that makes more than `limit.max` events
/// in the window (the refused event is not kept, so refusals do not extend the wait).
pub async fn take(state: &AppState, bucket: &str, limit: Limit) -> Result<Ticket, ApiError> {
    let now = clock::now();
    let (id, count) = rate_limits::take(
        &mut *state.db.acquire().await?,
        bucket,
        now - limit.window,
        now,
    )
    .await?;
    if count > limit.max {
        rate_limits::release(&mut *state.db.acquire().await?, id).await?;
        return Err(ApiError::TooManyRequests);
    }
    Ok(Ticket(id))
}

/// Takes one event in each bucket, all or none (429 when any is over its limit).
pub async fn take_all(
    state: &AppState,
    buckets: &[(&str, Limit)],
) -> Result<Vec<Ticket>, ApiError> {
    let mut taken = Vec::with_capacity(buckets.len());
    for (bucket, limit) in buckets {
        match take(state, bucket, *limit).await {
            Ok(t) => taken.push(t),
            Err(e) => {
                for t in taken {
                    t.release(state).await?;
                }
                return Err(e);
            }
        }
    }
    Ok(taken)
}

/// Counts one event and keeps it: for actions limited whether they succeed or not (e-mails
/// sent, ...).
pub async fn hit(state: &AppState, bucket: &str, limit: Limit) -> Result<(), ApiError> {
    take(state, bucket, limit).await.map(|_| ())
}

/// Whether `bucket` already holds `limit.max` events in the window (a read, never a gate by
/// itself: gates use [`take`]).
pub async fn is_full(state: &AppState, bucket: &str, limit: Limit) -> Result<bool, ApiError> {
    let since = clock::now() - limit.window;
    Ok(
        rate_limits::count_since(&mut *state.db.acquire().await?, bucket, since).await?
            >= limit.max,
    )
}

/// Forgets a bucket (a successful sign-in clears its failures).
pub async fn clear(state: &AppState, bucket: &str) -> Result<(), ApiError> {
    rate_limits::clear(&mut *state.db.acquire().await?, bucket).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::client_key;

    #[test]
    fn an_ipv6_client_is_its_64_network_and_an_ipv4_client_its_address() {
        assert_eq!(client_key("2001:db8:1:2:3:4:5:6"), "2001:db8:1:2::/64");
        assert_eq!(
            client_key("2001:db8:1:2::ffff"),
            client_key("2001:db8:1:2:a:b:c:d")
        );
        assert_ne!(client_key("2001:db8:1:2::1"), client_key("2001:db8:1:3::1"));
        assert_eq!(client_key("203.0.113.9"), "203.0.113.9");
        assert_eq!(client_key("::ffff:203.0.113.9"), "203.0.113.9");
        assert_eq!(client_key("unknown"), "unknown");
    }
}
