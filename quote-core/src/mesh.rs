//! The indexed triangle mesh every importer produces, in millimetres.

/// An indexed triangle mesh. Vertices are welded by exact coordinates (`-0.0` counts as `0.0`),
/// so two triangles share a vertex index exactly when they share a position bit for bit.
/// Coordinates are in millimetres, after any unit and build transform of the source file.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Mesh {
    /// Unique vertex positions.
    pub vertices: Vec<[f64; 3]>,
    /// Triangles as indices into `vertices`, in file order (counter-clockwise seen from outside).
    pub triangles: Vec<[u32; 3]>,
}

impl Mesh {
    /// The three corner positions of triangle `t`.
    #[inline]
    pub fn corners(&self, t: usize) -> [[f64; 3]; 3] {
        let [a, b, c] = self.triangles[t];
        [
            self.vertices[a as usize],
            self.vertices[b as usize],
            self.vertices[c as usize],
        ]
    }

    /// Multiplies every coordinate by `factor` (unit change), keeping the topology.
    pub fn scale(&mut self, factor: f64) {
        for v in &mut self.vertices {
            for c in v.iter_mut() {
                *c *= factor;
            }
        }
    }
}
