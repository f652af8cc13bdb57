//! Files written loosely that OpenCascade reads: names omitted (`$`) on every entity, a
//! statement without its semicolon, complex instances whose records are not in alphabetical order
//! (issue 24, part 1).

use super::tests::{closed, volume, Writer};
use super::*;

/// A 10 × 20 × 30 mm box, written by the tests' writer.
fn box_text() -> String {
    let mut w = Writer::new();
    let ctx = w.context(super::tests::Len::Mm);
    let solid = w.box_solid_with([10.0, 20.0, 30.0], None, false);
    let ax = w.axis([0.0; 3], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]);
    w.add(format!(
        "ADVANCED_BREP_SHAPE_REPRESENTATION('',(#{solid},#{ax}),#{ctx})"
    ));
    w.finish()
}

#[test]
fn names_written_dollar_are_read_as_empty_names() {
    // wrenchnut.stp writes `$` for the name of every shell, face, edge and surface: truck's
    // conversion refused the shell.
    let text = box_text().replace("('',", "($,");
    assert!(text.contains("CLOSED_SHELL($,"), "{text}");
    let mesh = read_step(text.as_bytes()).unwrap();
    assert!((volume(&mesh) - 6000.0).abs() < 1e-6, "{}", volume(&mesh));
    assert!(closed(&mesh));
}

#[test]
fn a_face_whose_statement_lost_its_semicolon_is_still_read() {
    // multi-axis-robot.step: `#4479 = ADVANCED_FACE(...)` then `#4480 = ...` on the next line.
    let text = box_text();
    let face = text
        .lines()
        .find(|l| l.contains("=ADVANCED_FACE("))
        .unwrap()
        .to_string();
    let broken = text.replacen(&face, face.trim_end_matches(';'), 1);
    assert_ne!(broken, text);
    let mesh = read_step(broken.as_bytes()).unwrap();
    assert!((volume(&mesh) - 6000.0).abs() < 1e-6, "{}", volume(&mesh));
    assert!(closed(&mesh));
}

#[test]
fn a_rational_curve_whose_records_are_not_in_alphabetical_order_is_read() {
    // USB4145-03-0230-C_REVA2.step writes its rational B-spline curves `(B_SPLINE_CURVE(...)
    // B_SPLINE_CURVE_WITH_KNOTS(...) RATIONAL_B_SPLINE_CURVE(...) BOUNDED_CURVE() ...)`:
    // truck reads them only in alphabetical order, and the shell was refused.
    let mut w = Writer::new();
    let ctx = w.context(super::tests::Len::Mm);
    let solid = w.box_solid_with([10.0, 20.0, 30.0], None, true);
    let ax = w.axis([0.0; 3], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]);
    w.add(format!(
        "ADVANCED_BREP_SHAPE_REPRESENTATION('',(#{solid},#{ax}),#{ctx})"
    ));
    let text = w.finish();
    let line = text
        .lines()
        .find(|l| l.contains("=B_SPLINE_CURVE_WITH_KNOTS('',1,("))
        .unwrap()
        .to_string();
    let (head, rest) = line
        .split_once("=B_SPLINE_CURVE_WITH_KNOTS('',1,(")
        .unwrap();
    let (points, _) = rest.split_once(')').unwrap();
    let complex = format!(
        "{head}=(B_SPLINE_CURVE(1,({points}),.POLYLINE_FORM.,.F.,.F.)\
         B_SPLINE_CURVE_WITH_KNOTS((2,2),(0.,1.),.UNSPECIFIED.)\
         RATIONAL_B_SPLINE_CURVE((1.0,1.0))BOUNDED_CURVE()REPRESENTATION_ITEM('')\
         GEOMETRIC_REPRESENTATION_ITEM()CURVE());"
    );
    let text = text.replacen(&line, &complex, 1);
    assert!(text.contains("=(B_SPLINE_CURVE(1,("), "{text}");
    let mesh = read_step(text.as_bytes()).unwrap();
    assert!((volume(&mesh) - 6000.0).abs() < 1e-6, "{}", volume(&mesh));
    assert!(closed(&mesh));
}
