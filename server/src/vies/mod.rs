//! The European Commission's VIES service, through its REST API: is an intra-EU VAT number valid
//! now (`POST {VIES_URL}/check-vat-number`), and which member states answer
//! (`GET {VIES_URL}/check-status`). The shop's own VAT number is sent as the requester, so that a
//! valid answer carries a consultation number (`requestIdentifier`), the proof kept with an
//! order zero-rated as an intra-EU supply. A check never fails: what is not a clear "valid" or
//! "invalid" (timeout, network, `MS_UNAVAILABLE`, any other error) is [`ViesAnswer::Unavailable`].

pub mod settings;

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::domain::VatNumber;
pub use settings::ViesSettings;

/// A VIES client: the API base, the time a call may take, the requester.
#[derive(Debug, Clone)]
pub struct Vies {
    http: reqwest::Client,
    base: String,
    requester: Option<VatNumber>,
}

/// A valid answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Consultation {
    /// The consultation number (`requestIdentifier`); empty when no requester was sent.
    pub request_identifier: String,
    /// The trader's name, as the member state gives it (`---` or empty when it does not).
    pub name: String,
    /// The trader's address, likewise.
    pub address: String,
}

/// What VIES said about a number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ViesAnswer {
    /// Valid now.
    Valid(Consultation),
    /// Not a valid number (VIES answered `valid: false`, or `INVALID_INPUT`).
    Invalid,
    /// No answer that counts: why, for the logs (`timeout`, `MS_UNAVAILABLE`, ...).
    Unavailable(String),
}

/// One member state's service, as `check-status` lists it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CountryStatus {
    /// VAT prefix (`DE`, `EL`, `XI`).
    pub country_code: String,
    /// `Available`, `Unavailable` or `Monitoring Disabled`.
    pub availability: String,
}

/// `check-status`: the service and each member state's.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct ServiceStatus {
    /// `vow.available`: VIES itself answers.
    pub vow: VowStatus,
    /// Each member state.
    #[serde(default)]
    pub countries: Vec<CountryStatus>,
}

/// VIES on the Web's own availability.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct VowStatus {
    /// Whether VIES answers.
    pub available: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CheckRequest<'a> {
    country_code: &'a str,
    vat_number: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    requester_member_state_code: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    requester_number: Option<&'a str>,
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase")]
struct CheckResponse {
    valid: Option<bool>,
    request_identifier: Option<String>,
    name: Option<String>,
    address: Option<String>,
    action_succeed: Option<bool>,
    #[serde(default)]
    error_wrappers: Vec<ErrorWrapper>,
}

#[derive(Deserialize)]
struct ErrorWrapper {
    error: String,
}

/// `DE123456789` as VIES reads it: `("DE", "123456789")`.
fn split(number: &VatNumber) -> (&str, &str) {
    number.as_str().split_at(2)
}

impl Vies {
    /// A client of the API at `settings.vies_url`, each call cut after `vies_timeout_ms`; the
    /// requester is `vies_requester`, else `seller_vat` (none when it is not a valid number: the
    /// answers then carry no consultation number).
    pub fn new(settings: &ViesSettings, seller_vat: &str) -> anyhow::Result<Vies> {
        url::Url::parse(&settings.vies_url)
            .map_err(|e| anyhow::anyhow!("VIES_URL invalide ({}) : {e}", settings.vies_url))?;
        let timeout = Duration::from_millis(settings.vies_timeout_ms.max(1));
        let http = reqwest::Client::builder()
            .timeout(timeout)
            .connect_timeout(timeout)
            .user_agent("forme-additive")
            .build()?;
        let requester = settings
            .vies_requester
            .as_deref()
            .unwrap_or(seller_vat)
            .trim();
        let requester = VatNumber::parse(requester).ok();
        if requester.is_none() {
            tracing::warn!(
                "no valid requester VAT number (VIES_REQUESTER or COMPANY_VAT): VIES answers will carry no consultation number"
            );
        }
        Ok(Vies {
            http,
            base: settings.vies_url.trim_end_matches('/').to_owned(),
            requester,
        })
    }

    /// Asks VIES whether `number` is valid now.
    pub async fn check(&self, number: &VatNumber) -> ViesAnswer {
        let (country_code, vat_number) = split(number);
        let requester = self.requester.as_ref().map(split);
        let body = CheckRequest {
            country_code,
            vat_number,
            requester_member_state_code: requester.map(|r| r.0),
            requester_number: requester.map(|r| r.1),
        };
        let sent = self
            .http
            .post(format!("{}/check-vat-number", self.base))
            .json(&body)
            .send()
            .await;
        let response = match sent {
            Ok(r) => r,
            Err(e) if e.is_timeout() => return ViesAnswer::Unavailable("timeout".into()),
            Err(e) => return ViesAnswer::Unavailable(format!("network: {e}")),
        };
        let status = response.status();
        match response.json::<CheckResponse>().await {
            Ok(answer) => read_answer(answer, status.as_u16()),
            Err(e) if e.is_timeout() => ViesAnswer::Unavailable("timeout".into()),
            Err(e) => ViesAnswer::Unavailable(format!("HTTP {status}, unreadable answer: {e}")),
        }
    }

    /// `check-status`: whether VIES and each member state answer now.
    pub async fn status(&self) -> Result<ServiceStatus, String> {
        let response = self
            .http
            .get(format!("{}/check-status", self.base))
            .send()
            .await
            .map_err(|e| e.to_string())?;
        response.json().await.map_err(|e| e.to_string())
    }
}

/// The answer of a `check-vat-number` call that returned JSON.
fn read_answer(a: CheckResponse, status: u16) -> ViesAnswer {
    let errors: Vec<&str> = a.error_wrappers.iter().map(|e| e.error.as_str()).collect();
    if errors.contains(&"INVALID_INPUT") {
        return ViesAnswer::Invalid;
    }
    if !errors.is_empty() || a.action_succeed == Some(false) {
        return ViesAnswer::Unavailable(if errors.is_empty() {
            format!("HTTP {status}, actionSucceed false")
        } else {
            errors.join(", ")
        });
    }
    match a.valid {
        Some(true) => ViesAnswer::Valid(Consultation {
            request_identifier: a.request_identifier.unwrap_or_default(),
            name: a.name.unwrap_or_default(),
            address: a.address.unwrap_or_default(),
        }),
        Some(false) => ViesAnswer::Invalid,
        None => ViesAnswer::Unavailable(format!("HTTP {status}, no validity in the answer")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(json: &str) -> ViesAnswer {
        read_answer(serde_json::from_str(json).unwrap(), 200)
    }

    #[test]
    fn a_valid_answer_carries_the_consultation_number() {
        let a = read(
            r#"{"countryCode":"DE","vatNumber":"123456789","requestDate":"2026-11-22T10:00:00.000Z",
                "valid":true,"requestIdentifier":"WAPIAAAAZ0001","name":"Muster GmbH",
                "address":"Musterstraße 1\n80331 München","traderName":"---"}"#,
        );
        assert_eq!(
            a,
            ViesAnswer::Valid(Consultation {
                request_identifier: "WAPIAAAAZ0001".into(),
                name: "Muster GmbH".into(),
                address: "Musterstraße 1\n80331 München".into(),
            })
        );
    }

    #[test]
    fn invalid_and_error_answers_are_told_apart() {
        assert_eq!(read(r#"{"valid":false,"name":"---"}"#), ViesAnswer::Invalid);
        assert_eq!(
            read(r#"{"actionSucceed":false,"errorWrappers":[{"error":"INVALID_INPUT"}]}"#),
            ViesAnswer::Invalid
        );
        assert_eq!(
            read(r#"{"actionSucceed":false,"errorWrappers":[{"error":"MS_UNAVAILABLE"}]}"#),
            ViesAnswer::Unavailable("MS_UNAVAILABLE".into())
        );
        assert!(matches!(
            read(r#"{"actionSucceed":false}"#),
            ViesAnswer::Unavailable(_)
        ));
        assert!(matches!(read("{}"), ViesAnswer::Unavailable(_)));
    }

    #[test]
    fn the_requester_is_the_seller_s_number_when_it_is_one() {
        let settings = ViesSettings::default();
        let v = Vies::new(&settings, "FR40 303 265 045").unwrap();
        assert_eq!(
            v.requester.as_ref().map(VatNumber::as_str),
            Some("FR40303265045")
        );
        assert!(Vies::new(&settings, "FR00 000000000 (fictif)")
            .unwrap()
            .requester
            .is_none());
        let named = ViesSettings {
            vies_requester: Some("BE0403019261".into()),
            ..ViesSettings::default()
        };
        assert_eq!(
            Vies::new(&named, "FR40303265045")
                .unwrap()
                .requester
                .map(|n| n.as_str().to_owned()),
            Some("BE0403019261".to_owned())
        );
    }
}
