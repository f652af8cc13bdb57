//! Writing the laid-out pages as a PDF with krilla: metadata, glyph runs, fills, frames and rules.

use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Rect};
use krilla::metadata::Metadata;
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::Document;

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

/// Writes the laid-out pages as a PDF.
pub(super) fn write_pdf(
    fonts: &Fonts,
    pages: &[Vec<Op>],
    v: &View,
) -> Result<Vec<u8>, DocumentError> {
    let mut document = Document::new();
    document.set_metadata(
        Metadata::new()
            .title(format!("{} {}", v.title, v.number))
            .authors(vec![v.seller_name.clone()])
            .language("fr-FR".to_owned()),
    );
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
                    let (glyphs, _) = face.glyphs(text);
                    surface.set_stroke(None);
                    surface.set_fill(Some(fill_of(*color)));
                    // The baseline: DejaVu's ascent is 0.93 em, centred in the line height.
                    let baseline = top + size * (1.32 - 1.16) / 2.0 + size * 0.93;
                    surface.draw_glyphs(
                        Point::from_xy(*x, baseline),
                        &glyphs,
                        face.pdf.clone(),
                        text,
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
    document
        .finish()
        .map_err(|e| DocumentError::Pdf(format!("{e:?}")))
}
