//! The engine's typed errors, each with a stable code and a French message for the user.

use thiserror::Error;

/// Everything that can go wrong while reading or pricing a file. `Display` is the French message
/// shown to the user; [`QuoteError::code`] is a stable identifier for programs.
#[derive(Debug, Clone, PartialEq, Error)]
#[non_exhaustive]
pub enum QuoteError {
    /// The file is empty.
    #[error("Le fichier est vide.")]
    EmptyFile,
    /// The extension and content match none of STL, OBJ, 3MF and STEP (a `.step` or `.stp` name,
    /// or the ISO 10303-21 header, is STEP even in a build without the `step` feature). The
    /// message names the mesh formats only, as the default WebAssembly build reads no STEP; the
    /// server, which does, words its own refusal (`server/src/routes/devis/upload.rs`).
    #[error(
        "Format de fichier non reconnu\u{a0}: seuls les fichiers STL, OBJ et 3MF sont acceptés."
    )]
    UnknownFormat,
    /// A binary STL announces more triangles than it holds.
    #[error("Le fichier STL est tronqué\u{a0}: {announced} triangles annoncés, {read} lus.")]
    TruncatedStl {
        /// Count from the header.
        announced: String,
        /// Complete triangles actually present.
        read: String,
    },
    /// A syntax error in a text format (ASCII STL, OBJ, 3MF XML).
    #[error("Le fichier {format} est mal formé{}\u{a0}: {detail}", at_line(*.line))]
    Syntax {
        /// "STL", "OBJ" or "3MF".
        format: &'static str,
        /// 1-based line number, 0 when unknown.
        line: usize,
        /// What was wrong, in French.
        detail: String,
    },
    /// A coordinate is NaN or infinite.
    #[error("Le fichier contient une coordonnée invalide (NaN ou infinie).")]
    NonFiniteCoordinate,
    /// A coordinate is finite but absurdly large (beyond [`crate::import::MAX_COORDINATE`]).
    #[error("Le fichier contient une coordonnée démesurée (plus d'un milliard d'unités)\u{a0}: ce n'est pas une pièce imprimable.")]
    CoordinateTooLarge,
    /// A face refers to a vertex that does not exist.
    #[error("Une face fait référence au sommet {index}, qui n'existe pas.")]
    InvalidIndex {
        /// The index as written in the file.
        index: i64,
    },
    /// The file holds no triangle (beam lattice only, texture only, empty model...).
    #[error("Le fichier ne contient aucun maillage triangulé imprimable.")]
    NoMesh,
    /// The 3MF archive is not a valid zip or misses a required part.
    #[error("L'archive 3MF est invalide\u{a0}: {detail}")]
    InvalidArchive {
        /// What was wrong, in French.
        detail: String,
    },
    /// A 3MF part would decompress past the size limit.
    #[error(
        "L'archive 3MF est trop volumineuse une fois décompressée (limite\u{a0}: {limit_mb} Mo)."
    )]
    ArchiveTooLarge {
        /// The limit in megabytes.
        limit_mb: u64,
    },
    /// The file breaks a rule of the 3MF specification.
    #[error("Le fichier 3MF ne respecte pas la spécification\u{a0}: {detail}")]
    Invalid3mf {
        /// What was wrong, in French.
        detail: String,
    },
    /// The mesh has more triangles than the engine accepts.
    #[error("Le maillage est trop grand\u{a0}: {count} triangles (limite\u{a0}: {limit}).")]
    TooManyTriangles {
        /// Triangles in the file.
        count: String,
        /// The limit.
        limit: String,
    },
    /// A pricing option names something the catalog does not have.
    #[error("Option de devis invalide\u{a0}: {detail}")]
    InvalidOption {
        /// What was wrong, in French.
        detail: String,
    },
    /// The part fits in no orientation of the chosen process's build volume.
    #[error("La pièce ne rentre pas dans le volume d'impression du procédé {process}.")]
    DoesNotFit {
        /// Process code.
        process: String,
    },
    /// A body asked for by its number does not exist in the file.
    #[error("Le fichier {}\u{a0}: le corps {body} n'existe pas.", bodies_text(*.bodies))]
    NoSuchBody {
        /// The body asked for, 1-based.
        body: usize,
        /// Bodies in the file.
        bodies: usize,
    },
    /// Saved options (a basket line, a quote entry) name a material, colour, finish or
    /// post-treatment that the catalog no longer offers.
    #[error("{detail}")]
    Withdrawn {
        /// The French sentence for the customer, with what to do.
        detail: String,
    },
    /// A STEP file holds no solid (only surfaces, a triangulation, a drawing...).
    #[error("Le fichier STEP ne contient rien à imprimer\u{a0}: {detail}. Exportez la pièce en STL ou en 3MF depuis votre logiciel de CAO.")]
    StepNoSolid {
        /// What the file holds instead, in French.
        detail: String,
    },
    /// A STEP file uses geometry the reader does not handle.
    #[error("Le fichier STEP utilise {what}, que le moteur ne sait pas lire. Exportez la pièce en STL ou en 3MF depuis votre logiciel de CAO.")]
    StepUnsupported {
        /// What is not handled, in French ("des surfaces décalées (OFFSET_SURFACE)").
        what: String,
    },
    /// A STEP file breaks the format or its geometry is inconsistent.
    #[error("Le fichier STEP est invalide\u{a0}: {detail}. Exportez de nouveau la pièce, en STL ou en 3MF de préférence.")]
    StepInvalid {
        /// What was wrong, in French.
        detail: String,
    },
    /// A STEP file would take too long or too much memory to tessellate.
    #[error("Le fichier STEP est trop lourd pour être analysé ici ({detail}). Exportez la pièce en STL ou en 3MF depuis votre logiciel de CAO.")]
    StepTooComplex {
        /// The bound that was reached, in French.
        detail: String,
    },
    /// STEP files are not read by this build of the engine (feature `step` off).
    #[error("La lecture des fichiers STEP n'est pas disponible ici. Exportez la pièce en STL ou en 3MF depuis votre logiciel de CAO.")]
    StepUnavailable,
    /// The catalog file is invalid.
    #[error("Catalogue invalide\u{a0}: {detail}")]
    InvalidCatalog {
        /// What was wrong.
        detail: String,
    },
}

impl QuoteError {
    /// A stable machine-readable code, e.g. `stl_truncated`.
    pub fn code(&self) -> &'static str {
        match self {
            QuoteError::EmptyFile => "empty_file",
            QuoteError::UnknownFormat => "unknown_format",
            QuoteError::TruncatedStl { .. } => "stl_truncated",
            QuoteError::Syntax { .. } => "syntax_error",
            QuoteError::NonFiniteCoordinate => "non_finite_coordinate",
            QuoteError::CoordinateTooLarge => "coordinate_too_large",
            QuoteError::InvalidIndex { .. } => "invalid_index",
            QuoteError::NoMesh => "no_mesh",
            QuoteError::InvalidArchive { .. } => "invalid_archive",
            QuoteError::ArchiveTooLarge { .. } => "archive_too_large",
            QuoteError::Invalid3mf { .. } => "invalid_3mf",
            QuoteError::TooManyTriangles { .. } => "too_many_triangles",
            QuoteError::InvalidOption { .. } => "invalid_option",
            QuoteError::DoesNotFit { .. } => "does_not_fit",
            QuoteError::Withdrawn { .. } => "option_withdrawn",
            QuoteError::InvalidCatalog { .. } => "invalid_catalog",
            QuoteError::NoSuchBody { .. } => "no_such_body",
            QuoteError::StepNoSolid { .. } => "step_no_solid",
            QuoteError::StepUnsupported { .. } => "step_unsupported",
            QuoteError::StepInvalid { .. } => "step_invalid",
            QuoteError::StepTooComplex { .. } => "step_too_complex",
            QuoteError::StepUnavailable => "step_unavailable",
        }
    }

    /// The French message shown to the user.
    pub fn message(&self) -> String {
        self.to_string()
    }
}

fn bodies_text(bodies: usize) -> String {
    if bodies <= 1 {
        "ne compte qu'un corps".to_owned()
    } else {
        format!("compte {} corps", fr_int(bodies as u64))
    }
}

fn at_line(line: usize) -> String {
    if line == 0 {
        String::new()
    } else {
        format!(" (ligne {})", fr_int(line as u64))
    }
}

/// Formats an integer the French way, with a narrow no-break space between thousands
/// ("1 200"), for messages.
pub fn fr_int(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 * 3);
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push('\u{202f}');
        }
        out.push(ch);
    }
    out
}

/// Formats a number the French way with `decimals` digits after the comma ("0,42",
/// "1\u{202f}234,5"), for messages.
pub fn fr_num(x: f64, decimals: usize) -> String {
    let s = format!("{:.*}", decimals, x.abs());
    let (int, frac) = s.split_once('.').unwrap_or((&s, ""));
    let sign = if x < 0.0 && s.bytes().any(|b| (b'1'..=b'9').contains(&b)) {
        "-"
    } else {
        ""
    };
    let int = fr_int(int.parse().unwrap_or(0));
    if frac.is_empty() {
        format!("{sign}{int}")
    } else {
        format!("{sign}{int},{frac}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn truncated_stl_message_reads_like_the_specification() {
        let e = QuoteError::TruncatedStl {
            announced: fr_int(1200),
            read: fr_int(812),
        };
        assert_eq!(
            e.to_string(),
            "Le fichier STL est tronqué\u{a0}: 1\u{202f}200 triangles annoncés, 812 lus."
        );
        assert_eq!(e.code(), "stl_truncated");
    }

    #[test]
    fn decimals_use_a_comma() {
        assert_eq!(fr_num(0.4249, 2), "0,42");
        assert_eq!(fr_num(1234.5, 1), "1\u{202f}234,5");
        assert_eq!(fr_num(-0.001, 1), "0,0");
    }
}
