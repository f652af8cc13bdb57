//! The blocks of a document's page, laid out in reading order: the header, the parties, the
//! notice, the lines table, the closing block (totals, mentions, bank details, signature box) and
//! the footer of every page.

use super::fonts::{leading, Fonts, Weight};
use super::layout::{
    Flow, Op, Pen, ACCENT, BAND, BODY, BOTTOM, CELL_PAD_X, CELL_PAD_Y, CONTENT_W, INK, LEFT, MUTED,
    NOTICE, NUMBER_COLUMNS, PAGE_H, RIGHT, RULE, SMALL, STRIPE, TINY, WHITE,
};
use super::view::{Kind, View};

/// Seller on the left; title, number and dates on the right.
pub(super) fn header(flow: &mut Flow, v: &View) {
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
pub(super) fn parties(flow: &mut Flow, v: &View) {
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
pub(super) fn notice(flow: &mut Flow, v: &View) {
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
pub(super) fn table(flow: &mut Flow, v: &View) {
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
pub(super) fn closing(flow: &mut Flow, v: &View) {
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
pub(super) fn footers(fonts: &Fonts, pages: &mut [Vec<Op>], v: &View) {
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
