//! The CII document: context (EN 16931 guideline, French business process), header (number,
//! type 380/381, date, notes), lines, agreement (parties, our order number, the buyer's
//! purchase order), delivery (ship-to, date) and settlement (payment means, VAT breakdown,
//! discount as allowance, shipping as charge, terms, totals, the invoice a credit note
//! corrects). Element order is the XSD's.

use super::amounts::{amount, date, rate, unit_price};
use super::parties;
use super::xml::Xml;
use crate::documents::{DocLine, DocTotals, Party, Seller, VatExemption, VatRegime};
use crate::domain::Cents;

const NS: [(&str, &str); 4] = [
    (
        "xmlns:rsm",
        "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
    ),
    (
        "xmlns:ram",
        "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100",
    ),
    (
        "xmlns:qdt",
        "urn:un:unece:uncefact:data:standard:QualifiedDataType:100",
    ),
    (
        "xmlns:udt",
        "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100",
    ),
];

/// How the document is settled.
pub(super) enum Settlement<'a> {
    /// Paid before the invoice was issued (the shop invoices on payment): business process B2,
    /// prepaid = total, nothing due, the due date is the payment date (BR-FR-CO-09).
    Paid {
        at: i64,
        /// `virement` (SEPA credit transfer to our IBAN, code 58) or `carte` (bank card, 48).
        method: &'a str,
        terms: String,
    },
    /// Still to pay (a credit note: the refund the seller owes): business process B1.
    ToPay { terms: String },
}

/// What the writer needs of an invoice or a credit note.
pub(super) struct Doc<'a> {
    pub number: &'a str,
    /// `380` invoice, `381` credit note.
    pub type_code: &'static str,
    pub issued_at: i64,
    pub seller: &'a Seller,
    pub buyer: &'a Party,
    pub delivery: Option<&'a Party>,
    /// BT-72: the date of the supply the document states.
    pub delivery_date: i64,
    pub order_number: &'a str,
    /// BT-13: the buyer's purchase-order reference, when they gave one.
    pub buyer_order: Option<&'a str>,
    pub lines: &'a [DocLine],
    pub totals: &'a DocTotals,
    pub regime: VatRegime,
    pub exemption: Option<&'a VatExemption>,
    /// `(subject code, text)`, in order (BAR first).
    pub notes: Vec<(&'static str, String)>,
    pub settlement: Settlement<'a>,
    /// The invoice a credit note corrects: number and issue date (BG-3).
    pub corrects: Option<(&'a str, i64)>,
}

impl Doc<'_> {
    /// EN 16931 VAT category: the frozen exemption's, else the regime's.
    fn category(&self) -> &str {
        self.exemption
            .map(|e| e.category.as_str())
            .unwrap_or_else(|| self.regime.category())
    }

    /// The rate of the document's one VAT category (zero outside category S).
    fn rate_bp(&self) -> i64 {
        if self.category() == "S" {
            self.totals.vat_rate_bp
        } else {
            0
        }
    }
}

fn trade_tax(x: &mut Xml, outer: &str, category: &str, bp: i64) {
    x.open(outer);
    x.leaf("ram:TypeCode", "VAT");
    x.leaf("ram:CategoryCode", category);
    x.leaf("ram:RateApplicablePercent", &rate(bp));
    x.close(outer);
}

fn line(x: &mut Xml, d: &Doc<'_>, n: usize, l: &DocLine) {
    x.open("ram:IncludedSupplyChainTradeLineItem");
    x.open("ram:AssociatedDocumentLineDocument");
    x.leaf("ram:LineID", &n.to_string());
    x.close("ram:AssociatedDocumentLineDocument");
    x.open("ram:SpecifiedTradeProduct");
    let name = if l.designation.trim().is_empty() {
        "Pièce imprimée en 3D"
    } else {
        &l.designation
    };
    x.leaf("ram:Name", name);
    x.close("ram:SpecifiedTradeProduct");
    x.open("ram:SpecifiedLineTradeAgreement");
    x.open("ram:NetPriceProductTradePrice");
    x.leaf("ram:ChargeAmount", &unit_price(l.total_ht, l.quantity));
    x.close("ram:NetPriceProductTradePrice");
    x.close("ram:SpecifiedLineTradeAgreement");
    x.open("ram:SpecifiedLineTradeDelivery");
    x.leaf_with(
        "ram:BilledQuantity",
        &[("unitCode", "C62")],
        &l.quantity.max(1).to_string(),
    );
    x.close("ram:SpecifiedLineTradeDelivery");
    x.open("ram:SpecifiedLineTradeSettlement");
    trade_tax(x, "ram:ApplicableTradeTax", d.category(), d.rate_bp());
    x.open("ram:SpecifiedTradeSettlementLineMonetarySummation");
    x.leaf("ram:LineTotalAmount", &amount(l.total_ht));
    x.close("ram:SpecifiedTradeSettlementLineMonetarySummation");
    x.close("ram:SpecifiedLineTradeSettlement");
    x.close("ram:IncludedSupplyChainTradeLineItem");
}

fn allowance_charge(x: &mut Xml, d: &Doc<'_>, charge: bool, value: Cents, code: &str, why: &str) {
    x.open("ram:SpecifiedTradeAllowanceCharge");
    x.open("ram:ChargeIndicator");
    x.leaf("udt:Indicator", if charge { "true" } else { "false" });
    x.close("ram:ChargeIndicator");
    x.leaf("ram:ActualAmount", &amount(value));
    x.leaf("ram:ReasonCode", code);
    x.leaf("ram:Reason", why);
    trade_tax(x, "ram:CategoryTradeTax", d.category(), d.rate_bp());
    x.close("ram:SpecifiedTradeAllowanceCharge");
}

fn payment_means(x: &mut Xml, d: &Doc<'_>) {
    let Settlement::Paid { method, .. } = &d.settlement else {
        return;
    };
    x.open("ram:SpecifiedTradeSettlementPaymentMeans");
    if *method == "virement" {
        x.leaf("ram:TypeCode", "58");
        x.leaf("ram:Information", "Virement SEPA");
        x.open("ram:PayeePartyCreditorFinancialAccount");
        x.leaf("ram:IBANID", &d.seller.iban_id());
        x.leaf("ram:AccountName", &d.seller.bank_holder);
        x.close("ram:PayeePartyCreditorFinancialAccount");
        x.open("ram:PayeeSpecifiedCreditorFinancialInstitution");
        x.leaf("ram:BICID", &d.seller.bic_id());
        x.close("ram:PayeeSpecifiedCreditorFinancialInstitution");
    } else {
        x.leaf("ram:TypeCode", "48");
        x.leaf("ram:Information", "Carte bancaire (paiement en ligne)");
    }
    x.close("ram:SpecifiedTradeSettlementPaymentMeans");
}

fn vat_breakdown(x: &mut Xml, d: &Doc<'_>) {
    let t = d.totals;
    x.open("ram:ApplicableTradeTax");
    x.leaf("ram:CalculatedAmount", &amount(t.vat));
    x.leaf("ram:TypeCode", "VAT");
    if let Some(e) = d.exemption {
        x.leaf("ram:ExemptionReason", &e.mention);
    }
    x.leaf("ram:BasisAmount", &amount(t.total_ht));
    x.leaf("ram:CategoryCode", d.category());
    match d.exemption {
        Some(e) => x.leaf("ram:ExemptionReasonCode", &e.reason_code),
        None => {
            if let Some(code) = d.regime.exemption_code() {
                x.leaf("ram:ExemptionReasonCode", code);
            }
        }
    }
    x.leaf("ram:RateApplicablePercent", &rate(d.rate_bp()));
    x.close("ram:ApplicableTradeTax");
}

fn settlement(x: &mut Xml, d: &Doc<'_>) {
    let t = d.totals;
    x.open("ram:ApplicableHeaderTradeSettlement");
    x.leaf("ram:PaymentReference", d.number);
    x.leaf("ram:InvoiceCurrencyCode", "EUR");
    payment_means(x, d);
    vat_breakdown(x, d);
    if t.discount != Cents::ZERO {
        let why = match t.discount_label.as_deref() {
            Some(l) if !l.trim().is_empty() => format!("Remise ({l})"),
            _ => "Remise".to_owned(),
        };
        allowance_charge(x, d, false, t.discount, "95", &why);
    }
    if t.shipping != Cents::ZERO {
        allowance_charge(x, d, true, t.shipping, "FC", "Frais de port");
    }
    x.open("ram:SpecifiedTradePaymentTerms");
    match &d.settlement {
        Settlement::Paid { at, terms, .. } => {
            x.leaf("ram:Description", terms);
            x.date("ram:DueDateDateTime", "udt", &date(*at));
        }
        Settlement::ToPay { terms } => x.leaf("ram:Description", terms),
    }
    x.close("ram:SpecifiedTradePaymentTerms");
    let lines: Cents = d.lines.iter().map(|l| l.total_ht).sum();
    // The amounts the PDF prints; commerce computed the VAT once on the basis, half up
    // (`vat_of`), which the unit tests and the validator's strict BR-CO-17 check.
    let (vat, grand) = (t.vat, t.total_ttc);
    x.open("ram:SpecifiedTradeSettlementHeaderMonetarySummation");
    x.leaf("ram:LineTotalAmount", &amount(lines));
    x.leaf("ram:ChargeTotalAmount", &amount(t.shipping));
    x.leaf("ram:AllowanceTotalAmount", &amount(t.discount));
    x.leaf("ram:TaxBasisTotalAmount", &amount(t.total_ht));
    x.leaf_with("ram:TaxTotalAmount", &[("currencyID", "EUR")], &amount(vat));
    x.leaf("ram:GrandTotalAmount", &amount(grand));
    let due = match d.settlement {
        Settlement::Paid { .. } => {
            x.leaf("ram:TotalPrepaidAmount", &amount(grand));
            Cents::ZERO
        }
        Settlement::ToPay { .. } => grand,
    };
    x.leaf("ram:DuePayableAmount", &amount(due));
    x.close("ram:SpecifiedTradeSettlementHeaderMonetarySummation");
    if let Some((number, issued_at)) = d.corrects {
        x.open("ram:InvoiceReferencedDocument");
        x.leaf("ram:IssuerAssignedID", number);
        x.date("ram:FormattedIssueDateTime", "qdt", &date(issued_at));
        x.close("ram:InvoiceReferencedDocument");
    }
    x.close("ram:ApplicableHeaderTradeSettlement");
}

/// The CII XML of a document.
pub(super) fn write(d: &Doc<'_>) -> String {
    let mut x = Xml::new();
    x.open_with("rsm:CrossIndustryInvoice", &NS);
    x.open("rsm:ExchangedDocumentContext");
    x.open("ram:BusinessProcessSpecifiedDocumentContextParameter");
    let process = match d.settlement {
        Settlement::Paid { .. } => "B2",
        Settlement::ToPay { .. } => "B1",
    };
    x.leaf("ram:ID", process);
    x.close("ram:BusinessProcessSpecifiedDocumentContextParameter");
    x.open("ram:GuidelineSpecifiedDocumentContextParameter");
    x.leaf("ram:ID", "urn:cen.eu:en16931:2017");
    x.close("ram:GuidelineSpecifiedDocumentContextParameter");
    x.close("rsm:ExchangedDocumentContext");

    x.open("rsm:ExchangedDocument");
    x.leaf("ram:ID", d.number);
    x.leaf("ram:TypeCode", d.type_code);
    x.date("ram:IssueDateTime", "udt", &date(d.issued_at));
    for (code, text) in &d.notes {
        x.open("ram:IncludedNote");
        x.leaf("ram:Content", text);
        x.leaf("ram:SubjectCode", code);
        x.close("ram:IncludedNote");
    }
    x.close("rsm:ExchangedDocument");

    x.open("rsm:SupplyChainTradeTransaction");
    for (i, l) in d.lines.iter().enumerate() {
        line(&mut x, d, i + 1, l);
    }
    x.open("ram:ApplicableHeaderTradeAgreement");
    parties::seller(&mut x, d.seller);
    parties::buyer(&mut x, d.buyer);
    x.open("ram:SellerOrderReferencedDocument");
    x.leaf("ram:IssuerAssignedID", d.order_number);
    x.close("ram:SellerOrderReferencedDocument");
    // BT-13, not BT-10 (BuyerReference): for a French public buyer BT-10 is the Chorus Pro
    // service code a platform routes by, and a purchase-order number is not one.
    if let Some(reference) = d.buyer_order.filter(|r| !r.trim().is_empty()) {
        x.open("ram:BuyerOrderReferencedDocument");
        x.leaf("ram:IssuerAssignedID", reference);
        x.close("ram:BuyerOrderReferencedDocument");
    }
    x.close("ram:ApplicableHeaderTradeAgreement");
    x.open("ram:ApplicableHeaderTradeDelivery");
    if let Some(p) = d.delivery {
        parties::ship_to(&mut x, p);
    }
    x.open("ram:ActualDeliverySupplyChainEvent");
    x.date("ram:OccurrenceDateTime", "udt", &date(d.delivery_date));
    x.close("ram:ActualDeliverySupplyChainEvent");
    x.close("ram:ApplicableHeaderTradeDelivery");
    settlement(&mut x, d);
    x.close("rsm:SupplyChainTradeTransaction");
    x.close("rsm:CrossIndustryInvoice");
    x.finish()
}
