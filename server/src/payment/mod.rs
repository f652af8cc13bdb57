//! Card payments through Stripe: the configuration (offered only when `STRIPE_SECRET_KEY` and
//! `STRIPE_WEBHOOK_SECRET` are set), the API client, the webhook signature and what an event does.

pub mod client;
pub mod signature;
pub mod transfer;
pub mod webhook;

use serde::Serialize;

use crate::config::Settings;
use crate::domain::Cents;
use crate::middleware::security_headers::StripeOrigins;
use client::{NewIntent, StripeClient, StripeError};

/// Stripe, configured: the card option is offered.
#[derive(Debug, Clone)]
pub struct Stripe {
    /// The API client (secret key, API base).
    pub client: StripeClient,
    /// The webhook endpoint's signing secret (`whsec_...`).
    pub webhook_secret: String,
    /// The publishable key the checkout page gives Stripe.js (`pk_...`).
    pub publishable_key: String,
    /// Where the checkout page loads Stripe.js from.
    pub js_url: String,
    /// The origins of Stripe.js and of the API, allowed by the Content-Security-Policy.
    pub csp_origins: StripeOrigins,
}

/// The `Paiement` answer of a card order (docs/commerce-api.md).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CardPayment {
    /// Always `carte`.
    #[cfg_attr(feature = "ts", ts(type = "\"carte\""))]
    pub mode: &'static str,
    /// The PaymentIntent's client secret, for the Payment Element (spelled as the
    /// specification's browser storage key that keeps it).
    #[serde(rename = "clientSecret")]
    pub client_secret: String,
    /// `pk_...`.
    pub publishable_key: String,
    /// Stripe.js (or localstripe's stand-in in the tests).
    pub stripe_js_url: String,
}

/// A setting's value, when set and not blank.
fn non_empty(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

impl Stripe {
    /// Stripe from the settings: `None` without the secret key or the webhook secret (the card is
    /// then not offered); an error when the card is configured but cannot work.
    pub fn from_settings(settings: &Settings) -> anyhow::Result<Option<Stripe>> {
        let (Some(secret), Some(webhook_secret)) = (
            non_empty(&settings.stripe_secret_key),
            non_empty(&settings.stripe_webhook_secret),
        ) else {
            return Ok(None);
        };
        let Some(publishable_key) = non_empty(&settings.stripe_publishable_key) else {
            anyhow::bail!(
                "STRIPE_PUBLISHABLE_KEY est obligatoire quand STRIPE_SECRET_KEY et STRIPE_WEBHOOK_SECRET sont définis"
            );
        };
        url::Url::parse(&settings.stripe_api_base).map_err(|e| {
            anyhow::anyhow!(
                "STRIPE_API_BASE invalide ({}) : {e}",
                settings.stripe_api_base
            )
        })?;
        let csp_origins = StripeOrigins::of(&settings.stripe_js_url, &settings.stripe_api_base)
            .ok_or_else(|| {
                anyhow::anyhow!(
                    "STRIPE_JS_URL et STRIPE_API_BASE doivent être des adresses http(s) ({}, {})",
                    settings.stripe_js_url,
                    settings.stripe_api_base
                )
            })?;
        Ok(Some(Stripe {
            csp_origins,
            client: StripeClient::new(&settings.stripe_api_base, secret)?,
            webhook_secret: webhook_secret.to_owned(),
            publishable_key: publishable_key.to_owned(),
            js_url: settings.stripe_js_url.clone(),
        }))
    }

    /// Creates (or, for a retry of the same order, gets back) the order's PaymentIntent and
    /// returns its id (to store in `orders.payment_intent_id`, see
    /// [`crate::db::payments::set_payment_intent`]) with the `Paiement` answer.
    pub async fn start_card_payment(
        &self,
        order_id: i64,
        numero: &str,
        amount: Cents,
    ) -> Result<(String, CardPayment), StripeError> {
        let intent = self
            .client
            .create_payment_intent(&NewIntent {
                order_id,
                numero,
                amount,
            })
            .await?;
        let card = self.card_payment_of(&intent)?;
        Ok((intent.id, card))
    }

    /// The `Paiement` answer of an order's existing PaymentIntent (a retry of the same order),
    /// read back from Stripe.
    pub async fn resume_card_payment(&self, intent_id: &str) -> Result<CardPayment, StripeError> {
        let intent = self.client.retrieve_payment_intent(intent_id).await?;
        self.card_payment_of(&intent)
    }

    fn card_payment_of(&self, intent: &client::PaymentIntent) -> Result<CardPayment, StripeError> {
        let client_secret = intent.client_secret.clone().ok_or(StripeError::Decode {
            status: 200,
            detail: format!("PaymentIntent {} without client_secret", intent.id),
        })?;
        Ok(CardPayment {
            mode: "carte",
            client_secret,
            publishable_key: self.publishable_key.clone(),
            stripe_js_url: self.js_url.clone(),
        })
    }
}
