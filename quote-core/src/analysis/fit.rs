//! The best axis-aligned orientation of the part in each process's build volume.
//!
//! Candidates: each of the six axis directions as "up", with the two horizontal sides in
//! either order (12 in all). Among the candidates that fit, a process with supports takes
//! the least estimated support volume, then the lowest height (less resin or powder under
//! the part, fewer layers); a powder process takes the lowest height (fewer layers, the
//! machine time). When none fits, the candidate closest to fitting (smallest largest ratio of
//! part side to machine side) is reported with `fits: false`.

use super::overhang::{Overhang, DIRECTIONS};
use super::{ProcessFit, ProcessGeometry};

/// Relative slack so that a part exactly the size of the machine fits despite rounding.
const SLACK: f64 = 1e-9;

/// Chooses the orientation for one process.
pub(crate) fn best_fit(
    process: &ProcessGeometry,
    size: [f64; 3],
    overhangs: &[Overhang; DIRECTIONS],
    min_wall: Option<f64>,
) -> ProcessFit {
    let build = process.build_volume_mm;
    let mut best: Option<(bool, (f64, f64), ProcessFit)> = None;
    for (dir, dir_overhang) in overhangs.iter().enumerate() {
        let up = dir / 2;
        let (h1, h2) = ((up + 1) % 3, (up + 2) % 3);
        for [a, b] in [[h1, h2], [h2, h1]] {
            let oriented = [size[a], size[b], size[up]];
            let ratio = (0..3)
                .map(|k| oriented[k] / build[k].max(f64::MIN_POSITIVE))
                .fold(0.0, f64::max);
            let fits = ratio <= 1.0 + SLACK;
            let o = if process.needs_support {
                *dir_overhang
            } else {
                Overhang::default()
            };
            let score = if !fits {
                (ratio, 0.0)
            } else if process.needs_support {
                (o.support_volume, oriented[2])
            } else {
                (oriented[2], 0.0)
            };
            let better = match &best {
                None => true,
                Some((bf, bs, _)) => (fits && !bf) || (fits == *bf && score < *bs),
            };
            if better {
                let fit = ProcessFit {
                    process: process.code.clone(),
                    fits,
                    up_axis: up,
                    upside_down: dir % 2 == 1,
                    oriented_size_mm: oriented,
                    height_mm: oriented[2],
                    bbox_volume_mm3: oriented[0] * oriented[1] * oriented[2],
                    overhang_area_mm2: o.area,
                    support_volume_mm3: o.support_volume,
                    too_thin: min_wall.is_some_and(|w| w < process.min_wall_mm),
                };
                best = Some((fits, score, fit));
            }
        }
    }
    best.expect("twelve candidates").2
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sla() -> ProcessGeometry {
        ProcessGeometry::defaults().remove(0)
    }

    #[test]
    fn a_long_bar_lies_down_to_fit() {
        let none = [Overhang::default(); DIRECTIONS];
        let f = best_fit(&sla(), [20.0, 10.0, 320.0], &none, None);
        assert!(f.fits);
        assert_eq!(f.oriented_size_mm, [320.0, 20.0, 10.0]);
        assert_eq!(f.up_axis, 1);
    }

    #[test]
    fn least_support_wins_for_a_supported_process() {
        let mut o = [Overhang::default(); DIRECTIONS];
        for (d, v) in o.iter_mut().enumerate() {
            v.support_volume = if d == 3 { 1.0 } else { 50.0 };
        }
        let f = best_fit(&sla(), [10.0, 10.0, 10.0], &o, Some(0.5));
        assert_eq!((f.up_axis, f.upside_down), (1, true));
        assert!(f.too_thin);
    }

    #[test]
    fn a_part_larger_than_the_machine_does_not_fit() {
        let none = [Overhang::default(); DIRECTIONS];
        let f = best_fit(&sla(), [400.0, 400.0, 400.0], &none, None);
        assert!(!f.fits);
    }
}
