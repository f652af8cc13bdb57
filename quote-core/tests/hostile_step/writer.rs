//! A STEP writer for the hostile files: entities numbered as they are added, a box solid whose
//! parts are named (so that a case can rewire one of them), and the file's frame.

/// The ids of a box solid's entities, for the cases that rewire one of them.
pub struct BoxIds {
    pub solid: usize,
    pub shell: usize,
    pub faces: Vec<usize>,
    pub bounds: Vec<usize>,
    pub loops: Vec<usize>,
    pub oriented_edges: Vec<usize>,
    pub edges: Vec<usize>,
    pub lines: Vec<usize>,
    pub axes: Vec<usize>,
}

/// Entity bodies, `#n` being the n-th added.
pub struct Writer {
    pub lines: Vec<String>,
}

impl Writer {
    pub fn new() -> Self {
        Writer { lines: Vec::new() }
    }

    pub fn add(&mut self, body: impl Into<String>) -> usize {
        self.lines.push(body.into());
        self.lines.len()
    }

    /// Replaces the body of entity `id`.
    pub fn set(&mut self, id: usize, body: impl Into<String>) {
        self.lines[id - 1] = body.into();
    }

    pub fn point(&mut self, p: [f64; 3]) -> usize {
        self.add(format!(
            "CARTESIAN_POINT('',({:?},{:?},{:?}))",
            p[0], p[1], p[2]
        ))
    }

    pub fn dir(&mut self, d: [f64; 3]) -> usize {
        self.add(format!("DIRECTION('',({:?},{:?},{:?}))", d[0], d[1], d[2]))
    }

    pub fn axis(&mut self, o: [f64; 3], z: [f64; 3], x: [f64; 3]) -> usize {
        let (o, z, x) = (self.point(o), self.dir(z), self.dir(x));
        self.add(format!("AXIS2_PLACEMENT_3D('',#{o},#{z},#{x})"))
    }

    /// A representation context in millimetres.
    pub fn context(&mut self) -> usize {
        let mm = self.add("( LENGTH_UNIT() NAMED_UNIT(*) SI_UNIT(.MILLI.,.METRE.) )");
        let ang = self.add("( NAMED_UNIT(*) PLANE_ANGLE_UNIT() SI_UNIT($,.RADIAN.) )");
        self.add(format!(
            "( GEOMETRIC_REPRESENTATION_CONTEXT(3) GLOBAL_UNIT_ASSIGNED_CONTEXT((#{mm},#{ang})) \
             REPRESENTATION_CONTEXT('','') )"
        ))
    }

    /// An axis-aligned box `[0,a]x[0,b]x[0,c]` as a MANIFOLD_SOLID_BREP.
    pub fn box_solid(&mut self, [a, b, c]: [f64; 3]) -> BoxIds {
        let p = |i: usize| {
            [
                (i & 1) as f64 * a,
                ((i >> 1) & 1) as f64 * b,
                ((i >> 2) & 1) as f64 * c,
            ]
        };
        let vertices: Vec<usize> = (0..8)
            .map(|i| {
                let pt = self.point(p(i));
                self.add(format!("VERTEX_POINT('',#{pt})"))
            })
            .collect();
        // Faces as vertex loops, counter-clockwise seen from outside, with their normal.
        let sides: [([usize; 4], [f64; 3], [f64; 3]); 6] = [
            ([0, 2, 3, 1], [0.0, 0.0, -1.0], [1.0, 0.0, 0.0]),
            ([4, 5, 7, 6], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]),
            ([0, 1, 5, 4], [0.0, -1.0, 0.0], [1.0, 0.0, 0.0]),
            ([2, 6, 7, 3], [0.0, 1.0, 0.0], [1.0, 0.0, 0.0]),
            ([0, 4, 6, 2], [-1.0, 0.0, 0.0], [0.0, 1.0, 0.0]),
            ([1, 3, 7, 5], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]),
        ];
        let mut ids = BoxIds {
            solid: 0,
            shell: 0,
            faces: Vec::new(),
            bounds: Vec::new(),
            loops: Vec::new(),
            oriented_edges: Vec::new(),
            edges: Vec::new(),
            lines: Vec::new(),
            axes: Vec::new(),
        };
        let mut by_key: Vec<((usize, usize), usize)> = Vec::new();
        for (lp, n, x) in &sides {
            let mut oriented = Vec::new();
            for j in 0..4 {
                let (s, e) = (lp[j], lp[(j + 1) % 4]);
                let key = (s.min(e), s.max(e));
                let edge = match by_key.iter().find(|(k, _)| *k == key) {
                    Some(&(_, id)) => id,
                    None => {
                        let (ps, pe) = (p(key.0), p(key.1));
                        let d = [pe[0] - ps[0], pe[1] - ps[1], pe[2] - ps[2]];
                        let l = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
                        let origin = self.point(ps);
                        let dir = self.dir([d[0] / l, d[1] / l, d[2] / l]);
                        let vec = self.add(format!("VECTOR('',#{dir},{l:?})"));
                        let line = self.add(format!("LINE('',#{origin},#{vec})"));
                        let id = self.add(format!(
                            "EDGE_CURVE('',#{},#{},#{line},.T.)",
                            vertices[key.0], vertices[key.1]
                        ));
                        ids.lines.push(line);
                        ids.edges.push(id);
                        by_key.push((key, id));
                        id
                    }
                };
                let sense = if s < e { ".T." } else { ".F." };
                let oe = self.add(format!("ORIENTED_EDGE('',*,*,#{edge},{sense})"));
                oriented.push(format!("#{oe}"));
                ids.oriented_edges.push(oe);
            }
            let lp_id = self.add(format!("EDGE_LOOP('',({}))", oriented.join(",")));
            let bound = self.add(format!("FACE_OUTER_BOUND('',#{lp_id},.T.)"));
            let ax = self.axis(p(lp[0]), *n, *x);
            let plane = self.add(format!("PLANE('',#{ax})"));
            let face = self.add(format!("ADVANCED_FACE('',(#{bound}),#{plane},.T.)"));
            ids.loops.push(lp_id);
            ids.bounds.push(bound);
            ids.axes.push(ax);
            ids.faces.push(face);
        }
        let list: Vec<String> = ids.faces.iter().map(|f| format!("#{f}")).collect();
        ids.shell = self.add(format!("CLOSED_SHELL('',({}))", list.join(",")));
        ids.solid = self.add(format!("MANIFOLD_SOLID_BREP('',#{})", ids.shell));
        ids
    }

    /// A box in its own representation; returns the box's ids and the representation's.
    pub fn box_representation(&mut self, ctx: usize, size: [f64; 3]) -> (BoxIds, usize) {
        let ids = self.box_solid(size);
        let origin = self.axis([0.0; 3], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]);
        let rep = self.add(format!(
            "ADVANCED_BREP_SHAPE_REPRESENTATION('',(#{},#{origin}),#{ctx})",
            ids.solid
        ));
        (ids, rep)
    }

    /// The whole file: header, DATA section, end.
    pub fn finish(&self) -> String {
        let mut s = String::with_capacity(self.lines.len() * 48 + 256);
        s.push_str(HEADER);
        s.push_str("DATA;\n");
        for (i, l) in self.lines.iter().enumerate() {
            s.push_str(&format!("#{}={};\n", i + 1, l));
        }
        s.push_str("ENDSEC;\nEND-ISO-10303-21;\n");
        s
    }
}

/// The file's first lines, up to its DATA section.
pub const HEADER: &str = "ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION((''),'2;1');\n\
     FILE_NAME('hostile','2026-01-01T00:00:00',(''),(''),'','','');\n\
     FILE_SCHEMA(('AUTOMOTIVE_DESIGN { 1 0 10303 214 1 1 1 1 }'));\nENDSEC;\n";

/// A 10 × 20 × 30 mm box alone.
pub fn box_file() -> String {
    let mut w = Writer::new();
    let ctx = w.context();
    w.box_representation(ctx, [10.0, 20.0, 30.0]);
    w.finish()
}
