//! The embedded DejaVu Sans faces: glyphs and advances read with skrifa for krilla, text widths,
//! and the wrapping of a text to a column.

use krilla::text::{Font, GlyphId, KrillaGlyph};
use skrifa::prelude::{FontRef, LocationRef, MetadataProvider, Size};

use std::borrow::Cow;

use super::DocumentError;

/// What a document prints for a character its font lacks.
pub(super) const MISSING: char = '?';

/// DejaVu Sans (licence: server/assets/fonts/LICENSE-DejaVu.txt): Latin with accents, €, U+202F
/// and U+00A0.
const FONT_REGULAR: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");
const FONT_BOLD: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans-Bold.ttf");

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Weight {
    Regular,
    Bold,
}

/// Line height of a font size.
pub(super) fn leading(size: f32) -> f32 {
    size * 1.32
}

/// One face: the PDF font and its bytes for measuring.
pub(super) struct Face {
    pub(super) pdf: Font,
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

    /// `text` with each character the font lacks replaced by [`MISSING`]: a PDF/A may not show a
    /// .notdef glyph (krilla refuses to write it), and names, addresses and companies typed in
    /// other scripts (Chinese, emoji) must not make an invoice impossible to issue. The Factur-X
    /// XML keeps the text as typed.
    pub(super) fn printable<'a>(&self, text: &'a str) -> Cow<'a, str> {
        let charmap = self.font_ref().charmap();
        if text.chars().all(|c| charmap.map(c).is_some()) {
            return Cow::Borrowed(text);
        }
        Cow::Owned(
            text.chars()
                .map(|c| if charmap.map(c).is_some() { c } else { MISSING })
                .collect(),
        )
    }

    /// One glyph per character with its advance (in em), and the text's width in em. DejaVu's
    /// Latin needs no shaping beyond that; a character the font lacks is measured as
    /// [`MISSING`], the glyph [`Face::printable`] prints instead.
    pub(super) fn glyphs(&self, text: &str) -> (Vec<KrillaGlyph>, f32) {
        let font = self.font_ref();
        let charmap = font.charmap();
        let metrics = font.glyph_metrics(Size::unscaled(), LocationRef::default());
        let mut width = 0.0;
        let glyphs = text
            .char_indices()
            .map(|(i, c)| {
                let id = charmap
                    .map(c)
                    .or_else(|| charmap.map(MISSING))
                    .unwrap_or_default();
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

pub(super) struct Fonts {
    regular: Face,
    bold: Face,
}

impl Fonts {
    pub(super) fn load() -> Result<Fonts, DocumentError> {
        Ok(Fonts {
            regular: Face::load(FONT_REGULAR)?,
            bold: Face::load(FONT_BOLD)?,
        })
    }

    pub(super) fn face(&self, weight: Weight) -> &Face {
        match weight {
            Weight::Regular => &self.regular,
            Weight::Bold => &self.bold,
        }
    }

    pub(super) fn width(&self, text: &str, size: f32, weight: Weight) -> f32 {
        self.face(weight).width(text, size)
    }

    /// Breaks a text into lines no wider than `max`: at spaces (U+00A0 and U+202F never break),
    /// and a word too long for a line (a file name) after its last `-`, `_`, `.` or `/` that fits,
    /// else after its last character that fits.
    pub(super) fn wrap(&self, text: &str, size: f32, weight: Weight, max: f32) -> Vec<String> {
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

#[cfg(test)]
mod tests {
    use super::super::layout::BODY;
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
    fn embedded_fonts_cover_every_character_an_order_reference_may_hold() {
        // A PDF/A-3 may not print a missing glyph: the domain accepts in a buyer's order
        // reference only what both faces print.
        use crate::domain::order_reference::is_printable;
        let fonts = Fonts::load().expect("fonts");
        let allowed: Vec<char> = (0..=0x10_ffff_u32)
            .filter_map(char::from_u32)
            .filter(|c| is_printable(*c))
            .collect();
        assert!(allowed.len() > 500, "{}", allowed.len());
        for face in [&fonts.regular, &fonts.bold] {
            let charmap = face.font_ref().charmap();
            let missing: Vec<String> = allowed
                .iter()
                .filter(|c| charmap.map(**c).is_none())
                .map(|c| format!("U+{:04X}", u32::from(*c)))
                .collect();
            assert!(missing.is_empty(), "no glyph for {missing:?}");
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
