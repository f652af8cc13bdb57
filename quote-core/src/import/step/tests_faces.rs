//! STEP faces whose trimming the tessellator once got wrong, written here entity by entity: a
//! cone's tip bounded by one circle, outside the parameter box truck gives the cone; a B-spline
//! surface closed round a pole, bounded by one loop and its seam; an edge on part of its curve; a
//! face across the seam of a periodic B-spline written unclamped; a cone and a sphere cut in two
//! halves through their poles.

use super::tests::{closed, volume, Len, Writer};
use super::*;

/// A solid cone, apex down at z = −10, cut by the plane z = −5 (radius 5): its CONICAL_SURFACE
/// is placed at z = 0 with radius 10, so that the face (one circle and the apex) lies entirely
/// below the reference radius, where truck's parameter box of the cone ends.
fn cone_tip_file() -> String {
    let mut w = Writer::new();
    let ctx = w.context(Len::Mm);
    let on = w.point([5.0, 0.0, -5.0]);
    let vertex = w.add(format!("VERTEX_POINT('',#{on})"));
    let circle_ax = w.axis([0.0, 0.0, -5.0], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]);
    let circle = w.add(format!("CIRCLE('',#{circle_ax},5.)"));
    let edge = w.add(format!("EDGE_CURVE('',#{vertex},#{vertex},#{circle},.T.)"));
    // The plane's loop goes round +z (its outward normal), the cone's the other way.
    let up = w.add(format!("ORIENTED_EDGE('',*,*,#{edge},.T.)"));
    let down = w.add(format!("ORIENTED_EDGE('',*,*,#{edge},.F.)"));
    let cone_loop = w.add(format!("EDGE_LOOP('',(#{down}))"));
    let plane_loop = w.add(format!("EDGE_LOOP('',(#{up}))"));
    let cone_bound = w.add(format!("FACE_OUTER_BOUND('',#{cone_loop},.T.)"));
    let plane_bound = w.add(format!("FACE_OUTER_BOUND('',#{plane_loop},.T.)"));
    let cone_ax = w.axis([0.0; 3], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]);
    let cone = w.add(format!(
        "CONICAL_SURFACE('',#{cone_ax},10.,{:?})",
        std::f64::consts::FRAC_PI_4
    ));
    let plane_ax = w.axis([0.0, 0.0, -5.0], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]);
    let plane = w.add(format!("PLANE('',#{plane_ax})"));
    let f1 = w.add(format!("ADVANCED_FACE('',(#{cone_bound}),#{cone},.T.)"));
    let f2 = w.add(format!("ADVANCED_FACE('',(#{plane_bound}),#{plane},.T.)"));
    let shell = w.add(format!("CLOSED_SHELL('',(#{f1},#{f2}))"));
    let solid = w.add(format!("MANIFOLD_SOLID_BREP('',#{shell})"));
    w.add(format!(
        "ADVANCED_BREP_SHAPE_REPRESENTATION('',(#{solid}),#{ctx})"
    ));
    w.finish()
}

#[test]
fn a_cone_tip_outside_truck_s_parameter_box_is_closed_at_its_apex() {
    let read = read_step_with(cone_tip_file().as_bytes(), &StepLimits::default()).unwrap();
    let want = std::f64::consts::PI * 25.0 * 5.0 / 3.0;
    let v = volume(&read.mesh);
    assert!((v - want).abs() < 0.005 * want, "{v} for {want}");
    assert!(closed(&read.mesh), "the cone's tip leaves open edges");
    let lowest = read
        .mesh
        .vertices
        .iter()
        .map(|p| p[2])
        .fold(f64::INFINITY, f64::min);
    assert!((lowest + 10.0).abs() < 1e-6, "apex at z = {lowest}");
}

/// A square pyramid (base 20 × 20 mm at z = 0, apex at z = 15) whose sides are one B-spline
/// surface of degree 1, closed round the axis (its first and last columns of control points
/// coincide, which truck does not take for a period) and collapsed to the apex at its end; the
/// surface goes on below the base to z = −7.5, where the face is trimmed by the base's square.
/// The side face's loop is the square, then the seam edge from a corner to the apex and back,
/// as a Fusion 360 dome is written (`periodic_u_cst`).
fn spline_pyramid_file() -> String {
    let (s, h) = (10.0, 15.0);
    let mut w = Writer::new();
    let ctx = w.context(Len::Mm);
    let corners = [[s, s], [-s, s], [-s, -s], [s, -s], [s, s]];
    let ring = |w: &mut Writer, scale: f64, z: f64| -> Vec<usize> {
        corners
            .iter()
            .map(|c| w.point([c[0] * scale, c[1] * scale, z]))
            .collect()
    };
    let below = ring(&mut w, 1.5, -0.5 * h);
    let base = ring(&mut w, 1.0, 0.0);
    let apex: Vec<usize> = (0..5).map(|_| w.point([0.0, 0.0, h])).collect();
    let row = |r: &[usize]| {
        let ids: Vec<String> = r.iter().map(|i| format!("#{i}")).collect();
        format!("({})", ids.join(","))
    };
    let surface = w.add(format!(
        "B_SPLINE_SURFACE_WITH_KNOTS('',1,1,({},{},{}),.UNSPECIFIED.,.F.,.T.,.F.,(2,1,2),\
         (2,1,1,1,2),(0.,0.5,1.),(0.,1.,2.,3.,4.),.UNSPECIFIED.)",
        row(&below),
        row(&base),
        row(&apex)
    ));
    let square = w.add(format!(
        "B_SPLINE_CURVE_WITH_KNOTS('',1,{},.POLYLINE_FORM.,.T.,.F.,(2,1,1,1,2),\
         (0.,1.,2.,3.,4.),.UNSPECIFIED.)",
        row(&base)
    ));
    let corner = w.add(format!("VERTEX_POINT('',#{})", base[0]));
    let top = w.point([0.0, 0.0, h]);
    let tip = w.add(format!("VERTEX_POINT('',#{top})"));
    let square_edge = w.add(format!("EDGE_CURVE('',#{corner},#{corner},#{square},.T.)"));
    let from = w.point([s, s, 0.0]);
    let d = (2.0 * s * s + h * h).sqrt();
    let dir = w.dir([-s / d, -s / d, h / d]);
    let vec = w.add(format!("VECTOR('',#{dir},{d:?})"));
    let line = w.add(format!("LINE('',#{from},#{vec})"));
    let seam = w.add(format!("EDGE_CURVE('',#{corner},#{tip},#{line},.T.)"));
    let a = w.add(format!("ORIENTED_EDGE('',*,*,#{square_edge},.F.)"));
    let b = w.add(format!("ORIENTED_EDGE('',*,*,#{seam},.T.)"));
    let c = w.add(format!("ORIENTED_EDGE('',*,*,#{seam},.F.)"));
    let side_loop = w.add(format!("EDGE_LOOP('',(#{a},#{b},#{c}))"));
    let e = w.add(format!("ORIENTED_EDGE('',*,*,#{square_edge},.T.)"));
    let base_loop = w.add(format!("EDGE_LOOP('',(#{e}))"));
    let side_bound = w.add(format!("FACE_OUTER_BOUND('',#{side_loop},.T.)"));
    let base_bound = w.add(format!("FACE_OUTER_BOUND('',#{base_loop},.T.)"));
    let plane_ax = w.axis([0.0; 3], [0.0, 0.0, -1.0], [1.0, 0.0, 0.0]);
    let plane = w.add(format!("PLANE('',#{plane_ax})"));
    let f1 = w.add(format!("ADVANCED_FACE('',(#{side_bound}),#{surface},.F.)"));
    let f2 = w.add(format!("ADVANCED_FACE('',(#{base_bound}),#{plane},.T.)"));
    let shell = w.add(format!("CLOSED_SHELL('',(#{f1},#{f2}))"));
    let solid = w.add(format!("MANIFOLD_SOLID_BREP('',#{shell})"));
    w.add(format!(
        "ADVANCED_BREP_SHAPE_REPRESENTATION('',(#{solid}),#{ctx})"
    ));
    w.finish()
}

#[test]
fn a_b_spline_surface_closed_round_a_pole_is_meshed_inside_its_seam_loop() {
    let read = read_step_with(spline_pyramid_file().as_bytes(), &StepLimits::default()).unwrap();
    let want = 20.0 * 20.0 * 15.0 / 3.0;
    let v = volume(&read.mesh);
    assert!((v - want).abs() < 1e-5 * want, "{v} for {want}");
    assert!(closed(&read.mesh), "the pyramid leaves open edges");
    let lowest = read
        .mesh
        .vertices
        .iter()
        .map(|p| p[2])
        .fold(f64::INFINITY, f64::min);
    assert!(
        lowest.abs() < 1e-9,
        "meshed below the base, down to z = {lowest}"
    );
}

/// A box 10 × 20 × 30 mm whose edge along x at y = z = 0 lies on a B-spline line running from
/// x = −5 to x = 15: the edge uses the part between its vertices only (truck gave it the whole
/// curve, and the two faces along it ran past the box).
#[test]
fn an_edge_on_part_of_its_b_spline_curve_stops_at_its_vertices() {
    let mut w = Writer::new();
    let ctx = w.context(Len::Mm);
    let solid = w.box_solid_with([10.0, 20.0, 30.0], None, true);
    w.add(format!(
        "ADVANCED_BREP_SHAPE_REPRESENTATION('',(#{solid}),#{ctx})"
    ));
    let read = read_step_with(w.finish().as_bytes(), &StepLimits::default()).unwrap();
    let v = volume(&read.mesh);
    assert!((v - 6000.0).abs() < 1e-6, "{v}");
    assert!(closed(&read.mesh), "the box leaves open edges");
    let xs = read.mesh.vertices.iter().map(|p| p[0]);
    let (lo, hi) = xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), x| {
        (l.min(x), h.max(x))
    });
    assert!(lo == 0.0 && hi == 10.0, "x from {lo} to {hi}");
}

/// A prism 20 × 20 × 10 mm whose four sides are one B-spline surface written as a periodic spline
/// is, unclamped (degree 1 round the square, knots −1 to 5: defined from 0 to 4 only, where it
/// closes on itself; truck takes the whole knot vector for its range), cut into two faces at two
/// opposite corners, one of them across the spline's seam.
fn unclamped_prism_file() -> String {
    let (s, h) = (10.0, 10.0);
    let corners = [[s, s], [-s, s], [-s, -s], [s, -s]];
    let mut w = Writer::new();
    let ctx = w.context(Len::Mm);
    let at = |w: &mut Writer, i: usize, z: f64| w.point([corners[i % 4][0], corners[i % 4][1], z]);
    let list = |ids: &[usize]| {
        let v: Vec<String> = ids.iter().map(|i| format!("#{i}")).collect();
        format!("({})", v.join(","))
    };
    let bottom_row: Vec<usize> = (0..5).map(|i| at(&mut w, i, 0.0)).collect();
    let top_row: Vec<usize> = (0..5).map(|i| at(&mut w, i, h)).collect();
    let rows: Vec<String> = (0..5).map(|i| list(&[bottom_row[i], top_row[i]])).collect();
    let surface = w.add(format!(
        "B_SPLINE_SURFACE_WITH_KNOTS('',1,1,({}),.UNSPECIFIED.,.T.,.F.,.F.,(1,1,1,1,1,1,1),\
         (2,2),(-1.,0.,1.,2.,3.,4.,5.),(0.,1.),.UNSPECIFIED.)",
        rows.join(",")
    ));
    // Vertices at corners 1 and 3, bottom and top.
    let vertex = |w: &mut Writer, i: usize, z: f64| {
        let p = at(w, i, z);
        w.add(format!("VERTEX_POINT('',#{p})"))
    };
    let (b1, b3, t1, t3) = (
        vertex(&mut w, 1, 0.0),
        vertex(&mut w, 3, 0.0),
        vertex(&mut w, 1, h),
        vertex(&mut w, 3, h),
    );
    // Two edges round each square: corners 1-2-3 and 3-0-1, polylines.
    let half = |w: &mut Writer, from: usize, z: f64, v0: usize, v1: usize| {
        let pts: Vec<usize> = (from..from + 3).map(|i| at(w, i, z)).collect();
        let c = w.add(format!(
            "B_SPLINE_CURVE_WITH_KNOTS('',1,{},.POLYLINE_FORM.,.F.,.F.,(2,1,2),(0.,1.,2.),\
             .UNSPECIFIED.)",
            list(&pts)
        ));
        w.add(format!("EDGE_CURVE('',#{v0},#{v1},#{c},.T.)"))
    };
    let eb1 = half(&mut w, 1, 0.0, b1, b3);
    let eb2 = half(&mut w, 3, 0.0, b3, b1);
    let et1 = half(&mut w, 1, h, t1, t3);
    let et2 = half(&mut w, 3, h, t3, t1);
    let upright = |w: &mut Writer, i: usize, v0: usize, v1: usize| {
        let o = at(w, i, 0.0);
        let d = w.dir([0.0, 0.0, 1.0]);
        let v = w.add(format!("VECTOR('',#{d},{h:?})"));
        let l = w.add(format!("LINE('',#{o},#{v})"));
        w.add(format!("EDGE_CURVE('',#{v0},#{v1},#{l},.T.)"))
    };
    let u1 = upright(&mut w, 1, b1, t1);
    let u3 = upright(&mut w, 3, b3, t3);
    let face = |w: &mut Writer, edges: &[(usize, bool)], surface: usize| {
        let oriented: Vec<usize> = edges
            .iter()
            .map(|&(e, sense)| {
                let s = if sense { ".T." } else { ".F." };
                w.add(format!("ORIENTED_EDGE('',*,*,#{e},{s})"))
            })
            .collect();
        let lp = w.add(format!("EDGE_LOOP('',{})", list(&oriented)));
        let bound = w.add(format!("FACE_OUTER_BOUND('',#{lp},.T.)"));
        w.add(format!("ADVANCED_FACE('',(#{bound}),#{surface},.T.)"))
    };
    let side_a = face(
        &mut w,
        &[(eb1, true), (u3, true), (et1, false), (u1, false)],
        surface,
    );
    let side_b = face(
        &mut w,
        &[(eb2, true), (u1, true), (et2, false), (u3, false)],
        surface,
    );
    let down = w.axis([0.0; 3], [0.0, 0.0, -1.0], [1.0, 0.0, 0.0]);
    let bottom_plane = w.add(format!("PLANE('',#{down})"));
    let up = w.axis([0.0, 0.0, h], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]);
    let top_plane = w.add(format!("PLANE('',#{up})"));
    let bottom = face(&mut w, &[(eb2, false), (eb1, false)], bottom_plane);
    let top = face(&mut w, &[(et1, true), (et2, true)], top_plane);
    let shell = w.add(format!(
        "CLOSED_SHELL('',(#{side_a},#{side_b},#{bottom},#{top}))"
    ));
    let solid = w.add(format!("MANIFOLD_SOLID_BREP('',#{shell})"));
    w.add(format!(
        "ADVANCED_BREP_SHAPE_REPRESENTATION('',(#{solid}),#{ctx})"
    ));
    w.finish()
}

#[test]
fn a_face_across_the_seam_of_an_unclamped_periodic_b_spline_is_meshed_whole() {
    let read = read_step_with(unclamped_prism_file().as_bytes(), &StepLimits::default()).unwrap();
    let v = volume(&read.mesh);
    assert!((v - 4000.0).abs() < 1e-6 * 4000.0, "{v} for 4000");
    assert!(closed(&read.mesh), "the prism leaves open edges");
}

/// The file of one solid whose closed shell is `faces` (ADVANCED_FACE ids), in context `ctx`.
fn solid_file(w: &mut Writer, ctx: usize, faces: &[usize]) -> String {
    let list: Vec<String> = faces.iter().map(|f| format!("#{f}")).collect();
    let shell = w.add(format!("CLOSED_SHELL('',({}))", list.join(",")));
    let solid = w.add(format!("MANIFOLD_SOLID_BREP('',#{shell})"));
    w.add(format!(
        "ADVANCED_BREP_SHAPE_REPRESENTATION('',(#{solid}),#{ctx})"
    ));
    w.finish()
}

/// A solid cone, base of radius 5 at z = 0, apex at z = 10, its side cut into two halves by
/// two lines from the base to the apex (as PRO10363 writes its cone): each half is bounded by a
/// half circle and the two lines, meeting at the apex, a vertex on the cone's pole.
fn half_cones_file() -> String {
    let mut w = Writer::new();
    let ctx = w.context(Len::Mm);
    let vertex = |w: &mut Writer, p: [f64; 3]| {
        let p = w.point(p);
        w.add(format!("VERTEX_POINT('',#{p})"))
    };
    let (v1, v2, apex) = (
        vertex(&mut w, [5.0, 0.0, 0.0]),
        vertex(&mut w, [-5.0, 0.0, 0.0]),
        vertex(&mut w, [0.0, 0.0, 10.0]),
    );
    let circle_ax = w.axis([0.0; 3], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]);
    let circle = w.add(format!("CIRCLE('',#{circle_ax},5.)"));
    // Along the circle: v1 to v2 through +y, v2 to v1 through −y.
    let e1 = w.add(format!("EDGE_CURVE('',#{v1},#{v2},#{circle},.T.)"));
    let e2 = w.add(format!("EDGE_CURVE('',#{v2},#{v1},#{circle},.T.)"));
    let line = |w: &mut Writer, from: usize, p: [f64; 3], d: [f64; 3]| {
        let o = w.point(p);
        let dir = w.dir(d);
        let vec = w.add(format!("VECTOR('',#{dir},1.)"));
        let l = w.add(format!("LINE('',#{o},#{vec})"));
        w.add(format!("EDGE_CURVE('',#{from},#{apex},#{l},.T.)"))
    };
    let n = 125f64.sqrt();
    let l1 = line(&mut w, v1, [5.0, 0.0, 0.0], [-5.0 / n, 0.0, 10.0 / n]);
    let l2 = line(&mut w, v2, [-5.0, 0.0, 0.0], [5.0 / n, 0.0, 10.0 / n]);
    let face = |w: &mut Writer, edges: &[(usize, bool)], surface: usize, sense: bool| {
        let oriented: Vec<String> = edges
            .iter()
            .map(|&(e, o)| {
                let id = w.add(format!(
                    "ORIENTED_EDGE('',*,*,#{e},{})",
                    if o { ".T." } else { ".F." }
                ));
                format!("#{id}")
            })
            .collect();
        let lp = w.add(format!("EDGE_LOOP('',({}))", oriented.join(",")));
        let bound = w.add(format!("FACE_OUTER_BOUND('',#{lp},.T.)"));
        w.add(format!(
            "ADVANCED_FACE('',(#{bound}),#{surface},{})",
            if sense { ".T." } else { ".F." }
        ))
    };
    // Placed as PRO10363 places it: the axis down, the radius at z = 0, the apex above.
    let cone_ax = w.axis([0.0; 3], [0.0, 0.0, -1.0], [0.0, 1.0, 0.0]);
    let cone = w.add(format!(
        "CONICAL_SURFACE('',#{cone_ax},5.,{:?})",
        0.5f64.atan()
    ));
    let plane_ax = w.axis([0.0; 3], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]);
    let plane = w.add(format!("PLANE('',#{plane_ax})"));
    // Each loop counter-clockwise seen from outside.
    let front = face(&mut w, &[(e1, true), (l2, true), (l1, false)], cone, true);
    let back = face(&mut w, &[(e2, true), (l1, true), (l2, false)], cone, true);
    let base = face(&mut w, &[(e2, false), (e1, false)], plane, false);
    solid_file(&mut w, ctx, &[front, back, base])
}

#[test]
fn a_cone_cut_in_two_halves_by_lines_to_its_apex_is_meshed_whole() {
    let read = read_step_with(half_cones_file().as_bytes(), &StepLimits::default()).unwrap();
    let want = std::f64::consts::PI * 25.0 * 10.0 / 3.0;
    let v = volume(&read.mesh);
    assert!((v - want).abs() < 0.005 * want, "{v} for {want}");
    assert!(closed(&read.mesh), "the half cones leave open edges");
}

/// A ball of radius 10 cut into two halves by two meridians in the plane y = 0 (as PRO10363
/// writes its sphere): each half is bounded by the two meridians, meeting at both poles.
fn half_spheres_file() -> String {
    let mut w = Writer::new();
    let ctx = w.context(Len::Mm);
    let vertex = |w: &mut Writer, p: [f64; 3]| {
        let p = w.point(p);
        w.add(format!("VERTEX_POINT('',#{p})"))
    };
    let (north, south) = (
        vertex(&mut w, [0.0, 0.0, 10.0]),
        vertex(&mut w, [0.0, 0.0, -10.0]),
    );
    // Round −y from +x: +x, +z, −x, −z.
    let circle_ax = w.axis([0.0; 3], [0.0, -1.0, 0.0], [1.0, 0.0, 0.0]);
    let circle = w.add(format!("CIRCLE('',#{circle_ax},10.)"));
    // South to north through +x, north to south through −x.
    let m1 = w.add(format!("EDGE_CURVE('',#{south},#{north},#{circle},.T.)"));
    let m2 = w.add(format!("EDGE_CURVE('',#{north},#{south},#{circle},.T.)"));
    let sphere_ax = w.axis([0.0; 3], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]);
    let sphere = w.add(format!("SPHERICAL_SURFACE('',#{sphere_ax},10.)"));
    let face = |w: &mut Writer, o: bool| {
        let flag = if o { ".T." } else { ".F." };
        let a = w.add(format!("ORIENTED_EDGE('',*,*,#{m1},{flag})"));
        let b = w.add(format!("ORIENTED_EDGE('',*,*,#{m2},{flag})"));
        let lp = w.add(format!("EDGE_LOOP('',(#{a},#{b}))"));
        let bound = w.add(format!("FACE_OUTER_BOUND('',#{lp},.T.)"));
        w.add(format!("ADVANCED_FACE('',(#{bound}),#{sphere},.T.)"))
    };
    // Counter-clockwise seen from outside: the half y < 0 up through +x, the half y > 0 down.
    let back = face(&mut w, true);
    let front = face(&mut w, false);
    solid_file(&mut w, ctx, &[back, front])
}

#[test]
fn a_sphere_cut_in_two_halves_by_meridians_is_meshed_whole() {
    let read = read_step_with(half_spheres_file().as_bytes(), &StepLimits::default()).unwrap();
    let want = 4.0 / 3.0 * std::f64::consts::PI * 1000.0;
    let v = volume(&read.mesh);
    assert!((v - want).abs() < 0.005 * want, "{v} for {want}");
    assert!(closed(&read.mesh), "the half spheres leave open edges");
    // Both halves: points on either side of y = 0.
    let ys = read.mesh.vertices.iter().map(|p| p[1]);
    let (lo, hi) = ys.fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), y| {
        (l.min(y), h.max(y))
    });
    assert!(lo < -9.9 && hi > 9.9, "y from {lo} to {hi}");
}
