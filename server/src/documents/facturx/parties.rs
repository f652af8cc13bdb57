//! The trade parties of the XML: the seller (SIREN under scheme 0002, VAT number, electronic
//! address `0225` + SIREN in the French directory), the buyer (a French company's SIREN and its
//! directory address; a company of another member state reached by its VAT number; a consumer
//! by e-mail) and the ship-to party, with the invoicing-framework note (`BAR`) that goes with them.

use super::xml::Xml;
use crate::documents::model::PostalAddress;
use crate::documents::seller::postal_of_lines;
use crate::documents::{Party, Seller};

/// Electronic address schemes (EAS, CEF code list) of the VAT numbers of EU member states.
const VAT_EAS: [(&str, &str); 22] = [
    ("AT", "9914"),
    ("BE", "9925"),
    ("BG", "9926"),
    ("CY", "9928"),
    ("CZ", "9929"),
    ("DE", "9930"),
    ("EE", "9931"),
    ("EL", "9933"),
    ("ES", "9920"),
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
];

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

/// BT-22 of the `BAR` note (BR-FR-20): B2B for a French company, B2BINT for a company elsewhere,
/// B2C / B2CINT for a consumer.
pub(super) fn framework(buyer: &Party) -> &'static str {
    match (is_company(buyer), country(buyer) == "FR") {
        (true, true) => "B2B",
        (true, false) => "B2BINT",
        (false, true) => "B2C",
        (false, false) => "B2CINT",
    }
}

/// BT-49: `0225` + SIREN for a French company (BR-FR-21), the VAT number under its member
/// state's scheme for an EU company, else the e-mail (`EM`).
fn buyer_endpoint(p: &Party) -> Option<(&'static str, String)> {
    if let Some(siren) = p.siren.as_deref().filter(|s| !s.is_empty()) {
        return Some(("0225", siren.to_owned()));
    }
    if is_company(p) {
        let vat = p.vat_number.as_deref().map(compact).unwrap_or_default();
        let scheme = VAT_EAS
            .iter()
            .find(|(prefix, _)| vat.len() > 2 && vat.starts_with(prefix))
            .map(|(_, scheme)| *scheme);
        if let Some(scheme) = scheme {
            return Some((scheme, vat));
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
