//! A file read piece by piece as it arrives (the browser's worker reads a dropped file as a
//! stream): a binary STL is welded record by record while the rest of the file is still being
//! read, so that reading and welding overlap; any other file is kept whole and read at the end.
//! Either way the result is [`super::import_noting`]'s on the whole file, bit for bit.

use super::stl::{binary_count_of, check_count, record_bits, HEADER, RECORD};
use super::weld::{Key32, Welder, BATCH};
use crate::analysis::Warning;
use crate::{error::fr_int, Format, Mesh, QuoteError};

/// A file fed in pieces ([`MeshStream::push`]), read by [`MeshStream::finish`].
pub struct MeshStream {
    name: String,
    len: u64,
    state: State,
}

enum State {
    /// Fewer bytes than a binary STL's header so far.
    Head(Vec<u8>),
    /// Not a binary STL (or not known to be one from its header): the whole file, read at the end.
    Whole(Vec<u8>),
    /// A binary STL of this many records, welded as they arrive.
    Binary(Box<BinaryWeld>),
    /// A record refused: the first error in file order.
    Failed(QuoteError),
}

struct BinaryWeld {
    n: usize,
    /// Records welded (or batched) so far.
    records: usize,
    /// The start of a record cut by the end of a piece.
    partial: [u8; RECORD],
    partial_len: usize,
    welder: Welder<Key32>,
    triangles: Vec<[u32; 3]>,
    keys: [Key32; BATCH],
    ids: [u32; BATCH],
    k: usize,
}

impl BinaryWeld {
    fn record(&mut self, rec: &[u8]) -> Result<(), QuoteError> {
        let bits = record_bits(rec)?;
        for c in 0..3 {
            self.keys[self.k] = Key32::from_bits([bits[3 * c], bits[3 * c + 1], bits[3 * c + 2]]);
            self.k += 1;
        }
        self.records += 1;
        if self.k == BATCH {
            self.flush();
        }
        Ok(())
    }

    fn flush(&mut self) {
        let k = self.k;
        self.welder
            .insert_batch(&self.keys[..k], &mut self.ids[..k]);
        self.triangles
            .extend(self.ids[..k].chunks_exact(3).map(|c| [c[0], c[1], c[2]]));
        self.k = 0;
    }

    /// Takes the records of `piece` (the bytes that follow those already pushed), up to `n`.
    fn push(&mut self, mut piece: &[u8]) -> Result<(), QuoteError> {
        if self.partial_len > 0 {
            let take = (RECORD - self.partial_len).min(piece.len());
            self.partial[self.partial_len..self.partial_len + take].copy_from_slice(&piece[..take]);
            self.partial_len += take;
            piece = &piece[take..];
            if self.partial_len < RECORD {
                return Ok(());
            }
            self.partial_len = 0;
            if self.records < self.n {
                let rec = self.partial;
                self.record(&rec)?;
            }
        }
        let whole = (piece.len() / RECORD).min(self.n - self.records);
        let mut recs = piece[..whole * RECORD].chunks_exact(RECORD);
        for rec in &mut recs {
            self.record(rec)?;
        }
        let rest = &piece[whole * RECORD..];
        if self.records < self.n && !rest.is_empty() {
            self.partial[..rest.len()].copy_from_slice(rest);
            self.partial_len = rest.len();
        }
        Ok(())
    }
}

impl MeshStream {
    /// A stream for a file named `name` (its extension counts as in [`super::detect_format`])
    /// of `len` bytes in all.
    pub fn new(name: &str, len: u64) -> MeshStream {
        MeshStream {
            name: name.to_owned(),
            len,
            state: State::Head(Vec::with_capacity(HEADER)),
        }
    }

    /// Takes the next piece of the file.
    pub fn push(&mut self, piece: &[u8]) {
        match &mut self.state {
            State::Head(head) => {
                let take = (HEADER - head.len()).min(piece.len());
                head.extend_from_slice(&piece[..take]);
                if head.len() == HEADER {
                    let head = std::mem::take(head);
                    self.state = self.decide(head);
                    self.push(&piece[take..]);
                }
            }
            State::Whole(bytes) => bytes.extend_from_slice(piece),
            State::Binary(weld) => {
                if let Err(e) = weld.push(piece) {
                    self.state = State::Failed(e);
                }
            }
            State::Failed(_) => {}
        }
    }

    /// Reads a binary STL as it comes only when its header alone says so, as the whole file
    /// would: not a STEP or 3MF, a size matching the header's count, a header that is not all
    /// whitespace (then the whole file decides whether it starts with `solid`).
    fn decide(&self, head: Vec<u8>) -> State {
        let ext = self
            .name
            .rsplit_once('.')
            .map(|(_, e)| e.to_ascii_lowercase())
            .unwrap_or_default();
        let binary = ext != "step"
            && ext != "stp"
            && !head.starts_with(b"PK\x03\x04")
            && !head.iter().all(u8::is_ascii_whitespace);
        let Some(n) = binary.then(|| binary_count_of(&head, self.len)).flatten() else {
            let mut whole = head;
            whole.reserve(
                usize::try_from(self.len)
                    .unwrap_or(0)
                    .saturating_sub(HEADER),
            );
            return State::Whole(whole);
        };
        if let Err(e) = check_count(n) {
            return State::Failed(e);
        }
        // `n` records fit in `len`, which the caller's file has: reserving is safe.
        State::Binary(Box::new(BinaryWeld {
            n,
            records: 0,
            partial: [0; RECORD],
            partial_len: 0,
            welder: Welder::with_capacity(n / 2 + 16),
            triangles: Vec::with_capacity(n),
            keys: [Key32::default(); BATCH],
            ids: [0; BATCH],
            k: 0,
        }))
    }

    /// The file's format, mesh and warnings, as [`super::import_noting`] gives them for the
    /// whole file.
    pub fn finish(self) -> Result<(Format, Mesh, Vec<Warning>), QuoteError> {
        match self.state {
            State::Head(bytes) | State::Whole(bytes) => super::import_noting(&self.name, &bytes),
            State::Failed(e) => Err(e),
            State::Binary(mut weld) => {
                if weld.records < weld.n {
                    // Fewer bytes came than the file's length said.
                    return Err(QuoteError::TruncatedStl {
                        announced: fr_int(weld.n as u64),
                        read: fr_int(weld.records as u64),
                    });
                }
                weld.flush();
                if weld.triangles.is_empty() {
                    return Err(QuoteError::NoMesh);
                }
                let BinaryWeld {
                    welder, triangles, ..
                } = *weld;
                let mesh = Mesh {
                    vertices: welder.into_vertices(),
                    triangles,
                };
                Ok((Format::Stl, mesh, Vec::new()))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn torus(nu: usize, nv: usize) -> Vec<u8> {
        let p = |i: usize, j: usize| {
            let (u, v) = (
                std::f64::consts::TAU * (i % nu) as f64 / nu as f64,
                std::f64::consts::TAU * (j % nv) as f64 / nv as f64,
            );
            let r = 40.0 + 12.0 * v.cos();
            [
                (r * u.cos()) as f32,
                (r * u.sin()) as f32,
                (12.0 * v.sin()) as f32,
            ]
        };
        let mut out = vec![b'x'; 80];
        out.extend_from_slice(&((2 * nu * nv) as u32).to_le_bytes());
        for i in 0..nu {
            for j in 0..nv {
                let q = [p(i, j), p(i + 1, j), p(i + 1, j + 1), p(i, j + 1)];
                for t in [[0, 1, 2], [0, 2, 3]] {
                    out.extend_from_slice(&[0; 12]);
                    for k in t {
                        for x in q[k] {
                            out.extend_from_slice(&x.to_le_bytes());
                        }
                    }
                    out.extend_from_slice(&[0, 0]);
                }
            }
        }
        out
    }

    fn streamed(name: &str, bytes: &[u8], piece: usize) -> Result<(Format, Mesh), QuoteError> {
        let mut s = MeshStream::new(name, bytes.len() as u64);
        for p in bytes.chunks(piece.max(1)) {
            s.push(p);
        }
        s.finish().map(|(f, m, _)| (f, m))
    }

    #[test]
    fn a_binary_stl_in_any_pieces_gives_the_whole_file_s_mesh() {
        let stl = torus(30, 20);
        let whole = super::super::import("t.stl", &stl).unwrap();
        for piece in [1, 7, 49, 50, 51, 84, 1000, 1 << 20] {
            assert_eq!(streamed("t.stl", &stl, piece).unwrap(), whole, "{piece}");
        }
        // A trailing byte after the records, as the whole-file reader accepts.
        let mut longer = stl.clone();
        longer.push(7);
        assert_eq!(streamed("t.stl", &longer, 33).unwrap(), whole);
    }

    #[test]
    fn other_files_and_errors_are_the_whole_file_s() {
        let mut bad = torus(5, 4);
        let at = HEADER + RECORD * 7 + 12 + 4;
        bad[at..at + 4].copy_from_slice(&f32::NAN.to_le_bytes());
        for (name, bytes) in [
            ("bad.stl", bad),
            ("a.obj", b"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n".to_vec()),
            ("a.stl", b"solid a\nendsolid a\n".to_vec()),
            ("a.stl", Vec::new()),
            ("a.stl", vec![b' '; 84 + 50]),
            ("a.step", torus(3, 3)),
        ] {
            for piece in [1, 13, 100] {
                assert_eq!(
                    streamed(name, &bytes, piece),
                    super::super::import(name, &bytes),
                    "{name} {piece}"
                );
            }
        }
    }
}
