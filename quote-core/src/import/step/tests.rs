//! STEP files written here, entity by entity: a box in millimetres or inches, an assembly of
//! placed copies, and the refusals (no solid, unsupported surface, inconsistent B-spline,
//! broken syntax).

use super::*;
use crate::import::import;
use crate::Format;

/// Length unit of a generated file.
#[derive(Clone, Copy)]
pub(super) enum Len {
    Mm,
    Inch,
    Metre,
}

/// A STEP writer numbering entities as it goes.
pub(super) struct Writer {
    lines: Vec<String>,
}

impl Writer {
    pub(super) fn new() -> Self {
        Writer { lines: Vec::new() }
    }

    pub(super) fn add(&mut self, body: impl Into<String>) -> usize {
        self.lines.push(body.into());
        self.lines.len()
    }

    pub(super) fn point(&mut self, p: [f64; 3]) -> usize {
        self.add(format!(
            "CARTESIAN_POINT('',({:?},{:?},{:?}))",
            p[0], p[1], p[2]
        ))
    }

    pub(super) fn dir(&mut self, d: [f64; 3]) -> usize {
        self.add(format!("DIRECTION('',({:?},{:?},{:?}))", d[0], d[1], d[2]))
    }

    pub(super) fn axis(&mut self, o: [f64; 3], z: [f64; 3], x: [f64; 3]) -> usize {
        let (o, z, x) = (self.point(o), self.dir(z), self.dir(x));
        self.add(format!("AXIS2_PLACEMENT_3D('',#{o},#{z},#{x})"))
    }

    /// The representation context with its length unit.
    pub(super) fn context(&mut self, len: Len) -> usize {
        let mm = self.add("( LENGTH_UNIT() NAMED_UNIT(*) SI_UNIT(.MILLI.,.METRE.) )");
        let unit = match len {
            Len::Mm => mm,
            Len::Metre => self.add("( LENGTH_UNIT() NAMED_UNIT(*) SI_UNIT($,.METRE.) )"),
            Len::Inch => {
                let m = self.add(format!(
                    "LENGTH_MEASURE_WITH_UNIT(LENGTH_MEASURE(25.4),#{mm})"
                ));
                let dim = self.add("DIMENSIONAL_EXPONENTS(1.,0.,0.,0.,0.,0.,0.)");
                self.add(format!(
                    "( CONVERSION_BASED_UNIT('INCH',#{m}) LENGTH_UNIT() NAMED_UNIT(#{dim}) )"
                ))
            }
        };
        let ang = self.add("( NAMED_UNIT(*) PLANE_ANGLE_UNIT() SI_UNIT($,.RADIAN.) )");
        let sa = self.add("( NAMED_UNIT(*) SI_UNIT($,.STERADIAN.) SOLID_ANGLE_UNIT() )");
        let u = self.add(format!(
            "UNCERTAINTY_MEASURE_WITH_UNIT(LENGTH_MEASURE(1.E-07),#{unit},'distance_accuracy_value','')"
        ));
        self.add(format!(
            "( GEOMETRIC_REPRESENTATION_CONTEXT(3) GLOBAL_UNCERTAINTY_ASSIGNED_CONTEXT((#{u})) \
             GLOBAL_UNIT_ASSIGNED_CONTEXT((#{unit},#{ang},#{sa})) REPRESENTATION_CONTEXT('','') )"
        ))
    }

    /// An axis-aligned box `[0,a]x[0,b]x[0,c]` as a MANIFOLD_SOLID_BREP; returns its id.
    /// `surface` replaces the top face's PLANE when given (an unsupported type, say).
    fn box_solid(&mut self, size: [f64; 3], top_surface: Option<&str>) -> usize {
        self.box_solid_with(size, top_surface, false)
    }

    /// [`Writer::box_solid`], its edge along x at y = z = 0 on a B-spline line (degree 1) that
    /// runs half the box's length past each of its vertices when `long_edge`.
    pub(super) fn box_solid_with(
        &mut self,
        [a, b, c]: [f64; 3],
        top_surface: Option<&str>,
        long_edge: bool,
    ) -> usize {
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
        let faces: [([usize; 4], [f64; 3], [f64; 3]); 6] = [
            ([0, 2, 3, 1], [0.0, 0.0, -1.0], [1.0, 0.0, 0.0]),
            ([4, 5, 7, 6], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]),
            ([0, 1, 5, 4], [0.0, -1.0, 0.0], [1.0, 0.0, 0.0]),
            ([2, 6, 7, 3], [0.0, 1.0, 0.0], [1.0, 0.0, 0.0]),
            ([0, 4, 6, 2], [-1.0, 0.0, 0.0], [0.0, 1.0, 0.0]),
            ([1, 3, 7, 5], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]),
        ];
        let mut edges: Vec<((usize, usize), usize)> = Vec::new();
        let mut face_ids = Vec::new();
        for (k, (lp, n, x)) in faces.iter().enumerate() {
            let mut oriented = Vec::new();
            for j in 0..4 {
                let (s, e) = (lp[j], lp[(j + 1) % 4]);
                let key = (s.min(e), s.max(e));
                let edge = match edges.iter().find(|(k2, _)| *k2 == key) {
                    Some(&(_, id)) => id,
                    None => {
                        let (ps, pe) = (p(key.0), p(key.1));
                        let d = [pe[0] - ps[0], pe[1] - ps[1], pe[2] - ps[2]];
                        let l = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
                        let line = if long_edge && key == (0, 1) {
                            let from = self.point([-0.5 * a, 0.0, 0.0]);
                            let to = self.point([1.5 * a, 0.0, 0.0]);
                            self.add(format!(
                                "B_SPLINE_CURVE_WITH_KNOTS('',1,(#{from},#{to}),\
                                 .POLYLINE_FORM.,.F.,.F.,(2,2),(0.,1.),.UNSPECIFIED.)"
                            ))
                        } else {
                            let origin = self.point(ps);
                            let dir = self.dir([d[0] / l, d[1] / l, d[2] / l]);
                            let vec = self.add(format!("VECTOR('',#{dir},{l:?})"));
                            self.add(format!("LINE('',#{origin},#{vec})"))
                        };
                        let id = self.add(format!(
                            "EDGE_CURVE('',#{},#{},#{line},.T.)",
                            vertices[key.0], vertices[key.1]
                        ));
                        edges.push((key, id));
                        id
                    }
                };
                let sense = if s < e { ".T." } else { ".F." };
                oriented.push(self.add(format!("ORIENTED_EDGE('',*,*,#{edge},{sense})")));
            }
            let list: Vec<String> = oriented.iter().map(|o| format!("#{o}")).collect();
            let lp_id = self.add(format!("EDGE_LOOP('',({}))", list.join(",")));
            let bound = self.add(format!("FACE_OUTER_BOUND('',#{lp_id},.T.)"));
            let on = p(lp[0]);
            let ax = self.axis(on, *n, *x);
            let surface = match (k, top_surface) {
                (1, Some(s)) => self.add(s.replace("AXIS", &format!("#{ax}"))),
                _ => self.add(format!("PLANE('',#{ax})")),
            };
            face_ids.push(self.add(format!("ADVANCED_FACE('',(#{bound}),#{surface},.T.)")));
        }
        let list: Vec<String> = face_ids.iter().map(|f| format!("#{f}")).collect();
        let shell = self.add(format!("CLOSED_SHELL('',({}))", list.join(",")));
        self.add(format!("MANIFOLD_SOLID_BREP('',#{shell})"))
    }

    pub(super) fn finish(&self) -> String {
        let mut s = String::from(
            "ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION((''),'2;1');\n\
             FILE_NAME('essai','2026-01-01T00:00:00',(''),(''),'','','');\n\
             FILE_SCHEMA(('AUTOMOTIVE_DESIGN { 1 0 10303 214 1 1 1 1 }'));\nENDSEC;\nDATA;\n",
        );
        for (i, l) in self.lines.iter().enumerate() {
            s.push_str(&format!("#{}={};\n", i + 1, l));
        }
        s.push_str("ENDSEC;\nEND-ISO-10303-21;\n");
        s
    }
}

/// A single box in its own representation.
fn box_file(size: [f64; 3], len: Len) -> String {
    let mut w = Writer::new();
    let ctx = w.context(len);
    let solid = w.box_solid(size, None);
    let ax = w.axis([0.0; 3], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]);
    w.add(format!(
        "ADVANCED_BREP_SHAPE_REPRESENTATION('',(#{solid},#{ax}),#{ctx})"
    ));
    w.finish()
}

pub(super) fn volume(m: &Mesh) -> f64 {
    tess::signed_volume(&m.vertices, &m.triangles)
}

fn bbox(m: &Mesh) -> ([f64; 3], [f64; 3]) {
    let mut lo = [f64::INFINITY; 3];
    let mut hi = [f64::NEG_INFINITY; 3];
    for v in &m.vertices {
        for i in 0..3 {
            lo[i] = lo[i].min(v[i]);
            hi[i] = hi[i].max(v[i]);
        }
    }
    (lo, hi)
}

pub(super) fn closed(m: &Mesh) -> bool {
    let mut edges = std::collections::HashMap::new();
    for t in &m.triangles {
        for k in 0..3 {
            *edges.entry((t[k], t[(k + 1) % 3])).or_insert(0i32) += 1;
        }
    }
    edges
        .iter()
        .all(|(&(a, b), &n)| n == 1 && edges.get(&(b, a)) == Some(&1))
}

#[test]
fn a_millimetre_box_reads_closed_with_its_exact_volume() {
    let text = box_file([10.0, 20.0, 30.0], Len::Mm);
    let (format, mesh) = import("boite.step", text.as_bytes()).unwrap();
    assert_eq!(format, Format::Step);
    assert!((volume(&mesh) - 6000.0).abs() < 1e-6, "{}", volume(&mesh));
    assert!(closed(&mesh), "the box must be watertight");
    let (lo, hi) = bbox(&mesh);
    assert_eq!(lo, [0.0, 0.0, 0.0]);
    assert!(
        (hi[0] - 10.0).abs() < 1e-9 && (hi[1] - 20.0).abs() < 1e-9 && (hi[2] - 30.0).abs() < 1e-9
    );
}

#[test]
fn the_length_unit_comes_from_the_file() {
    let inch = read_step(box_file([1.0, 2.0, 3.0], Len::Inch).as_bytes()).unwrap();
    let want = 6.0 * 25.4f64.powi(3);
    assert!(
        (volume(&inch) - want).abs() < want * 1e-9,
        "{}",
        volume(&inch)
    );
    let metre = read_step_with(
        box_file([0.01, 0.02, 0.03], Len::Metre).as_bytes(),
        &StepLimits::default(),
    )
    .unwrap();
    assert_eq!(metre.unit_mm, 1000.0);
    assert!(
        (volume(&metre.mesh) - 6000.0).abs() < 1e-6,
        "{}",
        volume(&metre.mesh)
    );
}

#[test]
fn assembly_copies_are_placed_and_the_solid_tessellated_once() {
    let mut w = Writer::new();
    let ctx = w.context(Len::Mm);
    let solid = w.box_solid([10.0, 10.0, 10.0], None);
    let part_origin = w.axis([0.0; 3], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]);
    let part = w.add(format!(
        "ADVANCED_BREP_SHAPE_REPRESENTATION('',(#{solid},#{part_origin}),#{ctx})"
    ));
    // Two copies: one moved by (100, 0, 0), one turned a quarter about z and lifted by 50.
    let a1 = w.axis([100.0, 0.0, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]);
    let a2 = w.axis([0.0, 0.0, 50.0], [0.0, 0.0, 1.0], [0.0, 1.0, 0.0]);
    let asm = w.add(format!("SHAPE_REPRESENTATION('',(#{a1},#{a2}),#{ctx})"));
    for a in [a1, a2] {
        let idt = w.add(format!(
            "ITEM_DEFINED_TRANSFORMATION('','',#{part_origin},#{a})"
        ));
        w.add(format!(
            "( REPRESENTATION_RELATIONSHIP('','',#{part},#{asm}) \
             REPRESENTATION_RELATIONSHIP_WITH_TRANSFORMATION(#{idt}) SHAPE_REPRESENTATION_RELATIONSHIP() )"
        ));
    }
    let read = read_step_with(w.finish().as_bytes(), &StepLimits::default()).unwrap();
    assert_eq!(read.solids, 2);
    assert_eq!(read.distinct_solids, 1);
    assert!((volume(&read.mesh) - 2000.0).abs() < 1e-6);
    let (lo, hi) = bbox(&read.mesh);
    // The turned copy spans x in [-10, 0], y in [0, 10], z in [50, 60].
    let want_lo = [-10.0, 0.0, 0.0];
    let want_hi = [110.0, 10.0, 60.0];
    for i in 0..3 {
        assert!((lo[i] - want_lo[i]).abs() < 1e-9, "{lo:?}");
        assert!((hi[i] - want_hi[i]).abs() < 1e-9, "{hi:?}");
    }
    assert!(closed(&read.mesh));
}

#[test]
fn a_file_without_solid_is_refused_with_what_it_holds() {
    let mut w = Writer::new();
    let ctx = w.context(Len::Mm);
    let solid = w.box_solid([1.0, 1.0, 1.0], None);
    // Turn the solid into a surface model: drop the MANIFOLD_SOLID_BREP's name.
    let shell = solid - 1;
    w.lines[solid - 1] = format!("SHELL_BASED_SURFACE_MODEL('',(#{shell}))");
    w.add(format!(
        "MANIFOLD_SURFACE_SHAPE_REPRESENTATION('',(#{solid}),#{ctx})"
    ));
    let e = read_step(w.finish().as_bytes()).unwrap_err();
    assert_eq!(e.code(), "step_no_solid");
    let msg = e.to_string();
    assert!(msg.contains("que des surfaces"), "{msg}");
    assert!(msg.contains("STL ou en 3MF"), "{msg}");
}

#[test]
fn an_unsupported_surface_is_named() {
    let mut w = Writer::new();
    let ctx = w.context(Len::Mm);
    let solid = w.box_solid([1.0, 1.0, 1.0], Some("OFFSET_SURFACE('',#1,0.5,.F.)"));
    w.add(format!(
        "ADVANCED_BREP_SHAPE_REPRESENTATION('',(#{solid}),#{ctx})"
    ));
    let e = read_step(w.finish().as_bytes()).unwrap_err();
    assert_eq!(e.code(), "step_unsupported");
    assert!(e.to_string().contains("OFFSET_SURFACE"), "{e}");
}

#[test]
fn inconsistent_b_spline_knots_are_refused_before_truck_sees_them() {
    let mut text = box_file([1.0, 1.0, 1.0], Len::Mm);
    // A curve whose multiplicities do not add up: 2 + 2 = 4, but 3 points of degree 2 need 6.
    text = text.replace(
        "ENDSEC;\nEND-ISO",
        "#9001=B_SPLINE_CURVE_WITH_KNOTS('',2,(#6,#6,#6),.UNSPECIFIED.,.F.,.F.,(2,2),(0.,1.),.UNSPECIFIED.);\nENDSEC;\nEND-ISO",
    );
    // Nothing refers to it: it is never parsed (see `prune`), and the box is read.
    assert!(read_step(text.as_bytes()).is_ok());
    // Among the items of the representation, it is read, and refused.
    let text = text.replace(
        "ADVANCED_BREP_SHAPE_REPRESENTATION('',(",
        "ADVANCED_BREP_SHAPE_REPRESENTATION('',(#9001,",
    );
    let e = read_step(text.as_bytes()).unwrap_err();
    assert_eq!(e.code(), "step_invalid");
    assert!(e.to_string().contains("B-spline #9001"), "{e}");
}

#[test]
fn broken_syntax_and_truncation_are_refused_not_panicked() {
    let text = box_file([1.0, 1.0, 1.0], Len::Mm);
    for cut in [20, text.len() / 3, text.len() / 2, text.len() - 30] {
        let e = read_step(&text.as_bytes()[..cut]).unwrap_err();
        assert!(e.code().starts_with("step_"), "{e:?}");
    }
    let e = read_step(b"ISO-10303-21;\nHEADER;\nENDSEC;\nDATA;\n#1=FOO(;\nENDSEC;\n").unwrap_err();
    assert_eq!(e.code(), "step_invalid");
}

#[test]
fn the_same_file_gives_the_same_triangles() {
    let text = box_file([3.0, 4.0, 5.0], Len::Inch);
    let a = read_step(text.as_bytes()).unwrap();
    let b = read_step(text.as_bytes()).unwrap();
    assert_eq!(a, b);
}

#[test]
fn mutated_files_give_a_mesh_or_a_french_error_never_a_panic() {
    let base = box_file([2.0, 3.0, 4.0], Len::Inch).into_bytes();
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let alphabet = b"(),#'0123456789.;E-+*$ =ABCZ_/\n";
    let (mut read, mut refused) = (0, 0);
    for _ in 0..400 {
        let mut bytes = base.clone();
        for _ in 0..1 + next() % 4 {
            let at = (next() % bytes.len() as u64) as usize;
            match next() % 4 {
                0 => bytes[at] = alphabet[(next() % alphabet.len() as u64) as usize],
                1 => {
                    let end = (at + 1 + (next() % 40) as usize).min(bytes.len());
                    bytes.drain(at..end);
                }
                2 => {
                    let end = (at + 1 + (next() % 40) as usize).min(bytes.len());
                    let chunk = bytes[at..end].to_vec();
                    bytes.splice(at..at, chunk);
                }
                _ => bytes.insert(at, alphabet[(next() % alphabet.len() as u64) as usize]),
            }
        }
        match read_step(&bytes) {
            Ok(m) => {
                read += 1;
                assert!(m.vertices.iter().flatten().all(|c| c.is_finite()));
            }
            Err(e) => {
                refused += 1;
                assert!(e.code().starts_with("step_"), "{e:?}");
                assert!(e.to_string().contains("STL"), "{e}");
            }
        }
    }
    assert_eq!(read + refused, 400);
    assert!(refused > 0 && read > 0, "{read} read, {refused} refused");
}

#[test]
fn an_ap242_tessellated_solid_is_read_from_its_strips_and_fans() {
    // A 2 x 3 x 4 box in inches: its eight corners in one COORDINATES_LIST, reached through a
    // shuffled pnindex; four sides as one strip, the bottom and top as fans.
    let mut w = Writer::new();
    let ctx = w.context(Len::Inch);
    let (a, b, c) = (2.0, 3.0, 4.0);
    let corners = [
        [0.0, 0.0, 0.0],
        [a, 0.0, 0.0],
        [a, b, 0.0],
        [0.0, b, 0.0],
        [0.0, 0.0, c],
        [a, 0.0, c],
        [a, b, c],
        [0.0, b, c],
    ];
    // The list holds corner k at position 8 - k.
    let list: Vec<String> = corners
        .iter()
        .rev()
        .map(|p| format!("({:?},{:?},{:?})", p[0], p[1], p[2]))
        .collect();
    let coords = w.add(format!("COORDINATES_LIST('',8,({}))", list.join(",")));
    let pn = "(8,7,6,5,4,3,2,1)";
    // Local index k+1 is corner k.
    let strip = "(5,1,6,2,7,3,8,4,5,1)";
    let face = w.add(format!(
        "COMPLEX_TRIANGULATED_FACE('',#{coords},8,((0.,0.,1.)),$,{pn},({strip}),((1,4,3,2),(5,6,7,8)))"
    ));
    let solid = w.add(format!("TESSELLATED_SOLID('box',(#{face}),$)"));
    w.add(format!(
        "TESSELLATED_SHAPE_REPRESENTATION('',(#{solid}),#{ctx})"
    ));
    let read = read_step_with(w.finish().as_bytes(), &StepLimits::default()).unwrap();
    assert_eq!(read.mesh.triangles.len(), 12);
    let want = a * b * c * 25.4f64.powi(3);
    assert!(
        (volume(&read.mesh) - want).abs() < 1e-6 * want,
        "{}",
        volume(&read.mesh)
    );
    assert!(closed(&read.mesh));
}

#[test]
fn placements_without_reference_direction_are_read() {
    // Every AXIS2_PLACEMENT_3D without its reference direction: the two planes whose normal is
    // along x then have the default reference direction (x) parallel to their axis.
    let text: String = box_file([10.0, 20.0, 30.0], Len::Mm)
        .lines()
        .map(|l| {
            if l.contains("AXIS2_PLACEMENT_3D") {
                let cut = l.rfind(",#").unwrap();
                format!("{},$);\n", &l[..cut])
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    assert!(text.contains(",$);"));
    let read = read_step_with(text.as_bytes(), &StepLimits::default()).unwrap();
    assert!(
        (volume(&read.mesh) - 6000.0).abs() < 1e-6,
        "{}",
        volume(&read.mesh)
    );
    assert!(closed(&read.mesh));
}

#[test]
fn a_sphere_face_without_bounds_is_meshed_whole() {
    let mut w = Writer::new();
    let ctx = w.context(Len::Mm);
    let ax = w.axis([1.0, 2.0, 3.0], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]);
    let sphere = w.add(format!("SPHERICAL_SURFACE('',#{ax},10.)"));
    // An empty list, which the parser refuses as written.
    let face = w.add(format!("ADVANCED_FACE('',( ),#{sphere},.T.)"));
    let shell = w.add(format!("CLOSED_SHELL('',(#{face}))"));
    let solid = w.add(format!("MANIFOLD_SOLID_BREP('',#{shell})"));
    w.add(format!(
        "ADVANCED_BREP_SHAPE_REPRESENTATION('',(#{solid}),#{ctx})"
    ));
    let read = read_step_with(w.finish().as_bytes(), &StepLimits::default()).unwrap();
    let want = 4.0 / 3.0 * std::f64::consts::PI * 1000.0;
    let v = volume(&read.mesh);
    assert!((v - want).abs() < 0.005 * want, "{v} for {want}");
    let (lo, hi) = bbox(&read.mesh);
    assert!(
        (lo[2] + 7.0).abs() < 1e-6 && (hi[2] - 13.0).abs() < 1e-6,
        "{lo:?} {hi:?}"
    );
}

#[test]
fn empty_lists_are_marked_for_the_parser_outside_strings_only() {
    assert_eq!(
        mark_empty_lists("#7=ADVANCED_FACE('a()',(),#8,.T.);"),
        "#7=ADVANCED_FACE('a()',(*),#8,.T.);"
    );
    assert_eq!(
        mark_empty_lists("#1=(LENGTH_UNIT()NAMED_UNIT(*));"),
        "#1=(LENGTH_UNIT()NAMED_UNIT(*));"
    );
    let e =
        nom_finish::parse_statement(&mark_empty_lists("#7=ADVANCED_FACE('',(),#8,.T.);")).unwrap();
    let ruststep::ast::EntityInstance::Simple { record, .. } = e else {
        panic!("simple entity expected")
    };
    let ruststep::ast::Parameter::List(p) = record.parameter else {
        panic!("parameter list expected")
    };
    assert!(matches!(&p[1], ruststep::ast::Parameter::List(v) if v.is_empty()));
}

#[test]
fn comments_blanks_and_a_bom_before_the_header_are_read() {
    let text = format!(
        "\u{FEFF}/* Exported by CAD 2026\n   licence: CC-BY */\r\n\n{}",
        box_file([10.0, 20.0, 30.0], Len::Mm)
    );
    let (format, mesh) = import("piece.bin", text.as_bytes()).unwrap();
    assert_eq!(format, Format::Step);
    assert!((volume(&mesh) - 6000.0).abs() < 1e-6);
    // Past 64 KiB of comments, the file is no longer taken for STEP.
    let long = format!(
        "/*{}*/\n{}",
        "x".repeat(70_000),
        box_file([1.0; 3], Len::Mm)
    );
    let e = import("piece.step", long.as_bytes()).unwrap_err();
    assert!(e.to_string().contains("ISO-10303-21"), "{e}");
}
