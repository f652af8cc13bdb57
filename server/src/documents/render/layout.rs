//! The page a document is laid out on: A4 geometry, type sizes and colours, and the drawing list
//! of a page ([`Op`]), drawn into by a [`Pen`], page after page by a [`Flow`].

use super::fonts::{leading, Fonts, Weight};

// A4 in PostScript points, y downwards from the top-left corner (krilla's coordinates).
pub(super) const PAGE_W: f32 = 595.28;
pub(super) const PAGE_H: f32 = 841.89;
const MARGIN_X: f32 = 42.5;
const TOP: f32 = 42.5;
/// Where the content of a page must end: the footer is below.
pub(super) const BOTTOM: f32 = PAGE_H - 64.0;
pub(super) const LEFT: f32 = MARGIN_X;
pub(super) const RIGHT: f32 = PAGE_W - MARGIN_X;
pub(super) const CONTENT_W: f32 = RIGHT - LEFT;

pub(super) const BODY: f32 = 8.5;
pub(super) const SMALL: f32 = 7.5;
pub(super) const TINY: f32 = 6.5;

/// Columns of the lines table after the designation: quantity, unit price, VAT rate, total.
pub(super) const NUMBER_COLUMNS: [f32; 4] = [34.0, 76.0, 44.0, 80.0];
pub(super) const CELL_PAD_X: f32 = 5.0;
pub(super) const CELL_PAD_Y: f32 = 4.0;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Color(pub(super) u8, pub(super) u8, pub(super) u8);

pub(super) const INK: Color = Color(25, 25, 25);
pub(super) const ACCENT: Color = Color(31, 78, 121);
pub(super) const MUTED: Color = Color(90, 90, 90);
pub(super) const RULE: Color = Color(200, 200, 200);
pub(super) const BAND: Color = Color(232, 236, 241);
pub(super) const STRIPE: Color = Color(247, 248, 250);
pub(super) const NOTICE: Color = Color(236, 242, 249);
pub(super) const WHITE: Color = Color(255, 255, 255);

/// What is drawn on a page, in page coordinates.
#[derive(Debug, Clone)]
pub(super) enum Op {
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
    pub(super) fn shifted(self, dy: f32) -> Op {
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
pub(super) struct Pen<'a> {
    pub(super) fonts: &'a Fonts,
    pub(super) ops: Vec<Op>,
}

impl Pen<'_> {
    pub(super) fn text(
        &mut self,
        x: f32,
        top: f32,
        size: f32,
        weight: Weight,
        color: Color,
        text: &str,
    ) {
        self.ops.push(Op::Text {
            x,
            top,
            size,
            weight,
            color,
            text: text.to_owned(),
        });
    }

    pub(super) fn text_right(
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
    pub(super) fn paragraph(
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

    pub(super) fn fill(&mut self, x: f32, y: f32, w: f32, h: f32, color: Color) {
        self.ops.push(Op::Fill { x, y, w, h, color });
    }

    pub(super) fn frame(&mut self, x: f32, y: f32, w: f32, h: f32, color: Color) {
        self.ops.push(Op::Frame { x, y, w, h, color });
    }

    pub(super) fn rule(&mut self, x1: f32, x2: f32, y: f32, width: f32, color: Color) {
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
pub(super) struct Flow<'a> {
    pub(super) pen: Pen<'a>,
    pages: Vec<Vec<Op>>,
    pub(super) y: f32,
}

impl<'a> Flow<'a> {
    pub(super) fn new(fonts: &'a Fonts) -> Flow<'a> {
        Flow {
            pen: Pen {
                fonts,
                ops: Vec::new(),
            },
            pages: Vec::new(),
            y: TOP,
        }
    }

    pub(super) fn new_page(&mut self) {
        let done = std::mem::take(&mut self.pen.ops);
        self.pages.push(done);
        self.y = TOP;
    }

    pub(super) fn finish(mut self) -> Vec<Vec<Op>> {
        let last = std::mem::take(&mut self.pen.ops);
        self.pages.push(last);
        self.pages
    }
}
