//! The journal entries of the issued documents (pure): an invoice is a sale (customer debited incl.
//! VAT, sales, shipping and VAT collected credited, the discount debited) and its payment (bank
//! debited, customer credited: an invoice is issued when the order is paid); a credit note
//! reverses its invoice and the refund it announces. Every entry balances, in cents.

use jiff::civil::Date;
use serde::Deserialize;

use super::accounts::{Account, LedgerAccounts};
use crate::commerce::error::CommerceError;
use crate::db::invoices::DocKind;
use crate::documents::{DocTotals, Party, VatRegime};
use crate::domain::paris_time::paris_date;

/// The part of a frozen invoice or credit note the exports read (both JSON shapes).
#[derive(Debug, Clone, Deserialize)]
pub struct Printed {
    /// Billing party.
    pub buyer: Party,
    /// Totals as printed (a credit note prints its invoice's, as credits).
    pub totals: DocTotals,
    /// VAT treatment.
    pub vat_regime: VatRegime,
    /// An invoice's payment time.
    #[serde(default)]
    pub paid_at: Option<i64>,
    /// An invoice's payment method (`carte` or `virement`).
    #[serde(default)]
    pub payment_method: Option<String>,
    /// A credit note's invoice.
    #[serde(default)]
    pub invoice_number: Option<String>,
}

/// An issued document with what it prints.
#[derive(Debug, Clone)]
pub struct Document {
    /// Invoice or credit note.
    pub kind: DocKind,
    /// Its number.
    pub number: String,
    /// Issue time, UTC Unix seconds.
    pub issued_at: i64,
    /// The customer's account.
    pub account_id: i64,
    /// What it prints.
    pub printed: Printed,
}

impl Document {
    /// Reads the frozen JSON of `number`.
    pub fn read(
        kind: DocKind,
        number: String,
        issued_at: i64,
        account_id: i64,
        data: &str,
    ) -> Result<Document, CommerceError> {
        let printed: Printed = serde_json::from_str(data).map_err(|e| {
            CommerceError::internal(format!("frozen document {number} unreadable: {e}"))
        })?;
        Ok(Document {
            kind,
            number,
            issued_at,
            account_id,
            printed,
        })
    }

    /// The customer as the books name it: the company, else the person.
    pub fn customer_name(&self) -> String {
        let b = &self.printed.buyer;
        b.company
            .as_deref()
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .unwrap_or(b.name.trim())
            .to_owned()
    }
}

/// A journal of the export.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Journal {
    /// `VE`: invoices and credit notes.
    Sales,
    /// `BQ`: payments received and refunds.
    Bank,
}

impl Journal {
    /// The journal's code.
    pub fn code(self) -> &'static str {
        match self {
            Journal::Sales => "VE",
            Journal::Bank => "BQ",
        }
    }

    /// The journal's name.
    pub fn label(self) -> &'static str {
        match self {
            Journal::Sales => "Journal des ventes",
            Journal::Bank => "Journal de banque",
        }
    }
}

/// One line of an entry: an amount on one side of one account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Posting {
    /// The general account.
    pub account: Account,
    /// The customer's auxiliary account (number, name), on the customer account only.
    pub auxiliary: Option<(String, String)>,
    /// Debit, cents.
    pub debit: i64,
    /// Credit, cents.
    pub credit: i64,
}

/// A balanced entry: one document (or its payment) in one journal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Its journal.
    pub journal: Journal,
    /// Date of the entry (Paris).
    pub date: Date,
    /// The document it rests on (`FA-…`, `AV-…`).
    pub piece: String,
    /// That document's date (Paris).
    pub piece_date: Date,
    /// What the entry is.
    pub label: String,
    /// Its lines, debits and credits.
    pub postings: Vec<Posting>,
}

impl Entry {
    /// Sum of the debits and sum of the credits.
    pub fn sums(&self) -> (i64, i64) {
        self.postings
            .iter()
            .fold((0, 0), |(d, c), p| (d + p.debit, c + p.credit))
    }
}

/// `20 %`, `5,5 %`: a rate in basis points as French text.
pub fn rate_text(bp: i64) -> String {
    let whole = bp / 100;
    let frac = bp % 100;
    if frac == 0 {
        format!("{whole} %")
    } else if frac % 10 == 0 {
        format!("{whole},{} %", frac / 10)
    } else {
        format!("{whole},{frac:02} %")
    }
}

fn side(account: &Account, amount: i64, debit: bool) -> Posting {
    let (debit, credit) = if debit { (amount, 0) } else { (0, amount) };
    Posting {
        account: account.clone(),
        auxiliary: None,
        debit,
        credit,
    }
}

/// The sale of a document, on the side of an invoice (`reverse` for a credit note).
fn sale(doc: &Document, accounts: &LedgerAccounts, reverse: bool) -> Vec<Posting> {
    let t = &doc.printed.totals;
    let sales = match doc.printed.vat_regime {
        VatRegime::France => &accounts.sales_france,
        VatRegime::IntraEu | VatRegime::ReverseCharge => &accounts.sales_intra_eu,
        VatRegime::Export => &accounts.sales_export,
    };
    let mut customer = side(&accounts.customers, t.total_ttc.get(), !reverse);
    customer.auxiliary = Some((customer_account(doc.account_id), doc.customer_name()));
    let mut postings = vec![customer];
    if t.discount.get() != 0 {
        postings.push(side(&accounts.discounts, t.discount.get(), !reverse));
    }
    postings.push(side(sales, t.subtotal_ht.get(), reverse));
    if t.shipping.get() != 0 {
        postings.push(side(&accounts.shipping, t.shipping.get(), reverse));
    }
    if t.vat.get() != 0 {
        let mut vat = accounts.vat.clone();
        vat.label = format!("{} {}", vat.label, rate_text(t.vat_rate_bp));
        postings.push(side(&vat, t.vat.get(), reverse));
    }
    postings
}

/// The customer's auxiliary account number (`C000042`).
pub fn customer_account(account_id: i64) -> String {
    format!("C{account_id:06}")
}

/// The money of a document: received for an invoice, refunded for a credit note.
fn money(doc: &Document, accounts: &LedgerAccounts, refund: bool) -> Vec<Posting> {
    let amount = doc.printed.totals.total_ttc.get();
    let mut customer = side(&accounts.customers, amount, refund);
    customer.auxiliary = Some((customer_account(doc.account_id), doc.customer_name()));
    vec![side(&accounts.bank, amount, !refund), customer]
}

fn method_text(doc: &Document) -> &'static str {
    match doc.printed.payment_method.as_deref() {
        Some("carte") => "par carte",
        Some("virement") => "par virement",
        _ => "",
    }
}

/// The entries of `docs`: for an invoice its sale and its payment, for a credit note its
/// reversal and its refund; each checked to balance and to be nonzero.
pub fn entries(docs: &[Document], accounts: &LedgerAccounts) -> Result<Vec<Entry>, CommerceError> {
    let mut out = Vec::with_capacity(docs.len() * 2);
    for doc in docs {
        let date = paris_date(doc.issued_at);
        let customer = doc.customer_name();
        let (sale_entry, money_entry) = match doc.kind {
            DocKind::Invoice => {
                let paid = doc.printed.paid_at.unwrap_or(doc.issued_at);
                let method = method_text(doc);
                (
                    Entry {
                        journal: Journal::Sales,
                        date,
                        piece: doc.number.clone(),
                        piece_date: date,
                        label: format!("Facture {} {customer}", doc.number),
                        postings: sale(doc, accounts, false),
                    },
                    Entry {
                        journal: Journal::Bank,
                        date: paris_date(paid),
                        piece: doc.number.clone(),
                        piece_date: date,
                        label: format!("Règlement {method} facture {} {customer}", doc.number)
                            .replace("  ", " "),
                        postings: money(doc, accounts, false),
                    },
                )
            }
            DocKind::CreditNote => {
                let invoice = doc.printed.invoice_number.clone().unwrap_or_default();
                (
                    Entry {
                        journal: Journal::Sales,
                        date,
                        piece: doc.number.clone(),
                        piece_date: date,
                        label: format!("Avoir {} sur facture {invoice} {customer}", doc.number),
                        postings: sale(doc, accounts, true),
                    },
                    Entry {
                        journal: Journal::Bank,
                        date,
                        piece: doc.number.clone(),
                        piece_date: date,
                        label: format!("Remboursement avoir {} {customer}", doc.number),
                        postings: money(doc, accounts, true),
                    },
                )
            }
        };
        for entry in [sale_entry, money_entry] {
            let (debit, credit) = entry.sums();
            if debit != credit {
                return Err(CommerceError::internal(format!(
                    "entry of {} unbalanced: debit {debit}, credit {credit}",
                    entry.piece
                )));
            }
            if debit == 0 {
                // A document of zero (a fully discounted order) moves no account.
                continue;
            }
            out.push(entry);
        }
    }
    // Stable: within a day and a journal, the documents' order of issue.
    out.sort_by_key(|e| (e.date, e.journal));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::documents::tests::fixtures::{b2b_invoice, NEW_YEAR_IN_PARIS, NOV_22};
    use crate::domain::Cents;

    fn accounts() -> LedgerAccounts {
        LedgerAccounts::from_lookup(|_| None).unwrap()
    }

    fn doc(kind: DocKind, number: &str, issued_at: i64, regime: VatRegime) -> Document {
        let mut d = b2b_invoice();
        d.vat_regime = regime;
        d.paid_at = Some(issued_at);
        let mut json = serde_json::to_value(&d).unwrap();
        if kind == DocKind::CreditNote {
            json["invoice_number"] = "FA-2026-000042".into();
        }
        Document::read(kind, number.to_owned(), issued_at, 42, &json.to_string()).unwrap()
    }

    fn lines(e: &Entry) -> Vec<(String, i64, i64)> {
        e.postings
            .iter()
            .map(|p| (p.account.number.clone(), p.debit, p.credit))
            .collect()
    }

    #[test]
    fn an_invoice_is_a_balanced_sale_then_its_payment() {
        let invoice = doc(
            DocKind::Invoice,
            "FA-2026-000042",
            NOV_22,
            VatRegime::France,
        );
        let e = entries(&[invoice], &accounts()).unwrap();
        assert_eq!(e.len(), 2);
        assert_eq!(e[0].journal, Journal::Sales);
        assert_eq!(
            lines(&e[0]),
            [
                ("411000".to_owned(), 142_326, 0),
                ("709000".to_owned(), 13_035, 0),
                ("701000".to_owned(), 0, 130_350),
                ("708500".to_owned(), 0, 1_290),
                ("445710".to_owned(), 0, 23_721),
            ]
        );
        assert_eq!(e[0].postings[4].account.label, "TVA collectée 20 %");
        assert_eq!(
            e[0].postings[0].auxiliary,
            Some((
                "C000042".to_owned(),
                "Ateliers Mécaniques du Rhône".to_owned()
            ))
        );
        assert_eq!(e[0].date, jiff::civil::date(2026, 11, 22));
        assert_eq!(e[1].journal, Journal::Bank);
        assert_eq!(
            lines(&e[1]),
            [
                ("512000".to_owned(), 142_326, 0),
                ("411000".to_owned(), 0, 142_326)
            ]
        );
        assert!(e[1]
            .label
            .starts_with("Règlement par virement facture FA-2026-000042"));
    }

    #[test]
    fn a_credit_note_reverses_its_invoice_and_the_refund_its_payment() {
        let credit = doc(
            DocKind::CreditNote,
            "AV-2027-000001",
            NEW_YEAR_IN_PARIS,
            VatRegime::IntraEu,
        );
        let e = entries(&[credit], &accounts()).unwrap();
        // 31 December 23:30 UTC is 1 January in Paris.
        assert_eq!(e[0].date, jiff::civil::date(2027, 1, 1));
        assert_eq!(
            lines(&e[0]),
            [
                ("411000".to_owned(), 0, 142_326),
                ("709000".to_owned(), 0, 13_035),
                ("701200".to_owned(), 130_350, 0),
                ("708500".to_owned(), 1_290, 0),
                ("445710".to_owned(), 23_721, 0),
            ]
        );
        assert!(e[0].label.contains("sur facture FA-2026-000042"));
        assert_eq!(
            lines(&e[1]),
            [
                ("512000".to_owned(), 0, 142_326),
                ("411000".to_owned(), 142_326, 0)
            ]
        );
    }

    #[test]
    fn an_export_posts_to_its_account_and_a_zero_document_moves_nothing() {
        let mut export = doc(
            DocKind::Invoice,
            "FA-2026-000043",
            NOV_22,
            VatRegime::Export,
        );
        export.printed.totals.vat = Cents(0);
        export.printed.totals.total_ttc = export.printed.totals.total_ht;
        let mut zero = doc(
            DocKind::Invoice,
            "FA-2026-000044",
            NOV_22,
            VatRegime::France,
        );
        let t = &mut zero.printed.totals;
        (
            t.subtotal_ht,
            t.discount,
            t.shipping,
            t.total_ht,
            t.vat,
            t.total_ttc,
        ) = (Cents(0), Cents(0), Cents(0), Cents(0), Cents(0), Cents(0));
        let e = entries(&[export, zero], &accounts()).unwrap();
        assert_eq!(e.len(), 2, "{e:#?}");
        assert!(e[0].postings.iter().any(|p| p.account.number == "701300"));
        assert!(!e[0].postings.iter().any(|p| p.account.number == "445710"));
    }

    #[test]
    fn an_unbalanced_document_is_refused_not_written() {
        let mut bad = doc(
            DocKind::Invoice,
            "FA-2026-000045",
            NOV_22,
            VatRegime::France,
        );
        bad.printed.totals.total_ttc = Cents(1);
        assert!(entries(&[bad], &accounts()).is_err());
    }

    #[test]
    fn rates_read_the_french_way() {
        assert_eq!(rate_text(2000), "20 %");
        assert_eq!(rate_text(550), "5,5 %");
        assert_eq!(rate_text(210), "2,1 %");
        assert_eq!(rate_text(1), "0,01 %");
    }
}
