//! The documents the shop issues: invoices, credit notes and quotes. [`model`] is what each
//! prints (frozen as JSON when an invoice is issued, so that a reprint never changes); the PDF
//! renderers read only that model; `view` writes it out as French text and `render` lays it
//! out as an A4 PDF through krilla, with an embedded font.

pub mod facturx;
pub mod model;
mod render;
pub mod seller;
#[cfg(test)]
pub(crate) mod tests;
pub mod vat_regime;
mod view;

pub use model::{CreditNoteData, DocLine, DocTotals, InvoiceData, Party, PostalAddress, QuoteData};
pub use render::{render_credit_note, render_invoice, render_quote, DocumentError};
pub use seller::Seller;
pub use vat_regime::{VatExemption, VatRegime, ViesProof};
pub use view::rate_fr;
