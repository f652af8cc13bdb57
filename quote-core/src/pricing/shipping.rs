//! Shipping: the catalog's fee table (zones, weight bands, a rate per extra kilogram) and the fee
//! of a parcel, in integer cents. The weight of a parcel is the sum of its parts' weights
//! (volume × material density, from the price breakdown) plus the packaging.

use serde::{Deserialize, Serialize};

use super::lead_time::TransitDays;
use super::PriceBreakdown;
use crate::QuoteError;

/// The zone codes the table must hold, in order: metropolitan France, the other EU member states,
/// the rest of the world (French overseas territories included).
pub const ZONE_CODES: [&str; 3] = ["france", "ue", "monde"];

/// The shipping table of the catalog.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Shipping {
    /// Weight of the box and its padding added to every parcel, g.
    pub packaging_g: u32,
    /// One entry per zone code of [`ZONE_CODES`].
    pub zones: Vec<ShippingZone>,
}

/// The fees of one zone.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ShippingZone {
    /// `france`, `ue` or `monde`.
    pub code: String,
    /// French name ("France métropolitaine").
    pub name: String,
    /// Weight bands by increasing `max_weight_g`.
    pub bands: Vec<WeightBand>,
    /// Above the last band: cents per started kilogram beyond its `max_weight_g`.
    pub extra_kg_cents: u64,
    /// The carrier's transit time (see [`super::Catalog::transit_days`] for the default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub transit_days: Option<TransitDays>,
}

/// A parcel up to `max_weight_g` grams costs `fee_cents`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WeightBand {
    /// Heaviest parcel of the band, g (inclusive).
    pub max_weight_g: u32,
    /// Fee, cents excluding VAT.
    pub fee_cents: u64,
}

impl Default for Shipping {
    /// The table of `catalog/default.json` (also used when a stored catalog predates shipping).
    fn default() -> Self {
        let zone = |code: &str, name: &str, fees: [u64; 7], extra_kg_cents: u64| ShippingZone {
            code: code.into(),
            name: name.into(),
            bands: [250, 500, 1000, 2000, 5000, 10_000, 30_000]
                .into_iter()
                .zip(fees)
                .map(|(max_weight_g, fee_cents)| WeightBand {
                    max_weight_g,
                    fee_cents,
                })
                .collect(),
            extra_kg_cents,
            transit_days: Some(TransitDays::default_for(code)),
        };
        Shipping {
            packaging_g: 150,
            zones: vec![
                zone(
                    "france",
                    "France métropolitaine",
                    [590, 690, 890, 1090, 1590, 2290, 3490],
                    120,
                ),
                zone(
                    "ue",
                    "Union européenne",
                    [1290, 1490, 1790, 2190, 2990, 4290, 6990],
                    250,
                ),
                zone(
                    "monde",
                    "Reste du monde",
                    [2190, 2590, 3190, 4490, 6490, 9990, 16990],
                    500,
                ),
            ],
        }
    }
}

fn invalid(detail: String) -> QuoteError {
    QuoteError::InvalidCatalog { detail }
}

impl Shipping {
    /// The zone with this code.
    pub fn zone(&self, code: &str) -> Option<&ShippingZone> {
        self.zones.iter().find(|z| z.code == code)
    }

    /// Weight of a parcel holding these priced lines, g: Σ part weight × quantity, rounded up to
    /// the gram once, plus the packaging. An empty parcel weighs nothing.
    pub fn parcel_weight_g(&self, lines: &[PriceBreakdown]) -> u64 {
        if lines.is_empty() {
            return 0;
        }
        let grams: f64 = lines
            .iter()
            .map(|l| l.weight_g * f64::from(l.quantity))
            .sum();
        // Weights are finite and non-negative (validated densities, analysed volumes).
        grams.max(0.0).ceil() as u64 + u64::from(self.packaging_g)
    }

    /// Fee of a parcel of `weight_g` grams to the zone `code`, cents excl. VAT; 0 for an empty
    /// parcel. Above the last band, each started kilogram adds `extra_kg_cents`.
    pub fn fee_cents(&self, code: &str, weight_g: u64) -> Result<u64, QuoteError> {
        let zone = self.zone(code).ok_or_else(|| QuoteError::InvalidOption {
            detail: format!("Zone de livraison inconnue\u{a0}: «\u{a0}{code}\u{a0}»."),
        })?;
        if weight_g == 0 {
            return Ok(0);
        }
        if let Some(band) = zone
            .bands
            .iter()
            .find(|b| weight_g <= u64::from(b.max_weight_g))
        {
            return Ok(band.fee_cents);
        }
        // Validation guarantees at least one band.
        let last = zone.bands.last().copied().unwrap_or(WeightBand {
            max_weight_g: 0,
            fee_cents: 0,
        });
        let beyond = weight_g - u64::from(last.max_weight_g);
        let started_kg = beyond.div_ceil(1000);
        Ok(last.fee_cents + started_kg * zone.extra_kg_cents)
    }

    /// Checks that the three zones are present once each, and that each has bands of increasing
    /// weight and non-decreasing fee. Messages are French.
    pub fn validate(&self) -> Result<(), QuoteError> {
        for code in ZONE_CODES {
            match self.zones.iter().filter(|z| z.code == code).count() {
                1 => {}
                0 => {
                    return Err(invalid(format!(
                        "frais de port\u{a0}: la zone «\u{a0}{code}\u{a0}» manque."
                    )))
                }
                _ => {
                    return Err(invalid(format!(
                        "frais de port\u{a0}: la zone «\u{a0}{code}\u{a0}» est en double."
                    )))
                }
            }
        }
        if let Some(z) = self
            .zones
            .iter()
            .find(|z| !ZONE_CODES.contains(&z.code.as_str()))
        {
            return Err(invalid(format!(
                "frais de port\u{a0}: zone «\u{a0}{}\u{a0}» inconnue (france, ue ou monde attendu).",
                z.code
            )));
        }
        for z in &self.zones {
            if z.name.trim().is_empty() {
                return Err(invalid(format!(
                    "frais de port, zone «\u{a0}{}\u{a0}»\u{a0}: le nom est vide.",
                    z.code
                )));
            }
            if z.bands.is_empty() {
                return Err(invalid(format!(
                    "frais de port, zone «\u{a0}{}\u{a0}»\u{a0}: aucune tranche de poids.",
                    z.code
                )));
            }
            let mut previous: Option<WeightBand> = None;
            for b in &z.bands {
                if b.max_weight_g == 0 {
                    return Err(invalid(format!(
                        "frais de port, zone «\u{a0}{}\u{a0}»\u{a0}: une tranche a un poids maximal nul.",
                        z.code
                    )));
                }
                if let Some(p) = previous {
                    if b.max_weight_g <= p.max_weight_g || b.fee_cents < p.fee_cents {
                        return Err(invalid(format!(
                            "frais de port, zone «\u{a0}{}\u{a0}»\u{a0}: les tranches doivent être croissantes (poids et prix).",
                            z.code
                        )));
                    }
                }
                previous = Some(*b);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fee_is_the_first_band_that_holds_the_weight() {
        let s = Shipping::default();
        assert_eq!(s.fee_cents("france", 1).unwrap(), 590);
        assert_eq!(s.fee_cents("france", 250).unwrap(), 590);
        assert_eq!(s.fee_cents("france", 251).unwrap(), 690);
        assert_eq!(s.fee_cents("ue", 1000).unwrap(), 1790);
        assert_eq!(s.fee_cents("monde", 30_000).unwrap(), 16990);
        assert_eq!(s.fee_cents("monde", 0).unwrap(), 0);
    }

    #[test]
    fn each_started_kilogram_above_the_last_band_adds_the_extra_rate() {
        let s = Shipping::default();
        assert_eq!(s.fee_cents("france", 30_001).unwrap(), 3490 + 120);
        assert_eq!(s.fee_cents("france", 31_000).unwrap(), 3490 + 120);
        assert_eq!(s.fee_cents("france", 31_001).unwrap(), 3490 + 240);
        assert_eq!(s.fee_cents("ue", 35_500).unwrap(), 6990 + 6 * 250);
    }

    #[test]
    fn the_default_table_is_the_one_of_the_shipped_catalog() {
        assert_eq!(
            crate::Catalog::default_catalog().shipping,
            Shipping::default()
        );
    }

    #[test]
    fn a_stored_catalog_without_shipping_gets_the_default_table() {
        let mut v = serde_json::to_value(crate::Catalog::default_catalog()).unwrap();
        v.as_object_mut().unwrap().remove("shipping");
        let c = crate::Catalog::from_json(&v.to_string()).unwrap();
        assert_eq!(c.shipping, Shipping::default());
    }

    #[test]
    fn an_unknown_zone_is_refused_in_french() {
        let e = Shipping::default().fee_cents("mars", 100).unwrap_err();
        assert!(e.message().contains("Zone de livraison inconnue"), "{e}");
    }

    #[test]
    fn validation_refuses_missing_duplicate_unknown_zones_and_unordered_bands() {
        assert!(Shipping::default().validate().is_ok());
        let mut s = Shipping::default();
        s.zones.remove(1);
        assert!(s
            .validate()
            .unwrap_err()
            .message()
            .contains("«\u{a0}ue\u{a0}» manque"));
        let mut s = Shipping::default();
        let dup = s.zones[0].clone();
        s.zones.push(dup);
        assert!(s.validate().unwrap_err().message().contains("en double"));
        let mut s = Shipping::default();
        s.zones[2].code = "lune".into();
        assert!(s.validate().is_err());
        let mut s = Shipping::default();
        s.zones[0].bands.swap(0, 1);
        assert!(s.validate().unwrap_err().message().contains("croissantes"));
        let mut s = Shipping::default();
        s.zones[0].bands[1].fee_cents = 1;
        assert!(s.validate().unwrap_err().message().contains("croissantes"));
        let mut s = Shipping::default();
        s.zones[1].bands.clear();
        assert!(s
            .validate()
            .unwrap_err()
            .message()
            .contains("aucune tranche"));
    }
}
