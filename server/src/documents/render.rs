//! PDF rendering with krilla: the page of a [`View`] is laid out here (text measured with skrifa
//! on the embedded DejaVu Sans, wrapped to its column, the lines table flowing onto as many A4
//! pages as it needs with its header repeated), then krilla writes the PDF and embeds a subset of
//! the font. Nothing is read from the disk or the network. A render takes a few milliseconds of
//! CPU; a handler may still call it from `tokio::task::spawn_blocking`.

use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Rect};
use krilla::metadata::Metadata;
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::text::{Font, GlyphId, KrillaGlyph};
use krilla::Document;
use skrifa::prelude::{FontRef, LocationRef, MetadataProvider, Size};

use super::view::{self, Kind, View};
use super::{CreditNoteData, InvoiceData, QuoteData};

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

/// DejaVu Sans (licence: server/assets/fonts/LICENSE-DejaVu.txt): Latin with accents, €, U+202F
/// and U+00A0.
const FONT_REGULAR: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
const FONT_BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

// A4 in PostScript points, y downwards from the top-left corner (krilla's coordinates).
const PAGE_W: f32 = 595.28;
const PAGE_H: f32 = 841.89;
const MARGIN_X: f32 = 42.5;
const TOP: f32 = 42.5;
/// Where the content of a page must end: the footer is below.
const BOTTOM: f32 = PAGE_H - 64.0;
const LEFT: f32 = MARGIN_X;
const RIGHT: f32 = PAGE_W - MARGIN_X;
const CONTENT_W: f32 = RIGHT - LEFT;

const BODY: f32 = 8.5;
const SMALL: f32 = 7.5;
const TINY: f32 = 6.5;

/// Columns of the lines table after the designation: quantity, unit price, VAT rate, total.
const NUMBER_COLUMNS: [f32; 4] = [34.0, 76.0, 44.0, 80.0];
const CELL_PAD_X: f32 = 5.0;
const CELL_PAD_Y: f32 = 4.0;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Color(u8, u8, u8);

const INK: Color = Color(25, 25, 25);
const ACCENT: Color = Color(31, 78, 121);
const MUTED: Color = Color(90, 90, 90);
const RULE: Color = Color(200, 200, 200);
const BAND: Color = Color(232, 236, 241);
const STRIPE: Color = Color(247, 248, 250);
const NOTICE: Color = Color(236, 242, 249);
const WHITE: Color = Color(255, 255, 255);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Weight {
    Regular,
    Bold,
}

/// Line height of a font size.
fn leading(size: f32) -> f32 {
    size * 1.32
}

/// One face: the PDF font and its bytes for measuring.
struct Face {
    pdf: Font,
    data: &'static [u8],
    units_per_em: f32,
}

impl Face {
    fn load(data: &'static [u8]) -> Result<Face, DocumentError> {
        let font = FontRef::new(data).map_err(|_| DocumentError::Font)?;
        let units_per_em = f32::from(
            font.metrics(Size::unscaled(), LocationRef::default())
                .units_per_em,
        );
        let pdf = Font::new(data.into(), 0).ok_or(DocumentError::Font)?;
        Ok(Face {
            pdf,
            data,
            units_per_em,
        })
    }

    fn font_ref(&self) -> FontRef<'static> {
        FontRef::new(self.data).expect("checked when loaded")
    }

    /// One glyph per character with its advance (in em), and the text's width in em. DejaVu's
    /// Latin needs no shaping beyond that; a character the font lacks prints as its .notdef
    /// glyph (a test checks that every character the documents use is covered).
    fn glyphs(&self, text: &str) -> (Vec<KrillaGlyph>, f32) {
        let font = self.font_ref();
        let charmap = font.charmap();
        let metrics = font.glyph_metrics(Size::unscaled(), LocationRef::default());
        let mut width = 0.0;
        let glyphs = text
            .char_indices()
            .map(|(i, c)| {
                let id = charmap.map(c).unwrap_or_default();
                let advance = metrics.advance_width(id).unwrap_or(0.0) / self.units_per_em;
                width += advance;
                KrillaGlyph::new(
                    GlyphId::new(id.to_u32()),
                    advance,
                    0.0,
                    0.0,
                    0.0,
                    i..i + c.len_utf8(),
                    None,
                )
            })
            .collect();
        (glyphs, width)
    }

    fn width(&self, text: &str, size: f32) -> f32 {
        self.glyphs(text).1 * size
    }
}

struct Fonts {
    regular: Face,
    bold: Face,
}

impl Fonts {
    fn load() -> Result<Fonts, DocumentError> {
        Ok(Fonts {
            regular: Face::load(FONT_REGULAR)?,
            bold: Face::load(FONT_BOLD)?,
        })
    }

    fn face(&self, weight: Weight) -> &Face {
        match weight {
            Weight::Regular => &self.regular,
            Weight::Bold => &self.bold,
        }
    }

    fn width(&self, text: &str, size: f32, weight: Weight) -> f32 {
        self.face(weight).width(text, size)
    }

    /// Breaks a text into lines no wider than `max`: at spaces (U+00A0 and U+202F never break),
    /// and a word too long for a line (a file name) after its last `-`, `_`, `.` or `/` that fits,
    /// else after its last character that fits.
    fn wrap(&self, text: &str, size: f32, weight: Weight, max: f32) -> Vec<String> {
        let face = self.face(weight);
        let mut lines = Vec::new();
        let mut current = String::new();
        for word in text.split(' ').filter(|w| !w.is_empty()) {
            let candidate = if current.is_empty() {
                word.to_owned()
            } else {
                format!("{current} {word}")
            };
            if face.width(&candidate, size) <= max {
                current = candidate;
                continue;
            }
            if !current.is_empty() {
                lines.push(std::mem::take(&mut current));
            }
            let mut rest = word;
            while face.width(rest, size) > max {
                let cut = split_point(face, rest, size, max);
                lines.push(rest[..cut].to_owned());
                rest = &rest[cut..];
            }
            current = rest.to_owned();
        }
        if !current.is_empty() || lines.is_empty() {
            lines.push(current);
        }
        lines
    }
}

/// Where to cut a word wider than `max` (a byte index on a character boundary, never 0).
fn split_point(face: &Face, word: &str, size: f32, max: f32) -> usize {
    let mut fit = 0;
    let mut last_break = 0;
    for (i, c) in word.char_indices() {
        let end = i + c.len_utf8();
        if face.width(&word[..end], size) > max {
            break;
        }
        fit = end;
        if matches!(c, '-' | '_' | '.' | '/') {
            last_break = end;
        }
    }
    if fit == 0 {
        return word.chars().next().map_or(word.len(), char::len_utf8);
    }
    if last_break * 2 > fit {
        last_break
    } else {
        fit
    }
}

/// What is drawn on a page, in page coordinates.
#[derive(Debug, Clone)]
enum Op {
    /// Text whose line box starts at `top`.
    Text {
        x: f32,
        top: f32,
        size: f32,
        weight: Weight,
        color: Color,
        text: String,
    },
    Fill {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        color: Color,
    },
    Frame {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        color: Color,
    },
    Rule {
        x1: f32,
        x2: f32,
        y: f32,
        width: f32,
        color: Color,
    },
}

impl Op {
    fn shifted(self, dy: f32) -> Op {
        match self {
            Op::Text {
                x,
                top,
                size,
                weight,
                color,
                text,
            } => Op::Text {
                x,
                top: top + dy,
                size,
                weight,
                color,
                text,
            },
            Op::Fill { x, y, w, h, color } => Op::Fill {
                x,
                y: y + dy,
                w,
                h,
                color,
            },
            Op::Frame { x, y, w, h, color } => Op::Frame {
                x,
                y: y + dy,
                w,
                h,
                color,
            },
            Op::Rule {
                x1,
                x2,
                y,
                width,
                color,
            } => Op::Rule {
                x1,
                x2,
                y: y + dy,
                width,
                color,
            },
        }
    }
}

/// Draws into a list of operations.
struct Pen<'a> {
    fonts: &'a Fonts,
    ops: Vec<Op>,
}

impl Pen<'_> {
    fn text(&mut self, x: f32, top: f32, size: f32, weight: Weight, color: Color, text: &str) {
        self.ops.push(Op::Text {
            x,
            top,
            size,
            weight,
            color,
            text: text.to_owned(),
        });
    }

    fn text_right(
        &mut self,
        right: f32,
        top: f32,
        size: f32,
        weight: Weight,
        color: Color,
        text: &str,
    ) {
        let x = right - self.fonts.width(text, size, weight);
        self.text(x, top, size, weight, color, text);
    }

    /// Wrapped lines from `top`; returns the height used.
    #[allow(clippy::too_many_arguments)]
    fn paragraph(
        &mut self,
        x: f32,
        top: f32,
        max: f32,
        size: f32,
        weight: Weight,
        color: Color,
        text: &str,
    ) -> f32 {
        let lines = self.fonts.wrap(text, size, weight, max);
        for (i, line) in lines.iter().enumerate() {
            self.text(x, top + i as f32 * leading(size), size, weight, color, line);
        }
        lines.len() as f32 * leading(size)
    }

    fn fill(&mut self, x: f32, y: f32, w: f32, h: f32, color: Color) {
        self.ops.push(Op::Fill { x, y, w, h, color });
    }

    fn frame(&mut self, x: f32, y: f32, w: f32, h: f32, color: Color) {
        self.ops.push(Op::Frame { x, y, w, h, color });
    }

    fn rule(&mut self, x1: f32, x2: f32, y: f32, width: f32, color: Color) {
        self.ops.push(Op::Rule {
            x1,
            x2,
            y,
            width,
            color,
        });
    }
}

/// The pages of a document being laid out.
struct Flow<'a> {
    pen: Pen<'a>,
    pages: Vec<Vec<Op>>,
    y: f32,
}

impl<'a> Flow<'a> {
    fn new(fonts: &'a Fonts) -> Flow<'a> {
        Flow {
            pen: Pen {
                fonts,
                ops: Vec::new(),
            },
            pages: Vec::new(),
            y: TOP,
        }
    }

    fn new_page(&mut self) {
        let done = std::mem::take(&mut self.pen.ops);
        self.pages.push(done);
        self.y = TOP;
    }

    fn finish(mut self) -> Vec<Vec<Op>> {
        let last = std::mem::take(&mut self.pen.ops);
        self.pages.push(last);
        self.pages
    }
}

/// Seller on the left; title, number and dates on the right.
fn header(flow: &mut Flow, v: &View) {
    let top = flow.y;
    let pen = &mut flow.pen;
    let left_w = CONTENT_W * 0.55;
    let mut left = top;
    left += pen.paragraph(
        LEFT,
        left,
        left_w,
        12.0,
        Weight::Bold,
        ACCENT,
        &v.seller_name,
    );
    left += 2.0;
    for line in &v.seller_lines {
        left += pen.paragraph(LEFT, left, left_w, SMALL, Weight::Regular, INK, line);
    }

    let mut right = top;
    pen.text_right(RIGHT, right, 20.0, Weight::Bold, ACCENT, &v.title);
    right += leading(20.0);
    pen.text_right(RIGHT, right, 11.0, Weight::Bold, INK, &v.number);
    right += leading(11.0) + 4.0;
    let value_w = v
        .meta
        .iter()
        .map(|m| pen.fonts.width(&m.value, BODY, Weight::Bold))
        .fold(0.0, f32::max);
    for m in &v.meta {
        pen.text(RIGHT - value_w, right, BODY, Weight::Bold, INK, &m.value);
        pen.text_right(
            RIGHT - value_w - 6.0,
            right,
            BODY,
            Weight::Regular,
            MUTED,
            &m.label,
        );
        right += leading(BODY) + 1.0;
    }
    flow.y = left.max(right) + 14.0;
}

/// The buyer (and delivery) boxes, side by side.
fn parties(flow: &mut Flow, v: &View) {
    const GUTTER: f32 = 14.0;
    const PAD: f32 = 8.0;
    let columns = v.parties.len().max(2) as f32;
    let box_w = (CONTENT_W - GUTTER * (columns - 1.0)) / columns;
    let top = flow.y;
    let mut height: f32 = 0.0;
    for (i, p) in v.parties.iter().enumerate() {
        let x = LEFT + i as f32 * (box_w + GUTTER);
        let inner = box_w - 2.0 * PAD;
        let pen = &mut flow.pen;
        let mut y = top + PAD;
        y += pen.paragraph(
            x + PAD,
            y,
            inner,
            TINY,
            Weight::Bold,
            MUTED,
            &p.heading.to_uppercase(),
        );
        y += 2.0;
        for (j, line) in p.lines.iter().enumerate() {
            let weight = if j == 0 {
                Weight::Bold
            } else {
                Weight::Regular
            };
            y += pen.paragraph(x + PAD, y, inner, BODY, weight, INK, line);
        }
        height = height.max(y + PAD - top);
    }
    for i in 0..v.parties.len() {
        let x = LEFT + i as f32 * (box_w + GUTTER);
        flow.pen.frame(x, top, box_w, height, RULE);
    }
    flow.y = top + height + 12.0;
}

/// The highlighted notice (what a credit note cancels; that a quote is not an invoice).
fn notice(flow: &mut Flow, v: &View) {
    if v.notice.is_empty() {
        return;
    }
    const PAD: f32 = 7.0;
    let top = flow.y;
    let mut ops = Pen {
        fonts: flow.pen.fonts,
        ops: Vec::new(),
    };
    let mut y = top + PAD;
    for line in &v.notice {
        y += ops.paragraph(
            LEFT + PAD + 3.0,
            y,
            CONTENT_W - 2.0 * PAD - 3.0,
            BODY,
            Weight::Bold,
            INK,
            line,
        );
    }
    let height = y + PAD - top;
    flow.pen.fill(LEFT, top, CONTENT_W, height, NOTICE);
    flow.pen.fill(LEFT, top, 2.5, height, ACCENT);
    flow.pen.ops.append(&mut ops.ops);
    flow.y = top + height + 12.0;
}

fn column_rights() -> [f32; 4] {
    let mut rights = [0.0; 4];
    let mut right = RIGHT;
    for i in (0..4).rev() {
        rights[i] = right;
        right -= NUMBER_COLUMNS[i];
    }
    rights
}

fn designation_width() -> f32 {
    CONTENT_W - NUMBER_COLUMNS.iter().sum::<f32>()
}

fn table_header(flow: &mut Flow) {
    let height = leading(BODY) + 2.0 * CELL_PAD_Y;
    let top = flow.y;
    let pen = &mut flow.pen;
    pen.fill(LEFT, top, CONTENT_W, height, ACCENT);
    let y = top + CELL_PAD_Y;
    pen.text(
        LEFT + CELL_PAD_X,
        y,
        BODY,
        Weight::Bold,
        WHITE,
        "Désignation",
    );
    let titles = ["Qté", "Prix unit. HT", "TVA", "Total HT"];
    for (title, right) in titles.iter().zip(column_rights()) {
        pen.text_right(right - CELL_PAD_X, y, BODY, Weight::Bold, WHITE, title);
    }
    flow.y = top + height;
}

/// The lines table: a row never splits, and every page it reaches starts with its header.
fn table(flow: &mut Flow, v: &View) {
    table_header(flow);
    let text_w = designation_width() - 2.0 * CELL_PAD_X;
    for (n, line) in v.lines.iter().enumerate() {
        let fonts = flow.pen.fonts;
        let designation = fonts.wrap(&line.designation, BODY, Weight::Bold, text_w);
        let details: Vec<String> = line
            .details
            .iter()
            .flat_map(|d| fonts.wrap(d, TINY + 0.5, Weight::Regular, text_w))
            .collect();
        let height = designation.len() as f32 * leading(BODY)
            + details.len() as f32 * leading(TINY + 0.5)
            + 2.0 * CELL_PAD_Y;
        if flow.y + height > BOTTOM {
            flow.new_page();
            table_header(flow);
        }
        let top = flow.y;
        let pen = &mut flow.pen;
        if n % 2 == 1 {
            pen.fill(LEFT, top, CONTENT_W, height, STRIPE);
        }
        let mut y = top + CELL_PAD_Y;
        for l in &designation {
            pen.text(LEFT + CELL_PAD_X, y, BODY, Weight::Bold, INK, l);
            y += leading(BODY);
        }
        for l in &details {
            pen.text(LEFT + CELL_PAD_X, y, TINY + 0.5, Weight::Regular, MUTED, l);
            y += leading(TINY + 0.5);
        }
        let cells = [&line.quantity, &line.unit, &line.vat, &line.total];
        for (cell, right) in cells.into_iter().zip(column_rights()) {
            pen.text_right(
                right - CELL_PAD_X,
                top + CELL_PAD_Y,
                BODY,
                Weight::Regular,
                INK,
                cell,
            );
        }
        pen.rule(LEFT, RIGHT, top + height, 0.4, RULE);
        flow.y = top + height;
    }
}

/// Totals, mentions, bank details and the quote's signature box, kept on one page.
fn closing(flow: &mut Flow, v: &View) {
    let mut pen = Pen {
        fonts: flow.pen.fonts,
        ops: Vec::new(),
    };
    let mut y = 8.0;
    let totals_w = 260.0;
    let x0 = RIGHT - totals_w;
    for row in &v.totals {
        let weight = if row.strong {
            Weight::Bold
        } else {
            Weight::Regular
        };
        let height = leading(BODY) + 6.0;
        if row.strong {
            pen.fill(x0, y, totals_w, height, BAND);
        }
        pen.text(x0 + CELL_PAD_X, y + 3.0, BODY, weight, INK, &row.label);
        pen.text_right(RIGHT - CELL_PAD_X, y + 3.0, BODY, weight, INK, &row.value);
        y += height;
    }
    y += 10.0;
    for mention in &v.mentions {
        y += pen.paragraph(LEFT, y, CONTENT_W, SMALL, Weight::Regular, INK, mention);
        y += 1.5;
    }
    if let Some(panel) = &v.panel {
        const PAD: f32 = 7.0;
        y += 6.0;
        let top = y;
        y += PAD;
        y += pen.paragraph(
            LEFT + PAD,
            y,
            CONTENT_W - 2.0 * PAD,
            BODY,
            Weight::Bold,
            INK,
            &panel.heading,
        );
        for line in &panel.lines {
            y += pen.paragraph(
                LEFT + PAD,
                y,
                CONTENT_W - 2.0 * PAD,
                BODY,
                Weight::Regular,
                INK,
                line,
            );
        }
        y += PAD;
        pen.frame(LEFT, top, CONTENT_W, y - top, RULE);
    }
    if v.kind == Kind::Quote {
        let (w, h) = (240.0, 72.0);
        y += 10.0;
        pen.frame(RIGHT - w, y, w, h, RULE);
        pen.text(
            RIGHT - w + 7.0,
            y + 6.0,
            TINY,
            Weight::Regular,
            MUTED,
            "Bon pour accord (date, signature et cachet de l’entreprise)",
        );
        y += h;
    }
    if flow.y + y > BOTTOM {
        flow.new_page();
    }
    let dy = flow.y;
    flow.pen
        .ops
        .extend(pen.ops.into_iter().map(|op| op.shifted(dy)));
    flow.y += y;
}

/// The legal identity of the seller and the page number at the foot of every page.
fn footers(fonts: &Fonts, pages: &mut [Vec<Op>], v: &View) {
    let total = pages.len();
    for (i, ops) in pages.iter_mut().enumerate() {
        let mut pen = Pen {
            fonts,
            ops: Vec::new(),
        };
        let top = PAGE_H - 50.0;
        pen.rule(LEFT, RIGHT, top, 0.4, RULE);
        let label = format!("{} {} · page {} sur {}", v.title, v.number, i + 1, total);
        let label_w = fonts.width(&label, TINY, Weight::Regular);
        let mut y = top + 4.0;
        for line in &v.footer {
            y += pen.paragraph(
                LEFT,
                y,
                CONTENT_W - label_w - 16.0,
                TINY,
                Weight::Regular,
                MUTED,
                line,
            );
        }
        pen.text_right(RIGHT, top + 4.0, TINY, Weight::Regular, MUTED, &label);
        ops.append(&mut pen.ops);
    }
}

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
fn write_pdf(fonts: &Fonts, pages: &[Vec<Op>], v: &View) -> Result<Vec<u8>, DocumentError> {
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
    write_pdf(&fonts, &pages, v)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_fonts_cover_french_text_the_euro_sign_and_no_break_spaces() {
        let fonts = Fonts::load().expect("fonts");
        let french = "àâäçéèêëîïôöùûüÿœæÀÂÄÇÉÈÊËÎÏÔÖÙÛÜŸŒÆ€’«»×°·–\u{a0}\u{202f}";
        for face in [&fonts.regular, &fonts.bold] {
            let charmap = face.font_ref().charmap();
            for c in french.chars() {
                assert!(
                    charmap.map(c).is_some(),
                    "no glyph for {c:?} (U+{:04X})",
                    u32::from(c)
                );
            }
        }
    }

    #[test]
    fn wrapping_keeps_lines_within_the_width_and_breaks_long_names() {
        let fonts = Fonts::load().expect("fonts");
        let text = "carter-de-protection-pour-banc-d-essai-hydraulique-version-finale.stl · \
                    Frittage laser (SLS), PA12 chargé verre";
        let lines = fonts.wrap(text, BODY, Weight::Bold, 150.0);
        assert!(lines.len() >= 3, "{lines:?}");
        for line in &lines {
            assert!(
                fonts.width(line, BODY, Weight::Bold) <= 150.0,
                "{line:?} too wide"
            );
        }
        // Nothing lost: the lines give back the text (spaces aside).
        let strip = |s: &str| s.replace(' ', "");
        assert_eq!(strip(&lines.concat()), strip(text));
        // "1 234,56 €" never splits at its no-break spaces.
        let amount = "1\u{202f}234,56\u{a0}€";
        let max = fonts.width(amount, BODY, Weight::Regular) + 1.0;
        let lines = fonts.wrap(
            &format!("Total TTC\u{a0}: {amount}"),
            BODY,
            Weight::Regular,
            max,
        );
        assert_eq!(lines.last().map(String::as_str), Some(amount), "{lines:?}");
    }
}
