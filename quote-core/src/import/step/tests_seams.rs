//! STEP faces along a periodic surface's seam that the tessellator once left open, written here
//! entity by entity: a cylinder's flat notch across the surface's u = 0 while the face's seam
//! edge is at u = π; a closed edge whose vertex is not where its B-spline curve starts.

use super::tests::{closed, volume, Len, Writer};
use super::*;

/// `ORIENTED_EDGE`s of `edges` (each with its sense) in an `EDGE_LOOP`; the loop's id.
fn edge_loop(w: &mut Writer, edges: &[(usize, bool)]) -> usize {
    let oriented: Vec<String> = edges
        .iter()
        .map(|&(e, sense)| {
            let s = if sense { ".T." } else { ".F." };
            format!("#{}", w.add(format!("ORIENTED_EDGE('',*,*,#{e},{s})")))
        })
        .collect();
    w.add(format!("EDGE_LOOP('',({}))", oriented.join(",")))
}

/// A face on `surface`: its outer loop, then its holes.
fn face(w: &mut Writer, outer: usize, holes: &[usize], surface: usize) -> usize {
    let mut bounds = vec![format!(
        "#{}",
        w.add(format!("FACE_OUTER_BOUND('',#{outer},.T.)"))
    )];
    for h in holes {
        bounds.push(format!("#{}", w.add(format!("FACE_BOUND('',#{h},.T.)"))));
    }
    w.add(format!(
        "ADVANCED_FACE('',({}),#{surface},.T.)",
        bounds.join(",")
    ))
}

fn vertex(w: &mut Writer, p: [f64; 3]) -> usize {
    let pt = w.point(p);
    w.add(format!("VERTEX_POINT('',#{pt})"))
}

/// A straight edge from `a` (vertex `va`) to `b` (vertex `vb`).
fn line_edge(w: &mut Writer, (a, va): ([f64; 3], usize), (b, vb): ([f64; 3], usize)) -> usize {
    let d = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    let l = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
    let o = w.point(a);
    let dir = w.dir([d[0] / l, d[1] / l, d[2] / l]);
    let v = w.add(format!("VECTOR('',#{dir},{l:?})"));
    let line = w.add(format!("LINE('',#{o},#{v})"));
    w.add(format!("EDGE_CURVE('',#{va},#{vb},#{line},.T.)"))
}

/// A solid of the closed shell of `faces`; its id.
fn solid(w: &mut Writer, faces: &[usize]) -> usize {
    let list: Vec<String> = faces.iter().map(|f| format!("#{f}")).collect();
    let shell = w.add(format!("CLOSED_SHELL('',({}))", list.join(",")));
    w.add(format!("MANIFOLD_SOLID_BREP('',#{shell})"))
}

/// The file of `solids` in one representation.
pub(super) fn represent(mut w: Writer, solids: &[usize], ctx: usize) -> String {
    let list: Vec<String> = solids.iter().map(|s| format!("#{s}")).collect();
    w.add(format!(
        "ADVANCED_BREP_SHAPE_REPRESENTATION('',({}),#{ctx})",
        list.join(",")
    ));
    w.finish()
}

/// Radius, length, the notch's flat at x = −D, from z = Z1 to z = Z2.
const R: f64 = 5.0;
const L: f64 = 20.0;
const D: f64 = 3.0;
const Z1: f64 = 5.0;
const Z2: f64 = 15.0;

/// A round bar along z (radius 5, length 20) with a flat notch cut at x < −3 from z = 5 to
/// z = 15, as a pin's key is written by Fusion 360 (`Z_endstop_pcb_assembly`): the cylinder's
/// reference direction is −x, so that its u = 0 runs through the middle of the notch, and its
/// seam edge is at x = +5 (u = π). The cylinder face has the notch as a hole; the notch is a
/// flat (plane x = −3) and two walls (planes z = 5 and z = 15, each a chord and an arc). Its
/// axis at x = `x0`, y = 0; the solid's id.
pub(super) fn notched_bar(w: &mut Writer, x0: f64) -> usize {
    let s = (R * R - D * D).sqrt();
    let (a, b) = ([x0 + R, 0.0, 0.0], [x0 + R, 0.0, L]);
    let (va, vb) = (vertex(w, a), vertex(w, b));
    let n = [[-D, -s, Z1], [-D, s, Z1], [-D, s, Z2], [-D, -s, Z2]].map(|p| [x0 + p[0], p[1], p[2]]);
    let vn: Vec<usize> = n.iter().map(|&p| vertex(w, p)).collect();
    let circle = |w: &mut Writer, z: f64| {
        let ax = w.axis([x0, 0.0, z], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]);
        w.add(format!("CIRCLE('',#{ax},{R:?})"))
    };
    // The end circles (counter-clockwise round +z), the seam, the notch's edges.
    let c0 = circle(w, 0.0);
    let bottom = w.add(format!("EDGE_CURVE('',#{va},#{va},#{c0},.T.)"));
    let c1 = circle(w, L);
    let top = w.add(format!("EDGE_CURVE('',#{vb},#{vb},#{c1},.T.)"));
    let seam = line_edge(w, (a, va), (b, vb));
    let l1 = line_edge(w, (n[0], vn[0]), (n[3], vn[3]));
    let l2 = line_edge(w, (n[1], vn[1]), (n[2], vn[2]));
    let k1 = line_edge(w, (n[0], vn[0]), (n[1], vn[1]));
    let k2 = line_edge(w, (n[3], vn[3]), (n[2], vn[2]));
    // The arcs on the notch's side (through x = −5), counter-clockwise round +z.
    let c2 = circle(w, Z1);
    let arc1 = w.add(format!("EDGE_CURVE('',#{},#{},#{c2},.T.)", vn[1], vn[0]));
    let c3 = circle(w, Z2);
    let arc2 = w.add(format!("EDGE_CURVE('',#{},#{},#{c3},.T.)", vn[2], vn[3]));

    let plane = |w: &mut Writer, o: [f64; 3], n: [f64; 3], x: [f64; 3]| {
        let ax = w.axis(o, n, x);
        w.add(format!("PLANE('',#{ax})"))
    };
    let cyl_ax = w.axis([x0, 0.0, 0.0], [0.0, 0.0, 1.0], [-1.0, 0.0, 0.0]);
    let cylinder = w.add(format!("CYLINDRICAL_SURFACE('',#{cyl_ax},{R:?})"));
    let outer = edge_loop(
        w,
        &[(bottom, true), (seam, true), (top, false), (seam, false)],
    );
    let hole = edge_loop(w, &[(arc1, false), (l2, true), (arc2, true), (l1, false)]);
    let side = face(w, outer, &[hole], cylinder);
    let p = plane(w, [x0, 0.0, 0.0], [0.0, 0.0, -1.0], [1.0, 0.0, 0.0]);
    let lp = edge_loop(w, &[(bottom, false)]);
    let f_bottom = face(w, lp, &[], p);
    let p = plane(w, [x0, 0.0, L], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]);
    let lp = edge_loop(w, &[(top, true)]);
    let f_top = face(w, lp, &[], p);
    let p = plane(w, [x0 - D, 0.0, 0.0], [-1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
    let lp = edge_loop(w, &[(l1, true), (k2, true), (l2, false), (k1, false)]);
    let flat = face(w, lp, &[], p);
    let p = plane(w, [x0, 0.0, Z1], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]);
    let lp = edge_loop(w, &[(k1, true), (arc1, true)]);
    let wall1 = face(w, lp, &[], p);
    let p = plane(w, [x0, 0.0, Z2], [0.0, 0.0, -1.0], [1.0, 0.0, 0.0]);
    let lp = edge_loop(w, &[(arc2, false), (k2, false)]);
    let wall2 = face(w, lp, &[], p);
    solid(w, &[side, f_bottom, f_top, flat, wall1, wall2])
}

/// The volume of [`notched_bar`].
pub(super) fn notched_bar_volume() -> f64 {
    let segment = R * R * (D / R).acos() - D * (R * R - D * D).sqrt();
    std::f64::consts::PI * R * R * L - segment * (Z2 - Z1)
}

fn notched_bar_file() -> String {
    let mut w = Writer::new();
    let ctx = w.context(Len::Mm);
    let bar = notched_bar(&mut w, 0.0);
    represent(w, &[bar], ctx)
}

#[test]
fn a_notch_across_the_cylinder_s_u_zero_is_a_hole_of_a_face_whose_seam_is_at_u_pi() {
    let read = read_step_with(notched_bar_file().as_bytes(), &StepLimits::default()).unwrap();
    let want = notched_bar_volume();
    let v = volume(&read.mesh);
    assert!(closed(&read.mesh), "the notch leaves open edges");
    assert!((v - want).abs() < 0.002 * want, "{v} for {want}");
}

/// A square prism (20 × 20 mm, 10 mm high) whose four sides are one B-spline surface of degree 1
/// closed round the axis from the corner (−10, −10), and whose bottom and top squares are each one
/// closed edge on a closed B-spline polyline written from the corner (10, 10), while the edges'
/// vertex (and the side face's seam edge) is at the corner (−10, −10): the edges must run from
/// their vertex round to it, not from their curve's start.
fn square_prism_file() -> String {
    let (s, h) = (10.0, 10.0);
    let corners = [[s, s], [-s, s], [-s, -s], [s, -s]];
    let mut w = Writer::new();
    let ctx = w.context(Len::Mm);
    let ring = |w: &mut Writer, from: usize, z: f64| -> Vec<usize> {
        (from..=from + 4)
            .map(|i| w.point([corners[i % 4][0], corners[i % 4][1], z]))
            .collect()
    };
    let list = |ids: &[usize]| {
        let v: Vec<String> = ids.iter().map(|i| format!("#{i}")).collect();
        format!("({})", v.join(","))
    };
    // u round the axis (counter-clockwise round +z), v up: the surface's normal points out.
    let (side_bottom, side_top) = (ring(&mut w, 2, 0.0), ring(&mut w, 2, h));
    let rows: Vec<String> = (0..5)
        .map(|i| list(&[side_bottom[i], side_top[i]]))
        .collect();
    let surface = w.add(format!(
        "B_SPLINE_SURFACE_WITH_KNOTS('',1,1,({}),.UNSPECIFIED.,.T.,.F.,.F.,(2,1,1,1,2),(2,2),\
         (0.,1.,2.,3.,4.),(0.,1.),.UNSPECIFIED.)",
        rows.join(",")
    ));
    let square = |w: &mut Writer, z: f64| {
        let pts = list(&ring(w, 0, z));
        w.add(format!(
            "B_SPLINE_CURVE_WITH_KNOTS('',1,{pts},.POLYLINE_FORM.,.T.,.F.,(2,1,1,1,2),\
             (0.,1.,2.,3.,4.),.UNSPECIFIED.)"
        ))
    };
    let (a, b) = ([-s, -s, 0.0], [-s, -s, h]);
    let (va, vb) = (vertex(&mut w, a), vertex(&mut w, b));
    let c0 = square(&mut w, 0.0);
    let bottom = w.add(format!("EDGE_CURVE('',#{va},#{va},#{c0},.T.)"));
    let c1 = square(&mut w, h);
    let top = w.add(format!("EDGE_CURVE('',#{vb},#{vb},#{c1},.T.)"));
    let seam = line_edge(&mut w, (a, va), (b, vb));
    let outer = edge_loop(
        &mut w,
        &[(bottom, true), (seam, true), (top, false), (seam, false)],
    );
    let side = face(&mut w, outer, &[], surface);
    let down = w.axis([0.0; 3], [0.0, 0.0, -1.0], [1.0, 0.0, 0.0]);
    let p = w.add(format!("PLANE('',#{down})"));
    let lp = edge_loop(&mut w, &[(bottom, false)]);
    let f_bottom = face(&mut w, lp, &[], p);
    let up = w.axis([0.0, 0.0, h], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]);
    let p = w.add(format!("PLANE('',#{up})"));
    let lp = edge_loop(&mut w, &[(top, true)]);
    let f_top = face(&mut w, lp, &[], p);
    let prism = solid(&mut w, &[side, f_bottom, f_top]);
    represent(w, &[prism], ctx)
}

#[test]
fn a_closed_edge_runs_from_its_vertex_not_from_its_curve_s_start() {
    let read = read_step_with(square_prism_file().as_bytes(), &StepLimits::default()).unwrap();
    let v = volume(&read.mesh);
    assert!(closed(&read.mesh), "the prism leaves open edges");
    assert!((v - 4000.0).abs() < 1e-6 * 4000.0, "{v} for 4000");
}
