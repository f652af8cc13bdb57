//! What the accountant asks for, from the issued invoices and credit notes of a period: the FEC
//! (`fec`), the état récapitulatif des clients of a month (`intra_eu`) and a ZIP archive of the
//! documents as issued (Factur-X PDFs from issue 23 on). Read only: nothing here writes.

pub mod accounts;
pub mod fec;
pub mod intra_eu;
pub mod ledger;

use std::io::Write;

use jiff::civil::Date;
use sqlx::AnyConnection;

use self::accounts::LedgerAccounts;
use self::ledger::Document;
use super::error::CommerceError;
use super::pdf_archive;
use crate::db::accounting;
use crate::db::invoices::DocKind;
use crate::documents::{self, CreditNoteData, InvoiceData, Seller};
use crate::domain::paris_time::{paris_day_end, paris_day_start};
use crate::storage::Storage;

/// The longest period of an export, in months: a first financial year may run 24 months.
pub const MAX_PERIOD_MONTHS: i64 = 24;
/// Documents a FEC or a statement reads at most.
pub const MAX_DOCUMENTS: i64 = 200_000;
/// Documents an archive holds at most (their PDFs are gathered in memory).
pub const MAX_ARCHIVE_DOCUMENTS: i64 = 500;

/// A file the export hands out.
#[derive(Debug, Clone)]
pub struct Export {
    /// Its name.
    pub file_name: String,
    /// Its media type.
    pub content_type: &'static str,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// A period of Paris calendar days, both ends included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    /// First day.
    pub from: Date,
    /// Last day.
    pub to: Date,
}

fn invalid(field: &'static str, reason: &str) -> CommerceError {
    CommerceError::InvalidField {
        field,
        reason: reason.to_owned(),
    }
}

fn parse_day(field: &'static str, raw: Option<&str>) -> Result<Date, CommerceError> {
    let raw = raw
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .ok_or_else(|| {
            invalid(
                field,
                if field == "du" {
                    "Indiquez le premier jour de la période (AAAA-MM-JJ)."
                } else {
                    "Indiquez le dernier jour de la période (AAAA-MM-JJ)."
                },
            )
        })?;
    let ok = raw.len() == 10 && raw.as_bytes()[4] == b'-' && raw.as_bytes()[7] == b'-';
    ok.then(|| raw.parse::<Date>().ok())
        .flatten()
        .ok_or_else(|| invalid(field, "Cette date n’existe pas : écrivez-la AAAA-MM-JJ."))
}

impl Period {
    /// The period `du`..=`au` (`AAAA-MM-JJ`), refused in French when a day is missing or does not
    /// exist, when it ends before it starts, or when it runs longer than 24 months.
    pub fn parse(du: Option<&str>, au: Option<&str>) -> Result<Period, CommerceError> {
        let from = parse_day("du", du)?;
        let to = parse_day("au", au)?;
        if to < from {
            return Err(invalid(
                "au",
                "Le dernier jour de la période précède le premier.",
            ));
        }
        match from.checked_add(jiff::Span::new().months(MAX_PERIOD_MONTHS)) {
            Ok(limit) if to < limit => {}
            _ => {
                return Err(invalid(
                    "au",
                    "Une période ne peut dépasser 24 mois : choisissez-en une plus courte.",
                ))
            }
        }
        Ok(Period { from, to })
    }

    /// The calendar month `mois` (`AAAA-MM`).
    pub fn month(mois: Option<&str>) -> Result<Period, CommerceError> {
        let refused = || invalid("mois", "Indiquez le mois au format AAAA-MM.");
        let raw = mois.map(str::trim).filter(|s| !s.is_empty());
        let raw = raw.ok_or_else(refused)?;
        let (y, m) = raw.split_once('-').ok_or_else(refused)?;
        let year: i16 = (y.len() == 4)
            .then(|| y.parse().ok())
            .flatten()
            .ok_or_else(refused)?;
        let month: i8 = (m.len() == 2)
            .then(|| m.parse().ok())
            .flatten()
            .ok_or_else(refused)?;
        let from = Date::new(year, month, 1).map_err(|_| refused())?;
        Ok(Period {
            from,
            to: from.last_of_month(),
        })
    }

    /// `20260101-20261231`, for file names.
    fn slug(&self) -> String {
        format!("{}-{}", fec::fec_date(self.from), fec::fec_date(self.to))
    }
}

/// The period's documents with what they print, oldest first; refused past `limit`.
async fn documents_of(
    conn: &mut AnyConnection,
    period: Period,
    limit: i64,
) -> Result<Vec<(Document, String)>, CommerceError> {
    let rows = accounting::issued_between(
        conn,
        paris_day_start(period.from),
        paris_day_end(period.to),
        limit + 1,
    )
    .await?;
    if i64::try_from(rows.len()).unwrap_or(i64::MAX) > limit {
        return Err(CommerceError::refused(format!(
            "Cette période compte plus de {limit} documents : choisissez une période plus courte."
        )));
    }
    rows.into_iter()
        .map(|r| {
            let doc = Document::read(r.kind, r.number, r.issued_at, r.account_id, &r.data)?;
            Ok((doc, r.data))
        })
        .collect()
}

/// The FEC of the period: sales and bank journals, accounts from the environment.
pub async fn fec(
    conn: &mut AnyConnection,
    seller: &Seller,
    period: Period,
) -> Result<Export, CommerceError> {
    let accounts = LedgerAccounts::from_env()?;
    let docs: Vec<Document> = documents_of(conn, period, MAX_DOCUMENTS)
        .await?
        .into_iter()
        .map(|(d, _)| d)
        .collect();
    let entries = ledger::entries(&docs, &accounts)?;
    Ok(Export {
        file_name: fec::file_name(&seller.siren_id(), period.to),
        content_type: "text/plain; charset=utf-8",
        bytes: fec::write(&entries).into_bytes(),
    })
}

/// The état récapitulatif des clients of the month.
pub async fn intra_eu_statement(
    conn: &mut AnyConnection,
    month: Period,
) -> Result<Export, CommerceError> {
    let docs: Vec<Document> = documents_of(conn, month, MAX_DOCUMENTS)
        .await?
        .into_iter()
        .map(|(d, _)| d)
        .collect();
    let rows = intra_eu::rows(&docs);
    Ok(Export {
        file_name: format!(
            "etat-recapitulatif-clients-{:04}-{:02}.csv",
            month.from.year(),
            month.from.month()
        ),
        content_type: "text/csv; charset=utf-8",
        bytes: intra_eu::write(&rows).into_bytes(),
    })
}

/// The documents an archive of the period holds, read before the connection goes back to the
/// pool (their PDFs may take a while to render).
#[derive(Debug)]
pub struct ArchiveContent {
    period: Period,
    docs: Vec<(Document, String)>,
}

/// Lists the period's documents for [`archive`]; refused past [`MAX_ARCHIVE_DOCUMENTS`].
pub async fn archive_content(
    conn: &mut AnyConnection,
    period: Period,
) -> Result<ArchiveContent, CommerceError> {
    Ok(ArchiveContent {
        period,
        docs: documents_of(conn, period, MAX_ARCHIVE_DOCUMENTS).await?,
    })
}

/// The period's invoices and credit notes as issued, in a ZIP (`factures/FA-….pdf`,
/// `avoirs/AV-….pdf`); each PDF is the kept one, rendered and kept first when never asked for.
pub async fn archive(storage: &Storage, content: ArchiveContent) -> Result<Export, CommerceError> {
    let ArchiveContent { period, docs } = content;
    let mut files = Vec::with_capacity(docs.len());
    for (doc, data) in docs {
        let (folder, pdf) = match doc.kind {
            DocKind::Invoice => (
                "factures",
                pdf_archive::issued_pdf::<InvoiceData, _>(
                    storage,
                    &doc.number,
                    data,
                    documents::render_invoice,
                )
                .await?,
            ),
            DocKind::CreditNote => (
                "avoirs",
                pdf_archive::issued_pdf::<CreditNoteData, _>(
                    storage,
                    &doc.number,
                    data,
                    documents::render_credit_note,
                )
                .await?,
            ),
        };
        files.push((format!("{folder}/{}.pdf", doc.number), pdf));
    }
    let bytes = tokio::task::spawn_blocking(move || -> Result<Vec<u8>, CommerceError> {
        let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        // The PDFs are compressed already: stored as they are.
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Stored);
        for (name, pdf) in files {
            zip.start_file(name, options)
                .and_then(|()| zip.write_all(&pdf).map_err(Into::into))
                .map_err(|e| CommerceError::internal(format!("archive: {e}")))?;
        }
        let cursor = zip
            .finish()
            .map_err(|e| CommerceError::internal(format!("archive: {e}")))?;
        Ok(cursor.into_inner())
    })
    .await
    .map_err(|e| CommerceError::internal(format!("archive task: {e}")))??;
    Ok(Export {
        file_name: format!("factures-avoirs-{}.zip", period.slug()),
        content_type: "application/zip",
        bytes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reason(e: CommerceError) -> (String, String) {
        match e {
            CommerceError::InvalidField { field, reason } => (field.to_owned(), reason),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_period_is_two_existing_days_in_order_within_24_months() {
        let p = Period::parse(Some("2026-01-01"), Some(" 2026-12-31 ")).unwrap();
        assert_eq!(p.slug(), "20260101-20261231");
        assert_eq!(
            reason(Period::parse(None, Some("2026-01-01")).unwrap_err()).0,
            "du"
        );
        assert_eq!(
            reason(Period::parse(Some("2026-02-30"), Some("2026-03-01")).unwrap_err()),
            (
                "du".to_owned(),
                "Cette date n’existe pas : écrivez-la AAAA-MM-JJ.".to_owned()
            )
        );
        assert_eq!(
            reason(Period::parse(Some("2026-1-1"), Some("2026-03-01")).unwrap_err()).0,
            "du"
        );
        assert_eq!(
            reason(Period::parse(Some("2026-03-02"), Some("2026-03-01")).unwrap_err()).0,
            "au"
        );
        assert!(Period::parse(Some("2025-01-01"), Some("2026-12-31")).is_ok());
        assert!(Period::parse(Some("2025-01-01"), Some("2027-01-01")).is_err());
    }

    #[test]
    fn a_month_runs_from_its_first_to_its_last_day() {
        let m = Period::month(Some("2028-02")).unwrap();
        assert_eq!(m.slug(), "20280201-20280229");
        for bad in [
            None,
            Some("2028-2"),
            Some("2028-13"),
            Some("février"),
            Some("28-02"),
        ] {
            assert_eq!(reason(Period::month(bad).unwrap_err()).0, "mois", "{bad:?}");
        }
    }
}
