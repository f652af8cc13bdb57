//! A byte tokenizer for the text formats, counting lines for error messages.

use crate::QuoteError;

/// Whitespace-separated tokens of a byte slice, with 1-based line numbers.
pub(crate) struct Tokens<'a> {
    bytes: &'a [u8],
    pos: usize,
    /// Line of the last token returned.
    pub line: usize,
    next_line: usize,
}

impl<'a> Tokens<'a> {
    pub fn new(bytes: &'a [u8]) -> Self {
        Tokens {
            bytes,
            pos: 0,
            line: 1,
            next_line: 1,
        }
    }

    /// The next token, or `None` at the end.
    pub fn next_token(&mut self) -> Option<&'a [u8]> {
        let b = self.bytes;
        while self.pos < b.len() && b[self.pos].is_ascii_whitespace() {
            if b[self.pos] == b'\n' {
                self.next_line += 1;
            }
            self.pos += 1;
        }
        if self.pos >= b.len() {
            self.line = self.next_line;
            return None;
        }
        let start = self.pos;
        while self.pos < b.len() && !b[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
        self.line = self.next_line;
        Some(&b[start..self.pos])
    }

    /// Skips to the end of the current line (a solid's name, for instance).
    pub fn skip_line(&mut self) {
        while self.pos < self.bytes.len() && self.bytes[self.pos] != b'\n' {
            self.pos += 1;
        }
    }
}

/// Shows a token in an error message, in French quotes, shortened and lossily decoded.
pub(crate) fn show(token: &[u8]) -> String {
    let s = String::from_utf8_lossy(&token[..token.len().min(40)]);
    format!("«\u{a0}{s}\u{a0}»")
}

/// A syntax error of `format` at `line`.
pub(crate) fn syntax(format: &'static str, line: usize, detail: String) -> QuoteError {
    QuoteError::Syntax {
        format,
        line,
        detail,
    }
}

/// Parses a coordinate token, with a syntax error when it is not a number.
pub(crate) fn number(
    format: &'static str,
    token: Option<&[u8]>,
    line: usize,
) -> Result<f64, QuoteError> {
    let tok = token.ok_or_else(|| syntax(format, line, "coordonnée manquante".into()))?;
    std::str::from_utf8(tok)
        .ok()
        .and_then(super::parse_coord)
        .unwrap_or_else(|| {
            Err(syntax(
                format,
                line,
                format!("nombre attendu, trouvé {}", show(tok)),
            ))
        })
}
