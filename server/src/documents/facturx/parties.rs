//! The trade parties of the XML: the seller (SIREN under scheme 0002, VAT number, electronic
//! address `0225` + SIREN in the French directory), the buyer (a French company's SIREN and its
//! directory address; a company of another member state reached by its VAT number, or by the
//! identifier its member state's scheme takes from it; a consumer by e-mail) and the ship-to
//! party, with the invoicing-framework note (`BAR`) that goes with them.

use super::xml::Xml;
use crate::documents::model::PostalAddress;
use crate::documents::seller::postal_of_lines;
use crate::documents::{Party, Seller};

/// Electronic address schemes (EAS, CEF code list) of the VAT numbers of EU member states.
const VAT_EAS: [(&str, &str); 25] = [
    ("AT", "9914"),
    ("BE", "9925"),
    ("BG", "9926"),
    ("CY", "9928"),
    ("CZ", "9929"),
    ("DE", "9930"),
    ("EE", "9931"),
    ("EL", "9933"),
    ("ES", "9920"),
    ("FI", "0213"),
    ("FR", "9957"),
    ("HR", "9934"),
    ("HU", "9910"),
    ("IE", "9935"),
    ("IT", "9906"),
    ("LT", "9937"),
    ("LU", "9938"),
    ("LV", "9939"),
    ("MT", "9943"),
    ("NL", "9944"),
    ("PL", "9945"),
    ("PT", "9946"),
    ("RO", "9947"),
    ("SI", "9949"),
    ("SK", "9950"),
];

/// The electronic address of a company of another member state from its compact VAT number:
/// the number under its state's VAT scheme ([`VAT_EAS`]), except for the two states whose VAT
/// scheme left the EAS list (Sweden's `9955` SE:VAT, Denmark's `9904` DK:SE): a Swedish company
/// is reached by its organisation number (`0007`, the ten digits inside `SE` + number + `01`), a
/// Danish one by its CVR number under `0184` (DIGSTORG, written `DK` + eight digits: its VAT
/// number).
fn eas_of_vat(vat: &str) -> Option<(&'static str, String)> {
    let (prefix, body) = (vat.get(..2)?, vat.get(2..)?);
    let digits = |n: usize| body.len() == n && body.bytes().all(|b| b.is_ascii_digit());
    match prefix {
        "SE" if digits(12) => Some(("0007", body[..10].to_owned())),
        "DK" if digits(8) => Some(("0184", vat.to_owned())),
        "SE" | "DK" => None,
        _ if !body.is_empty() => VAT_EAS
            .iter()
            .find(|(p, _)| *p == prefix)
            .map(|(_, scheme)| (*scheme, vat.to_owned())),
        _ => None,
    }
}

/// A printed identifier without spaces, dots or dashes (`DE 123.456.789` → `DE123456789`).
fn compact(id: &str) -> String {
    id.chars().filter(|c| c.is_ascii_alphanumeric()).collect()
}

/// Whether the buyer is a business (a company name on its billing address).
pub(super) fn is_company(p: &Party) -> bool {
    p.company.as_deref().is_some_and(|c| !c.trim().is_empty())
}

/// The address of a party as fields; a party frozen before issue 23 is read back from its lines.
fn postal(p: &Party) -> PostalAddress {
    p.postal.clone().unwrap_or_else(|| {
        let country = if p.address_lines.iter().any(|l| l.trim() == "France") {
            "FR"
        } else {
            ""
        };
        postal_of_lines(&p.address_lines, country)
    })
}

/// The buyer's country code (`FR` when unknown: the shop's own country).
pub(super) fn country(p: &Party) -> String {
    let c = postal(p).country_code;
    if c.is_empty() {
        "FR".to_owned()
    } else {
        c
    }
}

/// Whether the buyer's SIREN is known.
fn has_siren(p: &Party) -> bool {
    p.siren.as_deref().is_some_and(|s| !s.trim().is_empty())
}

/// BT-22 of the `BAR` note (BR-FR-20): B2B for a French company with its SIREN, B2BINT for a
/// company elsewhere, B2C / B2CINT for a consumer. A company name in France without SIREN (nor
/// French VAT number) is not identified as a taxable business: B2B would need its SIREN (BR-FR-11,
/// BR-FR-21), so it is invoiced as B2C, which the reform e-reports (docs/decisions.md).
pub(super) fn framework(buyer: &Party) -> &'static str {
    match (is_company(buyer), country(buyer) == "FR") {
        (true, true) if has_siren(buyer) => "B2B",
        (true, false) => "B2BINT",
        (_, true) => "B2C",
        (false, false) => "B2CINT",
    }
}

/// BT-49: `0225` + SIREN for a French company (BR-FR-21), the VAT number (or what its member
/// state's scheme takes from it) for an EU company, else the e-mail (`EM`).
fn buyer_endpoint(p: &Party) -> Option<(&'static str, String)> {
    if let Some(siren) = p.siren.as_deref().filter(|s| !s.is_empty()) {
        return Some(("0225", siren.to_owned()));
    }
    if is_company(p) {
        let vat = p.vat_number.as_deref().map(compact).unwrap_or_default();
        if let Some(endpoint) = eas_of_vat(&vat.to_ascii_uppercase()) {
            return Some(endpoint);
        }
    }
    p.email
        .as_deref()
        .filter(|e| !e.trim().is_empty())
        .map(|e| ("EM", e.trim().to_owned()))
}

fn address(x: &mut Xml, a: &PostalAddress, fallback_country: &str) {
    x.open("ram:PostalTradeAddress");
    x.leaf("ram:PostcodeCode", &a.postcode);
    x.leaf("ram:LineOne", &a.street);
    x.leaf("ram:LineTwo", &a.complement);
    x.leaf("ram:CityName", &a.city);
    let country = if a.country_code.is_empty() {
        fallback_country
    } else {
        &a.country_code
    };
    x.leaf("ram:CountryID", country);
    x.close("ram:PostalTradeAddress");
}

fn display_name(p: &Party) -> &str {
    p.company
        .as_deref()
        .filter(|c| !c.trim().is_empty())
        .unwrap_or(&p.name)
}

pub(super) fn seller(x: &mut Xml, s: &Seller) {
    let siren = s.siren_id();
    x.open("ram:SellerTradeParty");
    x.leaf("ram:Name", &s.legal_name);
    x.open("ram:SpecifiedLegalOrganization");
    x.leaf_with("ram:ID", &[("schemeID", "0002")], &siren);
    x.close("ram:SpecifiedLegalOrganization");
    x.open("ram:DefinedTradeContact");
    x.open("ram:EmailURIUniversalCommunication");
    x.leaf("ram:URIID", &s.email);
    x.close("ram:EmailURIUniversalCommunication");
    x.close("ram:DefinedTradeContact");
    address(x, &s.postal(), "FR");
    x.open("ram:URIUniversalCommunication");
    x.leaf_with("ram:URIID", &[("schemeID", "0225")], &siren);
    x.close("ram:URIUniversalCommunication");
    x.open("ram:SpecifiedTaxRegistration");
    x.leaf_with("ram:ID", &[("schemeID", "VA")], &s.vat_id());
    x.close("ram:SpecifiedTaxRegistration");
    x.close("ram:SellerTradeParty");
}

pub(super) fn buyer(x: &mut Xml, p: &Party) {
    x.open("ram:BuyerTradeParty");
    x.leaf("ram:Name", display_name(p));
    if let Some(siren) = p.siren.as_deref().filter(|s| !s.is_empty()) {
        x.open("ram:SpecifiedLegalOrganization");
        x.leaf_with("ram:ID", &[("schemeID", "0002")], siren);
        x.close("ram:SpecifiedLegalOrganization");
    }
    if is_company(p) && !p.name.trim().is_empty() {
        x.open("ram:DefinedTradeContact");
        x.leaf("ram:PersonName", &p.name);
        x.close("ram:DefinedTradeContact");
    }
    address(x, &postal(p), "FR");
    if let Some((scheme, id)) = buyer_endpoint(p) {
        x.open("ram:URIUniversalCommunication");
        x.leaf_with("ram:URIID", &[("schemeID", scheme)], &id);
        x.close("ram:URIUniversalCommunication");
    }
    if let Some(vat) = p.vat_number.as_deref().map(compact).filter(|v| v.len() > 2) {
        x.open("ram:SpecifiedTaxRegistration");
        x.leaf_with("ram:ID", &[("schemeID", "VA")], &vat);
        x.close("ram:SpecifiedTaxRegistration");
    }
    x.close("ram:BuyerTradeParty");
}

/// BG-13: the ship-to party (its country is BT-80, required for an intra-EU supply, BR-IC-12).
pub(super) fn ship_to(x: &mut Xml, p: &Party) {
    x.open("ram:ShipToTradeParty");
    x.leaf("ram:Name", display_name(p));
    address(x, &postal(p), "FR");
    x.close("ram:ShipToTradeParty");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn company_of(vat: &str) -> Party {
        Party {
            name: "Anna Berg".to_owned(),
            company: Some("Berg AB".to_owned()),
            address_lines: Vec::new(),
            vat_number: Some(vat.to_owned()),
            email: Some("inkop@berg.example".to_owned()),
            postal: None,
            siren: None,
        }
    }

    fn endpoint(vat: &str) -> (&'static str, String) {
        buyer_endpoint(&company_of(vat)).unwrap()
    }

    #[test]
    fn a_swedish_company_is_reached_by_its_organisation_number_under_0007() {
        assert_eq!(
            endpoint("SE559900001401"),
            ("0007", "5599000014".to_owned())
        );
        assert_eq!(
            endpoint("se 5599 0000 1401"),
            ("0007", "5599000014".to_owned())
        );
    }

    #[test]
    fn a_danish_company_is_reached_by_its_cvr_number_under_0184() {
        assert_eq!(endpoint("DK10000009"), ("0184", "DK10000009".to_owned()));
    }

    #[test]
    fn a_finnish_company_is_reached_by_its_vat_number_under_0213() {
        assert_eq!(endpoint("FI10000004"), ("0213", "FI10000004".to_owned()));
    }

    #[test]
    fn a_slovenian_company_is_reached_by_its_vat_number_under_9949() {
        assert_eq!(endpoint("SI10000001"), ("9949", "SI10000001".to_owned()));
    }

    #[test]
    fn a_slovak_company_is_reached_by_its_vat_number_under_9950() {
        assert_eq!(
            endpoint("SK1000000001"),
            ("9950", "SK1000000001".to_owned())
        );
    }

    #[test]
    fn every_member_state_has_a_scheme_and_a_malformed_number_falls_back_to_the_e_mail() {
        let states = [
            "AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "EL", "ES", "FI", "FR", "HR", "HU",
            "IE", "IT", "LT", "LU", "LV", "MT", "NL", "PL", "PT", "RO", "SE", "SI", "SK",
        ];
        for state in states {
            let number = format!("{state}{}", "1".repeat(if state == "SE" { 12 } else { 8 }));
            assert_ne!(endpoint(&number).0, "EM", "{state}");
        }
        assert_eq!(endpoint("SE5599000014").0, "EM");
        assert_eq!(endpoint("DK1000000").0, "EM");
        assert_eq!(endpoint("XI123456789").0, "EM");
    }

    #[test]
    fn a_french_company_without_siren_is_invoiced_as_b2c() {
        let mut p = company_of("");
        p.vat_number = None;
        p.postal = Some(PostalAddress {
            country_code: "FR".to_owned(),
            ..PostalAddress::default()
        });
        assert_eq!(framework(&p), "B2C");
        assert_eq!(buyer_endpoint(&p).unwrap().0, "EM");
        p.siren = Some("732829320".to_owned());
        assert_eq!(framework(&p), "B2B");
        assert_eq!(buyer_endpoint(&p), Some(("0225", "732829320".to_owned())));
    }
}
