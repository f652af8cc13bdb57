//! Shipping zone of a delivery country: the code of the catalog's shipping table (`france`, `ue`,
//! `monde`). Metropolitan France (with Corsica and Monaco, served at French rates) is `france`; the
//! other EU member states `ue`; everything else, French overseas territories included, `monde`.

use crate::countries::{self, ShippingZone};

/// The catalog's zone code of a country code (unknown codes are `monde`).
pub fn zone_code(country_code: &str) -> &'static str {
    match countries::shipping_zone(country_code) {
        ShippingZone::France => "france",
        ShippingZone::UnionEuropeenne => "ue",
        ShippingZone::Monde => "monde",
    }
}

/// The public tracking page of a parcel for the carriers the workshop uses (empty for another
/// carrier: the number alone is shown).
pub fn tracking_url(carrier: &str, number: &str) -> String {
    let code: String = number.chars().filter(char::is_ascii_alphanumeric).collect();
    let base = match carrier.trim().to_lowercase().as_str() {
        "colissimo" | "la poste" | "laposte" | "lettre suivie" => {
            "https://www.laposte.fr/outils/suivre-vos-envois?code="
        }
        "chronopost" => "https://www.chronopost.fr/tracking-no-cms/suivi-page?listeNumerosLT=",
        "ups" => "https://www.ups.com/track?loc=fr_FR&tracknum=",
        "dhl" | "dhl express" => "https://www.dhl.com/fr-fr/home/suivi.html?tracking-id=",
        "dpd" => "https://trace.dpd.fr/fr/trace/",
        "gls" => "https://gls-group.com/FR/fr/suivi-colis?match=",
        "fedex" => "https://www.fedex.com/fedextrack/?trknbr=",
        _ => return String::new(),
    };
    if code.is_empty() {
        return String::new();
    }
    format!("{base}{code}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tracking_links_of_known_carriers() {
        assert_eq!(
            tracking_url("Colissimo", "6A 123 456"),
            "https://www.laposte.fr/outils/suivre-vos-envois?code=6A123456"
        );
        assert!(tracking_url("UPS", "1Z999").ends_with("tracknum=1Z999"));
        assert_eq!(tracking_url("Transporteur local", "123"), "");
        assert_eq!(
            tracking_url("DHL", "<script>"),
            "https://www.dhl.com/fr-fr/home/suivi.html?tracking-id=script"
        );
    }

    #[test]
    fn france_eu_members_and_the_rest_of_the_world() {
        assert_eq!(zone_code("fr"), "france");
        assert_eq!(zone_code("FR"), "france");
        assert_eq!(zone_code("de"), "ue");
        assert_eq!(zone_code("it"), "ue");
        assert_eq!(zone_code("ch"), "monde");
        assert_eq!(zone_code("gb"), "monde");
        assert_eq!(zone_code("us"), "monde");
        assert_eq!(zone_code("zz"), "monde");
    }

    #[test]
    fn french_overseas_territories_are_the_rest_of_the_world() {
        for code in [
            "gp", "mq", "gf", "re", "yt", "pm", "bl", "mf", "nc", "pf", "wf",
        ] {
            assert_eq!(zone_code(code), "monde", "{code}");
        }
    }
}
