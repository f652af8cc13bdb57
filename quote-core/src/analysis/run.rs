//! The full analysis of a mesh: measures, topology, overhangs, fit, thickness, warnings.

use super::overhang::{cos_deg, overhangs_up_z};
use std::borrow::Cow;

use super::body::{attribute, body_part};
use super::fit::best_fit;
use super::measure::{finish_whole, measure, measure_whole};
use super::nesting::{turn_shells, Nesting};
use super::repair::{repair, Repaired};
use super::topology::{topology, Topology};
use super::units::{suggest_unit, warnings};
use super::volume::{dot, Measure};
use super::{Analysis, AnalysisOptions, BodyAnalysis};
use crate::{import::Format, Mesh, QuoteError};

/// Bodies listed in detail, in order of first appearance.
pub(crate) const MAX_BODY_DETAILS: usize = 64;
/// Triangles from which, with threads, the measure of the whole mesh is taken while its
/// topology is found (below, a thread's start costs more than it saves).
const OVERLAP_MIN: usize = 100_000;

/// Analyses a mesh already in millimetres (apply `options.unit` before calling, or let
/// [`crate::analyze_file`] do it). The mesh is repaired first, as far as it needs (see
/// [`super::Repairs`]); the figures are those of the repaired mesh.
pub fn analyze(
    format: Format,
    mesh: &Mesh,
    options: &AnalysisOptions,
) -> Result<Analysis, QuoteError> {
    run(format, Cow::Borrowed(mesh), options).map(|(a, _)| a)
}

/// [`analyze`], giving back the mesh as it was measured (repaired: welded, faces and bodies
/// turned), for a preview that shows the part as priced. A sound mesh comes back untouched.
pub fn analyze_repaired(
    format: Format,
    mesh: Mesh,
    options: &AnalysisOptions,
) -> Result<(Analysis, Mesh), QuoteError> {
    run(format, Cow::Owned(mesh), options).map(|(a, m)| (a, m.into_owned()))
}

/// [`analyze`] of body `body` alone (0-based, numbered as in [`Analysis::body_details`]): the
/// body's triangles of the repaired mesh, analysed as a file of their own, so that the part split
/// out of a multi-body file is measured and priced on that body only. Its `repairs` (and the
/// warnings that tell them) are those the whole file's repair made on that body. A file with a
/// single body gives the whole file's analysis for body 0; a body the file does not have is
/// [`QuoteError::NoSuchBody`].
pub fn analyze_body(
    format: Format,
    mesh: &Mesh,
    options: &AnalysisOptions,
    body: usize,
) -> Result<Analysis, QuoteError> {
    match body_part(mesh, body)? {
        Some(b) => run(format, Cow::Owned(b.mesh), options).map(|(mut a, _)| {
            attribute(&mut a, &b.repairs);
            a
        }),
        None => analyze(format, mesh, options),
    }
}

/// [`analyze_body`], giving back the body's mesh as it was measured, for its preview.
pub fn analyze_body_repaired(
    format: Format,
    mesh: Mesh,
    options: &AnalysisOptions,
    body: usize,
) -> Result<(Analysis, Mesh), QuoteError> {
    match body_part(&mesh, body)? {
        Some(b) => analyze_repaired(format, b.mesh, options).map(|(mut a, m)| {
            attribute(&mut a, &b.repairs);
            (a, m)
        }),
        None => analyze_repaired(format, mesh, options),
    }
}

fn run<'a>(
    format: Format,
    mesh: Cow<'a, Mesh>,
    options: &AnalysisOptions,
) -> Result<(Analysis, Cow<'a, Mesh>), QuoteError> {
    if mesh.triangles.is_empty() {
        return Err(QuoteError::NoMesh);
    }
    // One support angle per process (0 for processes without supports), each computed once.
    let angles: Vec<f64> = options
        .processes
        .iter()
        .map(|p| {
            if p.needs_support {
                p.overhang_angle_deg
            } else {
                0.0
            }
        })
        .collect();
    let mut distinct: Vec<f64> = Vec::new();
    for &a in &angles {
        if !distinct.contains(&a) {
            distinct.push(a);
        }
    }
    // With threads, a large mesh is measured whole while its topology is found; the measure is
    // kept when the topology and the repair show it is the one `measure` would take.
    let (topo, early) = if crate::par::threads() > 1 && mesh.triangles.len() >= OVERLAP_MIN {
        let (topo, early) =
            crate::par::join(|| topology(&mesh), || measure_whole(&mesh, &distinct));
        (topo, Some(early))
    } else {
        (topology(&mesh), None)
    };
    let Repaired {
        mut mesh,
        topo,
        nesting,
        mut repairs,
        trace,
    } = repair(mesh, topo);
    let untouched = trace.weld.is_none()
        && repairs.turned_faces == 0
        && repairs.turned_bodies == 0
        && repairs.removed_triangles == 0;
    let (mut total, mut shell_details, mut by_angle) = match early
        .filter(|_| untouched)
        .and_then(|e| finish_whole(&topo, e))
    {
        Some(measured) => measured,
        None => measure(&mesh, &topo, &distinct),
    };
    let mut turned = nesting.turn.clone();
    if topo.shells == 1 && topo.closed() && total.signed_volume() < 0.0 {
        // A single closed shell inside out: turned, and measured again (overhangs change).
        turned = vec![true];
        repairs.turned_bodies += turn_shells(mesh.to_mut(), &topo, &turned);
        (total, shell_details, by_angle) = measure(&mesh, &topo, &distinct);
    }
    let body_details = bodies(&mesh, &topo, &nesting, &turned, &total);
    let size = total.size();
    let min_wall_mm = super::thickness::min_wall(&mesh, options.thickness_samples, &total);
    let fits = options
        .processes
        .iter()
        .zip(&angles)
        .map(|(p, a)| {
            let i = distinct.iter().position(|d| d == a).expect("listed angle");
            best_fit(p, size, &by_angle[i], min_wall_mm)
        })
        .collect();
    let signed = total.signed_volume();
    // Overlapping bodies are printed as their union: that volume is priced.
    let overlap = super::overlap::overlap(&mesh, &topo, &nesting);
    let volume = overlap.map_or(signed.abs(), |o| {
        ((total.det_sum - o.removed_det) / 6.0).abs()
    });
    let mut a = Analysis {
        format,
        triangles: mesh.triangles.len(),
        vertices: mesh.vertices.len() - repairs.welded_vertices,
        volume_mm3: volume,
        signed_volume_mm3: signed,
        area_mm2: total.area(),
        bbox_min: total.min,
        bbox_max: total.max,
        shells: topo.shells,
        shell_details,
        bodies: nesting.bodies,
        body_details,
        overlapping_bodies: overlap.map_or(0, |o| o.bodies),
        watertight: topo.watertight(),
        closed: topo.closed(),
        boundary_edges: topo.boundary_edges,
        open_edges: topo
            .open_edges
            .iter()
            .map(|e| e.map(|v| mesh.vertices[v as usize].map(|x| x as f32)))
            .collect(),
        non_manifold_edges: topo.non_manifold_edges,
        inconsistent_edges: topo.inconsistent_edges,
        tolerant_weld_closes: repairs.weld_closed,
        degenerate_triangles: total.degenerate,
        inverted: signed < 0.0,
        min_wall_mm,
        fits,
        unit_suggestion: suggest_unit(size, options.unit),
        warnings: Vec::new(),
        repairs,
    };
    a.warnings = warnings(&a);
    Ok((a, mesh))
}

/// Each body's figures (at most [`MAX_BODY_DETAILS`], in body order): the whole mesh's when
/// there is one body, else one more pass over the triangles.
fn bodies(
    mesh: &Mesh,
    topo: &Topology,
    nesting: &Nesting,
    turned: &[bool],
    total: &Measure,
) -> Vec<BodyAnalysis> {
    let n = nesting.bodies.min(MAX_BODY_DETAILS);
    let mut shells = vec![0usize; n];
    let mut voids = vec![0usize; n];
    let mut bad = vec![0u32; n];
    let mut any_turned = vec![false; n];
    for (s, &b) in nesting.body_of_shell.iter().enumerate() {
        let b = b as usize;
        if b < n {
            shells[b] += 1;
            voids[b] += usize::from(nesting.voids[s]);
            bad[b] += topo.bad_edges_per_shell[s];
            any_turned[b] |= turned[s];
        }
    }
    let measures = if nesting.bodies == 1 {
        vec![*total]
    } else {
        let mut m = vec![Measure::default(); n];
        for (t, tri) in mesh.triangles.iter().enumerate() {
            let b = nesting.body_of_shell[topo.vertex_shell[tri[0] as usize] as usize] as usize;
            if b < n {
                m[b].add(mesh.corners(t));
            }
        }
        m
    };
    measures
        .iter()
        .enumerate()
        .map(|(b, m)| BodyAnalysis {
            triangles: m.triangles,
            shells: shells[b],
            voids: voids[b],
            volume_mm3: m.signed_volume().abs(),
            area_mm2: m.area(),
            bbox_min: m.min,
            bbox_max: m.max,
            watertight: bad[b] == 0,
            turned: any_turned[b],
        })
        .collect()
}

/// Per-triangle preview flags: bit 0 when the face overhangs with +z up (the file's own
/// orientation, as the viewer shows it) at the first supported process's angle (45° when
/// none), bit 1 when a sampled wall-thickness ray from the face is shorter than the first
/// process's minimum wall.
pub fn preview_flags(mesh: &Mesh, options: &AnalysisOptions) -> Vec<u8> {
    let mut flags = vec![0u8; mesh.triangles.len()];
    // One measure gives the lowest z, the diagonal and the largest face for the thickness.
    let mut m = Measure::default();
    for t in 0..mesh.triangles.len() {
        m.add(mesh.corners(t));
    }
    let angle = options
        .processes
        .iter()
        .find(|p| p.needs_support)
        .map_or(45.0, |p| p.overhang_angle_deg);
    let cos = cos_deg(angle);
    let size = m.size();
    let eps = dot(size, size).sqrt() * 1e-9;
    for (t, f) in flags.iter_mut().enumerate() {
        if overhangs_up_z(mesh.corners(t), m.min[2], eps, cos) {
            *f |= 1;
        }
    }
    if let Some(p) = options.processes.first() {
        let samples = options.thickness_samples;
        for t in super::thickness::thin_triangles(mesh, samples, &m, p.min_wall_mm) {
            flags[t] |= 2;
        }
    }
    flags
}
