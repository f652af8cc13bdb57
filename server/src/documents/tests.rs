//! The PDFs read back as text with `pdftotext -layout` (Debian's poppler-utils): numbers, legal
//! mentions and totals as printed, and a long basket on several pages. Page 1 of each is also
//! rendered to PNG under target/documents-test/ (`pdftoppm`), for a person to look at.

use std::path::PathBuf;
use std::process::Command;

use super::*;
use crate::domain::Cents;

/// 2026-11-22 10:00 UTC (11:00 in Paris).
const NOV_22: i64 = 1_795_341_600;
/// 2026-12-22 10:00 UTC.
const DEC_22: i64 = 1_797_933_600;
/// 2026-12-31 23:30 UTC: already 1 January 2027 in Paris.
const NEW_YEAR_IN_PARIS: i64 = 1_798_759_800;

fn seller() -> Seller {
    Seller {
        legal_name: "Forme Additive SAS".to_owned(),
        legal_form: "Société par actions simplifiée au capital de 10\u{202f}000\u{a0}€".to_owned(),
        address_lines: vec![
            "12 rue de l’Exemple".to_owned(),
            "69003 Lyon".to_owned(),
            "France".to_owned(),
        ],
        rcs: "RCS Lyon 912 345 678".to_owned(),
        siren: "912 345 678".to_owned(),
        siret: "912 345 678 00014".to_owned(),
        vat_number: "FR32 912345678".to_owned(),
        email: "contact@forme-additive.example".to_owned(),
        phone: "+33 (0)4 72 00 00 00".to_owned(),
        bank_holder: "Forme Additive SAS".to_owned(),
        iban: "FR76 3000 6000 0112 3456 7890 189".to_owned(),
        bic: "AGRIFRPPXXX".to_owned(),
        late_penalty_rate_bp: 1000,
        payment_terms_days: 30,
    }
}

fn company_buyer() -> Party {
    Party {
        name: "Élodie Marchand".to_owned(),
        company: Some("Ateliers Mécaniques du Rhône".to_owned()),
        address_lines: vec![
            "4 quai Perrache".to_owned(),
            "69002 Lyon".to_owned(),
            "France".to_owned(),
        ],
        vat_number: Some("FR83 404833048".to_owned()),
        email: Some("achats@amr.example".to_owned()),
    }
}

fn line(designation: &str, details: &[&str], quantity: i64, total: i64) -> DocLine {
    DocLine {
        designation: designation.to_owned(),
        details: details.iter().map(|d| (*d).to_owned()).collect(),
        quantity,
        unit_price_ht: Cents(total / quantity),
        vat_rate_bp: 2000,
        total_ht: Cents(total),
    }
}

fn two_lines() -> Vec<DocLine> {
    vec![
        line(
            "support-moteur.stl · Frittage laser (SLS), PA12",
            &[
                "Couleur\u{a0}: noir · Finition\u{a0}: microbillage",
                "84,2 × 51,0 × 33,7 mm",
            ],
            10,
            12_350,
        ),
        line(
            "boîtier-capteur.3mf · Dépôt de fil (FDM), PETG",
            &["Couleur\u{a0}: blanc", "120,0 × 80,0 × 45,5 mm"],
            2,
            118_000,
        ),
    ]
}

/// 1 303,50 − 10 % (130,35) + 12,90 of shipping = 1 186,05 HT; VAT 237,21; 1 423,26 TTC.
fn france_totals() -> DocTotals {
    DocTotals {
        subtotal_ht: Cents(130_350),
        discount: Cents(13_035),
        discount_label: Some("code BIENVENUE10, -10\u{a0}%".to_owned()),
        shipping: Cents(1_290),
        total_ht: Cents(118_605),
        vat_rate_bp: 2000,
        vat: Cents(23_721),
        total_ttc: Cents(142_326),
    }
}

fn b2b_invoice() -> InvoiceData {
    InvoiceData {
        number: "FA-2026-000042".to_owned(),
        issued_at: NOV_22,
        due_at: DEC_22,
        paid_at: None,
        payment_method: "virement".to_owned(),
        order_number: "CO-2026-000105".to_owned(),
        seller: seller(),
        buyer: company_buyer(),
        delivery: Party {
            name: "Service réception".to_owned(),
            company: Some("Ateliers Mécaniques du Rhône".to_owned()),
            address_lines: vec![
                "ZI des Platières, bâtiment C".to_owned(),
                "69800 Saint-Priest".to_owned(),
            ],
            vat_number: None,
            email: None,
        },
        lines: two_lines(),
        totals: france_totals(),
        vat_regime: VatRegime::France,
        business: true,
    }
}

fn workdir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/documents-test");
    std::fs::create_dir_all(&dir).expect("create target/documents-test");
    dir
}

/// Writes the PDF, renders its page 1 to PNG (when pdftoppm exists) and returns its text as
/// `pdftotext -layout` prints it, spaces normalised (U+00A0 and U+202F read as spaces, runs of
/// spaces as one); `None` when pdftotext is not installed.
fn pdf_text(name: &str, pdf: &[u8]) -> Option<String> {
    assert!(pdf.starts_with(b"%PDF-"), "{name} is not a PDF");
    let dir = workdir();
    let path = dir.join(format!("{name}.pdf"));
    std::fs::write(&path, pdf).expect("write the PDF");
    let out = match Command::new("pdftotext")
        .arg("-layout")
        .arg(&path)
        .arg("-")
        .output()
    {
        Ok(out) => out,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            eprintln!(
                "SKIPPED: pdftotext is not installed (apt-get install poppler-utils); {name} was \
                 rendered but not read back"
            );
            return None;
        }
        Err(e) => panic!("pdftotext: {e}"),
    };
    assert!(out.status.success(), "pdftotext failed on {name}");
    let _ = Command::new("pdftoppm")
        .args(["-png", "-r", "60", "-f", "1", "-l", "1"])
        .arg(&path)
        .arg(dir.join(name))
        .status();
    let raw = String::from_utf8(out.stdout).expect("pdftotext prints UTF-8");
    Some(normalise(&raw))
}

fn normalise(raw: &str) -> String {
    let mut text = String::with_capacity(raw.len());
    let mut last_space = false;
    for c in raw.chars() {
        let c = if c == '\u{a0}' || c == '\u{202f}' {
            ' '
        } else {
            c
        };
        if c == ' ' {
            if !last_space {
                text.push(' ');
            }
            last_space = true;
        } else {
            text.push(c);
            last_space = false;
        }
    }
    text
}

fn pages(text: &str) -> usize {
    text.matches('\u{c}').count()
}

#[track_caller]
fn assert_has(text: &str, wanted: &[&str]) {
    // pdftotext sometimes drops the narrow gap of "20 %": compare without it.
    let text = text.replace(" %", "%");
    for w in wanted {
        let w = w.replace(" %", "%");
        assert!(text.contains(&w), "missing {w:?} in:\n{text}");
    }
}

const SELLER_IDENTITY: &[&str] = &[
    "Forme Additive SAS",
    "Société par actions simplifiée au capital de 10 000 €",
    "12 rue de l’Exemple",
    "69003 Lyon",
    "RCS Lyon 912 345 678",
    "SIREN 912 345 678",
    "SIRET : 912 345 678 00014",
    "TVA intracommunautaire : FR32 912345678",
    "contact@forme-additive.example",
];

#[test]
fn business_invoice_prints_number_identities_lines_totals_and_b2b_mentions() {
    let pdf = render_invoice(&b2b_invoice()).expect("render");
    let Some(text) = pdf_text("invoice-b2b", &pdf) else {
        return;
    };
    assert_has(&text, SELLER_IDENTITY);
    assert_has(
        &text,
        &[
            "FACTURE",
            "FA-2026-000042",
            "Date 22/11/2026",
            "Échéance 22/12/2026",
            "CO-2026-000105",
            "Ateliers Mécaniques du Rhône",
            "Élodie Marchand",
            "N° TVA intracommunautaire : FR83 404833048",
            "69800 Saint-Priest",
            "support-moteur.stl · Frittage laser (SLS), PA12",
            "84,2 × 51,0 × 33,7 mm",
            "10 12,35 € 20 % 123,50 €",
            "2 590,00 € 20 % 1 180,00 €",
            "Sous-total HT 1 303,50 €",
            "Remise (code BIENVENUE10, -10 %) -130,35 €",
            "Frais de port HT 12,90 €",
            "Total HT 1 186,05 €",
            "TVA 20 % sur 1 186,05 € 237,21 €",
            "Total TTC 1 423,26 €",
            "Date d’échéance : 22 décembre 2026",
            "Pénalités de retard : taux annuel de 10 %",
            "Indemnité forfaitaire pour frais de recouvrement : 40 €",
            "L441-10",
            "Escompte pour paiement anticipé : néant.",
            "Règlement par virement bancaire",
            "IBAN : FR76 3000 6000 0112 3456 7890 189",
            "BIC : AGRIFRPPXXX",
            "Référence à indiquer : CO-2026-000105",
            "page 1 sur 1",
        ],
    );
    assert!(
        !text.contains("Autoliquidation"),
        "France sale: no reverse charge"
    );
    assert_eq!(pages(&text), 1);
}

#[test]
fn consumer_card_invoice_is_receipted_without_b2b_mentions() {
    let mut data = b2b_invoice();
    data.business = false;
    data.buyer.company = None;
    data.buyer.vat_number = None;
    data.payment_method = "carte".to_owned();
    data.paid_at = Some(NOV_22);
    data.due_at = NOV_22;
    let pdf = render_invoice(&data).expect("render");
    let Some(text) = pdf_text("invoice-b2c", &pdf) else {
        return;
    };
    assert_has(
        &text,
        &[
            "FA-2026-000042",
            "Facture acquittée le 22/11/2026 par carte bancaire.",
            "Total TTC 1 423,26 €",
        ],
    );
    for absent in ["Indemnité forfaitaire", "Pénalités de retard", "IBAN"] {
        assert!(
            !text.contains(absent),
            "{absent:?} printed for a consumer paying by card"
        );
    }
}

#[test]
fn reverse_charge_and_export_invoices_carry_their_vat_mention() {
    let mut data = b2b_invoice();
    data.buyer.vat_number = Some("DE129273398".to_owned());
    data.buyer.address_lines = vec![
        "Hauptstraße 5".to_owned(),
        "10115 Berlin".to_owned(),
        "Allemagne".to_owned(),
    ];
    data.vat_regime = VatRegime::ReverseCharge;
    data.totals.vat_rate_bp = 0;
    data.totals.vat = Cents::ZERO;
    data.totals.total_ttc = data.totals.total_ht;
    for line in &mut data.lines {
        line.vat_rate_bp = 0;
    }
    let pdf = render_invoice(&data).expect("render");
    if let Some(text) = pdf_text("invoice-reverse-charge", &pdf) {
        assert_has(
            &text,
            &[
                "N° TVA intracommunautaire : DE129273398",
                "TVA (autoliquidation) 0,00 €",
                "Total TTC 1 186,05 €",
                "Autoliquidation : TVA due par le preneur (art. 283-2 du CGI).",
                "10 12,35 € 0 % 123,50 €",
            ],
        );
    }

    data.vat_regime = VatRegime::Export;
    data.buyer.vat_number = None;
    let pdf = render_invoice(&data).expect("render");
    if let Some(text) = pdf_text("invoice-export", &pdf) {
        assert_has(
            &text,
            &[
                "TVA (exportation, exonérée) 0,00 €",
                "Exonération de TVA, art. 262 I du CGI (exportation).",
            ],
        );
        assert!(!text.contains("Autoliquidation"));
    }
}

#[test]
fn credit_note_names_the_invoice_it_cancels_and_why_with_credited_totals() {
    let invoice = b2b_invoice();
    let data = CreditNoteData {
        number: "AV-2027-000001".to_owned(),
        issued_at: NEW_YEAR_IN_PARIS,
        invoice_number: invoice.number.clone(),
        invoice_issued_at: invoice.issued_at,
        reason: "Commande annulée à la demande du client avant fabrication".to_owned(),
        order_number: invoice.order_number.clone(),
        seller: invoice.seller.clone(),
        buyer: invoice.buyer.clone(),
        lines: invoice.lines.clone(),
        totals: invoice.totals.clone(),
        vat_regime: invoice.vat_regime,
    };
    let pdf = render_credit_note(&data).expect("render");
    let Some(text) = pdf_text("credit-note", &pdf) else {
        return;
    };
    assert_has(&text, SELLER_IDENTITY);
    assert_has(
        &text,
        &[
            "AVOIR",
            "AV-2027-000001",
            // Issued at 23:30 UTC on 31 December: already 2027 in Paris.
            "Date 01/01/2027",
            "Cet avoir annule la facture n° FA-2026-000042 du 22 novembre 2026.",
            "Motif : Commande annulée à la demande du client avant fabrication",
            "10 -12,35 € 20 % -123,50 €",
            "Total HT -1 186,05 €",
            "TVA 20 % sur -1 186,05 € -237,21 €",
            "Total TTC de l’avoir -1 423,26 €",
        ],
    );
    assert!(
        !text.contains("FACTURE"),
        "a credit note is not titled as an invoice"
    );
}

#[test]
fn quote_says_until_when_it_is_valid_and_that_it_is_not_an_invoice() {
    let data = QuoteData {
        number: "DE-2026-000007".to_owned(),
        issued_at: NOV_22,
        valid_until: DEC_22,
        seller: seller(),
        buyer: company_buyer(),
        lines: two_lines(),
        totals: france_totals(),
        vat_regime: VatRegime::France,
        lead_time_days: Some(7),
        card_payment: true,
        notes: vec![
            "Frais de port calculés pour une livraison en France métropolitaine.".to_owned(),
        ],
    };
    let pdf = render_quote(&data).expect("render");
    let Some(text) = pdf_text("quote", &pdf) else {
        return;
    };
    assert_has(&text, SELLER_IDENTITY);
    assert_has(
        &text,
        &[
            "DEVIS",
            "DE-2026-000007",
            "Valable jusqu’au 22/12/2026",
            "Délai 7 jours ouvrés",
            "Devis valable jusqu’au 22 décembre 2026.",
            "Ce document est un devis, pas une facture",
            "Ateliers Mécaniques du Rhône",
            "Total HT 1 186,05 €",
            "TVA 20 % sur 1 186,05 € 237,21 €",
            "Total TTC 1 423,26 €",
            "Indemnité forfaitaire pour frais de recouvrement : 40 €",
            "L221-28 3°",
            "Bon pour accord",
            "Paiement à la commande, par carte bancaire ou par virement.",
            "Frais de port calculés pour une livraison en France métropolitaine.",
        ],
    );
    assert!(
        !text.contains("FACTURE"),
        "a quote is not titled as an invoice"
    );
    let transfer_only = render_quote(&QuoteData {
        card_payment: false,
        ..data
    })
    .expect("render");
    let text = pdf_text("quote-transfer-only", &transfer_only).expect("pdftotext ran above");
    assert_has(&text, &["Paiement à la commande, par virement bancaire."]);
    assert!(!text.contains("carte bancaire"), "{text}");
}

#[test]
fn sixty_line_invoice_flows_onto_several_pages_with_the_header_on_each() {
    let mut data = b2b_invoice();
    data.lines = (1..=60)
        .map(|i| {
            let designation = if i == 7 {
                "carter-de-protection-pour-banc-d-essai-hydraulique-version-finale-revue-par-le-\
                 bureau-d-etudes.stl · Frittage laser (SLS), PA12 chargé verre, qualité \
                 aéronautique avec contrôle dimensionnel"
                    .to_owned()
            } else {
                format!("piece-{i:02}.stl · Dépôt de fil (FDM), PLA")
            };
            let mut l = line(
                &designation,
                &["Couleur\u{a0}: gris", "40,0 × 40,0 × 12,0 mm"],
                3,
                3 * 1_500,
            );
            l.designation = designation;
            l
        })
        .collect();
    data.totals = DocTotals {
        subtotal_ht: Cents(270_000),
        discount: Cents::ZERO,
        discount_label: None,
        shipping: Cents(2_490),
        total_ht: Cents(272_490),
        vat_rate_bp: 2000,
        vat: Cents(54_498),
        total_ttc: Cents(326_988),
    };
    let pdf = render_invoice(&data).expect("render");
    let Some(text) = pdf_text("invoice-60-lines", &pdf) else {
        return;
    };
    let n = pages(&text);
    assert!(n >= 3, "60 lines on {n} page(s)");
    // The table header is repeated at the top of every page, and every page has its footer.
    assert_eq!(
        text.matches("Désignation Qté Prix unit. HT TVA Total HT")
            .count(),
        n
    );
    assert_eq!(text.matches("RCS Lyon 912 345 678").count(), n);
    assert!(text.contains(&format!("page {n} sur {n}")));
    assert_has(
        &text,
        &[
            "piece-01.stl",
            "piece-60.stl",
            "Total TTC 3 269,88 €",
            "Indemnité forfaitaire",
        ],
    );
    // The long designation wraps: its start and its end are printed, on different lines.
    assert!(text.contains("carter-de-protection"));
    assert!(text.contains("contrôle dimensionnel"));
    let wrapped = text
        .lines()
        .any(|l| l.contains("carter-de-protection") && l.contains("contrôle dimensionnel"));
    assert!(!wrapped, "the long designation was not wrapped");
}

#[test]
fn fonts_cover_french_text_and_spaces() {
    // Every character the documents print must exist in the embedded font; a missing glyph
    // would be silently dropped or replaced.
    let sample = "àâäçéèêëîïôöùûüÿœæÀÂÇÉÈÊËÎÏÔÙÛŒÆ€’«»×°·\u{a0}\u{202f}";
    let data = InvoiceData {
        buyer: Party {
            name: sample.to_owned(),
            ..company_buyer()
        },
        ..b2b_invoice()
    };
    let pdf = render_invoice(&data).expect("render");
    let Some(text) = pdf_text("invoice-glyphs", &pdf) else {
        return;
    };
    assert!(
        text.contains("àâäçéèêëîïôöùûüÿœæÀÂÇÉÈÊËÎÏÔÙÛŒÆ€’«»×°·"),
        "{text}"
    );
}
