//! Binary STL: format decision, the welded fast-path reader and a streaming triangle walk.

use super::weld::{Key32, Welder, BATCH};
use super::{stl_ascii, too_many, MAX_TRIANGLES};
use crate::{error::fr_int, Mesh, QuoteError};

pub(crate) const HEADER: usize = 84;
/// Bits of the largest f32 not above [`super::MAX_COORDINATE`] (1e9 is exact in f32).
const MAX_F32_BITS: u32 = 0x4e6e_6b28;
pub(crate) const RECORD: usize = 50;

pub(crate) fn starts_with_solid(bytes: &[u8]) -> bool {
    let start = bytes.iter().position(|b| !b.is_ascii_whitespace());
    start.is_some_and(|i| bytes.len() >= i + 5 && bytes[i..i + 5].eq_ignore_ascii_case(b"solid"))
}

fn header_count(bytes: &[u8]) -> u64 {
    u32::from_le_bytes([bytes[80], bytes[81], bytes[82], bytes[83]]) as u64
}

/// The triangle count when the bytes are a complete binary STL: the size is exactly what the
/// header announces, or up to one record longer (trailing junk, as in numpy-stl's HalfDonut).
/// A header starting with `solid` does not matter; a count of 0 with whole records after it
/// takes the count from the size, as some exporters write no count.
///
/// ```
/// let mut stl = vec![0u8; 84 + 50];
/// stl[80] = 1;
/// assert_eq!(quote_core::import::binary_stl_count(&stl), Some(1));
/// assert_eq!(quote_core::import::binary_stl_count(b"solid a\nendsolid a\n"), None);
/// ```
pub fn binary_count(bytes: &[u8]) -> Option<usize> {
    binary_count_of(bytes, bytes.len() as u64)
}

/// [`binary_count`] from the first bytes of a file (`head`, at least the 84-byte header when
/// the file has them) and its whole length, for reading in pieces. Gives the same answer as
/// [`binary_count`] unless the header is all whitespace (then see the whole file).
pub(crate) fn binary_count_of(bytes: &[u8], len: u64) -> Option<usize> {
    if len < HEADER as u64 || bytes.len() < HEADER {
        return None;
    }
    let n = header_count(bytes);
    let expected = HEADER as u64 + RECORD as u64 * n;
    if n == 0 && len > HEADER as u64 && (len - HEADER as u64).is_multiple_of(RECORD as u64) {
        return (!starts_with_solid(bytes)).then_some(((len - HEADER as u64) / 50) as usize);
    }
    if expected <= len && (len - expected < RECORD as u64 || !starts_with_solid(bytes)) {
        return Some(n as usize);
    }
    None
}

/// Whether the content is a binary STL (used by format detection).
pub(crate) fn looks_binary(bytes: &[u8]) -> bool {
    binary_count(bytes).is_some()
}

/// Reads a binary or ASCII STL.
pub(crate) fn read_stl(bytes: &[u8]) -> Result<Mesh, QuoteError> {
    if let Some(n) = binary_count(bytes) {
        return read_binary(bytes, n);
    }
    if starts_with_solid(bytes) {
        return match stl_ascii::read_ascii(bytes) {
            Err(_) if bytes.len() >= HEADER && !is_text(bytes) => Err(truncated(bytes)),
            other => other,
        };
    }
    if bytes.len() < HEADER {
        return Err(QuoteError::Syntax {
            format: "STL",
            line: 0,
            detail: format!(
                "le fichier ne fait que {} octets, moins que l'en-tête binaire de 84 octets",
                bytes.len()
            ),
        });
    }
    Err(truncated(bytes))
}

/// Text files hold no NUL byte and no control character other than whitespace.
fn is_text(bytes: &[u8]) -> bool {
    !bytes
        .iter()
        .any(|&b| b == 0 || (b < 0x20 && !b.is_ascii_whitespace()))
}

fn truncated(bytes: &[u8]) -> QuoteError {
    let read = bytes.len().saturating_sub(HEADER) / RECORD;
    QuoteError::TruncatedStl {
        announced: fr_int(header_count(bytes)),
        read: fr_int(read as u64),
    }
}

#[inline]
fn corner_bits(rec: &[u8], offset: usize) -> Result<[u32; 3], QuoteError> {
    let mut out = [0u32; 3];
    for (k, o) in out.iter_mut().enumerate() {
        let i = offset + 4 * k;
        let b = u32::from_le_bytes([rec[i], rec[i + 1], rec[i + 2], rec[i + 3]]);
        // One integer compare on the magnitude bits catches NaN, infinities and huge values.
        if b & 0x7fff_ffff > MAX_F32_BITS {
            return Err(if b & 0x7f80_0000 == 0x7f80_0000 {
                QuoteError::NonFiniteCoordinate
            } else {
                QuoteError::CoordinateTooLarge
            });
        }
        *o = b;
    }
    Ok(out)
}

/// The nine coordinate bit patterns of a record, checked at once (the largest magnitude
/// against the limit); only a failing record goes through [`corner_bits`] to name its error.
#[inline(always)]
pub(crate) fn record_bits(rec: &[u8]) -> Result<[u32; 9], QuoteError> {
    let coords: &[u8; 36] = rec[12..48].try_into().expect("records are 50 bytes");
    let mut bits = [0u32; 9];
    let mut largest = 0;
    for (b, c) in bits.iter_mut().zip(coords.chunks_exact(4)) {
        *b = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
        largest = largest.max(*b & 0x7fff_ffff);
    }
    if largest > MAX_F32_BITS {
        return Err(record_error(rec));
    }
    Ok(bits)
}

/// The error of a record holding a coordinate out of range (the first one, in file order).
#[cold]
fn record_error(rec: &[u8]) -> QuoteError {
    [12, 24, 36]
        .into_iter()
        .find_map(|offset| corner_bits(rec, offset).err())
        .unwrap_or(QuoteError::CoordinateTooLarge)
}

/// Refuses more triangles than the engine takes.
pub(crate) fn check_count(n: usize) -> Result<(), QuoteError> {
    if n > MAX_TRIANGLES {
        return Err(too_many(n));
    }
    Ok(())
}

/// The `n` records of a binary STL whose size was checked by [`binary_count`].
fn records(bytes: &[u8], n: usize) -> Result<std::slice::ChunksExact<'_, u8>, QuoteError> {
    check_count(n)?;
    Ok(bytes[HEADER..HEADER + RECORD * n].chunks_exact(RECORD))
}

/// Triangles from which the weld of a binary STL is split over the cores (feature `threads`):
/// below, a thread's start costs more than it saves.
const SPLIT_WELD_MIN: usize = 100_000;

fn read_binary(bytes: &[u8], n: usize) -> Result<Mesh, QuoteError> {
    let recs = records(bytes, n)?;
    let parts = crate::par::threads().min(4);
    if parts > 1 && n >= SPLIT_WELD_MIN {
        return read_binary_split(bytes, n, parts);
    }
    // `n` is backed by real bytes here (checked against the length), so reserving is safe.
    let mut welder = Welder::with_capacity(n / 2 + 16);
    let mut triangles: Vec<[u32; 3]> = Vec::with_capacity(n);
    let mut keys = [Key32::default(); BATCH];
    let mut ids = [0u32; BATCH];
    let mut k = 0;
    for rec in recs {
        let bits = record_bits(rec)?;
        for c in 0..3 {
            keys[k] = Key32::from_bits([bits[3 * c], bits[3 * c + 1], bits[3 * c + 2]]);
            k += 1;
        }
        if k == BATCH {
            welder.insert_batch(&keys, &mut ids);
            triangles.extend(ids.chunks_exact(3).map(|c| [c[0], c[1], c[2]]));
            k = 0;
        }
    }
    welder.insert_batch(&keys[..k], &mut ids[..k]);
    triangles.extend(ids[..k].chunks_exact(3).map(|c| [c[0], c[1], c[2]]));
    Ok(Mesh {
        vertices: welder.into_vertices(),
        triangles,
    })
}

/// [`read_binary`] on `parts` threads: each welds a run of consecutive records on its own, then
/// the first run's welder takes the others' vertices in their order. A vertex keeps the index of
/// its first appearance in the file, so the mesh is the one a single weld makes, bit for bit.
fn read_binary_split(bytes: &[u8], n: usize, parts: usize) -> Result<Mesh, QuoteError> {
    let per = n.div_ceil(parts);
    let mut triangles: Vec<[u32; 3]> = vec![[0; 3]; n];
    let slices: Vec<std::sync::Mutex<&mut [[u32; 3]]>> = triangles
        .chunks_mut(per)
        .map(std::sync::Mutex::new)
        .collect();
    let welded = crate::par::map(slices.len(), |i| {
        let (start, end) = (i * per, ((i + 1) * per).min(n));
        let run = bytes[HEADER + RECORD * start..HEADER + RECORD * end].chunks_exact(RECORD);
        let mut out = slices[i].lock().unwrap_or_else(|e| e.into_inner());
        // The first run's welder will take every vertex: sized for the whole file.
        let expected = if i == 0 {
            n / 2 + 16
        } else {
            (end - start) / 2 + 16
        };
        let mut welder = Welder::with_capacity(expected);
        weld_slices(run, &mut welder, &mut out).map(|()| welder)
    });
    drop(slices);
    let mut welders = Vec::with_capacity(welded.len());
    for w in welded {
        // The first error in file order, as the single weld gives.
        welders.push(w?);
    }
    let mut welders = welders.into_iter();
    let mut global = welders.next().expect("at least one run");
    for (i, w) in welders.enumerate() {
        let keys = w.keys();
        let mut index = vec![0u32; keys.len()];
        for (chunk, out) in keys.chunks(BATCH).zip(index.chunks_mut(BATCH)) {
            global.insert_batch(chunk, out);
        }
        let end = ((i + 2) * per).min(n);
        for t in &mut triangles[(i + 1) * per..end] {
            *t = t.map(|v| index[v as usize]);
        }
    }
    Ok(Mesh {
        vertices: global.into_vertices(),
        triangles,
    })
}

/// Welds the records `run` into `welder`, writing each one's corner indices to `triangles`
/// (as long as `run`).
fn weld_slices(
    run: std::slice::ChunksExact<'_, u8>,
    welder: &mut Welder<Key32>,
    triangles: &mut [[u32; 3]],
) -> Result<(), QuoteError> {
    let mut keys = [Key32::default(); BATCH];
    let mut ids = [0u32; BATCH];
    let mut k = 0;
    let mut t = 0;
    for rec in run {
        let bits = record_bits(rec)?;
        for c in 0..3 {
            keys[k] = Key32::from_bits([bits[3 * c], bits[3 * c + 1], bits[3 * c + 2]]);
            k += 1;
        }
        if k == BATCH {
            welder.insert_batch(&keys, &mut ids);
            for c in ids.chunks_exact(3) {
                triangles[t] = [c[0], c[1], c[2]];
                t += 1;
            }
            k = 0;
        }
    }
    welder.insert_batch(&keys[..k], &mut ids[..k]);
    for c in ids[..k].chunks_exact(3) {
        triangles[t] = [c[0], c[1], c[2]];
        t += 1;
    }
    Ok(())
}

/// Walks the triangles of a binary STL without welding, in file order, as f64 corners.
/// Returns `Ok(None)` when the bytes are not a complete binary STL.
pub(crate) fn for_each_binary_triangle(
    bytes: &[u8],
    mut f: impl FnMut([[f64; 3]; 3]),
) -> Result<Option<usize>, QuoteError> {
    let Some(n) = binary_count(bytes) else {
        return Ok(None);
    };
    for rec in records(bytes, n)? {
        f(record_corners(rec)?);
    }
    Ok(Some(n))
}

/// The three corners of a record in f64, checked as [`record_bits`] does. Always inlined: as a
/// call, its 72-byte result made the quick stats half again slower in WebAssembly.
#[inline(always)]
pub(crate) fn record_corners(rec: &[u8]) -> Result<[[f64; 3]; 3], QuoteError> {
    let bits = record_bits(rec)?;
    let x = |k: usize| f32::from_bits(bits[k]) as f64;
    Ok([[x(0), x(1), x(2)], [x(3), x(4), x(5)], [x(6), x(7), x(8)]])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn binary(header: &[u8], tris: &[[[f32; 3]; 3]], announced: u32, junk: usize) -> Vec<u8> {
        let mut out = vec![b' '; 80];
        out[..header.len()].copy_from_slice(header);
        out.extend_from_slice(&announced.to_le_bytes());
        for t in tris {
            out.extend_from_slice(&[0u8; 12]);
            for c in t.iter().flatten() {
                out.extend_from_slice(&c.to_le_bytes());
            }
            out.extend_from_slice(&[0, 0]);
        }
        out.extend(std::iter::repeat_n(7u8, junk));
        out
    }

    const TRI: [[f32; 3]; 3] = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];

    #[test]
    fn binary_with_solid_header_and_a_trailing_byte_is_read_as_binary() {
        let b = binary(b"solid made by a CAD tool", &[TRI, TRI], 2, 1);
        let m = read_stl(&b).unwrap();
        assert_eq!(m.triangles.len(), 2);
        assert_eq!(m.vertices.len(), 3);
    }

    #[test]
    fn truncated_binary_stl_is_refused() {
        let mut b = binary(b"x", &vec![TRI; 812], 1200, 0);
        b.extend_from_slice(&[1, 2, 3]);
        let e = read_stl(&b).unwrap_err();
        assert_eq!(
            e.to_string(),
            "Le fichier STL est tronqué\u{a0}: 1\u{202f}200 triangles annoncés, 812 lus."
        );
    }

    #[test]
    fn a_huge_announced_count_reserves_nothing() {
        let b = binary(b"x", &[TRI], u32::MAX, 0);
        assert_eq!(read_stl(&b).unwrap_err().code(), "stl_truncated");
    }

    #[test]
    fn nan_coordinates_are_refused() {
        let b = binary(b"x", &[[[f32::NAN, 0.0, 0.0], [1.0; 3], [2.0; 3]]], 1, 0);
        assert_eq!(read_stl(&b), Err(QuoteError::NonFiniteCoordinate));
    }

    #[test]
    fn the_largest_accepted_coordinate_is_one_billion() {
        assert_eq!(f32::from_bits(MAX_F32_BITS), 1e9);
        let b = binary(b"x", &[[[2e9, 0.0, 0.0], [1.0; 3], [2.0; 3]]], 1, 0);
        assert_eq!(read_stl(&b), Err(QuoteError::CoordinateTooLarge));
        let b = binary(b"x", &[[[1e9, 0.0, 0.0], [1.0; 3], [2.0; 3]]], 1, 0);
        assert!(read_stl(&b).is_ok());
    }

    /// A grid of `n` by `n` squares, two triangles each, written row by row: rows share their
    /// vertices with the next, so that runs of records share vertices.
    fn grid(n: usize) -> Vec<[[f32; 3]; 3]> {
        let p = |i: usize, j: usize| [i as f32, j as f32, ((i * j) % 7) as f32];
        let mut tris = Vec::new();
        for i in 0..n {
            for j in 0..n {
                tris.push([p(i, j), p(i + 1, j), p(i + 1, j + 1)]);
                tris.push([p(i, j), p(i + 1, j + 1), p(i, j + 1)]);
            }
        }
        tris
    }

    #[test]
    fn a_weld_split_in_runs_gives_the_single_weld_s_mesh() {
        let tris = grid(40);
        let b = binary(b"x", &tris, tris.len() as u32, 0);
        let n = tris.len();
        let single = read_binary(&b, n).unwrap();
        for parts in [2, 3, 4, 7] {
            assert_eq!(read_binary_split(&b, n, parts).unwrap(), single, "{parts}");
        }
        // The first bad record in file order names the error, whichever run holds it.
        let mut bad = tris.clone();
        bad[n - 3][1][0] = 2e9;
        bad[n - 2][0][2] = f32::NAN;
        let b = binary(b"x", &bad, n as u32, 0);
        assert_eq!(read_binary(&b, n), Err(QuoteError::CoordinateTooLarge));
        assert_eq!(
            read_binary_split(&b, n, 3),
            Err(QuoteError::CoordinateTooLarge)
        );
    }

    #[test]
    fn short_files_are_refused_clearly() {
        assert_eq!(read_stl(b"abc").unwrap_err().code(), "syntax_error");
    }
}
