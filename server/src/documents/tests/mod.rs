//! The PDFs read back as text with `pdftotext -layout` (Debian's poppler-utils): numbers, legal
//! mentions and totals as printed, and a long basket on several pages. Page 1 of each is also
//! rendered to PNG under target/documents-test/ (`pdftoppm`), for a person to look at. The
//! documents are built from [`fixtures`] and read back by [`read_back`].

mod credit_notes;
pub(crate) mod fixtures;
mod invoices;
mod layout;
mod quotes;
pub(crate) mod read_back;
mod references;
