//! The layout across pages and characters: a long basket flowing onto several pages with the
//! table header and the footer on each, and every French character printed.

use super::fixtures::{b2b_invoice, company_buyer, line};
use super::read_back::{assert_has, pages, pdf_text};
use crate::documents::{render_invoice, DocTotals, InvoiceData, Party};
use crate::domain::Cents;

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
