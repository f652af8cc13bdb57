//! The hostile STEP files (issue 22, "Also"), each generated from the box of [`super::writer`]
//! and what must come of it.

use super::writer::{box_file, Writer, HEADER};

/// What reading a case must give.
#[derive(Debug, Clone, Copy)]
pub enum Expect {
    /// A mesh of this volume, mm³.
    Mesh(f64),
    /// A refusal with this error code.
    Refused(&'static str),
}

/// A case: its name (the file name when written out), its generator and what it must give.
pub struct Case {
    pub name: &'static str,
    pub make: fn() -> Vec<u8>,
    pub expect: Expect,
}

const BOX_VOLUME: f64 = 6000.0;

/// Every case.
pub const CASES: &[Case] = &[
    Case {
        name: "instancing_bomb",
        make: || instancing_bomb(true),
        expect: Expect::Refused("step_too_complex"),
    },
    Case {
        name: "instancing_bomb_of_nothing",
        make: || instancing_bomb(false),
        expect: Expect::Refused("step_too_complex"),
    },
    Case {
        name: "cycle_oriented_shells",
        make: cycle_oriented_shells,
        expect: Expect::Refused("step_invalid"),
    },
    Case {
        name: "cycle_shell_lists_itself",
        make: cycle_shell_lists_itself,
        expect: Expect::Refused("step_invalid"),
    },
    Case {
        name: "cycle_oriented_faces",
        make: cycle_oriented_faces,
        expect: Expect::Refused("step_invalid"),
    },
    Case {
        name: "cycle_bound_is_its_own_loop",
        make: cycle_bound_is_its_own_loop,
        expect: Expect::Refused("step_invalid"),
    },
    Case {
        name: "cycle_oriented_edges",
        make: cycle_oriented_edges,
        expect: Expect::Refused("step_invalid"),
    },
    Case {
        name: "cycle_placement_located_at_itself",
        make: cycle_placement,
        expect: Expect::Refused("step_invalid"),
    },
    Case {
        name: "cycle_surface_curves",
        make: cycle_surface_curves,
        expect: Expect::Refused("step_invalid"),
    },
    Case {
        name: "chain_of_100000_surface_curves",
        make: || chain_of_surface_curves(100_000),
        expect: Expect::Refused("step_invalid"),
    },
    Case {
        name: "chain_of_38_surface_curves",
        make: || chain_of_surface_curves(38),
        expect: Expect::Mesh(BOX_VOLUME),
    },
    Case {
        name: "cycle_mapped_items",
        make: cycle_mapped_items,
        expect: Expect::Refused("step_invalid"),
    },
    Case {
        name: "cycle_representation_relationships",
        make: cycle_representation_relationships,
        expect: Expect::Refused("step_invalid"),
    },
    Case {
        name: "parentheses_200000_deep",
        make: deep_parentheses,
        expect: Expect::Refused("step_invalid"),
    },
    Case {
        name: "entity_id_overflow",
        make: entity_id_overflow,
        expect: Expect::Refused("step_invalid"),
    },
    Case {
        name: "unterminated_string",
        make: unterminated_string,
        expect: Expect::Refused("step_invalid"),
    },
    Case {
        name: "no_data_section",
        make: no_data_section,
        expect: Expect::Refused("step_invalid"),
    },
    Case {
        name: "values_30_million",
        make: dense_values,
        expect: Expect::Refused("step_too_complex"),
    },
    Case {
        name: "padding_400000_points",
        make: padding_points,
        expect: Expect::Mesh(BOX_VOLUME),
    },
];

/// Ten copies of a representation, each placing ten copies of the one below, nine levels deep:
/// 10⁹ placed boxes if expanded. `leaf_has_solid` false: the copied leaf is empty and a box
/// stands alone beside the bomb, so that the file is not refused for having no solid.
fn instancing_bomb(leaf_has_solid: bool) -> Vec<u8> {
    let mut w = Writer::new();
    let ctx = w.context();
    let origin = w.axis([0.0; 3], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]);
    let mut rep = if leaf_has_solid {
        w.box_representation(ctx, [1.0, 1.0, 1.0]).1
    } else {
        w.box_representation(ctx, [10.0, 20.0, 30.0]);
        w.add(format!("SHAPE_REPRESENTATION('',(#{origin}),#{ctx})"))
    };
    let targets: Vec<usize> = (0..10)
        .map(|j| w.axis([2.0 * j as f64, 0.0, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]))
        .collect();
    for _level in 0..9 {
        let map = w.add(format!("REPRESENTATION_MAP(#{origin},#{rep})"));
        let items: Vec<String> = targets
            .iter()
            .map(|t| format!("#{}", w.add(format!("MAPPED_ITEM('',#{map},#{t})"))))
            .collect();
        rep = w.add(format!(
            "SHAPE_REPRESENTATION('',({},#{origin}),#{ctx})",
            items.join(",")
        ));
    }
    w.finish().into_bytes()
}

/// The solid's shell is an oriented shell of an oriented shell of the first.
fn cycle_oriented_shells() -> Vec<u8> {
    let mut w = Writer::new();
    let ctx = w.context();
    let (ids, _) = w.box_representation(ctx, [10.0, 20.0, 30.0]);
    let (a, b) = (w.lines.len() + 1, w.lines.len() + 2);
    w.add(format!("ORIENTED_CLOSED_SHELL('',*,#{b},.T.)"));
    w.add(format!("ORIENTED_CLOSED_SHELL('',*,#{a},.F.)"));
    w.set(ids.solid, format!("MANIFOLD_SOLID_BREP('',#{a})"));
    w.finish().into_bytes()
}

/// The shell lists itself among its faces.
fn cycle_shell_lists_itself() -> Vec<u8> {
    let mut w = Writer::new();
    let ctx = w.context();
    let (ids, _) = w.box_representation(ctx, [10.0, 20.0, 30.0]);
    let mut faces: Vec<String> = ids.faces.iter().map(|f| format!("#{f}")).collect();
    faces.push(format!("#{}", ids.shell));
    w.set(ids.shell, format!("CLOSED_SHELL('',({}))", faces.join(",")));
    w.finish().into_bytes()
}

/// A face of the shell is an oriented face of an oriented face of the first.
fn cycle_oriented_faces() -> Vec<u8> {
    let mut w = Writer::new();
    let ctx = w.context();
    let (ids, _) = w.box_representation(ctx, [10.0, 20.0, 30.0]);
    let (a, b) = (w.lines.len() + 1, w.lines.len() + 2);
    w.add(format!("ORIENTED_FACE('',(#{}),#{b},.T.)", ids.bounds[0]));
    w.add(format!("ORIENTED_FACE('',(#{}),#{a},.F.)", ids.bounds[0]));
    let mut faces: Vec<String> = ids.faces.iter().map(|f| format!("#{f}")).collect();
    faces[0] = format!("#{a}");
    w.set(ids.shell, format!("CLOSED_SHELL('',({}))", faces.join(",")));
    w.finish().into_bytes()
}

/// A face's bound is its own loop, and an edge loop lists itself.
fn cycle_bound_is_its_own_loop() -> Vec<u8> {
    let mut w = Writer::new();
    let ctx = w.context();
    let (ids, _) = w.box_representation(ctx, [10.0, 20.0, 30.0]);
    let b = ids.bounds[0];
    w.set(b, format!("FACE_OUTER_BOUND('',#{b},.T.)"));
    let l = ids.loops[1];
    w.set(l, format!("EDGE_LOOP('',(#{l},#{l}))"));
    w.finish().into_bytes()
}

/// An oriented edge of a loop is an oriented edge of an oriented edge of the first.
fn cycle_oriented_edges() -> Vec<u8> {
    let mut w = Writer::new();
    let ctx = w.context();
    let (ids, _) = w.box_representation(ctx, [10.0, 20.0, 30.0]);
    let first = ids.oriented_edges[0];
    let other = w.add(format!("ORIENTED_EDGE('',*,*,#{first},.F.)"));
    w.set(first, format!("ORIENTED_EDGE('',*,*,#{other},.T.)"));
    w.finish().into_bytes()
}

/// A plane's placement is located at itself, and a transformation operator is its own origin.
fn cycle_placement() -> Vec<u8> {
    let mut w = Writer::new();
    let ctx = w.context();
    let (ids, _) = w.box_representation(ctx, [10.0, 20.0, 30.0]);
    let ax = ids.axes[0];
    let z = w.dir([0.0, 0.0, -1.0]);
    w.set(ax, format!("AXIS2_PLACEMENT_3D('',#{ax},#{z},#{ax})"));
    let op = w.lines.len() + 1;
    w.add(format!(
        "CARTESIAN_TRANSFORMATION_OPERATOR_3D('','',#{op},#{op},#{op},1.,#{op})"
    ));
    w.finish().into_bytes()
}

/// An edge follows a surface curve whose 3D curve is another surface curve of the first.
fn cycle_surface_curves() -> Vec<u8> {
    let mut w = Writer::new();
    let ctx = w.context();
    let (ids, _) = w.box_representation(ctx, [10.0, 20.0, 30.0]);
    let (a, b) = (w.lines.len() + 1, w.lines.len() + 2);
    w.add(format!("SURFACE_CURVE('',#{b},(),.CURVE_3D.)"));
    w.add(format!("SEAM_CURVE('',#{a},(),.CURVE_3D.)"));
    let e = ids.edges[0];
    let body = w.lines[e - 1].replace(&format!("#{},", ids.lines[0]), &format!("#{a},"));
    w.set(e, body);
    w.finish().into_bytes()
}

/// An edge follows a surface curve of a surface curve… `n` deep, ending on its line: no cycle,
/// but a reader recursing along 100 000 of them overflows its stack; 38 are within the depth
/// the reader accepts, and read on a WebAssembly stack.
fn chain_of_surface_curves(n: usize) -> Vec<u8> {
    let mut w = Writer::new();
    let ctx = w.context();
    let (ids, _) = w.box_representation(ctx, [10.0, 20.0, 30.0]);
    let mut inner = ids.lines[0];
    for _ in 0..n {
        inner = w.add(format!("SURFACE_CURVE('',#{inner},(),.CURVE_3D.)"));
    }
    let e = ids.edges[0];
    let body = w.lines[e - 1].replace(&format!("#{},", ids.lines[0]), &format!("#{inner},"));
    w.set(e, body);
    w.finish().into_bytes()
}

/// A representation maps itself, twice: each copy holds two copies of itself.
fn cycle_mapped_items() -> Vec<u8> {
    let mut w = Writer::new();
    let ctx = w.context();
    let ids = w.box_solid([10.0, 20.0, 30.0]);
    let origin = w.axis([0.0; 3], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]);
    let t1 = w.axis([50.0, 0.0, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]);
    let t2 = w.axis([0.0, 50.0, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]);
    let (rep, map) = (w.lines.len() + 1, w.lines.len() + 2);
    w.add(format!(
        "SHAPE_REPRESENTATION('',(#{},#{origin},#{},#{}),#{ctx})",
        ids.solid,
        map + 1,
        map + 2
    ));
    w.add(format!("REPRESENTATION_MAP(#{origin},#{rep})"));
    w.add(format!("MAPPED_ITEM('',#{map},#{t1})"));
    w.add(format!("MAPPED_ITEM('',#{map},#{t2})"));
    w.finish().into_bytes()
}

/// Two representations, each placed in the other by a relationship with a transformation.
fn cycle_representation_relationships() -> Vec<u8> {
    let mut w = Writer::new();
    let ctx = w.context();
    let (_, a) = w.box_representation(ctx, [10.0, 20.0, 30.0]);
    let (_, b) = w.box_representation(ctx, [5.0, 5.0, 5.0]);
    let o = w.axis([0.0; 3], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]);
    let t = w.axis([40.0, 0.0, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]);
    for (x, y) in [(a, b), (b, a)] {
        let idt = w.add(format!("ITEM_DEFINED_TRANSFORMATION('','',#{o},#{t})"));
        w.add(format!(
            "( REPRESENTATION_RELATIONSHIP('','',#{x},#{y}) \
             REPRESENTATION_RELATIONSHIP_WITH_TRANSFORMATION(#{idt}) SHAPE_REPRESENTATION_RELATIONSHIP() )"
        ));
    }
    w.finish().into_bytes()
}

/// 200 000 parentheses opened in one point's coordinates.
fn deep_parentheses() -> Vec<u8> {
    let n = 200_000;
    let mut s = String::from(HEADER);
    s.push_str("DATA;\n#1=CARTESIAN_POINT('',");
    s.push_str(&"(".repeat(n));
    s.push_str("0.");
    s.push_str(&")".repeat(n));
    s.push_str(");\nENDSEC;\nEND-ISO-10303-21;\n");
    s.into_bytes()
}

/// The box, with its solid renamed #99999999999999999999999 (wider than 64 bits).
fn entity_id_overflow() -> Vec<u8> {
    let mut w = Writer::new();
    let ctx = w.context();
    let (ids, rep) = w.box_representation(ctx, [10.0, 20.0, 30.0]);
    let body = w.lines[rep - 1].replace(&format!("(#{},", ids.solid), "(#99999999999999999999999,");
    w.set(rep, body);
    let mut text = w.finish();
    text = text.replace(
        &format!("#{}=MANIFOLD", ids.solid),
        "#99999999999999999999999=MANIFOLD",
    );
    text.into_bytes()
}

/// The box, cut in the middle of a string that never closes.
fn unterminated_string() -> Vec<u8> {
    let mut text = box_file();
    text.truncate(text.find("ENDSEC;\nEND-ISO").unwrap());
    text.push_str("#100000=PRODUCT('piece','jamais fermée,");
    text.push_str(&"x".repeat(10_000));
    text.into_bytes()
}

/// A header and no DATA section.
fn no_data_section() -> Vec<u8> {
    let mut s = String::from(HEADER);
    s.push_str("END-ISO-10303-21;\n");
    s.into_bytes()
}

/// The box and 400 000 points nothing refers to.
fn padding_points() -> Vec<u8> {
    let mut w = Writer::new();
    let ctx = w.context();
    w.box_representation(ctx, [10.0, 20.0, 30.0]);
    for i in 0..400_000u32 {
        let x = f64::from(i) * 1e-3;
        w.point([x, -x, 0.5 * x]);
    }
    w.finish().into_bytes()
}

/// 60 MB of zeros in one list: 30 million values, two bytes of text each, that the parser would
/// turn into about 90 bytes each.
fn dense_values() -> Vec<u8> {
    let mut s = String::from(HEADER);
    s.push_str("DATA;\n#1=CARTESIAN_POINT('',(");
    s.push_str(&"0,".repeat(30_000_000));
    s.push_str("0));\nENDSEC;\nEND-ISO-10303-21;\n");
    s.into_bytes()
}
