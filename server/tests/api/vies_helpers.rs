//! VAT helpers of the tests: a VIES stand-in (`tests/vies_server.py`, Python's standard library)
//! started per test on a free port of 127.0.0.1, with fixed answers by number, and the server
//! pointed at it with the shop's VAT number as the requester.

use crate::helpers::{spawn_app_with, TestApp};
use crate::partners::Partner;

/// Valid in the stand-in (Muster GmbH, München).
pub const VALID_DE: &str = "DE123456789";
/// Valid, Belgian.
pub const VALID_BE: &str = "BE0403019261";
/// Valid, Swedish (organisation number 5599000014).
pub const VALID_SE: &str = "SE559900001401";
/// Valid, Danish (CVR number 10000009).
pub const VALID_DK: &str = "DK10000009";
/// Invalid (any number the stand-in does not know).
pub const INVALID_DE: &str = "DE999999999";
/// Germany's service unavailable (`MS_UNAVAILABLE`).
pub const UNAVAILABLE_DE: &str = "DE111111111";
/// Answers after [`SLOW_SECONDS`], past the server's timeout.
pub const SLOW_DE: &str = "DE222222222";
/// How long the slow number takes, seconds.
pub const SLOW_SECONDS: u64 = 3;
/// The server's VIES timeout in the tests, milliseconds.
pub const TIMEOUT_MS: u64 = 800;
/// The shop's VAT number, sent as the requester.
pub const REQUESTER: &str = "FR40303265045";

/// A running VIES stand-in.
pub struct ViesServer {
    _partner: Partner,
    /// Its address, the server's `VIES_URL`.
    pub url: String,
}

impl ViesServer {
    /// Starts the stand-in on a free port.
    pub fn start() -> ViesServer {
        let slow = SLOW_SECONDS.to_string();
        let partner = Partner::start(
            "vies_server.py",
            &["--slow-seconds", &slow],
            "python3 runs tests/vies_server.py",
        );
        ViesServer {
            url: format!("http://127.0.0.1:{}", partner.port),
            _partner: partner,
        }
    }
}

/// The stand-in, and the server asking it.
pub async fn app_on_vies() -> (ViesServer, TestApp) {
    let vies = ViesServer::start();
    let url = vies.url.clone();
    let app = spawn_app_with(move |s| {
        s.vies.vies_url = url;
        s.vies.vies_timeout_ms = TIMEOUT_MS;
        s.vies.vies_requester = Some(REQUESTER.into());
    })
    .await;
    (vies, app)
}
