//! The validation of what truck reads without checking (coordinates, B-spline degrees, knots
//! and weights), so that a malformed file is refused rather than panicking the reader.

use truck_stepio::r#in::ruststep::ast::{Parameter, Record};

use super::{as_int, as_list, as_real, as_ref, invalid, params, Model};
use crate::import::MAX_COORDINATE;
use crate::QuoteError;

/// Highest B-spline degree accepted (CAD systems write up to 9 or so).
const MAX_DEGREE: i64 = 25;

impl<'a> Model<'a> {
    /// Checks what truck reads without checking: coordinates, B-spline knots, weights.
    pub fn validate(&self) -> Result<(), QuoteError> {
        for &id in &self.ids {
            for r in self.records(id) {
                match r.name.as_str() {
                    "CARTESIAN_POINT" | "DIRECTION" => {
                        let c = params(r).get(1).and_then(as_list);
                        let ok = c.is_some_and(|c| {
                            (1..=3).contains(&c.len())
                                && c.iter().all(|v| {
                                    as_real(v)
                                        .is_some_and(|x| x.is_finite() && x.abs() <= MAX_COORDINATE)
                                })
                        });
                        if !ok {
                            return Err(invalid(format!(
                                "coordonnées invalides dans l'entité #{id} ({})",
                                r.name
                            )));
                        }
                    }
                    "B_SPLINE_CURVE_WITH_KNOTS"
                    | "B_SPLINE_SURFACE_WITH_KNOTS"
                    | "B_SPLINE_CURVE"
                    | "B_SPLINE_SURFACE"
                    | "RATIONAL_B_SPLINE_CURVE"
                    | "RATIONAL_B_SPLINE_SURFACE"
                    | "BEZIER_CURVE"
                    | "BEZIER_SURFACE"
                    | "UNIFORM_CURVE"
                    | "UNIFORM_SURFACE"
                    | "QUASI_UNIFORM_CURVE"
                    | "QUASI_UNIFORM_SURFACE" => {
                        self.validate_spline(id).map_err(|what| {
                            invalid(format!("B-spline #{id} incohérente ({what})"))
                        })?;
                    }
                    _ => {}
                }
            }
        }
        Ok(())
    }

    /// One B-spline entity, simple or complex: degrees, control net, knots and weights agree.
    fn validate_spline(&self, id: u64) -> Result<(), &'static str> {
        let recs = self.records(id);
        let simple = recs.len() == 1;
        let surface = recs.iter().any(|r| r.name.contains("SURFACE"));
        let (net, degrees) = self.spline_net(recs, simple, surface)?;
        check_knots(recs, simple, surface, &net, &degrees)?;
        check_weights(recs, surface, &net)
    }

    /// The control net's size and the degree along each direction of a B-spline (one for a
    /// curve, two for a surface), every control point readable.
    fn spline_net(
        &self,
        recs: &[Record],
        simple: bool,
        surface: bool,
    ) -> Result<(Vec<usize>, Vec<i64>), &'static str> {
        // (degree(s), control points) come from B_SPLINE_* (complex) or the simple record.
        let base = if simple {
            &recs[0]
        } else {
            let n = if surface {
                "B_SPLINE_SURFACE"
            } else {
                "B_SPLINE_CURVE"
            };
            recs.iter()
                .find(|r| r.name == n)
                .ok_or("enregistrement de base absent")?
        };
        let p = params(base);
        let off = usize::from(simple); // the simple record starts with its name
        let degree = |i: usize| -> Result<i64, &'static str> {
            let d = p.get(i).and_then(as_int).ok_or("degré absent")?;
            if (1..=MAX_DEGREE).contains(&d) {
                Ok(d)
            } else {
                Err("degré hors limites")
            }
        };
        let net_degrees = if surface {
            let (du, dv) = (degree(off)?, degree(off + 1)?);
            let rows = p
                .get(off + 2)
                .and_then(as_list)
                .ok_or("points de contrôle absents")?;
            let cols = rows.first().and_then(as_list).map_or(0, |r| r.len());
            if rows.is_empty() || cols == 0 {
                return Err("réseau de points de contrôle vide");
            }
            for row in rows {
                let row = as_list(row).ok_or("ligne de points de contrôle invalide")?;
                if row.len() != cols
                    || row
                        .iter()
                        .any(|q| as_ref(q).and_then(|q| self.point(q)).is_none())
                {
                    return Err("réseau de points de contrôle irrégulier");
                }
            }
            (vec![rows.len(), cols], vec![du, dv])
        } else {
            let d = degree(off)?;
            let pts = p
                .get(off + 1)
                .and_then(as_list)
                .ok_or("points de contrôle absents")?;
            if pts.is_empty()
                || pts
                    .iter()
                    .any(|q| as_ref(q).and_then(|q| self.point(q)).is_none())
            {
                return Err("points de contrôle invalides");
            }
            (vec![pts.len()], vec![d])
        };
        Ok(net_degrees)
    }
}

/// The knots agree with the degrees and the control net, where the B-spline has knots.
fn check_knots(
    recs: &[Record],
    simple: bool,
    surface: bool,
    net: &[usize],
    degrees: &[i64],
) -> Result<(), &'static str> {
    // Knots: in the simple record after the flags, or in *_WITH_KNOTS.
    let knots_rec = if simple {
        Some((&recs[0], if surface { 8 } else { 6 }))
    } else {
        let n = if surface {
            "B_SPLINE_SURFACE_WITH_KNOTS"
        } else {
            "B_SPLINE_CURVE_WITH_KNOTS"
        };
        recs.iter().find(|r| r.name == n).map(|r| (r, 0))
    };
    let with_knots = recs.iter().any(|r| r.name.ends_with("_WITH_KNOTS"));
    if let (true, Some((kr, start))) = (with_knots, knots_rec) {
        let kp = params(kr);
        let dims = net.len();
        for dim in 0..dims {
            let mults = kp
                .get(start + dim)
                .and_then(as_list)
                .ok_or("multiplicités absentes")?;
            let knots = kp
                .get(start + dims + dim)
                .and_then(as_list)
                .ok_or("nœuds absents")?;
            if mults.len() != knots.len() || knots.len() < 2 {
                return Err("nœuds et multiplicités de longueurs différentes");
            }
            let mut total = 0i64;
            let mut last = f64::NEG_INFINITY;
            for (m, k) in mults.iter().zip(knots) {
                let m = as_int(m).ok_or("multiplicité invalide")?;
                let k = as_real(k).ok_or("nœud invalide")?;
                if !(1..=degrees[dim] + 1).contains(&m) || !k.is_finite() || k < last {
                    return Err("vecteur nodal invalide");
                }
                last = k;
                total += m;
            }
            if total != net[dim] as i64 + degrees[dim] + 1 {
                return Err("nombre de nœuds incompatible avec le réseau");
            }
        }
    }
    Ok(())
}

/// The weights of a rational B-spline, all positive, agree with the control net.
fn check_weights(recs: &[Record], surface: bool, net: &[usize]) -> Result<(), &'static str> {
    if let Some(w) = recs
        .iter()
        .find(|r| r.name.starts_with("RATIONAL_B_SPLINE"))
    {
        let wl = params(w).first().and_then(as_list).ok_or("poids absents")?;
        let ok_weight = |v: &Parameter| as_real(v).is_some_and(|x| x.is_finite() && x > 0.0);
        if surface {
            if wl.len() != net[0]
                || wl.iter().any(|row| {
                    as_list(row).is_none_or(|r| r.len() != net[1] || !r.iter().all(ok_weight))
                })
            {
                return Err("poids incompatibles avec le réseau");
            }
        } else if wl.len() != net[0] || !wl.iter().all(ok_weight) {
            return Err("poids incompatibles avec les points de contrôle");
        }
    }
    Ok(())
}
