//! Files handed out as downloads (`Content-Disposition: attachment`), never cached: documents
//! (invoices, credit notes, quotes) under their number and the accountant's exports.

use axum::http::header;
use axum::response::{IntoResponse, Response};

/// `bytes` of `content_type` saved as `file_name` (ASCII, as our numbers and export names are).
pub fn attachment(
    content_type: &str,
    file_name: &str,
    bytes: impl Into<axum::body::Body>,
) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type.to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{file_name}\""),
            ),
            (header::CACHE_CONTROL, "private, no-store".to_owned()),
        ],
        bytes.into(),
    )
        .into_response()
}

/// A document's PDF saved as `{number}.pdf`.
pub fn pdf(number: &str, bytes: bytes::Bytes) -> Response {
    attachment("application/pdf", &format!("{number}.pdf"), bytes)
}

#[cfg(test)]
mod tests {
    use super::pdf;

    #[test]
    fn a_pdf_is_an_uncached_attachment_named_after_its_number() {
        let res = pdf("FA-2026-000001", bytes::Bytes::from_static(b"%PDF-1.7"));
        let h = res.headers();
        assert_eq!(h["content-type"], "application/pdf");
        assert_eq!(
            h["content-disposition"],
            "attachment; filename=\"FA-2026-000001.pdf\""
        );
        assert_eq!(h["cache-control"], "private, no-store");
    }
}
