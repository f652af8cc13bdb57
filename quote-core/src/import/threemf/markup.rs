//! A reader between the decompressed model part and the XML parser that keeps the parser's
//! buffers small whatever the file holds. The XML reader buffers one whole event at a time: a
//! model part that inflates to a gigabyte of spaces between two tags (a 1 MB "spaces bomb") would
//! be one text event of that size. This filter drops the whitespace of text outside tags (the
//! model reads no text: whitespace there never changes the result) and refuses a tag, or a run of
//! other text, longer than [`MAX_RUN`] bytes: no element or value of a real 3MF model comes near.

use std::io::{self, Read};

/// The longest tag (with its attributes) or run of text the model may hold.
pub(crate) const MAX_RUN: usize = 4 * 1024 * 1024;

/// Why the filter stopped: the XML reader only sees an I/O error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Overrun {
    /// A tag longer than [`MAX_RUN`].
    Tag,
    /// Text (other than whitespace) longer than [`MAX_RUN`].
    Text,
}

/// Where the filter is in the markup.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum At {
    /// Between tags.
    Text,
    /// Inside `<...>`, outside quotes.
    Tag,
    /// Inside a quoted attribute value, with its quote.
    Quoted(u8),
}

/// The filter around `inner`.
pub(crate) struct Markup<R> {
    inner: R,
    at: At,
    run: usize,
    /// Set when a run passed [`MAX_RUN`].
    pub overrun: Option<Overrun>,
}

impl<R: Read> Markup<R> {
    /// Filters `inner`.
    pub(crate) fn new(inner: R) -> Self {
        Markup {
            inner,
            at: At::Text,
            run: 0,
            overrun: None,
        }
    }

    /// Moves the state over `b`; returns whether `b` is kept.
    fn step(&mut self, b: u8) -> Result<bool, Overrun> {
        match self.at {
            At::Text if b == b'<' => {
                self.at = At::Tag;
                self.run = 1;
                return Ok(true);
            }
            At::Text if b.is_ascii_whitespace() => return Ok(false),
            At::Text => {}
            At::Tag if b == b'>' => {
                self.at = At::Text;
                self.run = 0;
                return Ok(true);
            }
            At::Tag if b == b'"' || b == b'\'' => self.at = At::Quoted(b),
            At::Quoted(q) if b == q => self.at = At::Tag,
            At::Tag | At::Quoted(_) => {}
        }
        self.run += 1;
        if self.run > MAX_RUN {
            return Err(if self.at == At::Text {
                Overrun::Text
            } else {
                Overrun::Tag
            });
        }
        Ok(true)
    }
}

impl<R: Read> Read for Markup<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        loop {
            let n = self.inner.read(out)?;
            if n == 0 {
                return Ok(0);
            }
            let mut kept = 0;
            for i in 0..n {
                let b = out[i];
                match self.step(b) {
                    Ok(true) => {
                        out[kept] = b;
                        kept += 1;
                    }
                    Ok(false) => {}
                    Err(overrun) => {
                        self.overrun = Some(overrun);
                        return Err(io::Error::other("markup run too long"));
                    }
                }
            }
            // A read of only whitespace keeps nothing: read on rather than report the end.
            if kept > 0 {
                return Ok(kept);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn filter(input: &[u8]) -> Result<Vec<u8>, Option<Overrun>> {
        let mut m = Markup::new(input);
        let mut out = Vec::new();
        match m.read_to_end(&mut out) {
            Ok(_) => Ok(out),
            Err(_) => Err(m.overrun),
        }
    }

    #[test]
    fn whitespace_between_tags_is_dropped_and_tags_are_kept_whole() {
        let xml = b"<a x=\"1 2\">\n   <b y='a > b'/>  \t\n</a>";
        assert_eq!(filter(xml).unwrap(), b"<a x=\"1 2\"><b y='a > b'/></a>");
    }

    #[test]
    fn a_gigantic_run_of_spaces_costs_nothing() {
        let mut xml = b"<model>".to_vec();
        xml.extend(std::iter::repeat_n(b' ', 3 * MAX_RUN));
        xml.extend(b"</model>");
        assert_eq!(filter(&xml).unwrap(), b"<model></model>");
    }

    #[test]
    fn an_endless_tag_or_text_is_refused() {
        let mut tag = b"<vertex x=\"".to_vec();
        tag.extend(std::iter::repeat_n(b'1', MAX_RUN));
        assert_eq!(filter(&tag), Err(Some(Overrun::Tag)));
        let mut text = b"<a>".to_vec();
        text.extend(std::iter::repeat_n(b'x', MAX_RUN + 1));
        assert_eq!(filter(&text), Err(Some(Overrun::Text)));
    }
}
