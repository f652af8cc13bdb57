//! The 3MF model part (XML): unit, objects (mesh, components) and build items.
//!
//! Parsed as a stream with namespace resolution. Elements of other namespaces (materials,
//! beam lattices, slices, ignorable markup) are skipped with their content; an undefined
//! namespace prefix, a second root element, a missing `resources` or `build`, an unknown
//! object type, a non-UTF-8 encoding or an unsupported required extension are refused.

use std::io::BufRead;

use quick_xml::events::{BytesStart, Event};
use quick_xml::name::ResolveResult;
use quick_xml::NsReader;

use super::assemble::{Affine, Component, Model, Object};
use crate::import::{parse_coord, too_many, MAX_TRIANGLES};
use crate::{error::fr_int, QuoteError};

const CORE: &[u8] = b"http://schemas.microsoft.com/3dmanufacturing/core/2015/02";
/// The production extension: components and build items may point to an object of another
/// model part (`p:path`); its UUIDs do not matter to the quote.
const PRODUCTION: &[u8] = b"http://schemas.microsoft.com/3dmanufacturing/production/2015/06";
/// Extensions whose required files we can read: production (`p:path` parts), materials (colours only matter to the
/// preview), slices (the mesh is still there) and beam lattices (triangles are read; beams
/// are not priced).
const READABLE_EXTENSIONS: &[&[u8]] = &[
    PRODUCTION,
    b"http://schemas.microsoft.com/3dmanufacturing/material/2015/02",
    b"http://schemas.microsoft.com/3dmanufacturing/slice/2015/07",
    b"http://schemas.microsoft.com/3dmanufacturing/beamlattice/2017/02",
];

pub(crate) fn spec(detail: impl Into<String>) -> QuoteError {
    QuoteError::Invalid3mf {
        detail: detail.into(),
    }
}

fn syntax(detail: String) -> QuoteError {
    QuoteError::Syntax {
        format: "3MF",
        line: 0,
        detail,
    }
}

/// Where the parser is in the tree.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ctx {
    Model,
    Resources,
    Object,
    Mesh,
    Vertices,
    Triangles,
    Components,
    Build,
    Ignored,
}

fn attr(e: &BytesStart, name: &[u8]) -> Result<Option<String>, QuoteError> {
    for a in e.attributes() {
        let a = a.map_err(|err| syntax(format!("attribut mal formé ({err})")))?;
        if a.key.as_ref() == name {
            let v = a
                .unescape_value()
                .map_err(|err| syntax(format!("valeur d'attribut mal formée ({err})")))?;
            return Ok(Some(v.into_owned()));
        }
    }
    Ok(None)
}

fn required(e: &BytesStart, name: &str, element: &str) -> Result<String, QuoteError> {
    attr(e, name.as_bytes())?.ok_or_else(|| {
        spec(format!(
            "l'élément «\u{a0}{element}\u{a0}» n'a pas d'attribut «\u{a0}{name}\u{a0}»"
        ))
    })
}

fn number(e: &BytesStart, name: &str) -> Result<f64, QuoteError> {
    let v = required(e, name, "vertex")?;
    parse_coord(v.trim())
        .unwrap_or_else(|| Err(spec(format!("coordonnée invalide «\u{a0}{v}\u{a0}»"))))
}

fn index(e: &BytesStart, name: &str, element: &str) -> Result<u32, QuoteError> {
    let v = required(e, name, element)?;
    v.trim().parse().map_err(|_| {
        spec(format!(
            "indice invalide «\u{a0}{v}\u{a0}» dans «\u{a0}{element}\u{a0}»"
        ))
    })
}

fn transform(e: &BytesStart) -> Result<Affine, QuoteError> {
    match attr(e, b"transform")? {
        None => Ok(Affine::IDENTITY),
        Some(t) => Affine::parse(&t).ok_or_else(|| {
            spec(format!(
                "transformation invalide «\u{a0}{t}\u{a0}» (12 nombres attendus)"
            ))
        }),
    }
}

/// Checks the XML declaration's encoding: 3MF requires UTF-8.
fn check_encoding(e: &quick_xml::events::BytesDecl) -> Result<(), QuoteError> {
    if let Some(Ok(enc)) = e.encoding() {
        if !enc.eq_ignore_ascii_case(b"utf-8") {
            return Err(spec(format!(
                "le modèle est encodé en {}, or 3MF exige UTF-8",
                String::from_utf8_lossy(&enc)
            )));
        }
    }
    Ok(())
}

/// Parses the model part.
/// Vertices a file may declare in all: three per triangle allowed is the most any mesh uses.
pub(crate) const MAX_FILE_VERTICES: usize = 3 * MAX_TRIANGLES;

/// Refuses the `n`-th vertex of a file past [`MAX_FILE_VERTICES`].
fn vertex_count(n: usize) -> Result<(), QuoteError> {
    if n > MAX_FILE_VERTICES {
        return Err(spec(format!(
            "le fichier déclare plus de {} sommets",
            fr_int(MAX_FILE_VERTICES as u64)
        )));
    }
    Ok(())
}

pub(crate) fn parse(mut input: impl BufRead) -> Result<Model, QuoteError> {
    let head = input
        .fill_buf()
        .map_err(|e| syntax(format!("modèle illisible ({e})")))?;
    let invalid_utf8 = matches!(std::str::from_utf8(head), Err(e) if e.error_len().is_some());
    if invalid_utf8 || head.iter().take(64).any(|&b| b == 0) {
        return Err(spec(
            "le modèle n'est pas encodé en UTF-8, comme 3MF l'exige",
        ));
    }
    let mut reader = NsReader::from_reader(input);
    let mut buf = Vec::new();
    let mut stack: Vec<Ctx> = Vec::new();
    let mut model = Model::default();
    let (mut roots, mut resources, mut build, mut triangles) = (0, 0, 0, 0usize);
    let mut vertices = 0usize;
    loop {
        // Each event is copied out (`into_owned`) before the next read: the buffer holds one
        // event, never the whole part.
        buf.clear();
        let (ns, event) = reader
            .read_resolved_event_into(&mut buf)
            .map_err(|e| syntax(format!("XML invalide ({e})")))?;
        let (is_core, empty, e) = match (ns, event) {
            (_, Event::Eof) => break,
            (_, Event::Decl(d)) => {
                check_encoding(&d)?;
                continue;
            }
            (_, Event::End(_)) => {
                stack.pop();
                continue;
            }
            (ResolveResult::Unknown(p), _) => {
                return Err(syntax(format!(
                    "préfixe d'espace de noms «\u{a0}{}\u{a0}» non déclaré",
                    String::from_utf8_lossy(&p)
                )))
            }
            (ns, Event::Start(e)) => (
                matches!(ns, ResolveResult::Bound(n) if n.as_ref() == CORE),
                false,
                e.into_owned(),
            ),
            (ns, Event::Empty(e)) => (
                matches!(ns, ResolveResult::Bound(n) if n.as_ref() == CORE),
                true,
                e.into_owned(),
            ),
            (_, Event::Text(t)) if stack.is_empty() && !t.iter().all(u8::is_ascii_whitespace) => {
                return Err(syntax("texte hors de l'élément racine".into()))
            }
            _ => continue,
        };
        for a in e.attributes().flatten() {
            if let (ResolveResult::Unknown(p), _) = reader.resolve_attribute(a.key) {
                return Err(syntax(format!(
                    "préfixe d'espace de noms «\u{a0}{}\u{a0}» non déclaré",
                    String::from_utf8_lossy(&p)
                )));
            }
        }
        let parent = stack.last().copied();
        let local = e.local_name();
        let ctx = match (parent, is_core, local.as_ref()) {
            (_, _, _) if parent == Some(Ctx::Ignored) => Ctx::Ignored,
            (None, true, b"model") => {
                roots += 1;
                if roots > 1 {
                    return Err(spec("le modèle contient plus d'un élément «\u{a0}model\u{a0}»"));
                }
                model_attributes(&reader, &e, &mut model)?;
                Ctx::Model
            }
            (None, _, name) => {
                return Err(spec(format!(
                    "l'élément racine est «\u{a0}{}\u{a0}» au lieu de «\u{a0}model\u{a0}» (espace de noms 3MF 2015/02)",
                    String::from_utf8_lossy(name)
                )))
            }
            (Some(Ctx::Model), true, b"resources") => {
                resources += 1;
                Ctx::Resources
            }
            (Some(Ctx::Model), true, b"build") => {
                build += 1;
                Ctx::Build
            }
            (Some(Ctx::Resources), true, b"object") => {
                model.objects.push(object(&e)?);
                Ctx::Object
            }
            (Some(Ctx::Object), true, b"mesh") => {
                if let Some(o) = model.objects.last_mut() {
                    o.has_mesh = true;
                }
                Ctx::Mesh
            }
            (Some(Ctx::Object), true, b"components") => Ctx::Components,
            (Some(Ctx::Mesh), true, b"vertices") => Ctx::Vertices,
            (Some(Ctx::Mesh), true, b"triangles") => Ctx::Triangles,
            (Some(Ctx::Vertices), true, b"vertex") => {
                // Counted while reading, before the vertex takes memory.
                vertices += 1;
                vertex_count(vertices)?;
                let p = [number(&e, "x")?, number(&e, "y")?, number(&e, "z")?];
                model.objects.last_mut().expect("inside an object").vertices.push(p);
                Ctx::Ignored
            }
            (Some(Ctx::Triangles), true, b"triangle") => {
                let t = [index(&e, "v1", "triangle")?, index(&e, "v2", "triangle")?, index(&e, "v3", "triangle")?];
                triangles += 1;
                if triangles > MAX_TRIANGLES {
                    return Err(too_many(triangles));
                }
                model.objects.last_mut().expect("inside an object").triangles.push(t);
                Ctx::Ignored
            }
            (Some(Ctx::Components), true, b"component") => {
                let c = Component {
                    object_id: index(&e, "objectid", "component")?,
                    transform: transform(&e)?,
                    path: production_path(&reader, &e)?,
                };
                model.objects.last_mut().expect("inside an object").components.push(c);
                Ctx::Ignored
            }
            (Some(Ctx::Build), true, b"item") => {
                model.items.push(Component {
                    object_id: index(&e, "objectid", "item")?,
                    transform: transform(&e)?,
                    path: production_path(&reader, &e)?,
                });
                Ctx::Ignored
            }
            // Metadata, extension elements and anything else: skipped with their content.
            _ => Ctx::Ignored,
        };
        if !empty {
            stack.push(ctx);
        }
    }
    match (roots, resources, build) {
        (0, _, _) => Err(spec("aucun élément «\u{a0}model\u{a0}»")),
        (_, 0, _) => Err(spec("l'élément «\u{a0}resources\u{a0}» est absent")),
        (_, _, 0) => Err(spec("l'élément «\u{a0}build\u{a0}» est absent")),
        (_, r, b) if r > 1 || b > 1 => Err(spec(
            "plusieurs éléments «\u{a0}resources\u{a0}» ou «\u{a0}build\u{a0}»",
        )),
        _ => Ok(model),
    }
}

/// The `p:path` attribute of a component or build item (production extension): the model part
/// holding the object, or `None` for this part.
fn production_path<R>(reader: &NsReader<R>, e: &BytesStart) -> Result<Option<String>, QuoteError> {
    for a in e.attributes() {
        let a = a.map_err(|err| syntax(format!("attribut mal formé ({err})")))?;
        let (ns, local) = reader.resolve_attribute(a.key);
        if matches!(ns, ResolveResult::Bound(n) if n.as_ref() == PRODUCTION)
            && local.as_ref() == b"path"
        {
            let v = a
                .unescape_value()
                .map_err(|err| syntax(format!("valeur d'attribut mal formée ({err})")))?;
            return Ok(Some(v.into_owned()));
        }
    }
    Ok(None)
}

fn model_attributes<R>(
    reader: &NsReader<R>,
    e: &BytesStart,
    model: &mut Model,
) -> Result<(), QuoteError> {
    if let Some(unit) = attr(e, b"unit")? {
        model.unit_mm = match unit.as_str() {
            "micron" => 0.001,
            "millimeter" => 1.0,
            "centimeter" => 10.0,
            "inch" => 25.4,
            "foot" => 304.8,
            "meter" => 1000.0,
            other => return Err(spec(format!("unité inconnue «\u{a0}{other}\u{a0}»"))),
        };
    }
    if let Some(required) = attr(e, b"requiredextensions")? {
        for prefix in required.split_ascii_whitespace() {
            let qname = format!("{prefix}:x");
            let (ns, _) = reader.resolve_element(quick_xml::name::QName(qname.as_bytes()));
            let supported =
                matches!(ns, ResolveResult::Bound(n) if READABLE_EXTENSIONS.contains(&n.as_ref()));
            if !supported {
                return Err(spec(format!(
                    "le fichier exige l'extension «\u{a0}{prefix}\u{a0}», que nous ne savons pas lire"
                )));
            }
        }
    }
    Ok(())
}

fn object(e: &BytesStart) -> Result<Object, QuoteError> {
    let id = index(e, "id", "object")?;
    let kind = attr(e, b"type")?.unwrap_or_else(|| "model".into());
    if !matches!(
        kind.as_str(),
        "model" | "support" | "solidsupport" | "surface" | "other"
    ) {
        return Err(spec(format!(
            "type d'objet inconnu «\u{a0}{kind}\u{a0}» (objet {id})"
        )));
    }
    Ok(Object {
        id,
        vertices: Vec::new(),
        triangles: Vec::new(),
        components: Vec::new(),
        has_mesh: false,
    })
}

#[cfg(test)]
mod vertex_tests {
    use super::*;

    #[test]
    fn vertices_are_capped_while_reading_with_a_french_message() {
        assert!(vertex_count(MAX_FILE_VERTICES).is_ok());
        let e = vertex_count(MAX_FILE_VERTICES + 1).unwrap_err();
        assert!(
            e.to_string()
                .contains("plus de 60\u{202f}000\u{202f}000 sommets")
                || e.to_string()
                    .contains("plus de 60\u{a0}000\u{a0}000 sommets"),
            "{e}"
        );
    }
}
