//! PDF rendering with krilla: the page of a [`View`] is laid out (text measured with skrifa on the
//! embedded DejaVu Sans in [`fonts`], wrapped to its column; the page's blocks drawn by
//! [`sections`] into the drawing list of [`layout`], the lines table flowing onto as many A4 pages
//! as it needs with its header repeated), then [`pdf`] has krilla write the PDF and embed a subset
//! of the font. Nothing is read from the disk or the network. A render takes a few milliseconds of
//! CPU; a handler may still call it from `tokio::task::spawn_blocking`.

mod fonts;
mod layout;
mod pdf;
mod sections;

use super::view::{self, View};
use super::{CreditNoteData, InvoiceData, QuoteData};
use fonts::Fonts;
use layout::Flow;
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

/// Lays out a view and writes it as PDF.
fn render(v: &View) -> Result<Vec<u8>, DocumentError> {
    let fonts = Fonts::load()?;
    let mut flow = Flow::new(&fonts);
    header(&mut flow, v);
    parties(&mut flow, v);
    notice(&mut flow, v);
    table(&mut flow, v);
    closing(&mut flow, v);
    let mut pages = flow.finish();
    footers(&fonts, &mut pages, v);
    pdf::write_pdf(&fonts, &pages, v)
}

/// The PDF of an invoice.
pub fn render_invoice(data: &InvoiceData) -> Result<Vec<u8>, DocumentError> {
    render(&view::invoice(data))
}

/// The PDF of a credit note.
pub fn render_credit_note(data: &CreditNoteData) -> Result<Vec<u8>, DocumentError> {
    render(&view::credit_note(data))
}

/// The PDF of a quote.
pub fn render_quote(data: &QuoteData) -> Result<Vec<u8>, DocumentError> {
    render(&view::quote(data))
}
