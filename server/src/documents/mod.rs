//! The documents the shop issues: invoices, credit notes and quotes. [`model`] is what each
//! prints (frozen as JSON when an invoice is issued, so that a reprint never changes); the PDF
//! renderers read only that model.

pub mod model;
pub mod seller;

pub use model::{CreditNoteData, DocLine, DocTotals, InvoiceData, Party, QuoteData, VatRegime};
pub use seller::Seller;
