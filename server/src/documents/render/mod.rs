//! PDF rendering with krilla: the page of a [`View`] is laid out (text measured with skrifa on the
//! embedded DejaVu Sans in [`fonts`], wrapped to its column; the page's blocks drawn by
//! [`sections`] into the drawing list of [`layout`], the lines table flowing onto as many A4 pages
//! as it needs with its header repeated), then [`pdf`] has krilla write the PDF and embed a subset
//! of the font. Nothing is read from the disk or the network. A render takes a few milliseconds of
//! CPU; a handler may still call it from `tokio::task::spawn_blocking`.

mod facturx_xmp;
mod fonts;
mod layout;
mod pdf;
mod sections;

use super::facturx::{credit_note_xml, invoice_xml};
use super::view::{self, View};
use super::{CreditNoteData, InvoiceData, QuoteData};
use fonts::Fonts;
use layout::Flow;
use pdf::FacturX;
use sections::{closing, footers, header, notice, parties, table};

/// Why a document could not be rendered (a fault of the program, never of the customer's data).
#[derive(Debug, thiserror::Error)]
pub enum DocumentError {
    /// The embedded font could not be read.
    #[error("embedded font unreadable")]
    Font,
    /// krilla refused to write the PDF.
    #[error("PDF export: {0}")]
    Pdf(String),
}

/// Lays out a view and writes it as PDF (a Factur-X PDF/A-3b with `fx`).
fn render(v: &View, fx: Option<FacturX>) -> Result<Vec<u8>, DocumentError> {
    let fonts = Fonts::load()?;
    let mut flow = Flow::new(&fonts);
    header(&mut flow, v);
    parties(&mut flow, v);
    notice(&mut flow, v);
    table(&mut flow, v);
    closing(&mut flow, v);
    let mut pages = flow.finish();
    footers(&fonts, &mut pages, v);
    pdf::write_pdf(&fonts, &pages, v, fx.as_ref())
}

/// The PDF of an invoice: a Factur-X EN 16931 PDF/A-3b when it was issued as one, else the
/// plain PDF it was issued as.
pub fn render_invoice(data: &InvoiceData) -> Result<Vec<u8>, DocumentError> {
    let fx = data.factur_x.then(|| FacturX {
        xml: invoice_xml(data),
        issued_at: data.issued_at,
    });
    render(&view::invoice(data), fx)
}

/// The PDF of a credit note (Factur-X as its invoice's, see [`render_invoice`]).
pub fn render_credit_note(data: &CreditNoteData) -> Result<Vec<u8>, DocumentError> {
    let fx = data.factur_x.then(|| FacturX {
        xml: credit_note_xml(data),
        issued_at: data.issued_at,
    });
    render(&view::credit_note(data), fx)
}

/// The PDF of a quote.
pub fn render_quote(data: &QuoteData) -> Result<Vec<u8>, DocumentError> {
    render(&view::quote(data), None)
}
