//! The instant figures (volume, area, box) without welding, streamed for binary STL.

use serde::{Deserialize, Serialize};

use super::volume::Measure;
use crate::import::stl::{self, HEADER, RECORD};
use crate::import::{import, Format};
use crate::QuoteError;

/// What the browser shows at once, before the full analysis: no weld, no topology.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct QuickStats {
    /// Source format.
    pub format: Format,
    /// Triangle count.
    pub triangles: usize,
    /// Absolute volume, mm³ (meaningful for closed meshes).
    pub volume_mm3: f64,
    /// Signed volume about the origin, mm³.
    pub signed_volume_mm3: f64,
    /// Surface area, mm².
    pub area_mm2: f64,
    /// Bounding box, mm.
    pub bbox_min: [f64; 3],
    /// Bounding box, mm.
    pub bbox_max: [f64; 3],
}

/// Triangle count, volume, area and box of a file. A binary STL is streamed record by record
/// without building a mesh; other formats go through the importer. Figures are the same bits
/// as the full [`crate::analyze`] gives, since both add the same f64 triangles in file order.
pub fn quick_stats(name: &str, bytes: &[u8]) -> Result<QuickStats, QuoteError> {
    let mut m = Measure::default();
    let streamed = if bytes.starts_with(b"PK\x03\x04") {
        None
    } else {
        stl::for_each_binary_triangle(bytes, |t| m.add(t))?
    };
    let format = match streamed {
        Some(_) => Format::Stl,
        None => {
            let (format, mesh) = import(name, bytes)?;
            for t in 0..mesh.triangles.len() {
                m.add(mesh.corners(t));
            }
            format
        }
    };
    finish(format, &m)
}

fn finish(format: Format, m: &Measure) -> Result<QuickStats, QuoteError> {
    if m.triangles == 0 {
        return Err(QuoteError::NoMesh);
    }
    Ok(QuickStats {
        format,
        triangles: m.triangles,
        volume_mm3: m.signed_volume().abs(),
        signed_volume_mm3: m.signed_volume(),
        area_mm2: m.area(),
        bbox_min: m.min,
        bbox_max: m.max,
    })
}

/// [`quick_stats`] over a file given in pieces (as a browser reads a `File`), without holding
/// it whole when it is a binary STL: pieces go through [`QuickStream::push`] in order, then
/// [`QuickStream::finish`] gives exactly what [`quick_stats`] gives for the whole file. Other
/// formats (and the odd binary header that is all whitespace) are kept and read at the end.
#[derive(Debug)]
pub struct QuickStream {
    name: String,
    len: u64,
    /// The first bytes until the header is complete; then a record cut between two pieces.
    pending: Vec<u8>,
    state: StreamState,
    measure: Measure,
}

#[derive(Debug)]
enum StreamState {
    /// Waiting for the 84-byte header.
    Header,
    /// A binary STL with this many records left to read.
    Binary { left: usize },
    /// Anything else: the whole file is kept in `pending`.
    Whole,
}

impl QuickStream {
    /// A stream for a file of `len` bytes in all.
    pub fn new(name: &str, len: u64) -> QuickStream {
        QuickStream {
            name: name.to_owned(),
            len,
            pending: Vec::new(),
            state: StreamState::Header,
            measure: Measure::default(),
        }
    }

    /// Reads the next piece. A coordinate error stops the stream at its record, as
    /// [`quick_stats`] would.
    pub fn push(&mut self, mut piece: &[u8]) -> Result<(), QuoteError> {
        if let StreamState::Header = self.state {
            let want = HEADER.saturating_sub(self.pending.len()).min(piece.len());
            self.pending.extend_from_slice(&piece[..want]);
            piece = &piece[want..];
            if self.pending.len() < HEADER && (self.pending.len() as u64) < self.len {
                return Ok(());
            }
            let head = &self.pending;
            let blank = head.iter().all(u8::is_ascii_whitespace);
            self.state = match stl::binary_count_of(head, self.len) {
                Some(n) if !blank && !head.starts_with(b"PK\x03\x04") => {
                    stl::check_count(n)?;
                    self.pending.clear();
                    StreamState::Binary { left: n }
                }
                _ => StreamState::Whole,
            };
        }
        match &mut self.state {
            StreamState::Header => Ok(()),
            StreamState::Whole => {
                self.pending.extend_from_slice(piece);
                Ok(())
            }
            StreamState::Binary { left } => {
                if !self.pending.is_empty() && *left > 0 {
                    let want = (RECORD - self.pending.len()).min(piece.len());
                    self.pending.extend_from_slice(&piece[..want]);
                    piece = &piece[want..];
                    if self.pending.len() < RECORD {
                        return Ok(());
                    }
                    self.measure.add(stl::record_corners(&self.pending)?);
                    self.pending.clear();
                    *left -= 1;
                }
                let whole = (piece.len() / RECORD).min(*left);
                for rec in piece[..whole * RECORD].chunks_exact(RECORD) {
                    self.measure.add(stl::record_corners(rec)?);
                }
                *left -= whole;
                if *left > 0 {
                    self.pending.extend_from_slice(&piece[whole * RECORD..]);
                }
                Ok(())
            }
        }
    }

    /// The figures of the whole file.
    pub fn finish(self) -> Result<QuickStats, QuoteError> {
        match self.state {
            StreamState::Binary { left: 0 } => finish(Format::Stl, &self.measure),
            StreamState::Binary { .. } => Err(QuoteError::Syntax {
                format: "STL",
                line: 0,
                detail: "le fichier s’arrête avant la fin annoncée".to_owned(),
            }),
            StreamState::Header | StreamState::Whole => quick_stats(&self.name, &self.pending),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stream(name: &str, bytes: &[u8], piece: usize) -> Result<QuickStats, QuoteError> {
        let mut s = QuickStream::new(name, bytes.len() as u64);
        for p in bytes.chunks(piece.max(1)) {
            s.push(p)?;
        }
        s.finish()
    }

    fn binary(tris: &[[[f32; 3]; 3]], junk: usize, header: &[u8]) -> Vec<u8> {
        let mut out = vec![b' '; 80];
        out[..header.len()].copy_from_slice(header);
        out.extend_from_slice(&(tris.len() as u32).to_le_bytes());
        for t in tris {
            out.extend_from_slice(&[0u8; 12]);
            for c in t.iter().flatten() {
                out.extend_from_slice(&c.to_le_bytes());
            }
            out.extend_from_slice(&[0, 0]);
        }
        out.extend(std::iter::repeat_n(9u8, junk));
        out
    }

    fn tris(n: usize) -> Vec<[[f32; 3]; 3]> {
        (0..n)
            .map(|i| {
                let f = i as f32 * 0.37;
                [[f, 1.0, -2.0], [3.5, f * 0.5, 0.25], [-f, 2.0, f + 1.0]]
            })
            .collect()
    }

    #[test]
    fn any_cut_into_pieces_gives_the_same_bits_as_the_whole_file() {
        let cases = [
            ("a.stl", binary(&tris(37), 0, b"made by hand")),
            ("b.stl", binary(&tris(5), 7, b"solid but binary")),
            ("c.obj", b"v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 2 3 4\nf 1 4 3\n".to_vec()),
            ("d.stl", b"solid t\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\nendsolid t\n".to_vec()),
        ];
        for (name, bytes) in &cases {
            let whole = quick_stats(name, bytes).unwrap();
            for piece in [1, 3, 49, 50, 51, 84, 85, 1000, 1 << 20] {
                assert_eq!(
                    stream(name, bytes, piece).unwrap(),
                    whole,
                    "{name} by {piece}"
                );
            }
        }
    }

    #[test]
    fn errors_are_the_same_as_for_the_whole_file() {
        let mut bad = tris(10);
        bad[6][1][2] = f32::NAN;
        let bytes = binary(&bad, 0, b"x");
        for piece in [1, 50, 4096] {
            assert_eq!(
                stream("n.stl", &bytes, piece),
                Err(QuoteError::NonFiniteCoordinate)
            );
        }
        assert_eq!(
            quick_stats("n.stl", &bytes),
            Err(QuoteError::NonFiniteCoordinate)
        );
        let mut big = tris(10);
        big[2][0][0] = 3e9;
        let bytes = binary(&big, 0, b"x");
        assert_eq!(
            stream("b.stl", &bytes, 77),
            Err(QuoteError::CoordinateTooLarge)
        );
        let empty = binary(&[], 0, b"x");
        assert_eq!(stream("e.stl", &empty, 10), quick_stats("e.stl", &empty));
    }

    #[test]
    fn a_stream_cut_short_is_refused() {
        let bytes = binary(&tris(4), 0, b"x");
        let mut s = QuickStream::new("s.stl", bytes.len() as u64);
        s.push(&bytes[..bytes.len() - 20]).unwrap();
        assert_eq!(s.finish().unwrap_err().code(), "syntax_error");
    }
}
