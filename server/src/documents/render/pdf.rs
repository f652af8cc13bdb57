//! Writing the laid-out pages as a PDF with krilla: metadata, glyph runs, fills, frames and rules.

use krilla::color::rgb;
use krilla::configure::{Archival, ConfigurationBuilder};
use krilla::embed::{AssociationKind, EmbeddedFile, MimeType};
use krilla::geom::{PathBuilder, Point, Rect};
use krilla::metadata::{DateTime, Metadata};
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::{Document, SerializeSettings};

use super::facturx_xmp::{add_facturx_xmp, Level};
use super::fonts::Fonts;
use super::layout::{Color, Op, PAGE_H, PAGE_W};
use super::view::View;
use super::DocumentError;

fn fill_of(color: Color) -> Fill {
    Fill {
        paint: rgb::Color::new(color.0, color.1, color.2).into(),
        ..Fill::default()
    }
}

fn rect_path(x: f32, y: f32, w: f32, h: f32) -> Option<krilla::geom::Path> {
    let mut builder = PathBuilder::new();
    builder.push_rect(Rect::from_xywh(x, y, w, h)?);
    builder.finish()
}

/// The Factur-X XML a PDF/A-3 carries, and the document's issue time (its creation date and
/// the embedded file's modification date: the same bytes for the same data).
pub(crate) struct FacturX {
    pub xml: String,
    pub issued_at: i64,
}

/// Unix seconds as a krilla date, in Paris time with its offset.
fn paris_datetime(unix: i64) -> DateTime {
    let ts = jiff::Timestamp::from_second(unix).unwrap_or(jiff::Timestamp::UNIX_EPOCH);
    let tz = jiff::tz::TimeZone::get("Europe/Paris").unwrap_or(jiff::tz::TimeZone::UTC);
    let z = ts.to_zoned(tz);
    let offset = z.offset().seconds();
    DateTime::new(u16::try_from(z.year()).unwrap_or(1970))
        .month(z.month().unsigned_abs())
        .day(z.day().unsigned_abs())
        .hour(z.hour().unsigned_abs())
        .minute(z.minute().unsigned_abs())
        .second(z.second().unsigned_abs())
        .utc_offset_hour(i8::try_from(offset / 3600).unwrap_or(0))
        .utc_offset_minute(u8::try_from((offset.abs() % 3600) / 60).unwrap_or(0))
}

/// A new krilla document: a plain PDF, or with `fx` a PDF/A-3b carrying `factur-x.xml`
/// (AFRelationship Alternative, listed in /AF; krilla adds the sRGB output intent and the XMP
/// with pdfaid part 3, and refuses to finish a file that breaks PDF/A-3b).
fn new_document(v: &View, fx: Option<&FacturX>) -> Result<Document, DocumentError> {
    let mut metadata = Metadata::new()
        .title(format!("{} {}", v.title, v.number))
        .authors(vec![v.seller_name.clone()])
        .language("fr-FR".to_owned());
    let Some(fx) = fx else {
        let mut document = Document::new();
        document.set_metadata(metadata);
        return Ok(document);
    };
    let configuration = ConfigurationBuilder::new()
        .with_archival_validator(Archival::A3_B)
        .finish()
        .map_err(|e| DocumentError::Pdf(format!("PDF/A-3b configuration: {e:?}")))?;
    let mut document = Document::new_with(SerializeSettings {
        configuration,
        ..SerializeSettings::default()
    });
    let date = paris_datetime(fx.issued_at);
    metadata = metadata
        .creator("Forme Additive".to_owned())
        .creation_date(date);
    document.set_metadata(metadata);
    let embedded = document.embed_file(EmbeddedFile {
        path: "factur-x.xml".to_owned(),
        mime_type: MimeType::new("text/xml"),
        description: Some("Factur-X invoice data (EN 16931)".to_owned()),
        association_kind: AssociationKind::Alternative,
        data: fx.xml.clone().into_bytes().into(),
        modification_date: Some(date),
        compress: Some(true),
        location: None,
    });
    embedded.ok_or_else(|| DocumentError::Pdf("factur-x.xml embedded twice".to_owned()))?;
    Ok(document)
}

/// Writes the laid-out pages as a PDF (a Factur-X PDF/A-3b with `fx`).
pub(super) fn write_pdf(
    fonts: &Fonts,
    pages: &[Vec<Op>],
    v: &View,
    fx: Option<&FacturX>,
) -> Result<Vec<u8>, DocumentError> {
    let mut document = new_document(v, fx)?;
    let settings = PageSettings::from_wh(PAGE_W, PAGE_H).expect("A4 is a valid page size");
    for ops in pages {
        let mut page = document.start_page_with(settings.clone());
        let mut surface = page.surface();
        for op in ops {
            match op {
                Op::Text {
                    x,
                    top,
                    size,
                    weight,
                    color,
                    text,
                } => {
                    let face = fonts.face(*weight);
                    let text = face.printable(text);
                    let (glyphs, _) = face.glyphs(&text);
                    surface.set_stroke(None);
                    surface.set_fill(Some(fill_of(*color)));
                    // The baseline: DejaVu's ascent is 0.93 em, centred in the line height.
                    let baseline = top + size * (1.32 - 1.16) / 2.0 + size * 0.93;
                    surface.draw_glyphs(
                        Point::from_xy(*x, baseline),
                        &glyphs,
                        face.pdf.clone(),
                        &text,
                        *size,
                        false,
                    );
                }
                Op::Fill { x, y, w, h, color } => {
                    if let Some(path) = rect_path(*x, *y, *w, *h) {
                        surface.set_stroke(None);
                        surface.set_fill(Some(fill_of(*color)));
                        surface.draw_path(&path);
                    }
                }
                Op::Frame { x, y, w, h, color } => {
                    if let Some(path) = rect_path(*x, *y, *w, *h) {
                        surface.set_fill(None);
                        surface.set_stroke(Some(Stroke {
                            paint: rgb::Color::new(color.0, color.1, color.2).into(),
                            width: 0.6,
                            ..Stroke::default()
                        }));
                        surface.draw_path(&path);
                    }
                }
                Op::Rule {
                    x1,
                    x2,
                    y,
                    width,
                    color,
                } => {
                    let mut builder = PathBuilder::new();
                    builder.move_to(*x1, *y);
                    builder.line_to(*x2, *y);
                    if let Some(path) = builder.finish() {
                        surface.set_fill(None);
                        surface.set_stroke(Some(Stroke {
                            paint: rgb::Color::new(color.0, color.1, color.2).into(),
                            width: *width,
                            ..Stroke::default()
                        }));
                        surface.draw_path(&path);
                    }
                }
            }
        }
        surface.finish();
        page.finish();
    }
    let pdf = document
        .finish()
        .map_err(|e| DocumentError::Pdf(format!("{e:?}")))?;
    if fx.is_none() {
        return Ok(pdf);
    }
    add_facturx_xmp(&pdf, Level::En16931).map_err(|e| DocumentError::Pdf(format!("XMP: {e}")))
}
