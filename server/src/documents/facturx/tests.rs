//! The CII writer on the documents of the renderer's tests: amounts, the line price that gives
//! the line total back, the VAT breakdown of categories S, K and G with their exemption, the
//! notes of a business buyer, a credit note citing its invoice. The whole rule set is run by the
//! API test `facturx` (tests/facturx/validate.py).

use super::{credit_note_xml, invoice_xml};
use crate::documents::model::PostalAddress;
use crate::documents::tests::fixtures::{b2b_invoice, DEC_22, NOV_22};
use crate::documents::{CreditNoteData, InvoiceData, VatRegime, ViesProof};
use crate::domain::Cents;

/// The text of the first `<tag>` element after `after` (or from the start).
fn text_of<'a>(xml: &'a str, after: &str, tag: &str) -> &'a str {
    let from = xml
        .find(after)
        .unwrap_or_else(|| panic!("{after} in\n{xml}"));
    let open = format!("<{tag}");
    let start = xml[from..].find(&open).unwrap_or_else(|| panic!("{tag}")) + from;
    let start = xml[start..].find('>').unwrap() + start + 1;
    let end = xml[start..].find('<').unwrap() + start;
    &xml[start..end]
}

fn fx_invoice() -> InvoiceData {
    let mut d = b2b_invoice();
    d.factur_x = true;
    d.paid_at = Some(NOV_22);
    d.due_at = NOV_22;
    d.buyer.siren = Some("404833048".to_owned());
    d.buyer.postal = Some(PostalAddress {
        street: "4 quai Perrache".to_owned(),
        complement: String::new(),
        postcode: "69002".to_owned(),
        city: "Lyon".to_owned(),
        country_code: "FR".to_owned(),
    });
    d
}

fn german(mut d: InvoiceData, regime: VatRegime) -> InvoiceData {
    d.buyer.siren = None;
    d.buyer.vat_number = Some("DE129273398".to_owned());
    d.buyer.postal = Some(PostalAddress {
        street: "Hauptstraße 5".to_owned(),
        complement: String::new(),
        postcode: "10115".to_owned(),
        city: "Berlin".to_owned(),
        country_code: "DE".to_owned(),
    });
    d.delivery.postal = d.buyer.postal.clone();
    d.vat_regime = regime;
    d.vat_exemption = regime.exemption(Some(ViesProof {
        request_identifier: "WAPIAAAAZ0001".to_owned(),
        checked_at: NOV_22,
    }));
    d.totals.vat_rate_bp = 0;
    d.totals.vat = Cents::ZERO;
    d.totals.total_ttc = d.totals.total_ht;
    d
}

#[test]
fn a_french_company_s_invoice_has_its_siren_notes_and_a_20_percent_breakdown() {
    let data = fx_invoice();
    assert_eq!(
        super::amounts::vat_of(data.totals.total_ht, 2000),
        data.totals.vat
    );
    let xml = invoice_xml(&data);
    assert!(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"));
    assert_eq!(text_of(&xml, "BusinessProcess", "ram:ID"), "B2");
    assert_eq!(
        text_of(&xml, "Guideline", "ram:ID"),
        "urn:cen.eu:en16931:2017"
    );
    assert_eq!(
        text_of(&xml, "<rsm:ExchangedDocument>", "ram:TypeCode"),
        "380"
    );
    assert_eq!(
        text_of(&xml, "IssueDateTime", "udt:DateTimeString"),
        "20261122"
    );
    for (code, text) in [
        ("BAR", "B2B"),
        ("PMD", "Pénalités"),
        ("PMT", "40"),
        ("AAB", "néant"),
    ] {
        let at = xml
            .find(&format!(">{code}<"))
            .unwrap_or_else(|| panic!("note {code}"));
        let note = &xml[xml[..at].rfind("<ram:IncludedNote>").unwrap()..at];
        assert!(note.contains(text), "{code}: {note}");
        assert_eq!(
            xml.matches(&format!(">{code}</ram:SubjectCode>")).count(),
            1
        );
    }
    // Seller: SIREN under 0002, directory address 0225 + SIREN, compact VAT number.
    assert!(xml.contains("<ram:ID schemeID=\"0002\">912345678</ram:ID>"));
    assert!(xml.contains("<ram:URIID schemeID=\"0225\">912345678</ram:URIID>"));
    assert!(xml.contains("<ram:ID schemeID=\"VA\">FR32912345678</ram:ID>"));
    // Buyer: its SIREN and its directory address.
    assert!(xml.contains("<ram:ID schemeID=\"0002\">404833048</ram:ID>"));
    assert!(xml.contains("<ram:URIID schemeID=\"0225\">404833048</ram:URIID>"));
    // 10 parts for 123.50 → 12.35; 2 for 1180.00 → 590.00.
    assert!(xml.contains("<ram:ChargeAmount>12.35</ram:ChargeAmount>"));
    assert!(xml.contains("<ram:BilledQuantity unitCode=\"C62\">10</ram:BilledQuantity>"));
    // Discount (95) and shipping (FC), then the breakdown: 1186.05 × 20 % = 237.21.
    assert!(xml.contains("<ram:ReasonCode>95</ram:ReasonCode>"));
    assert!(xml.contains("<ram:ReasonCode>FC</ram:ReasonCode>"));
    let tax = &xml[xml.find("<ram:ApplicableHeaderTradeSettlement>").unwrap()..];
    assert_eq!(
        text_of(tax, "<ram:ApplicableTradeTax>", "ram:CalculatedAmount"),
        "237.21"
    );
    assert_eq!(
        text_of(tax, "<ram:ApplicableTradeTax>", "ram:BasisAmount"),
        "1186.05"
    );
    assert_eq!(
        text_of(tax, "<ram:ApplicableTradeTax>", "ram:CategoryCode"),
        "S"
    );
    assert_eq!(
        text_of(tax, "<ram:ApplicableTradeTax>", "ram:RateApplicablePercent"),
        "20"
    );
    assert!(!tax.contains("ExemptionReason"));
    // Paid by transfer: 58 with our IBAN, prepaid = total, nothing due, due date = payment date.
    assert_eq!(text_of(tax, "PaymentMeans", "ram:TypeCode"), "58");
    assert_eq!(
        text_of(tax, "PaymentMeans", "ram:IBANID"),
        "FR7630006000011234567890189"
    );
    assert_eq!(
        text_of(tax, "PaymentTerms", "udt:DateTimeString"),
        "20261122"
    );
    assert_eq!(text_of(tax, "Summation", "ram:LineTotalAmount"), "1303.50");
    assert_eq!(
        text_of(tax, "Summation", "ram:AllowanceTotalAmount"),
        "130.35"
    );
    assert_eq!(text_of(tax, "Summation", "ram:ChargeTotalAmount"), "12.90");
    assert_eq!(text_of(tax, "Summation", "ram:GrandTotalAmount"), "1423.26");
    assert_eq!(
        text_of(tax, "Summation", "ram:TotalPrepaidAmount"),
        "1423.26"
    );
    assert_eq!(text_of(tax, "Summation", "ram:DuePayableAmount"), "0.00");
    assert!(tax.contains("<ram:TaxTotalAmount currencyID=\"EUR\">237.21</ram:TaxTotalAmount>"));
}

#[test]
fn an_intra_eu_supply_is_category_k_with_its_exemption_and_a_ship_to_country() {
    let xml = invoice_xml(&german(fx_invoice(), VatRegime::IntraEu));
    assert!(xml.contains("<ram:Content>B2BINT</ram:Content>"));
    let tax = &xml[xml.find("<ram:ApplicableHeaderTradeSettlement>").unwrap()..];
    assert_eq!(
        text_of(tax, "<ram:ApplicableTradeTax>", "ram:CategoryCode"),
        "K"
    );
    assert_eq!(
        text_of(tax, "<ram:ApplicableTradeTax>", "ram:ExemptionReasonCode"),
        "VATEX-EU-IC"
    );
    assert!(text_of(tax, "<ram:ApplicableTradeTax>", "ram:ExemptionReason").contains("262 ter I"));
    assert_eq!(
        text_of(tax, "<ram:ApplicableTradeTax>", "ram:CalculatedAmount"),
        "0.00"
    );
    assert_eq!(
        text_of(tax, "<ram:ApplicableTradeTax>", "ram:RateApplicablePercent"),
        "0"
    );
    assert!(xml.contains("<ram:URIID schemeID=\"9930\">DE129273398</ram:URIID>"));
    assert!(xml.contains("<ram:ID schemeID=\"VA\">DE129273398</ram:ID>"));
    assert_eq!(text_of(&xml, "ShipToTradeParty", "ram:CountryID"), "DE");
    assert_eq!(
        text_of(&xml, "ActualDeliverySupplyChainEvent", "udt:DateTimeString"),
        "20261122"
    );
    assert!(!xml.contains("<ram:CategoryCode>S</ram:CategoryCode>"));
}

#[test]
fn an_export_is_category_g_and_a_card_payment_code_48() {
    let mut d = german(fx_invoice(), VatRegime::Export);
    d.payment_method = "carte".to_owned();
    let xml = invoice_xml(&d);
    let tax = &xml[xml.find("<ram:ApplicableHeaderTradeSettlement>").unwrap()..];
    assert_eq!(
        text_of(tax, "<ram:ApplicableTradeTax>", "ram:CategoryCode"),
        "G"
    );
    assert_eq!(
        text_of(tax, "<ram:ApplicableTradeTax>", "ram:ExemptionReasonCode"),
        "VATEX-EU-G"
    );
    assert_eq!(text_of(tax, "PaymentMeans", "ram:TypeCode"), "48");
    assert!(!tax.contains("IBANID"));
}

#[test]
fn a_french_company_with_a_siren_and_no_vat_number_is_b2b_in_the_directory() {
    let mut d = fx_invoice();
    d.buyer.vat_number = None;
    d.buyer.siren = Some("732829320".to_owned());
    let xml = invoice_xml(&d);
    assert!(xml.contains("<ram:Content>B2B</ram:Content>"));
    let buyer = &xml[xml.find("<ram:BuyerTradeParty>").unwrap()..];
    let buyer = &buyer[..buyer.find("</ram:BuyerTradeParty>").unwrap()];
    assert!(buyer.contains("<ram:ID schemeID=\"0002\">732829320</ram:ID>"));
    assert!(buyer.contains("<ram:URIID schemeID=\"0225\">732829320</ram:URIID>"));
    assert!(!buyer.contains("SpecifiedTaxRegistration"), "{buyer}");
}

#[test]
fn a_french_company_without_siren_nor_vat_number_is_b2c_with_its_business_notes() {
    let mut d = fx_invoice();
    d.buyer.vat_number = None;
    d.buyer.siren = None;
    let xml = invoice_xml(&d);
    assert!(xml.contains("<ram:Content>B2C</ram:Content>"));
    assert!(xml.contains(">PMD<") && xml.contains(">PMT<") && xml.contains(">AAB<"));
    assert!(xml.contains("<ram:URIID schemeID=\"EM\">achats@amr.example</ram:URIID>"));
    assert!(!xml.contains("<ram:ID schemeID=\"0002\">404833048"));
}

#[test]
fn a_swedish_company_is_reached_by_its_organisation_number() {
    let mut d = german(fx_invoice(), VatRegime::IntraEu);
    d.buyer.vat_number = Some("SE559900001401".to_owned());
    let xml = invoice_xml(&d);
    assert!(xml.contains("<ram:Content>B2BINT</ram:Content>"));
    assert!(xml.contains("<ram:URIID schemeID=\"0007\">5599000014</ram:URIID>"));
    assert!(xml.contains("<ram:ID schemeID=\"VA\">SE559900001401</ram:ID>"));
}

#[test]
fn a_consumer_has_no_business_notes_and_is_reached_by_e_mail() {
    let mut d = fx_invoice();
    d.business = false;
    d.buyer.company = None;
    d.buyer.siren = None;
    d.buyer.vat_number = None;
    let xml = invoice_xml(&d);
    assert!(xml.contains("<ram:Content>B2C</ram:Content>"));
    assert!(!xml.contains(">PMD<") && !xml.contains(">PMT<") && !xml.contains(">AAB<"));
    assert!(xml.contains("<ram:URIID schemeID=\"EM\">achats@amr.example</ram:URIID>"));
}

#[test]
fn a_credit_note_is_381_with_positive_amounts_citing_its_invoice() {
    let mut invoice = fx_invoice();
    invoice.buyer_reference = Some("PO-7781".to_owned());
    let data = CreditNoteData {
        number: "AV-2026-000007".to_owned(),
        issued_at: DEC_22,
        invoice_number: invoice.number.clone(),
        invoice_issued_at: invoice.issued_at,
        reason: "Commande annulée".to_owned(),
        order_number: invoice.order_number.clone(),
        buyer_reference: invoice.buyer_reference.clone(),
        seller: invoice.seller.clone(),
        buyer: invoice.buyer.clone(),
        lines: invoice.lines.clone(),
        totals: invoice.totals.clone(),
        vat_regime: invoice.vat_regime,
        vat_exemption: None,
        delivery: Some(invoice.delivery.clone()),
        business: true,
        factur_x: true,
    };
    let xml = credit_note_xml(&data);
    assert_eq!(
        text_of(&xml, "<rsm:ExchangedDocument>", "ram:TypeCode"),
        "381"
    );
    assert_eq!(text_of(&xml, "BusinessProcess", "ram:ID"), "B1");
    assert_eq!(
        text_of(&xml, "InvoiceReferencedDocument", "ram:IssuerAssignedID"),
        "FA-2026-000042"
    );
    assert_eq!(
        text_of(&xml, "InvoiceReferencedDocument", "qdt:DateTimeString"),
        "20261122"
    );
    assert_eq!(
        text_of(&xml, "Summation", "ram:DuePayableAmount"),
        "1423.26"
    );
    assert!(!xml.contains(">-"), "no negative amount");
    assert_eq!(
        text_of(&xml, "BuyerOrderReferencedDocument", "ram:IssuerAssignedID"),
        "PO-7781"
    );
}

#[test]
fn the_buyer_s_purchase_order_is_bt_13_after_our_order_number() {
    let xml = invoice_xml(&fx_invoice());
    assert!(!xml.contains("BuyerOrderReferencedDocument"), "none given");
    assert!(!xml.contains("BuyerReference"), "never BT-10");
    let mut d = fx_invoice();
    d.buyer_reference = Some("BC-2026/0042 <atelier & co>".to_owned());
    let xml = invoice_xml(&d);
    let seller_order = xml.find("<ram:SellerOrderReferencedDocument>").unwrap();
    let buyer_order = xml.find("<ram:BuyerOrderReferencedDocument>").unwrap();
    assert!(seller_order < buyer_order, "the XSD's order");
    assert!(buyer_order < xml.find("</ram:ApplicableHeaderTradeAgreement>").unwrap());
    assert_eq!(
        text_of(&xml, "BuyerOrderReferencedDocument", "ram:IssuerAssignedID"),
        "BC-2026/0042 &lt;atelier &amp; co&gt;"
    );
    assert!(!xml.contains("BuyerReference>"), "never BT-10");
}

#[test]
fn text_is_escaped() {
    let mut d = fx_invoice();
    d.lines[0].designation = "Pièce <A&B> \"1\"".to_owned();
    let xml = invoice_xml(&d);
    assert!(xml.contains("Pièce &lt;A&amp;B&gt;"), "{xml}");
}

#[test]
fn factur_x_pdfs_are_pdf_a_3_with_the_xml_and_its_xmp() {
    use crate::documents::render_invoice;
    let kinds = [
        ("b2b-fr", fx_invoice()),
        ("intra-eu", german(fx_invoice(), VatRegime::IntraEu)),
        ("export", german(fx_invoice(), VatRegime::Export)),
    ];
    for (name, data) in kinds {
        let pdf = render_invoice(&data).expect("krilla accepts the PDF/A-3b");
        let dir = crate::documents::tests::read_back::workdir();
        std::fs::write(dir.join(format!("facturx-{name}.pdf")), &pdf).unwrap();
        // The XMP is written uncompressed (PDF/A); the rest is checked by validate.py.
        let text = String::from_utf8_lossy(&pdf);
        assert!(text.contains("<pdfaid:part>3</pdfaid:part>"), "{name}");
        assert!(text.contains("<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>"));
    }
    // A document frozen before issue 23 stays a plain PDF.
    let pdf = render_invoice(&b2b_invoice()).unwrap();
    assert!(!String::from_utf8_lossy(&pdf).contains("factur-x.xml"));
}
