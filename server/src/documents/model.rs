//! What an invoice, a credit note and a quote print: plain data, serialised as the frozen JSON of
//! the `invoices`, `credit_notes` and `quotes` rows. Amounts are cents, times UTC Unix seconds
//! (printed in Europe/Paris by the renderers).

use serde::{Deserialize, Serialize};

use super::vat_regime::{VatExemption, VatRegime};
use super::Seller;
use crate::domain::Cents;

/// A buyer or a delivery recipient, as printed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Party {
    /// First and last name.
    pub name: String,
    /// Company name, for a business customer.
    pub company: Option<String>,
    /// Street, complement, postcode and town, country: one printed line each.
    pub address_lines: Vec<String>,
    /// Intra-EU VAT number of a business customer.
    pub vat_number: Option<String>,
    /// E-mail of the account.
    pub email: Option<String>,
    /// The address as fields, for the Factur-X XML (none on documents frozen before issue 23).
    #[serde(default)]
    pub postal: Option<PostalAddress>,
    /// SIREN of a business customer: the one it gave, else the one of its French VAT number.
    #[serde(default)]
    pub siren: Option<String>,
}

/// An address as fields (street, postcode, town, ISO country code).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PostalAddress {
    /// Street and number.
    pub street: String,
    /// Building, floor, anything else.
    pub complement: String,
    /// Postcode.
    pub postcode: String,
    /// Town.
    pub city: String,
    /// ISO 3166-1 alpha-2 code, upper case (`FR`).
    pub country_code: String,
}

/// One line of a document.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DocLine {
    /// What is sold: file name, process and material.
    pub designation: String,
    /// Further lines in small print: colour, finish, dimensions, post-treatments.
    pub details: Vec<String>,
    /// Number of parts.
    pub quantity: i64,
    /// Price of one part excl. VAT (the line total divided by the quantity, for reading).
    pub unit_price_ht: Cents,
    /// VAT rate of the line, basis points.
    pub vat_rate_bp: i64,
    /// Line total excl. VAT (rounded once, quantity discount included).
    pub total_ht: Cents,
}

impl DocLine {
    /// The unit price printed for a line: its total divided by the quantity, rounded to the
    /// nearest cent (the total, rounded once by quote-core, is what is due).
    pub fn unit_price_of(total_ht: Cents, quantity: i64) -> Cents {
        let q = quantity.max(1);
        Cents((total_ht.get() + q / 2) / q)
    }
}

/// Totals of a document.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DocTotals {
    /// Sum of the lines excl. VAT.
    pub subtotal_ht: Cents,
    /// Discount excl. VAT (positive amount, subtracted).
    pub discount: Cents,
    /// Label of the discount (`Code BIENVENUE10 (-10 %)`).
    pub discount_label: Option<String>,
    /// Shipping excl. VAT.
    pub shipping: Cents,
    /// Total excl. VAT.
    pub total_ht: Cents,
    /// VAT rate, basis points (0 for reverse charge and export).
    pub vat_rate_bp: i64,
    /// VAT amount.
    pub vat: Cents,
    /// Total incl. VAT.
    pub total_ttc: Cents,
}

/// Everything an invoice prints (CGI art. 242 nonies A).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct InvoiceData {
    /// `FA-2026-000001`.
    pub number: String,
    /// Issue date.
    pub issued_at: i64,
    /// Payment due date (the payment date when paid at once).
    pub due_at: i64,
    /// When it was paid, if it was.
    pub paid_at: Option<i64>,
    /// `carte` or `virement`.
    pub payment_method: String,
    /// The order number (`CO-2026-000005`).
    pub order_number: String,
    /// The buyer's own order reference (purchase-order number), printed « Votre référence » and,
    /// on a Factur-X, written as BT-13 (none when not given, and on documents frozen before).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub buyer_reference: Option<String>,
    /// The seller as it was at issue.
    pub seller: Seller,
    /// Billing party.
    pub buyer: Party,
    /// Delivery party.
    pub delivery: Party,
    /// Lines.
    pub lines: Vec<DocLine>,
    /// Totals.
    pub totals: DocTotals,
    /// VAT treatment.
    pub vat_regime: VatRegime,
    /// The exemption of a zero-rated invoice (none under French VAT, and on invoices issued
    /// before issue 23, which print their regime's old mention).
    #[serde(default)]
    pub vat_exemption: Option<VatExemption>,
    /// The buyer is a business: late-payment penalties and the 40 € indemnity are printed.
    pub business: bool,
    /// Issued as a Factur-X EN 16931 PDF/A-3 with the reform's mentions; documents frozen
    /// before issue 23 render as they were.
    #[serde(default)]
    pub factur_x: bool,
}

/// A credit note cancelling an invoice (amounts printed as credits).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CreditNoteData {
    /// `AV-2026-000001`.
    pub number: String,
    /// Issue date.
    pub issued_at: i64,
    /// The invoice it cancels.
    pub invoice_number: String,
    /// That invoice's issue date.
    pub invoice_issued_at: i64,
    /// Why (given by the admin).
    pub reason: String,
    /// The order number.
    pub order_number: String,
    /// The buyer's order reference, as its invoice printed it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub buyer_reference: Option<String>,
    /// The seller as it was at issue.
    pub seller: Seller,
    /// Billing party of the invoice.
    pub buyer: Party,
    /// The invoice's lines.
    pub lines: Vec<DocLine>,
    /// The invoice's totals (credited in full).
    pub totals: DocTotals,
    /// VAT treatment of the invoice.
    pub vat_regime: VatRegime,
    /// The invoice's exemption.
    #[serde(default)]
    pub vat_exemption: Option<VatExemption>,
    /// The invoice's delivery party (none on credit notes frozen before issue 23).
    #[serde(default)]
    pub delivery: Option<Party>,
    /// The buyer is a business (late-payment notes of the Factur-X XML).
    #[serde(default)]
    pub business: bool,
    /// Issued as a Factur-X EN 16931 PDF/A-3 (see [`InvoiceData::factur_x`]).
    #[serde(default)]
    pub factur_x: bool,
}

/// A priced quote (devis) of the basket, valid 30 days.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct QuoteData {
    /// `DE-2026-000001`.
    pub number: String,
    /// Issue date.
    pub issued_at: i64,
    /// Last day of validity.
    pub valid_until: i64,
    /// The seller.
    pub seller: Seller,
    /// The customer (with its company when it has one).
    pub buyer: Party,
    /// The buyer's own order reference typed at checkout before asking for the quote.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub buyer_reference: Option<String>,
    /// Lines (dimensions in `details`).
    pub lines: Vec<DocLine>,
    /// Totals (shipping included when an address was given).
    pub totals: DocTotals,
    /// VAT treatment.
    pub vat_regime: VatRegime,
    /// The exemption of a zero-rated quote.
    #[serde(default)]
    pub vat_exemption: Option<VatExemption>,
    /// Lead time in working days, when known.
    pub lead_time_days: Option<u32>,
    /// Ship date (`AAAA-MM-JJ`) of an order paid when the quote was issued: that of its slowest
    /// line, as the basket gives it. Quotes issued before dates were printed have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ship_date: Option<String>,
    /// Delivery range (`AAAA-MM-JJ`, first and last day) to the zone of the shipping fee.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delivery: Option<(String, String)>,
    /// Whether card payment is offered (else the quote names the bank transfer only).
    #[serde(default)]
    pub card_payment: bool,
    /// Further remarks printed with the mentions (what the shipping fee assumes, parts still to
    /// be checked).
    #[serde(default)]
    pub notes: Vec<String>,
}
