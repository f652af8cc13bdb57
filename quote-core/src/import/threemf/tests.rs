//! 3MF reader tests on archives built in memory.

use std::io::Write;

use zip::write::SimpleFileOptions;

use super::*;

const RELS: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Target="/3D/3dmodel.model" Id="r0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/>
</Relationships>"#;

/// A unit tetrahedron as object 1, then `rest` (more resources) and the `build` content.
fn model(unit: &str, rest: &str, build: &str) -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<model unit="{unit}" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02">
<resources>
<object id="1" type="model"><mesh><vertices>
<vertex x="0" y="0" z="0"/><vertex x="1" y="0" z="0"/><vertex x="0" y="1" z="0"/><vertex x="0" y="0" z="1"/>
</vertices><triangles>
<triangle v1="0" v2="2" v3="1"/><triangle v1="0" v2="1" v3="3"/><triangle v1="0" v2="3" v3="2"/><triangle v1="1" v2="2" v3="3"/>
</triangles></mesh></object>{rest}
</resources>
<build>{build}</build>
</model>"#
    )
}

fn archive(parts: &[(&str, &[u8])]) -> Vec<u8> {
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let opts = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    for (name, data) in parts {
        w.start_file(*name, opts).unwrap();
        w.write_all(data).unwrap();
    }
    w.finish().unwrap().into_inner()
}

fn package(model: &str) -> Vec<u8> {
    archive(&[
        ("_rels/.rels", RELS.as_bytes()),
        ("3D/3dmodel.model", model.as_bytes()),
    ])
}

fn volume(m: &Mesh) -> f64 {
    (0..m.triangles.len())
        .map(|t| {
            let [a, b, c] = m.corners(t);
            let x = [
                b[1] * c[2] - b[2] * c[1],
                b[2] * c[0] - b[0] * c[2],
                b[0] * c[1] - b[1] * c[0],
            ];
            a[0] * x[0] + a[1] * x[1] + a[2] * x[2]
        })
        .sum::<f64>()
        / 6.0
}

#[test]
fn the_unit_attribute_scales_to_millimetres() {
    let m = read_3mf(&package(&model(
        "centimeter",
        "",
        r#"<item objectid="1"/>"#,
    )))
    .unwrap();
    assert!((volume(&m) - 1000.0 / 6.0).abs() < 1e-9);
    let m = read_3mf(&package(&model("inch", "", r#"<item objectid="1"/>"#))).unwrap();
    assert!((volume(&m) - 25.4f64.powi(3) / 6.0).abs() < 1e-6);
}

#[test]
fn components_and_item_transforms_are_applied_in_order() {
    let comps = r#"<object id="2"><components><component objectid="1" transform="2 0 0 0 2 0 0 0 2 0 0 0"/><component objectid="1" transform="1 0 0 0 1 0 0 0 1 5 0 0"/></components></object>"#;
    let m = read_3mf(&package(&model(
        "millimeter",
        comps,
        r#"<item objectid="2" transform="1 0 0 0 1 0 0 0 1 0 0 10"/>"#,
    )))
    .unwrap();
    assert_eq!(m.triangles.len(), 8);
    assert!((volume(&m) - (8.0 + 1.0) / 6.0).abs() < 1e-12);
    let min_z = m
        .vertices
        .iter()
        .map(|v| v[2])
        .fold(f64::INFINITY, f64::min);
    let max_x = m
        .vertices
        .iter()
        .map(|v| v[0])
        .fold(f64::NEG_INFINITY, f64::max);
    assert_eq!((min_z, max_x), (10.0, 6.0));
}

#[test]
fn a_mirroring_transform_keeps_the_volume_positive() {
    let m = read_3mf(&package(&model(
        "millimeter",
        "",
        r#"<item objectid="1" transform="-1 0 0 0 1 0 0 0 1 0 0 0"/>"#,
    )))
    .unwrap();
    assert!((volume(&m) - 1.0 / 6.0).abs() < 1e-12);
}

#[test]
fn a_component_cycle_is_refused() {
    let cyc = r#"<object id="2"><components><component objectid="3"/></components></object><object id="3"><components><component objectid="2"/></components></object>"#;
    let e = read_3mf(&package(&model(
        "millimeter",
        cyc,
        r#"<item objectid="2"/>"#,
    )))
    .unwrap_err();
    assert_eq!(e.code(), "invalid_3mf", "{e}");
}

#[test]
fn nested_components_cannot_multiply_work_without_bound() {
    let mut levels = String::new();
    for id in 2..12 {
        let child = id - 1;
        let comps: String = (0..10)
            .map(|_| format!(r#"<component objectid="{child}"/>"#))
            .collect();
        levels.push_str(&format!(
            r#"<object id="{id}"><components>{comps}</components></object>"#
        ));
    }
    let e = read_3mf(&package(&model(
        "millimeter",
        &levels,
        r#"<item objectid="11"/>"#,
    )));
    assert!(e.is_err());
}

#[test]
fn a_triangle_index_past_the_vertices_is_refused() {
    let bad = model("millimeter", "", r#"<item objectid="1"/>"#)
        .replace(r#"v1="1" v2="2" v3="3""#, r#"v1="1" v2="2" v3="9""#);
    assert_eq!(
        read_3mf(&package(&bad)),
        Err(QuoteError::InvalidIndex { index: 9 })
    );
}

#[test]
fn decompression_past_the_limit_is_refused() {
    let bytes = package(&model("millimeter", "", r#"<item objectid="1"/>"#));
    assert!(read_3mf_within(&bytes, 1 << 20).is_ok());
    assert_eq!(read_3mf_within(&bytes, 600), Err(too_large()));
}

#[test]
fn a_missing_model_part_and_a_non_zip_are_refused_clearly() {
    let e = read_3mf(&archive(&[("_rels/.rels", RELS.as_bytes())])).unwrap_err();
    assert!(e.to_string().contains("3D/3dmodel.model"), "{e}");
    assert_eq!(
        read_3mf(b"PK\x03\x04garbage").unwrap_err().code(),
        "invalid_archive"
    );
}

#[test]
fn nan_coordinates_and_unknown_units_are_refused() {
    let nan = model("millimeter", "", r#"<item objectid="1"/>"#).replace(
        r#"<vertex x="0" y="0" z="1"/>"#,
        r#"<vertex x="0" y="NaN" z="1"/>"#,
    );
    assert_eq!(
        read_3mf(&package(&nan)),
        Err(QuoteError::NonFiniteCoordinate)
    );
    let e = read_3mf(&package(&model("furlong", "", r#"<item objectid="1"/>"#))).unwrap_err();
    assert!(e.to_string().contains("furlong"), "{e}");
}

/// A root model whose object 5 places, through `p:path`, object 1 of another part twice.
fn production_package(referenced: Option<&str>) -> Vec<u8> {
    let root = r#"<?xml version="1.0" encoding="UTF-8"?>
<model unit="millimeter" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02"
 xmlns:p="http://schemas.microsoft.com/3dmanufacturing/production/2015/06" requiredextensions="p">
<resources><object id="5" type="model"><components>
<component objectid="1" p:path="/3D/Objects/tetra.model"/>
<component objectid="1" p:path="/3D/Objects/tetra.model" transform="1 0 0 0 1 0 0 0 1 10 0 0"/>
</components></object></resources>
<build><item objectid="5"/><item objectid="1" p:path="/3D/Objects/tetra.model" transform="1 0 0 0 1 0 0 0 1 0 10 0"/></build>
</model>"#;
    let mut parts: Vec<(&str, &[u8])> = vec![
        ("_rels/.rels", RELS.as_bytes()),
        ("3D/3dmodel.model", root.as_bytes()),
    ];
    if let Some(other) = referenced {
        parts.push(("3D/Objects/tetra.model", other.as_bytes()));
    }
    archive(&parts)
}

#[test]
fn production_paths_read_objects_of_other_model_parts() {
    let other = model("millimeter", "", "");
    let m = read_3mf(&production_package(Some(&other))).unwrap();
    assert_eq!(m.triangles.len(), 12);
    assert!((volume(&m) - 3.0 / 6.0).abs() < 1e-12);
    let xs: Vec<f64> = m.vertices.iter().map(|v| v[0]).collect();
    assert!(xs.contains(&10.0) && xs.contains(&11.0));
    assert!(m.vertices.iter().any(|v| v[1] == 11.0));
}

#[test]
fn a_missing_production_part_is_refused_in_french() {
    let e = read_3mf(&production_package(None)).unwrap_err();
    assert_eq!(e.code(), "invalid_archive");
    assert!(
        e.message()
            .contains("«\u{a0}/3D/Objects/tetra.model\u{a0}» désignée par p:path est absente"),
        "{e}"
    );
}
