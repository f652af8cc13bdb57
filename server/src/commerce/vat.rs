//! VAT regime of a sale: French VAT at 20 % by default; reverse charge ("Autoliquidation", CGI
//! art. 283-2) for a billing address in another EU member state with a company and a valid
//! intra-EU VAT number; export without VAT (CGI art. 262 I) for a delivery outside the EU.

use crate::db::addresses::AddressView;
pub use crate::documents::VatRegime;
use crate::domain::VatNumber;

/// The French standard rate, basis points.
pub const STANDARD_RATE_BP: i64 = 2000;

/// What decides the regime: the delivery country, the billing country and the billing company.
#[derive(Debug, Clone, Copy)]
pub struct VatInput<'a> {
    /// Country code of the delivery address.
    pub delivery_country: &'a str,
    /// Country code of the billing address.
    pub billing_country: &'a str,
    /// Whether the billing address carries a company.
    pub company: bool,
    /// The company's VAT number, as stored.
    pub vat_number: Option<&'a str>,
}

/// The regime and the VAT number it rests on (reverse charge only).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VatDecision {
    /// France, reverse charge or export.
    pub regime: VatRegime,
    /// Rate applied, basis points (0 unless France).
    pub rate_bp: i64,
    /// The buyer's normalised VAT number under reverse charge.
    pub buyer_vat_number: Option<String>,
}

/// The VAT decision for an order delivered to `delivery` and billed to `billing`.
pub fn for_addresses(delivery: &AddressView, billing: &AddressView) -> VatDecision {
    decide(VatInput {
        delivery_country: &delivery.id_pays.code,
        billing_country: &billing.id_pays.code,
        company: billing.entreprise.is_some(),
        vat_number: billing
            .entreprise
            .as_ref()
            .and_then(|e| e.numero_tva.as_deref()),
    })
}

/// Decides the regime. Export wins (goods leave the EU whoever pays); then reverse charge, which
/// needs a company, a VAT number that parses with its check key, issued by the billing country,
/// that country being an EU member other than France.
pub fn decide(input: VatInput<'_>) -> VatDecision {
    let delivery_zone = super::shipping::zone_code(input.delivery_country);
    if delivery_zone == "monde" {
        return VatDecision {
            regime: VatRegime::Export,
            rate_bp: 0,
            buyer_vat_number: None,
        };
    }
    let billing_zone = super::shipping::zone_code(input.billing_country);
    if input.company && billing_zone == "ue" {
        let valid = input
            .vat_number
            .and_then(|n| VatNumber::parse(n).ok())
            .filter(|n| n.country_code() == input.billing_country.trim().to_ascii_lowercase());
        if let Some(number) = valid {
            return VatDecision {
                regime: VatRegime::ReverseCharge,
                rate_bp: 0,
                buyer_vat_number: Some(number.as_str().to_owned()),
            };
        }
    }
    VatDecision {
        regime: VatRegime::France,
        rate_bp: STANDARD_RATE_BP,
        buyer_vat_number: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input<'a>(delivery: &'a str, billing: &'a str, vat: Option<&'a str>) -> VatInput<'a> {
        VatInput {
            delivery_country: delivery,
            billing_country: billing,
            company: vat.is_some(),
            vat_number: vat,
        }
    }

    #[test]
    fn a_french_consumer_pays_20_percent() {
        let d = decide(input("fr", "fr", None));
        assert_eq!((d.regime, d.rate_bp), (VatRegime::France, 2000));
    }

    #[test]
    fn a_french_company_pays_20_percent_even_with_a_valid_number() {
        let d = decide(input("fr", "fr", Some("FR40303265045")));
        assert_eq!((d.regime, d.rate_bp), (VatRegime::France, 2000));
    }

    #[test]
    fn an_eu_company_with_a_valid_number_is_reverse_charged() {
        let d = decide(input("de", "de", Some("DE 123 456 789")));
        assert_eq!(d.regime, VatRegime::ReverseCharge);
        assert_eq!(d.rate_bp, 0);
        assert_eq!(d.buyer_vat_number.as_deref(), Some("DE123456789"));
        // Delivered in France, billed in Belgium: still reverse charge (billing decides).
        let d = decide(input("fr", "be", Some("BE0403019261")));
        assert_eq!(d.regime, VatRegime::ReverseCharge);
    }

    #[test]
    fn an_eu_consumer_or_a_bad_number_pays_french_vat() {
        assert_eq!(decide(input("de", "de", None)).regime, VatRegime::France);
        assert_eq!(
            decide(input("de", "de", Some("DE12"))).regime,
            VatRegime::France
        );
        // A number of another country than the billing address's.
        assert_eq!(
            decide(input("de", "de", Some("IT12345678901"))).regime,
            VatRegime::France
        );
        // A company without a number.
        let no_number = VatInput {
            company: true,
            vat_number: None,
            ..input("es", "es", None)
        };
        assert_eq!(decide(no_number).regime, VatRegime::France);
    }

    #[test]
    fn a_delivery_outside_the_eu_is_an_export_without_vat() {
        for country in ["ch", "us", "gb", "re", "gp", "nc"] {
            let d = decide(input(country, "fr", None));
            assert_eq!((d.regime, d.rate_bp), (VatRegime::Export, 0), "{country}");
        }
        // Billed to a German company, delivered in Switzerland: export.
        assert_eq!(
            decide(input("ch", "de", Some("DE123456789"))).regime,
            VatRegime::Export
        );
    }
}
