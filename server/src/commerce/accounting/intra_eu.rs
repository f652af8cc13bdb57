//! The état récapitulatif des clients: a month's intra-EU supplies of goods (CGI art. 262 ter I)
//! per customer VAT number, the amounts excl. VAT the accountant types into the customs
//! declaration (credit notes of the month deducted). CSV with `;` and a decimal comma, UTF-8 with
//! a byte-order mark so that a spreadsheet reads its accents.

use std::collections::BTreeMap;

use super::fec::fec_amount;
use super::ledger::Document;
use crate::db::invoices::DocKind;
use crate::documents::VatRegime;

/// The columns of the statement.
pub const HEADER: &str =
    "Numéro de TVA du client;Pays;Client;Montant HT (€);Montant HT arrondi (€);Documents";

/// One customer VAT number's month.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// `DE123456789`.
    pub vat_number: String,
    /// Customer's name on the latest document.
    pub customer: String,
    /// Invoices minus credit notes excl. VAT, cents.
    pub amount_ht: i64,
    /// The documents counted, in their order.
    pub documents: Vec<String>,
}

/// The VAT number as the declaration spells it: letters and digits, upper case.
fn compact(vat: &str) -> String {
    vat.chars()
        .filter(char::is_ascii_alphanumeric)
        .collect::<String>()
        .to_ascii_uppercase()
}

/// The rows of the intra-EU supplies among `docs`, by VAT number.
pub fn rows(docs: &[Document]) -> Vec<Row> {
    let mut by_number: BTreeMap<String, Row> = BTreeMap::new();
    for doc in docs {
        if doc.printed.vat_regime != VatRegime::IntraEu {
            continue;
        }
        let Some(vat) = doc.printed.buyer.vat_number.as_deref().map(compact) else {
            continue;
        };
        if vat.is_empty() {
            continue;
        }
        let amount = doc.printed.totals.total_ht.get();
        let row = by_number.entry(vat.clone()).or_insert_with(|| Row {
            vat_number: vat,
            customer: String::new(),
            amount_ht: 0,
            documents: Vec::new(),
        });
        row.customer = doc.customer_name();
        row.amount_ht += match doc.kind {
            DocKind::Invoice => amount,
            DocKind::CreditNote => -amount,
        };
        row.documents.push(doc.number.clone());
    }
    by_number.into_values().collect()
}

/// A CSV field: quoted when it holds `;`, a quote or a line break.
fn csv(s: &str) -> String {
    let s = s.replace(['\r', '\n'], " ");
    if s.contains([';', '"']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}

/// Euros rounded half away from zero.
fn whole_euros(cents: i64) -> i64 {
    let e = (cents.abs() + 50) / 100;
    if cents < 0 {
        -e
    } else {
        e
    }
}

/// The statement as CSV, with its byte-order mark and header.
pub fn write(rows: &[Row]) -> String {
    let mut out = String::from("\u{feff}");
    out.push_str(HEADER);
    out.push_str("\r\n");
    for r in rows {
        let line = [
            csv(&r.vat_number),
            r.vat_number.chars().take(2).collect(),
            csv(&r.customer),
            fec_amount(r.amount_ht),
            whole_euros(r.amount_ht).to_string(),
            csv(&r.documents.join(" ")),
        ];
        out.push_str(&line.join(";"));
        out.push_str("\r\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::documents::tests::fixtures::{b2b_invoice, NOV_22};

    fn doc(kind: DocKind, number: &str, regime: VatRegime, vat: &str) -> Document {
        let mut d = b2b_invoice();
        d.vat_regime = regime;
        d.buyer.vat_number = Some(vat.to_owned());
        let json = serde_json::to_string(&d).unwrap();
        Document::read(kind, number.to_owned(), NOV_22, 7, &json).unwrap()
    }

    #[test]
    fn the_month_s_intra_eu_supplies_are_summed_per_vat_number_credit_notes_deducted() {
        let docs = [
            doc(DocKind::Invoice, "FA-1", VatRegime::IntraEu, "DE 123456789"),
            doc(DocKind::Invoice, "FA-2", VatRegime::France, "FR83404833048"),
            doc(DocKind::Invoice, "FA-3", VatRegime::IntraEu, "de123456789"),
            doc(DocKind::Invoice, "FA-4", VatRegime::IntraEu, "BE0123456749"),
            doc(
                DocKind::CreditNote,
                "AV-1",
                VatRegime::IntraEu,
                "BE0123456749",
            ),
            doc(DocKind::Invoice, "FA-5", VatRegime::Export, "CHE123"),
        ];
        let rows = rows(&docs);
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].vat_number, "BE0123456749");
        assert_eq!(rows[0].amount_ht, 0);
        assert_eq!(rows[1].vat_number, "DE123456789");
        assert_eq!(rows[1].amount_ht, 2 * 118_605);
        assert_eq!(rows[1].documents, ["FA-1", "FA-3"]);
        let csv = write(&rows);
        assert!(csv.starts_with("\u{feff}Numéro de TVA du client;"));
        assert!(
            csv.contains("DE123456789;DE;Ateliers Mécaniques du Rhône;2372,10;2372;FA-1 FA-3\r\n"),
            "{csv}"
        );
    }

    #[test]
    fn euros_are_rounded_half_away_from_zero_and_fields_quoted() {
        assert_eq!(whole_euros(1049), 10);
        assert_eq!(whole_euros(1050), 11);
        assert_eq!(whole_euros(-1050), -11);
        assert_eq!(csv("Muster; GmbH"), "\"Muster; GmbH\"");
        assert_eq!(csv("Dupont \"et fils\""), "\"Dupont \"\"et fils\"\"\"");
        assert_eq!(compact("de 123 456 789"), "DE123456789");
    }
}
