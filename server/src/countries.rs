//! The countries of ISO 3166-1 with their French names, which of them are EU member states, and
//! the shipping zone of each. The list itself is data: `countries.tsv` (code, name, EU flag).

use std::sync::LazyLock;

/// One country of the address form's selector.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Country {
    /// ISO 3166-1 alpha-2 code, lower case (`fr`).
    pub code: &'static str,
    /// French name (`Côte d'Ivoire`).
    pub nom: &'static str,
    /// Member of the European Union (intra-EU VAT, EU shipping zone).
    pub eu: bool,
}

/// Shipping zones of the catalog's fee table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ShippingZone {
    /// Metropolitan France, Corsica and Monaco.
    France,
    /// The other member states of the EU.
    UnionEuropeenne,
    /// Everything else, French overseas territories included (outside the EU VAT territory).
    Monde,
}

static COUNTRIES: LazyLock<Vec<Country>> = LazyLock::new(|| {
    include_str!("countries.tsv")
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let mut cols = line.split('\t');
            let (code, nom, eu) = (cols.next(), cols.next(), cols.next());
            match (code, nom, eu) {
                (Some(code), Some(nom), Some(eu)) => Country {
                    code,
                    nom,
                    eu: eu == "1",
                },
                // The file is part of the source; a malformed line is a build-time mistake.
                _ => panic!("malformed line in countries.tsv: {line:?}"),
            }
        })
        .collect()
});

/// Every country, ordered by code.
pub fn all() -> &'static [Country] {
    &COUNTRIES
}

/// The country with this code (case-insensitive), if it exists.
pub fn find(code: &str) -> Option<&'static Country> {
    let code = code.trim().to_ascii_lowercase();
    COUNTRIES
        .binary_search_by(|c| c.code.cmp(code.as_str()))
        .ok()
        .map(|i| &COUNTRIES[i])
}

/// True when `code` is an EU member state.
pub fn is_eu(code: &str) -> bool {
    find(code).is_some_and(|c| c.eu)
}

/// The shipping zone of a country code (unknown codes fall in `Monde`).
pub fn shipping_zone(code: &str) -> ShippingZone {
    match find(code) {
        Some(c) if c.code == "fr" || c.code == "mc" => ShippingZone::France,
        Some(c) if c.eu => ShippingZone::UnionEuropeenne,
        _ => ShippingZone::Monde,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn there_are_at_least_190_unique_lower_case_codes() {
        let codes: HashSet<&str> = all().iter().map(|c| c.code).collect();
        assert_eq!(codes.len(), all().len());
        assert!(codes.len() >= 190, "{} countries", codes.len());
        assert!(all()
            .iter()
            .all(|c| c.code.len() == 2 && c.code.bytes().all(|b| b.is_ascii_lowercase())));
    }

    #[test]
    fn the_list_is_sorted_by_code_so_lookup_works() {
        assert!(all().windows(2).all(|w| w[0].code < w[1].code));
    }

    #[test]
    fn names_are_french_with_accents() {
        assert_eq!(find("fr").unwrap().nom, "France");
        assert_eq!(find("DE").unwrap().nom, "Allemagne");
        assert_eq!(find("ci").unwrap().nom, "Côte d'Ivoire");
        assert_eq!(find("us").unwrap().nom, "États-Unis");
        assert!(all().iter().all(|c| !c.nom.trim().is_empty()));
    }

    #[test]
    fn the_european_union_has_twenty_seven_members() {
        let members: Vec<&str> = all().iter().filter(|c| c.eu).map(|c| c.code).collect();
        assert_eq!(members.len(), 27);
        assert!(is_eu("fr") && is_eu("gr") && is_eu("hr"));
        assert!(!is_eu("gb") && !is_eu("ch") && !is_eu("zz"));
    }

    #[test]
    fn shipping_zones_follow_france_eu_and_the_rest() {
        assert_eq!(shipping_zone("fr"), ShippingZone::France);
        assert_eq!(shipping_zone("mc"), ShippingZone::France);
        assert_eq!(shipping_zone("be"), ShippingZone::UnionEuropeenne);
        assert_eq!(shipping_zone("re"), ShippingZone::Monde);
        assert_eq!(shipping_zone("ch"), ShippingZone::Monde);
    }

    #[test]
    fn unknown_codes_are_not_found() {
        assert!(find("zz").is_none());
        assert!(find("").is_none());
    }
}
