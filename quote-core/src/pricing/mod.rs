//! Pricing from a catalog, in integer cents.

use serde::{Deserialize, Serialize};

use crate::{Analysis, QuoteError};

/// The catalog (processes, materials, colours, finishes, post-treatments, quantity breaks).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Catalog {}

/// What the customer chose.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct PriceOptions {}

/// A priced line, every amount in cents excluding VAT.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct PriceBreakdown {}

/// Prices an analysed part.
pub fn price(
    _analysis: &Analysis,
    _options: &PriceOptions,
    _catalog: &Catalog,
) -> Result<PriceBreakdown, QuoteError> {
    Err(QuoteError::InvalidCatalog {
        detail: "non implémenté".into(),
    })
}
