//! The unit suggestion and the French warnings shown with an analysis.
//!
//! STL and OBJ carry no unit, so millimetres are assumed. A part under 5 mm in every dimension
//! was most likely drawn in larger units: we suggest inches when every side is close to a
//! multiple of 1/16 in (a common imperial grid) and centimetres otherwise. A part over 2 m in
//! some dimension after the user picked centimetres or inches was most likely in millimetres.
//! A part over 2 m in millimetres gets a warning but no suggestion (none of the units offered
//! is smaller).

use super::{Analysis, Unit, Warning};
use crate::error::{fr_int, fr_num};

/// Under this size in every dimension, millimetres look wrong.
const SMALL_MM: f64 = 5.0;
/// Over this size in some dimension, the unit looks wrong.
const LARGE_MM: f64 = 2000.0;

fn on_sixteenth_inch_grid(side_mm: f64) -> bool {
    let sixteenths = side_mm * 16.0;
    side_mm > 0.0 && (sixteenths - sixteenths.round()).abs() < 1e-3
}

/// Suggests a unit for a part of `size` mm analysed in `unit`.
pub(crate) fn suggest_unit(size: [f64; 3], unit: Unit) -> Option<Unit> {
    let largest = size[0].max(size[1]).max(size[2]);
    match unit {
        Unit::Mm if largest > 0.0 && largest < SMALL_MM => {
            if size.iter().all(|&s| s == 0.0 || on_sixteenth_inch_grid(s)) {
                Some(Unit::In)
            } else {
                Some(Unit::Cm)
            }
        }
        Unit::Cm | Unit::In if largest > LARGE_MM => Some(Unit::Mm),
        _ => None,
    }
}

fn warn(out: &mut Vec<Warning>, code: &str, message: String) {
    out.push(Warning {
        code: code.into(),
        message,
    });
}

fn unit_name(u: Unit) -> &'static str {
    match u {
        Unit::Mm => "millimètres",
        Unit::Cm => "centimètres",
        Unit::In => "pouces",
    }
}

/// `singular` for one, else `plural` (French: 0 and 1 take the singular).
fn plural<'a>(n: usize, singular: &'a str, plural: &'a str) -> &'a str {
    if n > 1 {
        plural
    } else {
        singular
    }
}

/// What the repair did, in plain French (one warning per kind of repair).
fn repair_warnings(a: &Analysis, out: &mut Vec<Warning>) {
    let r = &a.repairs;
    if r.welded_vertices > 0 {
        let n = r.welded_vertices;
        let mut msg = format!(
            "{} {} automatiquement",
            fr_int(n as u64),
            plural(
                n,
                "sommet presque confondu avec un autre soudé",
                "sommets presque confondus avec d'autres soudés"
            )
        );
        if r.weld_closed {
            msg.push_str("\u{a0}: le maillage est fermé.");
        } else {
            msg.push('.');
        }
        if r.removed_triangles > 0 {
            msg.push_str(&format!(
                " {} {}.",
                fr_int(r.removed_triangles as u64),
                plural(
                    r.removed_triangles,
                    "triangle devenu sans aire a été retiré",
                    "triangles devenus sans aire ont été retirés"
                )
            ));
        }
        warn(out, "repaired_vertices", msg);
    }
    if r.turned_faces > 0 {
        let n = r.turned_faces;
        warn(
            out,
            "repaired_faces",
            format!(
                "{} {} automatiquement pour suivre {} voisines.",
                fr_int(n as u64),
                plural(n, "face retournée", "faces retournées"),
                plural(n, "ses", "leurs")
            ),
        );
    }
    if r.turned_bodies > 0 {
        let n = r.turned_bodies;
        warn(
            out,
            "repaired_bodies",
            format!(
                "{} {} automatiquement\u{a0}: le volume est compté tel que la pièce sera imprimée.",
                fr_int(n as u64),
                plural(n, "corps à l'envers retourné", "corps à l'envers retournés")
            ),
        );
    }
}

/// The warnings for a finished analysis (everything but the warnings is filled).
pub(crate) fn warnings(a: &Analysis) -> Vec<Warning> {
    let mut out = Vec::new();
    if !a.closed {
        let msg = format!(
            "Le maillage n'est pas étanche\u{a0}: {} arête(s) ouverte(s), {} arête(s) partagée(s) par plus de deux faces. Le volume calculé peut être faux.",
            fr_int(a.boundary_edges as u64),
            fr_int(a.non_manifold_edges as u64)
        );
        warn(&mut out, "not_watertight", msg);
    }
    repair_warnings(a, &mut out);
    if a.overlapping_bodies > 0 {
        warn(
            &mut out,
            "overlapping_bodies",
            format!(
                "{} corps qui se chevauchent\u{a0}: volume de leur union",
                fr_int(a.overlapping_bodies as u64)
            ),
        );
    }
    if a.inconsistent_edges > 0 {
        warn(&mut out, "inconsistent_orientation", format!(
            "Des faces sont retournées\u{a0}: {} arête(s) parcourue(s) dans le même sens par leurs deux faces.",
            fr_int(a.inconsistent_edges as u64)
        ));
    }
    if a.inverted {
        warn(&mut out, "inverted", "Le maillage est retourné (normales vers l'intérieur)\u{a0}: le volume est compté en valeur absolue.".into());
    }
    if a.degenerate_triangles > 0 {
        warn(
            &mut out,
            "degenerate_triangles",
            format!(
                "Le fichier contient {} triangle(s) dégénéré(s), d'aire nulle.",
                fr_int(a.degenerate_triangles as u64)
            ),
        );
    }
    if let Some(w) = a.min_wall_mm {
        for f in a.fits.iter().filter(|f| f.too_thin) {
            warn(
                &mut out,
                "too_thin",
                format!(
                    "Parois trop fines pour le procédé {}\u{a0}: environ {} mm estimés.",
                    f.process,
                    fr_num(w, 2)
                ),
            );
        }
    }
    if !a.fits.is_empty() && a.fits.iter().all(|f| !f.fits) {
        warn(&mut out, "fits_no_process", "La pièce ne rentre dans le volume d'impression d'aucun procédé, dans aucune orientation.".into());
    }
    let size = [0, 1, 2].map(|k| a.bbox_max[k] - a.bbox_min[k]);
    let largest = size[0].max(size[1]).max(size[2]);
    if let Some(u) = a.unit_suggestion {
        warn(&mut out, "unit_suggestion", format!(
            "La pièce mesure {} mm dans sa plus grande dimension\u{a0}: le fichier est peut-être en {}.",
            fr_num(largest, 2),
            unit_name(u)
        ));
    } else if largest > LARGE_MM {
        warn(&mut out, "very_large", format!(
            "La pièce mesure {} mm dans sa plus grande dimension\u{a0}: vérifiez l'unité du fichier.",
            fr_num(largest, 0)
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tiny_part_suggests_a_larger_unit() {
        assert_eq!(suggest_unit([2.0, 1.0, 0.5], Unit::Mm), Some(Unit::In));
        assert_eq!(suggest_unit([2.3, 1.7, 0.41], Unit::Mm), Some(Unit::Cm));
        assert_eq!(suggest_unit([20.0, 1.0, 0.5], Unit::Mm), None);
    }

    #[test]
    fn a_huge_part_in_inches_suggests_millimetres() {
        assert_eq!(suggest_unit([2540.0, 10.0, 10.0], Unit::In), Some(Unit::Mm));
        assert_eq!(suggest_unit([2540.0, 10.0, 10.0], Unit::Mm), None);
    }
}
