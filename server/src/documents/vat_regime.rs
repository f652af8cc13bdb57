//! The VAT treatment a document states. Printed parts are goods: French VAT, an intra-EU supply
//! of goods (CGI art. 262 ter I) or an export (CGI art. 262 I). Reverse charge ("Autoliquidation",
//! CGI art. 283-2, a rule for services) is no longer decided; it stays readable so that a document
//! issued under it renders as it was issued. A zero-rated document freezes its exemption (EN 16931
//! category, VATEX code, printed mention, VIES consultation) with its data, so that a later change
//! of wording never edits it; a document frozen before that prints its regime's old mention.

use serde::{Deserialize, Serialize};

use crate::domain::paris_time::fr_date;

/// VAT treatment of a sale.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum VatRegime {
    /// French VAT at the order's rate (category S).
    France,
    /// Delivered to a company of another EU member state whose VAT number of that state VIES
    /// found valid: no VAT (CGI art. 262 ter I, category K, VATEX-EU-IC).
    IntraEu,
    /// Delivered outside the EU: no VAT (CGI art. 262 I, category G, VATEX-EU-G).
    Export,
    /// Reverse charge (CGI art. 283-2): documents issued before issue 23 only.
    ReverseCharge,
}

/// Mention of an intra-EU supply of goods.
pub const INTRA_EU_MENTION: &str =
    "Exonération de TVA, article 262 ter I du CGI — livraison intracommunautaire";
/// Mention of an export.
pub const EXPORT_MENTION: &str = "Exonération de TVA, article 262 I du CGI";

/// The VIES consultation that proves the buyer's VAT number was valid when the order was taken.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ViesProof {
    /// VIES's consultation number (`requestIdentifier`); empty when VIES gave none.
    pub request_identifier: String,
    /// When VIES answered, UTC Unix seconds.
    pub checked_at: i64,
}

impl ViesProof {
    /// « Consultation VIES n° WAPI… du 22/11/2026 » (without a number: « Numéro de TVA vérifié
    /// auprès de VIES le 22/11/2026 »).
    pub fn line(&self) -> String {
        if self.request_identifier.trim().is_empty() {
            format!(
                "Numéro de TVA vérifié auprès de VIES le {}",
                fr_date(self.checked_at)
            )
        } else {
            format!(
                "Consultation VIES n°\u{a0}{} du {}",
                self.request_identifier,
                fr_date(self.checked_at)
            )
        }
    }
}

/// The exemption of a zero-rated document, frozen with it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct VatExemption {
    /// EN 16931 VAT category (`K`, `G`).
    pub category: String,
    /// VATEX exemption reason code (`VATEX-EU-IC`, `VATEX-EU-G`).
    pub reason_code: String,
    /// The printed mention.
    pub mention: String,
    /// The VIES consultation of an intra-EU supply.
    #[serde(default)]
    pub vies: Option<ViesProof>,
}

impl VatRegime {
    /// The mention of the regime, as the web pages and new documents print it.
    pub fn mention(self) -> Option<&'static str> {
        match self {
            VatRegime::France => None,
            VatRegime::IntraEu => Some(INTRA_EU_MENTION),
            VatRegime::Export => Some(EXPORT_MENTION),
            VatRegime::ReverseCharge => {
                Some("Autoliquidation : TVA due par le preneur (art. 283-2 du CGI).")
            }
        }
    }

    /// The mention printed by a document frozen without its exemption (issued before issue 23).
    pub fn legacy_mention(self) -> Option<&'static str> {
        match self {
            VatRegime::Export => Some("Exonération de TVA, art. 262 I du CGI (exportation)."),
            other => other.mention(),
        }
    }

    /// EN 16931 VAT category code.
    pub fn category(self) -> &'static str {
        match self {
            VatRegime::France => "S",
            VatRegime::IntraEu => "K",
            VatRegime::Export => "G",
            VatRegime::ReverseCharge => "AE",
        }
    }

    /// VATEX exemption reason code of a zero-rated regime.
    pub fn exemption_code(self) -> Option<&'static str> {
        match self {
            VatRegime::France => None,
            VatRegime::IntraEu => Some("VATEX-EU-IC"),
            VatRegime::Export => Some("VATEX-EU-G"),
            VatRegime::ReverseCharge => Some("VATEX-EU-AE"),
        }
    }

    /// The exemption a new document freezes (none under French VAT).
    pub fn exemption(self, vies: Option<ViesProof>) -> Option<VatExemption> {
        Some(VatExemption {
            category: self.category().to_owned(),
            reason_code: self.exemption_code()?.to_owned(),
            mention: self.mention()?.to_owned(),
            vies: vies.filter(|_| self == VatRegime::IntraEu),
        })
    }

    /// The word stored in `orders.vat_regime`.
    pub fn as_str(self) -> &'static str {
        match self {
            VatRegime::France => "france",
            VatRegime::IntraEu => "intracommunautaire",
            VatRegime::Export => "export",
            VatRegime::ReverseCharge => "autoliquidation",
        }
    }

    /// Reads `orders.vat_regime`.
    pub fn parse(s: &str) -> Option<VatRegime> {
        match s {
            "france" => Some(VatRegime::France),
            "intracommunautaire" => Some(VatRegime::IntraEu),
            "export" => Some(VatRegime::Export),
            "autoliquidation" => Some(VatRegime::ReverseCharge),
            _ => None,
        }
    }

    /// The label of the VAT row of a zero-rated document's totals.
    pub(crate) fn zero_rated_label(self) -> Option<&'static str> {
        match self {
            VatRegime::France => None,
            VatRegime::IntraEu => Some("TVA (livraison intracommunautaire, exonérée)"),
            VatRegime::Export => Some("TVA (exportation, exonérée)"),
            VatRegime::ReverseCharge => Some("TVA (autoliquidation)"),
        }
    }
}

/// The VAT mentions of a document: its frozen exemption's mention and VIES consultation, or,
/// for a document frozen without one, its regime's old mention.
pub fn mentions(regime: VatRegime, exemption: Option<&VatExemption>) -> Vec<String> {
    match exemption {
        Some(e) => {
            let mut out = vec![e.mention.clone()];
            out.extend(e.vies.as_ref().map(ViesProof::line));
            out
        }
        None => regime
            .legacy_mention()
            .map(str::to_owned)
            .into_iter()
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_stored_word_reads_back() {
        for r in [
            VatRegime::France,
            VatRegime::IntraEu,
            VatRegime::Export,
            VatRegime::ReverseCharge,
        ] {
            assert_eq!(VatRegime::parse(r.as_str()), Some(r));
        }
        assert_eq!(VatRegime::parse("autre"), None);
    }

    #[test]
    fn an_old_document_keeps_its_old_mention() {
        let old: VatRegime = serde_json::from_str("\"reverse_charge\"").unwrap();
        assert_eq!(
            mentions(old, None),
            ["Autoliquidation : TVA due par le preneur (art. 283-2 du CGI)."]
        );
        assert_eq!(
            mentions(VatRegime::Export, None),
            ["Exonération de TVA, art. 262 I du CGI (exportation)."]
        );
        assert!(mentions(VatRegime::France, None).is_empty());
    }

    #[test]
    fn an_intra_eu_supply_freezes_its_article_and_its_vies_consultation() {
        let proof = ViesProof {
            request_identifier: "WAPIAAAAZ0001".into(),
            // 22/11/2026 12:00 UTC.
            checked_at: 1_795_348_800,
        };
        let e = VatRegime::IntraEu.exemption(Some(proof)).unwrap();
        assert_eq!(
            (e.category.as_str(), e.reason_code.as_str()),
            ("K", "VATEX-EU-IC")
        );
        assert_eq!(
            mentions(VatRegime::IntraEu, Some(&e)),
            [
                INTRA_EU_MENTION.to_owned(),
                "Consultation VIES n°\u{a0}WAPIAAAAZ0001 du 22/11/2026".to_owned()
            ]
        );
        let export = VatRegime::Export.exemption(None).unwrap();
        assert_eq!(
            (export.category.as_str(), export.reason_code.as_str()),
            ("G", "VATEX-EU-G")
        );
        assert_eq!(mentions(VatRegime::Export, Some(&export)), [EXPORT_MENTION]);
        assert!(VatRegime::France.exemption(None).is_none());
    }
}
