//! Length and plane angle units: what a representation context declares, through SI prefixes
//! and conversion-based units (the inch, the degree).

use super::{as_enum, as_list, as_real, as_ref, params, Model};

/// The name of the SI prefix's factor.
fn si_prefix(p: Option<&str>) -> Option<f64> {
    Some(match p {
        None => 1.0,
        Some("EXA") => 1e18,
        Some("PETA") => 1e15,
        Some("TERA") => 1e12,
        Some("GIGA") => 1e9,
        Some("MEGA") => 1e6,
        Some("KILO") => 1e3,
        Some("HECTO") => 1e2,
        Some("DECA") => 1e1,
        Some("DECI") => 1e-1,
        Some("CENTI") => 1e-2,
        Some("MILLI") => 1e-3,
        Some("MICRO") => 1e-6,
        Some("NANO") => 1e-9,
        Some("PICO") => 1e-12,
        Some(_) => return None,
    })
}

impl<'a> Model<'a> {
    /// Millimetres per length unit of a representation context, if it declares one.
    pub fn context_length_mm(&self, context: u64) -> Option<f64> {
        let r = self.record(context, "GLOBAL_UNIT_ASSIGNED_CONTEXT")?;
        let units = params(r).first().and_then(as_list)?;
        units
            .iter()
            .filter_map(as_ref)
            .find(|&u| self.record(u, "LENGTH_UNIT").is_some())
            .and_then(|u| self.length_unit_mm(u, 0))
    }

    /// Radians per plane angle unit of a representation context, if it declares one.
    fn context_angle_rad(&self, context: u64) -> Option<f64> {
        let r = self.record(context, "GLOBAL_UNIT_ASSIGNED_CONTEXT")?;
        let units = params(r).first().and_then(as_list)?;
        let u = units
            .iter()
            .filter_map(as_ref)
            .find(|&u| self.record(u, "PLANE_ANGLE_UNIT").is_some())?;
        self.unit_factor(u, "RADIAN", 1.0, 0)
    }

    fn length_unit_mm(&self, unit: u64, depth: usize) -> Option<f64> {
        self.unit_factor(unit, "METRE", 1000.0, depth)
    }

    /// The factor of a unit to `base` (an SI unit name), times `base_factor`.
    fn unit_factor(&self, unit: u64, base: &str, base_factor: f64, depth: usize) -> Option<f64> {
        if depth > 8 {
            return None;
        }
        if let Some(si) = self.record(unit, "SI_UNIT") {
            let p = params(si);
            // Simple SI_UNIT(dimensions, prefix, name) or complex SI_UNIT(prefix, name).
            let (prefix, name) = match p.len() {
                2 => (&p[0], &p[1]),
                3 => (&p[1], &p[2]),
                _ => return None,
            };
            if as_enum(name)? != base {
                return None;
            }
            return si_prefix(as_enum(prefix)).map(|f| f * base_factor);
        }
        let conv = self.record(unit, "CONVERSION_BASED_UNIT")?;
        let measure = params(conv).get(1).and_then(as_ref)?;
        let m = self
            .records(measure)
            .iter()
            .find(|r| r.name.ends_with("MEASURE_WITH_UNIT") && params(r).len() == 2)?;
        let value = as_real(&params(m)[0])?;
        let inner = as_ref(&params(m)[1])?;
        let f = value * self.unit_factor(inner, base, base_factor, depth + 1)?;
        (f.is_finite() && f > 0.0).then_some(f)
    }

    /// The plane angle unit of the file, in radians, when some context declares one other than
    /// the radian (the degree, usually).
    pub fn angle_unit_rad(&self) -> Option<f64> {
        self.ids
            .iter()
            .filter_map(|&id| self.context_angle_rad(id))
            .find(|&f| (f - 1.0).abs() > 1e-12)
    }

    /// Scales the semi-angle of conical surfaces written in another angle unit (degrees) to
    /// radians, which is what truck reads.
    pub fn conical_angles(&self) -> Vec<u64> {
        self.all("CONICAL_SURFACE").map(|(id, _)| id).collect()
    }
}
