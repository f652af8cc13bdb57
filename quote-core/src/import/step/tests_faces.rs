//! STEP faces whose trimming the tessellator once got wrong, written here entity by entity: a
//! cone's tip bounded by one circle, outside the parameter box truck gives the cone.

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
