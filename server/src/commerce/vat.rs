//! VAT regime of a sale of goods (printed parts), decided here only: the totals, the order, the
//! quote, the invoice, the credit note and the e-mails all read this decision.
//! - Delivered in France: French VAT at 20 %, whoever pays and wherever billed (category S).
//! - Delivered to another EU member state, to a company whose VAT number of that state VIES found
//!   valid at order time: intra-EU supply of goods, 0 % (CGI art. 262 ter I, category K), the
//!   VIES consultation kept as proof. Without that valid answer (invalid number, VIES silent):
//!   French VAT, and the customer is told why before paying.
//! - Delivered outside the EU: export, 0 % (CGI art. 262 I, category G), whoever pays.
//!
//! Reverse charge ("Autoliquidation", CGI art. 283-2) is a rule for services: never decided here.
//! The call to VIES and its cache are in [`super::vat_check`]; this module is pure.

use crate::db::addresses::AddressView;
pub use crate::documents::{VatRegime, ViesProof};
use crate::domain::VatNumber;

/// The French standard rate, basis points.
pub const STANDARD_RATE_BP: i64 = 2000;

/// Said at checkout when VIES did not answer about the buyer's number.
pub const VIES_UNAVAILABLE_NOTICE: &str =
    "Numéro de TVA non vérifié auprès de VIES\u{a0}: TVA française appliquée";
/// Said at checkout when VIES found the buyer's number invalid.
pub const VIES_INVALID_NOTICE: &str =
    "Numéro de TVA invalide selon VIES\u{a0}: TVA française appliquée";

/// What decides the regime: where the goods go and who buys them.
#[derive(Debug, Clone, Copy)]
pub struct VatInput<'a> {
    /// Country code of the delivery address.
    pub delivery_country: &'a str,
    /// Whether the buyer (the billing address) is a company.
    pub company: bool,
    /// The company's VAT number, as stored.
    pub vat_number: Option<&'a str>,
}

impl<'a> VatInput<'a> {
    /// The input of an order delivered to `delivery` and billed to `billing` (the buyer).
    pub fn of(delivery: &'a AddressView, billing: &'a AddressView) -> VatInput<'a> {
        VatInput {
            delivery_country: &delivery.id_pays.code,
            company: billing.entreprise.is_some(),
            vat_number: billing
                .entreprise
                .as_ref()
                .and_then(|e| e.numero_tva.as_deref()),
        }
    }
}

/// What VIES said about the buyer's number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ViesStatus {
    /// Valid, with its consultation.
    Valid(ViesProof),
    /// Invalid.
    Invalid,
    /// No answer that counts (timeout, member state unavailable).
    Unavailable,
}

/// The regime, its rate, the VAT number it rests on and what the customer is told.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VatDecision {
    /// France, intra-EU supply or export.
    pub regime: VatRegime,
    /// Rate applied, basis points (0 unless France).
    pub rate_bp: i64,
    /// The buyer's normalised VAT number of an intra-EU supply.
    pub buyer_vat_number: Option<String>,
    /// The VIES consultation of an intra-EU supply.
    pub vies: Option<ViesProof>,
    /// Why French VAT applies to a buyer who may have expected none (VIES silent or invalid).
    pub notice: Option<&'static str>,
}

impl VatDecision {
    fn france(notice: Option<&'static str>) -> VatDecision {
        VatDecision {
            regime: VatRegime::France,
            rate_bp: STANDARD_RATE_BP,
            buyer_vat_number: None,
            vies: None,
            notice,
        }
    }

    /// French VAT at 20 %: a consumer in France.
    pub fn french() -> VatDecision {
        VatDecision::france(None)
    }
}

/// The number VIES must find valid for the sale to be an intra-EU supply: the buyer is a company
/// with a well-formed number of the member state of delivery, that state not France. `None`: the
/// regime does not depend on VIES.
pub fn vies_candidate(input: &VatInput<'_>) -> Option<VatNumber> {
    let country = input.delivery_country.trim().to_ascii_lowercase();
    if super::shipping::zone_code(&country) != "ue" || !input.company {
        return None;
    }
    input
        .vat_number
        .and_then(|n| VatNumber::parse(n).ok())
        .filter(|n| n.country_code() == country)
}

/// Decides the regime; `vies` is what VIES said about [`vies_candidate`]'s number (ignored when
/// there is none). Export wins (the goods leave the EU whoever pays); a delivery in France pays
/// French VAT; a delivery elsewhere in the EU is zero-rated on a valid VIES answer only.
pub fn decide(input: VatInput<'_>, vies: Option<&ViesStatus>) -> VatDecision {
    if super::shipping::zone_code(input.delivery_country) == "monde" {
        return VatDecision {
            regime: VatRegime::Export,
            rate_bp: 0,
            buyer_vat_number: None,
            vies: None,
            notice: None,
        };
    }
    let Some(number) = vies_candidate(&input) else {
        return VatDecision::french();
    };
    match vies {
        Some(ViesStatus::Valid(proof)) => VatDecision {
            regime: VatRegime::IntraEu,
            rate_bp: 0,
            buyer_vat_number: Some(number.as_str().to_owned()),
            vies: Some(proof.clone()),
            notice: None,
        },
        Some(ViesStatus::Invalid) => VatDecision::france(Some(VIES_INVALID_NOTICE)),
        Some(ViesStatus::Unavailable) | None => VatDecision::france(Some(VIES_UNAVAILABLE_NOTICE)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input<'a>(delivery: &'a str, vat: Option<&'a str>) -> VatInput<'a> {
        VatInput {
            delivery_country: delivery,
            company: vat.is_some(),
            vat_number: vat,
        }
    }

    fn valid() -> ViesStatus {
        ViesStatus::Valid(ViesProof {
            request_identifier: "WAPIAAAAZ0001".into(),
            checked_at: 1_795_348_800,
        })
    }

    #[test]
    fn a_delivery_in_france_pays_20_percent_whoever_pays() {
        for vat in [None, Some("FR40303265045"), Some("DE123456789")] {
            let d = decide(input("fr", vat), Some(&valid()));
            assert_eq!(
                (d.regime, d.rate_bp, d.notice),
                (VatRegime::France, 2000, None)
            );
        }
        assert_eq!(vies_candidate(&input("fr", Some("DE123456789"))), None);
    }

    #[test]
    fn an_eu_company_with_a_number_vies_found_valid_buys_an_intra_eu_supply() {
        let d = decide(input("de", Some("DE 123 456 789")), Some(&valid()));
        assert_eq!((d.regime, d.rate_bp), (VatRegime::IntraEu, 0));
        assert_eq!(d.buyer_vat_number.as_deref(), Some("DE123456789"));
        assert_eq!(d.vies.unwrap().request_identifier, "WAPIAAAAZ0001");
        // Greece's numbers start with EL.
        let gr = vies_candidate(&input("gr", Some("EL123456789"))).unwrap();
        assert_eq!(gr.as_str(), "EL123456789");
    }

    #[test]
    fn without_a_valid_vies_answer_an_eu_company_pays_french_vat_and_is_told_why() {
        let d = decide(input("de", Some("DE123456789")), Some(&ViesStatus::Invalid));
        assert_eq!((d.regime, d.rate_bp), (VatRegime::France, 2000));
        assert_eq!(d.notice, Some(VIES_INVALID_NOTICE));
        for silent in [Some(&ViesStatus::Unavailable), None] {
            let d = decide(input("de", Some("DE123456789")), silent);
            assert_eq!((d.regime, d.rate_bp), (VatRegime::France, 2000));
            assert_eq!(d.notice, Some(VIES_UNAVAILABLE_NOTICE));
        }
    }

    #[test]
    fn a_number_of_another_state_than_the_delivery_s_or_none_is_french_vat() {
        // A Belgian number, delivered in Germany: not a number of the member state of arrival.
        assert_eq!(vies_candidate(&input("de", Some("BE0403019261"))), None);
        let d = decide(input("de", Some("BE0403019261")), Some(&valid()));
        assert_eq!((d.regime, d.notice), (VatRegime::France, None));
        assert_eq!(decide(input("de", None), None).regime, VatRegime::France);
        assert_eq!(vies_candidate(&input("de", Some("DE12"))), None);
        let no_number = VatInput {
            company: true,
            ..input("es", None)
        };
        assert_eq!(vies_candidate(&no_number), None);
    }

    #[test]
    fn a_delivery_outside_the_eu_is_an_export_without_vat() {
        for country in ["ch", "us", "gb", "re", "gp", "nc"] {
            let d = decide(input(country, None), None);
            assert_eq!((d.regime, d.rate_bp), (VatRegime::Export, 0), "{country}");
        }
        // A German company delivered in Switzerland: export.
        assert_eq!(
            decide(input("ch", Some("DE123456789")), Some(&valid())).regime,
            VatRegime::Export
        );
    }
}
