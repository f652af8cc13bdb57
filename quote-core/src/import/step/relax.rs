//! Faces too fine for the cap of points: meshed again with a tolerance twice as coarse, as many
//! times as allowed, recorded, and told to the user; and the refusal of a file whose work
//! budget ran out.

use truck_meshalgo::prelude::*;

use super::work::Work;
use super::{face, too_complex, StepLimits};
use crate::analysis::Warning;
use crate::{fr_int, QuoteError};

/// A face meshed with a coarser tolerance than its solid's.
#[derive(Debug, Clone, PartialEq)]
pub struct RelaxedFace {
    /// The face entity (ADVANCED_FACE or FACE_SURFACE).
    pub face: u64,
    /// The chord tolerance the face was meshed with, mm.
    pub tolerance_mm: f64,
    /// Its solid's chord tolerance, mm.
    pub nominal_mm: f64,
}

/// One face's triangles and the tolerance they were made with: the solid's, or, when the face
/// would need more than the cap of points, twice as coarse, as many times as allowed. `None`
/// when the boundary is not found on the surface.
pub fn mesh_face<S: face::TrimSurface>(
    surface: &S,
    domain: Option<face::Domain>,
    wires: &[Vec<Point3>],
    tol: f64,
    limits: &StepLimits,
    work: &mut Work,
) -> Result<Option<(face::FaceMesh, f64)>, QuoteError> {
    let mut face_tol = tol;
    let mut relaxations = 0;
    loop {
        match face::tessellate_face(
            surface,
            domain,
            wires,
            face_tol,
            limits.max_face_points,
            work,
        ) {
            Ok(poly) => return Ok(Some((poly, face_tol))),
            Err(face::FaceError::Unmapped) => return Ok(None),
            Err(face::FaceError::Exhausted) => return Err(work_exhausted(limits)),
            Err(face::FaceError::TooFine) if relaxations < limits.max_relaxations => {
                face_tol *= 2.0;
                relaxations += 1;
            }
            Err(face::FaceError::TooFine) => {
                return Err(too_complex(format!(
                    "une face demande plus de {} points de maillage, même à {}\u{a0}mm près",
                    crate::fr_int(limits.max_face_points as u64),
                    crate::fr_num(face_tol, 3)
                )))
            }
        }
    }
}

/// The refusal of a file whose tessellation needs more work than [`StepLimits::max_work`].
pub fn work_exhausted(limits: &StepLimits) -> QuoteError {
    too_complex(format!(
        "le maillage de ses faces demande plus de {} opérations",
        crate::fr_int(limits.max_work)
    ))
}

/// The warning for faces meshed with a relaxed tolerance, naming the coarsest.
pub fn relaxed_warning(relaxed: &[RelaxedFace], cap: usize) -> Option<Warning> {
    let ratio = |f: &RelaxedFace| f.tolerance_mm / f.nominal_mm;
    let face = relaxed
        .iter()
        .max_by(|a, b| ratio(a).total_cmp(&ratio(b)))?;
    let n = relaxed.len();
    let (what, they) = if n > 1 {
        ("faces maillées", "elles demandaient")
    } else {
        ("face maillée", "elle demandait")
    };
    Some(Warning {
        code: "step_faces_relaxed".into(),
        message: format!(
            "{} {what} moins finement (jusqu'à {}\u{a0}mm de la surface au lieu de {}\u{a0}mm)\u{a0}: \
             {they} plus de {} points. Le volume peut s'en écarter légèrement.",
            fr_int(n as u64),
            crate::fr_num(face.tolerance_mm, 4),
            crate::fr_num(face.nominal_mm, 4),
            fr_int(cap as u64)
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn face(face: u64, tolerance_mm: f64, nominal_mm: f64) -> RelaxedFace {
        RelaxedFace {
            face,
            tolerance_mm,
            nominal_mm,
        }
    }

    #[test]
    fn relaxed_faces_are_told_in_french_with_the_coarsest_tolerance() {
        assert_eq!(relaxed_warning(&[], 250_000), None);
        let one = relaxed_warning(&[face(7, 0.02, 0.005)], 250_000).unwrap();
        assert_eq!(one.code, "step_faces_relaxed");
        assert_eq!(
            one.message,
            "1 face maillée moins finement (jusqu'à 0,0200\u{a0}mm de la surface au lieu de \
             0,0050\u{a0}mm)\u{a0}: elle demandait plus de 250\u{202f}000 points. Le volume peut \
             s'en écarter légèrement."
        );
        let two = relaxed_warning(&[face(7, 0.02, 0.005), face(9, 0.08, 0.01)], 250_000).unwrap();
        assert!(
            two.message.starts_with("2 faces maillées"),
            "{}",
            two.message
        );
        assert!(two.message.contains("0,0800"), "{}", two.message);
        assert!(two.message.contains("elles demandaient"), "{}", two.message);
    }
}
