//! A small Stripe API client: create a PaymentIntent for an order (idempotent per order) and
//! retrieve one. The API base is configurable (`STRIPE_API_BASE`), so tests run against
//! localstripe. Errors are typed; `user_message()` is what a customer reads, the cause is logged.

use std::time::Duration;

use serde::Deserialize;

use crate::domain::Cents;

/// What the PaymentIntent of an order is made of.
#[derive(Debug, Clone)]
pub struct NewIntent<'a> {
    /// `orders.id`, kept in the intent's metadata.
    pub order_id: i64,
    /// `orders.numero` (CO-2026-000005), in the metadata.
    pub numero: &'a str,
    /// The amount to charge, tax included.
    pub amount: Cents,
}

/// A PaymentIntent as Stripe returns it (the fields the shop reads).
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct PaymentIntent {
    /// `pi_...`.
    pub id: String,
    /// `pi_..._secret_...`, given to the checkout page.
    pub client_secret: Option<String>,
    /// `requires_payment_method`, `processing`, `succeeded`, ...
    pub status: String,
    /// Amount in cents.
    pub amount: i64,
    /// Lower-case ISO currency (`eur`).
    pub currency: String,
    /// The order id and number the shop put there.
    #[serde(default)]
    pub metadata: std::collections::BTreeMap<String, String>,
}

impl PaymentIntent {
    /// The `order_id` of the metadata.
    pub fn order_id(&self) -> Option<i64> {
        self.metadata.get("order_id")?.parse().ok()
    }
}

/// Why a call to Stripe failed.
#[derive(Debug, thiserror::Error)]
pub enum StripeError {
    /// Stripe could not be reached, or did not answer in time.
    #[error("stripe unreachable: {0}")]
    Network(#[source] reqwest::Error),
    /// Stripe answered with an error object.
    #[error("stripe answered {status}: {kind} {code}: {message}")]
    Api {
        /// HTTP status.
        status: u16,
        /// `error.type` (`card_error`, `invalid_request_error`, ...).
        kind: String,
        /// `error.code`, when given.
        code: String,
        /// `error.message` (English, for the logs).
        message: String,
    },
    /// Stripe answered something that is not the expected JSON.
    #[error("unexpected answer from stripe ({status}): {detail}")]
    Decode {
        /// HTTP status.
        status: u16,
        /// What could not be read.
        detail: String,
    },
}

impl StripeError {
    /// The French message shown to the customer (never Stripe's English text).
    pub fn user_message(&self) -> &'static str {
        match self {
            StripeError::Api { kind, .. } if kind == "card_error" => {
                "Le paiement par carte a été refusé. Vérifiez votre carte ou choisissez le virement bancaire."
            }
            StripeError::Network(_) => {
                "Le service de paiement par carte ne répond pas. Veuillez réessayer dans quelques instants."
            }
            _ => {
                "Le paiement par carte est momentanément indisponible. Veuillez réessayer ou choisir le virement bancaire."
            }
        }
    }
}

#[derive(Deserialize)]
struct ErrorBody {
    error: ErrorObject,
}

#[derive(Deserialize)]
struct ErrorObject {
    #[serde(default, rename = "type")]
    kind: Option<String>,
    #[serde(default)]
    code: Option<String>,
    #[serde(default)]
    message: Option<String>,
}

/// The client: one HTTP connection pool, the API base and the secret key.
#[derive(Clone)]
pub struct StripeClient {
    http: reqwest::Client,
    base: String,
    secret_key: String,
}

impl std::fmt::Debug for StripeClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StripeClient")
            .field("base", &self.base)
            .finish_non_exhaustive()
    }
}

/// The `Idempotency-Key` of an order's PaymentIntent: a retry for the same order gets the same
/// intent from Stripe instead of a second one.
pub fn idempotency_key(order_id: i64, numero: &str) -> String {
    format!("forme-additive-order-{order_id}-{numero}-payment-intent")
}

impl StripeClient {
    /// A client of the API at `base` (`https://api.stripe.com`, or localstripe's address).
    pub fn new(base: &str, secret_key: &str) -> anyhow::Result<StripeClient> {
        let http = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(5))
            .timeout(Duration::from_secs(20))
            .user_agent(concat!("forme-additive/", env!("CARGO_PKG_VERSION")))
            .build()?;
        Ok(StripeClient {
            http,
            base: base.trim_end_matches('/').to_owned(),
            secret_key: secret_key.to_owned(),
        })
    }

    /// Creates the PaymentIntent of an order (card, euros), idempotent per order.
    pub async fn create_payment_intent(
        &self,
        intent: &NewIntent<'_>,
    ) -> Result<PaymentIntent, StripeError> {
        let order_id = intent.order_id.to_string();
        let amount = intent.amount.get().to_string();
        let form = [
            ("amount", amount.as_str()),
            ("currency", "eur"),
            ("payment_method_types[]", "card"),
            ("metadata[order_id]", order_id.as_str()),
            ("metadata[numero]", intent.numero),
        ];
        let request = self
            .http
            .post(format!("{}/v1/payment_intents", self.base))
            .bearer_auth(&self.secret_key)
            .header(
                "Idempotency-Key",
                idempotency_key(intent.order_id, intent.numero),
            )
            .form(&form);
        self.send(request).await
    }

    /// Reads a PaymentIntent back (the webhook trusts Stripe's copy, not the event body alone).
    pub async fn retrieve_payment_intent(&self, id: &str) -> Result<PaymentIntent, StripeError> {
        if id.is_empty() || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(StripeError::Decode {
                status: 0,
                detail: format!("not a PaymentIntent id: {id:?}"),
            });
        }
        let request = self
            .http
            .get(format!("{}/v1/payment_intents/{id}", self.base))
            .bearer_auth(&self.secret_key);
        self.send(request).await
    }

    async fn send(&self, request: reqwest::RequestBuilder) -> Result<PaymentIntent, StripeError> {
        let response = request.send().await.map_err(StripeError::Network)?;
        let status = response.status().as_u16();
        let body = response.bytes().await.map_err(StripeError::Network)?;
        if (200..300).contains(&status) {
            return serde_json::from_slice(&body).map_err(|e| StripeError::Decode {
                status,
                detail: e.to_string(),
            });
        }
        match serde_json::from_slice::<ErrorBody>(&body) {
            Ok(ErrorBody { error }) => Err(StripeError::Api {
                status,
                kind: error.kind.unwrap_or_default(),
                code: error.code.unwrap_or_default(),
                message: error.message.unwrap_or_default(),
            }),
            Err(_) => Err(StripeError::Decode {
                status,
                detail: String::from_utf8_lossy(&body).chars().take(200).collect(),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_idempotency_key_depends_on_the_order_only() {
        assert_eq!(
            idempotency_key(5, "CO-2026-000005"),
            idempotency_key(5, "CO-2026-000005")
        );
        assert_ne!(
            idempotency_key(5, "CO-2026-000005"),
            idempotency_key(6, "CO-2026-000006")
        );
    }

    #[test]
    fn a_declined_card_and_an_outage_read_differently_in_french() {
        let declined = StripeError::Api {
            status: 402,
            kind: "card_error".into(),
            code: "card_declined".into(),
            message: "Your card was declined.".into(),
        };
        assert!(declined.user_message().contains("refusé"));
        let invalid = StripeError::Api {
            status: 400,
            kind: "invalid_request_error".into(),
            code: String::new(),
            message: "Bad request".into(),
        };
        assert!(invalid.user_message().contains("indisponible"));
        assert!(!invalid.user_message().contains("Bad request"));
    }

    #[test]
    fn the_metadata_gives_the_order_back() {
        let pi: PaymentIntent = serde_json::from_str(
            r#"{"id":"pi_1","client_secret":"pi_1_secret_x","status":"succeeded","amount":5526,
                "currency":"eur","metadata":{"order_id":"5","numero":"CO-2026-000005"},"extra":1}"#,
        )
        .unwrap();
        assert_eq!(pi.order_id(), Some(5));
    }
}
