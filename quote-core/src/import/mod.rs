//! File importers: format detection and STL, OBJ, 3MF readers producing a welded [`Mesh`];
//! STEP with the `step` feature.

mod obj;
#[cfg(feature = "step")]
pub mod step;
pub(crate) mod stl;
mod stl_ascii;
mod stream;
mod text;
mod threemf;
pub(crate) mod weld;

use serde::{Deserialize, Serialize};

pub use stl::binary_count as binary_stl_count;
pub use stream::MeshStream;

use crate::analysis::Warning;
use crate::{error::fr_int, Mesh, QuoteError};

/// The most triangles a file may hold (about 1 GB of binary STL).
pub const MAX_TRIANGLES: usize = 20_000_000;

/// A supported file format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// Binary or ASCII STL.
    Stl,
    /// Wavefront OBJ.
    Obj,
    /// 3D Manufacturing Format (zip + XML).
    #[serde(rename = "3mf")]
    ThreeMf,
    /// STEP (ISO 10303-21) B-rep, read with the `step` feature.
    Step,
}

impl Format {
    /// The format's usual name, e.g. `"3MF"`.
    pub fn label(self) -> &'static str {
        match self {
            Format::Stl => "STL",
            Format::Obj => "OBJ",
            Format::ThreeMf => "3MF",
            Format::Step => "STEP",
        }
    }
}

fn extension(name: &str) -> String {
    name.rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .unwrap_or_default()
}

/// Picks the format from the content, falling back on the file name's extension.
///
/// A file named `.step` or `.stp` is STEP whatever it holds (without the ISO 10303-21 header the
/// STEP reader refuses it, as the server does at upload from its first [`STEP_SNIFF_BYTES`]
/// bytes with [`looks_like_step`]). Otherwise a zip
/// archive (`PK\x03\x04`) is 3MF; a binary STL is recognised by its size matching the triangle
/// count of its header (whatever the header's first bytes say); text starting with `solid` is
/// ASCII STL; otherwise the extension decides.
pub fn detect_format(name: &str, bytes: &[u8]) -> Result<Format, QuoteError> {
    if bytes.is_empty() {
        return Err(QuoteError::EmptyFile);
    }
    let ext = extension(name);
    if ext == "step" || ext == "stp" {
        return Ok(Format::Step);
    }
    if bytes.starts_with(b"PK\x03\x04") {
        return Ok(Format::ThreeMf);
    }
    if stl::looks_binary(bytes) {
        return Ok(Format::Stl);
    }
    if looks_like_step(bytes) {
        return Ok(Format::Step);
    }
    let text_start = bytes
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .map_or(&[][..], |i| &bytes[i..]);
    if text_start.len() >= 5 && text_start[..5].eq_ignore_ascii_case(b"solid") && ext != "obj" {
        return Ok(Format::Stl);
    }
    match ext.as_str() {
        "stl" => Ok(Format::Stl),
        "obj" => Ok(Format::Obj),
        "3mf" => Ok(Format::ThreeMf),
        _ => Err(QuoteError::UnknownFormat),
    }
}

/// Reads a file into a welded mesh in millimetres.
pub fn import(name: &str, bytes: &[u8]) -> Result<(Format, Mesh), QuoteError> {
    import_noting(name, bytes).map(|(f, m, _)| (f, m))
}

/// [`import`], with French warnings for what the reader skipped (an OBJ's short faces, lines
/// and points).
pub fn import_noting(name: &str, bytes: &[u8]) -> Result<(Format, Mesh, Vec<Warning>), QuoteError> {
    let format = detect_format(name, bytes)?;
    let mut warnings = Vec::new();
    let mesh = match format {
        Format::Stl => stl::read_stl(bytes)?,
        Format::Obj => {
            let read = obj::read_obj_noting(bytes)?;
            obj_warnings(&read, &mut warnings);
            read.mesh
        }
        Format::ThreeMf => threemf::read_3mf(bytes)?,
        Format::Step => read_step_noting(bytes, &mut warnings)?,
    };
    if mesh.triangles.is_empty() {
        return Err(QuoteError::NoMesh);
    }
    Ok((format, mesh, warnings))
}

/// A STEP file's mesh, with a warning when faces were meshed more coarsely than asked.
#[cfg(feature = "step")]
fn read_step_noting(bytes: &[u8], warnings: &mut Vec<Warning>) -> Result<Mesh, QuoteError> {
    let limits = step::StepLimits::default();
    let read = step::read_step_with(bytes, &limits)?;
    warnings.extend(step::relaxed_warning(
        &read.relaxed_faces,
        limits.max_face_points,
    ));
    Ok(read.mesh)
}

#[cfg(not(feature = "step"))]
fn read_step_noting(_bytes: &[u8], _warnings: &mut Vec<Warning>) -> Result<Mesh, QuoteError> {
    Err(QuoteError::StepUnavailable)
}

/// The keyword a STEP file (ISO 10303-21) opens with.
const STEP_HEADER: &[u8] = b"ISO-10303-21";

/// Most bytes accepted before a STEP file's `ISO-10303-21;` header: a UTF-8 BOM, blanks and
/// `/* … */` comments (some exporters put their name or a licence there), 64 KiB in all.
pub const MAX_STEP_PREAMBLE: usize = 64 * 1024;

/// How many of a file's first bytes [`looks_like_step`] needs to see the header after the
/// longest preamble accepted.
pub const STEP_SNIFF_BYTES: usize = MAX_STEP_PREAMBLE + STEP_HEADER.len();

/// Whether the bytes start like an ISO 10303-21 (STEP) file: the `ISO-10303-21` header after a
/// UTF-8 BOM, blanks and comments of at most [`MAX_STEP_PREAMBLE`] bytes in all. Needs the
/// file's first [`STEP_SNIFF_BYTES`] bytes (or the whole file when shorter) to see every header
/// the STEP reader accepts.
///
/// ```
/// use quote_core::import::looks_like_step;
/// assert!(looks_like_step(b"\xEF\xBB\xBF/* exported by CAD */\r\nISO-10303-21;\nHEADER;"));
/// assert!(!looks_like_step(b"solid part\n"));
/// assert!(!looks_like_step(b"/* a comment that never ends ISO-10303-21;"));
/// ```
pub fn looks_like_step(bytes: &[u8]) -> bool {
    step_header_offset(bytes).is_some()
}

/// Where the `ISO-10303-21` header starts, after the preamble [`looks_like_step`] accepts.
pub(crate) fn step_header_offset(bytes: &[u8]) -> Option<usize> {
    // Only the first bytes are looked at, whatever the file's size.
    let b = &bytes[..bytes.len().min(STEP_SNIFF_BYTES)];
    let mut i = if b.starts_with(b"\xEF\xBB\xBF") { 3 } else { 0 };
    loop {
        match b.get(i) {
            Some(c) if c.is_ascii_whitespace() => i += 1,
            Some(b'/') if b.get(i + 1) == Some(&b'*') => {
                let len = b[i + 2..].windows(2).position(|w| w == b"*/")?;
                i += len + 4;
            }
            _ => break,
        }
    }
    (i <= MAX_STEP_PREAMBLE && b[i..].starts_with(STEP_HEADER)).then_some(i)
}

fn obj_warnings(read: &obj::ObjRead, out: &mut Vec<Warning>) {
    let n = read.short_faces;
    if n > 0 {
        let (what, done) = if n > 1 {
            ("faces", "ignorées")
        } else {
            ("face", "ignorée")
        };
        out.push(Warning {
            code: "obj_short_faces_skipped".into(),
            message: format!(
                "{} {what} de moins de trois sommets {done} (sans surface, rien à imprimer).",
                fr_int(n as u64)
            ),
        });
    }
    let n = read.lines_and_points;
    if n > 0 {
        let (what, done) = if n > 1 {
            ("éléments ligne ou point (l, p)", "ignorés")
        } else {
            ("élément ligne ou point (l, p)", "ignoré")
        };
        out.push(Warning {
            code: "obj_lines_skipped".into(),
            message: format!(
                "{} {what} {done}\u{a0}: seules les faces sont imprimées.",
                fr_int(n as u64)
            ),
        });
    }
}

/// The error for a file holding more than [`MAX_TRIANGLES`].
pub(crate) fn too_many(count: usize) -> QuoteError {
    QuoteError::TooManyTriangles {
        count: fr_int(count as u64),
        limit: fr_int(MAX_TRIANGLES as u64),
    }
}

/// The largest coordinate accepted, in the file's unit: beyond it, sums of products would
/// overflow or lose all precision, and no printable part is that large.
pub const MAX_COORDINATE: f64 = 1e9;

/// Checks one coordinate: finite and within [`MAX_COORDINATE`].
#[inline]
pub(crate) fn check_coord(v: f64) -> Result<f64, QuoteError> {
    if !v.is_finite() {
        Err(QuoteError::NonFiniteCoordinate)
    } else if v.abs() > MAX_COORDINATE {
        Err(QuoteError::CoordinateTooLarge)
    } else {
        Ok(v)
    }
}

/// Parses a decimal number from a text format, refusing NaN, infinities and absurd sizes.
pub(crate) fn parse_coord(token: &str) -> Option<Result<f64, QuoteError>> {
    token.parse().ok().map(check_coord)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zip_content_is_3mf_whatever_the_name() {
        assert_eq!(
            detect_format("x.stl", b"PK\x03\x04rest"),
            Ok(Format::ThreeMf)
        );
    }

    #[test]
    fn text_falls_back_on_the_extension() {
        assert_eq!(detect_format("a.OBJ", b"v 0 0 0\n"), Ok(Format::Obj));
        assert_eq!(detect_format("a.stl", b"solid x\n"), Ok(Format::Stl));
        assert_eq!(
            detect_format("a.txt", b"hello"),
            Err(QuoteError::UnknownFormat)
        );
        assert_eq!(detect_format("a.stl", b""), Err(QuoteError::EmptyFile));
    }

    #[test]
    fn step_is_recognised_by_its_header_or_its_extension() {
        assert_eq!(
            detect_format("piece.bin", b"ISO-10303-21;\nHEADER;"),
            Ok(Format::Step)
        );
        assert_eq!(detect_format("piece.STP", b"garbage"), Ok(Format::Step));
        assert_eq!(detect_format("piece.step", b"v 0 0 0"), Ok(Format::Step));
    }

    #[test]
    fn step_is_recognised_after_comments_blanks_and_a_bom() {
        let file = b"\xEF\xBB\xBF\r\n/* Exported by CAD 2026\n * licence: CC-BY */ \n/**/\tISO-10303-21;\n";
        assert_eq!(step_header_offset(file), Some(file.len() - 14));
        assert_eq!(detect_format("export.bin", file), Ok(Format::Step));
        assert_eq!(step_header_offset(b"ISO-10303-21;"), Some(0));
        // A comment that never closes, or text before the header, is not STEP.
        assert!(!looks_like_step(b"/* ISO-10303-21;"));
        assert!(!looks_like_step(b"/* x */ solid ISO-10303-21;"));
        assert!(!looks_like_step(b"# ISO-10303-21;"));
    }

    #[test]
    fn the_preamble_before_a_step_header_is_capped_at_64_kib() {
        let with_comment = |len: usize| {
            let mut f = b"/*".to_vec();
            f.extend(std::iter::repeat_n(b'x', len - 4));
            f.extend_from_slice(b"*/ISO-10303-21;\nHEADER;");
            f
        };
        let longest = with_comment(MAX_STEP_PREAMBLE);
        assert_eq!(step_header_offset(&longest), Some(MAX_STEP_PREAMBLE));
        // The server and the browser look at this many first bytes: enough.
        assert!(looks_like_step(&longest[..STEP_SNIFF_BYTES]));
        let too_long = with_comment(MAX_STEP_PREAMBLE + 1);
        assert!(!looks_like_step(&too_long));
        assert_eq!(
            detect_format("a.txt", &too_long),
            Err(QuoteError::UnknownFormat)
        );
        let mut blanks = vec![b' '; MAX_STEP_PREAMBLE + 1];
        blanks.extend_from_slice(b"ISO-10303-21;");
        assert!(!looks_like_step(&blanks));
    }

    /// A binary STL of one (degenerate) triangle: its size matches its count.
    fn one_triangle_stl() -> Vec<u8> {
        let mut stl = vec![0u8; 80];
        stl.extend_from_slice(&1u32.to_le_bytes());
        stl.extend_from_slice(&[0u8; 50]);
        stl
    }

    #[test]
    fn a_file_named_step_is_step_whatever_it_holds() {
        // A binary STL or a zip named .stp: read as STEP, so refused for its missing header, as
        // the server refuses it at upload.
        let stl = one_triangle_stl();
        assert_eq!(detect_format("piece.bin", &stl), Ok(Format::Stl));
        assert_eq!(detect_format("piece.stp", &stl), Ok(Format::Step));
        assert_eq!(
            detect_format("piece.STEP", b"PK\x03\x04rest"),
            Ok(Format::Step)
        );
        assert_eq!(detect_format("piece.stp", b"solid x\n"), Ok(Format::Step));
    }

    #[cfg(feature = "step")]
    #[test]
    fn a_stl_named_stp_is_refused_for_its_missing_header() {
        let e = import("piece.stp", &one_triangle_stl()).unwrap_err();
        assert_eq!(e.code(), "step_invalid");
        assert!(e.to_string().contains("ISO-10303-21"), "{e}");
    }

    #[cfg(not(feature = "step"))]
    #[test]
    fn without_the_feature_a_step_file_is_refused_with_advice() {
        let e = import("p.step", b"ISO-10303-21;\n").unwrap_err();
        assert_eq!(e.code(), "step_unavailable");
        assert!(e.to_string().contains("STL ou en 3MF"), "{e}");
    }
}
