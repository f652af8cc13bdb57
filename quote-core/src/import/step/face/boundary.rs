//! The face's boundary in (u, v): its wires mapped onto the surface's parameters (continuous
//! across a periodic surface's seam, stepped along at a pole), and open ones closed along the
//! parameter box into loops, outer ones counter-clockwise.

use truck_meshalgo::prelude::*;

use super::{Exhausted, FaceError, TrimSurface, Work, MAX_DEPTH};

/// The face's loops in (u, v); `Unmapped` when a wire cannot be placed on the surface or no loop
/// is left.
pub(super) fn uv_boundary<S: TrimSurface>(
    surface: &S,
    wires: &[Vec<Point3>],
    tol: f64,
    work: &mut Work,
) -> Result<Vec<Vec<Point2>>, FaceError> {
    let mut pieces = Vec::with_capacity(wires.len());
    for w in wires {
        if w.is_empty() {
            continue;
        }
        pieces.push(wire_to_uv(surface, w, tol, work)?.ok_or(FaceError::Unmapped)?);
    }
    align_loops(&mut pieces, surface.u_period(), surface.v_period());
    // A face without bounds (a whole sphere or torus) covers the surface's parameter box.
    let boundary = boundary_loops(pieces, surface, tol);
    // The lines closing open wires along the parameter box: a few evaluations a point.
    work.evaluations(3 * boundary.iter().map(Vec::len).sum::<usize>())?;
    if boundary.iter().all(|l| l.len() < 3) {
        return Err(FaceError::Unmapped);
    }
    Ok(boundary)
}

/// Finds the parameters of a point of the boundary (near `hint` first), each search tried
/// counted. A point a hair off the surface (an edge's own curve, within the file's precision)
/// fails the exact search; near the previous point, the nearest point of the surface is then
/// taken when it lies within `tol`, before searching the whole surface: truck's search without
/// a start samples 51 × 51 points of a B-spline surface, and such searches spent 166 of the
/// 173 million work units of en11-hsm1af15 (4 s), each ending with the nearest point anyway.
fn search<S: TrimSurface>(
    surface: &S,
    p: Point3,
    hint: Option<(f64, f64)>,
    tol: f64,
    work: &mut Work,
) -> Result<Option<(f64, f64)>, Exhausted> {
    let hinted = hint.is_some();
    let mut found = surface.search_parameter(p, hint, 100);
    work.search(hinted, found.is_some())?;
    let mut near = None;
    if found.is_none() && hinted {
        near = surface.search_nearest_parameter(p, hint, 100);
        work.search(true, near.is_some())?;
        let close = near.is_some_and(|(u, v)| surface.subs(u, v).distance2(p) <= tol * tol);
        if close {
            work.evaluations(1)?;
            found = near;
        }
    }
    if found.is_none() {
        found = surface.search_parameter(p, None, 100);
        work.search(false, found.is_some())?;
    }
    if found.is_none() {
        found = near;
    }
    if found.is_none() {
        found = surface.search_nearest_parameter(p, None, 100);
        work.search(false, found.is_some())?;
        // Without a start, truck's search begins at the nearest of its samples and can end in
        // a local minimum: on a thread's helical face, the next turn of the flank (0.87 mm
        // off, where the point lies on the surface a turn away). The wire's first point then
        // placed the whole wire on the wrong turn.
        let off = |f: (f64, f64)| surface.subs(f.0, f.1).distance2(p);
        if !hinted && !found.is_some_and(|f| off(f) <= tol * tol) {
            work.evaluations(1)?;
            if let Some(g) = nearest_from_samples(surface, p, work)? {
                if found.is_none_or(|f| off(g) < off(f)) {
                    found = Some(g);
                }
            }
        }
    }
    let found = found.filter(|f| f.0.is_finite() && f.1.is_finite());
    match (found, hint) {
        (None, Some(h)) => project_from(surface, p, h, tol, work),
        (Some(f), _) => within_box(surface, p, f, hint, tol, work),
        _ => Ok(found),
    }
}

/// `found`, or where it lies outside the surface's parameter box along a bounded (not periodic)
/// direction, a point inside the box within `tol` of `p` when there is one: `found` clamped to
/// the box, or else Newton's iterations from `hint` (the previous point, inside the box). truck's
/// searches can end on a B-spline's polynomial past its knots: `live-clones/wing_fuselage` had
/// the pole of its fuselage (a surface of revolution of a B-spline profile) found at v = −0.0158,
/// not seen as a pole (the wire then crossed the face diagonally and the face was meshed on the
/// wrong half, round no hole), two points of the wing-root hole found at v = 1.03 and 1.31, and
/// the wing-root curve of face #49 found at u = 3.8 to 5.6 on a surface of knots [0, 1]. A wire
/// that runs past the knots off the surface inside them (piattello) keeps its parameters.
fn within_box<S: TrimSurface>(
    surface: &S,
    p: Point3,
    found: (f64, f64),
    hint: Option<(f64, f64)>,
    tol: f64,
    work: &mut Work,
) -> Result<Option<(f64, f64)>, Exhausted> {
    let (ur, vr) = surface.try_range_tuple();
    let bounds = |r: Option<(f64, f64)>, period: Option<f64>| {
        r.filter(|(a, b)| period.is_none() && a.is_finite() && b.is_finite() && a < b)
    };
    let (ub, vb) = (
        bounds(ur, surface.u_period()),
        bounds(vr, surface.v_period()),
    );
    let clamp = |x: f64, b: Option<(f64, f64)>| b.map_or(x, |(a, c)| x.clamp(a, c));
    let slack = |x: f64, b: Option<(f64, f64)>| {
        b.is_none_or(|(a, c)| {
            let m = 1e-9 * (c - a);
            a - m <= x && x <= c + m
        })
    };
    let inside = |f: (f64, f64)| slack(f.0, ub) && slack(f.1, vb);
    if inside(found) {
        return Ok(Some(found));
    }
    let near = |f: (f64, f64)| surface.subs(f.0, f.1).distance2(p) <= tol * tol;
    work.evaluations(1)?;
    let clamped = (clamp(found.0, ub), clamp(found.1, vb));
    if near(clamped) {
        return Ok(Some(clamped));
    }
    if let Some(h) = hint.filter(|&h| inside(h)) {
        if let Some(f) = project_from(surface, p, h, tol, work)?.filter(|&f| inside(f)) {
            return Ok(Some(f));
        }
    }
    Ok(Some(found))
}

/// Newton's iterations on the distance from `p` to the surface, started from `hint`: the
/// parameters of the nearest point when it lies within `tol` of `p`. The last resort of
/// [`search`], where truck's searches give nothing or no number: at a cone's apex (its
/// inversion divides by the distance to the axis, zero there) and a hair off a sphere's
/// meridian written with y = 0 (its nearest-point search takes the arccosine of a cosine
/// rounded past 1). Where one derivative vanishes (a pole), the step runs along the other.
fn project_from<S: TrimSurface>(
    surface: &S,
    p: Point3,
    hint: (f64, f64),
    tol: f64,
    work: &mut Work,
) -> Result<Option<(f64, f64)>, Exhausted> {
    let (mut u, mut v) = hint;
    for _ in 0..32 {
        work.evaluations(3)?;
        let r = surface.subs(u, v) - p;
        let (su, sv) = (surface.uder(u, v), surface.vder(u, v));
        let (a, b, c) = (su.dot(su), su.dot(sv), sv.dot(sv));
        let (gu, gv) = (su.dot(r), sv.dot(r));
        let det = a * c - b * b;
        let (du, dv) = if det > 1e-12 * a * c {
            ((b * gv - c * gu) / det, (b * gu - a * gv) / det)
        } else if a >= c && a > 0.0 {
            (-gu / a, 0.0)
        } else if c > 0.0 {
            (0.0, -gv / c)
        } else {
            break;
        };
        if !(du.is_finite() && dv.is_finite()) {
            break;
        }
        u += du;
        v += dv;
        if du.abs() <= 1e-14 * (1.0 + u.abs()) && dv.abs() <= 1e-14 * (1.0 + v.abs()) {
            break;
        }
    }
    work.evaluations(1)?;
    let q = surface.subs(u, v);
    let near = u.is_finite() && v.is_finite() && q.distance2(p) <= tol * tol;
    Ok(near.then_some((u, v)))
}

/// Samples per direction of [`nearest_from_samples`]'s grid, and the most searches it starts.
const SAMPLES: usize = 48;
const STARTS: usize = 8;
/// Most steps of the compass search from each start.
const COMPASS_STEPS: usize = 200;

/// The nearest point of the surface to `p` among the ends of searches started from the grid's
/// local minima of the distance (the nearest first, at most [`STARTS`]), over the surface's
/// parameter box and inside it (`None` when it is not bounded both ways).
fn nearest_from_samples<S: TrimSurface>(
    surface: &S,
    p: Point3,
    work: &mut Work,
) -> Result<Option<(f64, f64)>, Exhausted> {
    let (Some((u0, u1)), Some((v0, v1))) = surface.try_range_tuple() else {
        return Ok(None);
    };
    if !([u0, u1, v0, v1].iter().all(|x| x.is_finite()) && u0 < u1 && v0 < v1) {
        return Ok(None);
    }
    let n = SAMPLES;
    work.evaluations((n + 1) * (n + 1))?;
    let at = |i: usize, j: usize| {
        (
            u0 + (u1 - u0) * i as f64 / n as f64,
            v0 + (v1 - v0) * j as f64 / n as f64,
        )
    };
    let d: Vec<f64> = (0..=n)
        .flat_map(|i| (0..=n).map(move |j| (i, j)))
        .map(|(i, j)| {
            let (u, v) = at(i, j);
            let d = surface.subs(u, v).distance2(p);
            if d.is_finite() {
                d
            } else {
                f64::INFINITY
            }
        })
        .collect();
    let dist = |i: usize, j: usize| d[i * (n + 1) + j];
    let mut minima: Vec<(f64, usize, usize)> = Vec::new();
    for i in 0..=n {
        for j in 0..=n {
            let here = dist(i, j);
            let lower = |a: usize, b: usize| dist(a, b) < here;
            let neighbour_lower = (i > 0 && lower(i - 1, j))
                || (i < n && lower(i + 1, j))
                || (j > 0 && lower(i, j - 1))
                || (j < n && lower(i, j + 1));
            if here.is_finite() && !neighbour_lower {
                minima.push((here, i, j));
            }
        }
    }
    minima.sort_by(|a, b| a.0.total_cmp(&b.0).then((a.1, a.2).cmp(&(b.1, b.2))));
    let mut best: Option<(f64, (f64, f64))> = None;
    let inside = |(u, v): (f64, f64)| u0 <= u && u <= u1 && v0 <= v && v <= v1;
    for &(d, i, j) in minima.iter().take(STARTS) {
        // A compass search inside the box (truck's Newton steps can leave it, where a
        // B-spline is a polynomial of no meaning), then Newton's steps from where it ends.
        let (mut here, mut d) = (at(i, j), d);
        let mut step = ((u1 - u0) / n as f64, (v1 - v0) / n as f64);
        for _ in 0..COMPASS_STEPS {
            if step.0 <= 1e-12 * (u1 - u0) && step.1 <= 1e-12 * (v1 - v0) {
                break;
            }
            work.evaluations(8)?;
            let mut moved = false;
            for (a, b) in [(1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0)]
                .into_iter()
                .chain([(1.0, 1.0), (1.0, -1.0), (-1.0, 1.0), (-1.0, -1.0)])
            {
                let q = (
                    (here.0 + a * step.0).clamp(u0, u1),
                    (here.1 + b * step.1).clamp(v0, v1),
                );
                let dq = surface.subs(q.0, q.1).distance2(p);
                if dq < d {
                    (here, d, moved) = (q, dq, true);
                }
            }
            if !moved {
                step = (0.5 * step.0, 0.5 * step.1);
            }
        }
        let polished = surface.search_nearest_parameter(p, Some(here), 100);
        work.search(true, polished.is_some())?;
        if let Some(q) = polished.filter(|&q| inside(q)) {
            work.evaluations(1)?;
            let dq = surface.subs(q.0, q.1).distance2(p);
            if dq < d {
                (here, d) = (q, dq);
            }
        }
        if d.is_finite() && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, here));
        }
    }
    Ok(best.map(|(_, f)| f))
}

/// Whether a wire mapped into (u, v) closes there (as [`boundary_loops`] tells them apart).
fn closed_in_uv(w: &[Point2]) -> bool {
    w.len() >= 2 && w[0].distance(w[w.len() - 1]) < 1.0e-3
}

/// Puts the loops of a face closed in (u, v) in the same period as the widest of them, along
/// each periodic direction. [`wire_to_uv`] moves each wire on its own by whole periods so that
/// its centre of gravity falls in the surface's parameter range: a hole whose loop straddles
/// the range's end (a flat notch cut across u = 0 of a cylinder whose seam is at u = π) and an
/// outer loop running once round from seam to seam (centred on u = 2π within rounding) could
/// land a period apart; the hole was then outside its face, the face meshed whole and the hole's
/// neighbours left open. A loop within the widest one has its middle within half a period of
/// the widest one's middle: each is moved by the whole periods that bring it there. Only where
/// every wire closes in (u, v): open ones are cut to the range later, as the loops within them.
fn align_loops(pieces: &mut [Vec<Point2>], up: Option<f64>, vp: Option<f64>) {
    if pieces.len() < 2 || !pieces.iter().all(|w| closed_in_uv(w)) {
        return;
    }
    for (idx, period) in [(0usize, up), (1, vp)] {
        let Some(period) = period.filter(|p| p.is_finite() && *p > 0.0) else {
            continue;
        };
        let span = |w: &[Point2]| {
            w.iter()
                .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), p| {
                    (a.min(p[idx]), b.max(p[idx]))
                })
        };
        let spans: Vec<(f64, f64)> = pieces.iter().map(|w| span(w)).collect();
        let mut widest = 0;
        for (i, s) in spans.iter().enumerate() {
            if s.1 - s.0 > spans[widest].1 - spans[widest].0 {
                widest = i;
            }
        }
        let middle = 0.5 * (spans[widest].0 + spans[widest].1);
        for (i, w) in pieces.iter_mut().enumerate() {
            let m = 0.5 * (spans[i].0 + spans[i].1);
            let shift = ((middle - m) / period).round() * period;
            if i != widest && shift != 0.0 && shift.is_finite() {
                w.iter_mut().for_each(|p| p[idx] += shift);
            }
        }
    }
}

/// The value among `u + k·period` (k from −2 to 2) nearest `u0`.
fn nearest_period(u: f64, u0: f64, period: f64) -> f64 {
    let mut best = u;
    for k in -2..=2 {
        let c = u + f64::from(k) * period;
        if (c - u0).abs() < (best - u0).abs() {
            best = c;
        }
    }
    best
}

/// One closed wire mapped into (u, v): continuous across a periodic surface's seam, with the
/// pole of a sphere or a cone (where a parameter direction degenerates) stepped along.
fn wire_to_uv<S: TrimSurface>(
    surface: &S,
    wire: &[Point3],
    tol: f64,
    work: &mut Work,
) -> Result<Option<Vec<Point2>>, Exhausted> {
    let (up, vp) = (surface.u_period(), surface.v_period());
    let (urange, vrange) = surface.try_range_tuple();
    let mut previous: Option<(f64, f64)> = None;
    let mut vec = Vec::with_capacity(wire.len() + 4);
    for &pt in wire.iter().chain(std::iter::once(&wire[0])) {
        let Some((mut u, mut v)) = search(surface, pt, previous, tol, work)? else {
            return Ok(None);
        };
        if let (Some(up), Some((u0, _))) = (up, previous) {
            u = nearest_period(u, u0, up);
        }
        if let (Some(vp), Some((_, v0))) = (vp, previous) {
            v = nearest_period(v, v0, vp);
        }
        if let Some((u0, v0)) = previous {
            // A point on a pole: its parameter along the pole means nothing (a sphere's pole
            // written a hair off it gets any longitude, a B-spline's collapsed side points
            // thousands of spans away); it keeps the previous one's, and the wire steps along
            // the pole where it leaves it.
            if !u0.near(&u) && at_pole(surface, Point2::new(u, v), 0, tol, work)? {
                u = u0;
            } else if !v0.near(&v) && at_pole(surface, Point2::new(u, v), 1, tol, work)? {
                v = v0;
            }
            let q0 = Point2::new(u0, v0);
            if !u0.near(&u) && at_pole(surface, q0, 0, tol, work)? {
                if let Some(up) = up {
                    u = round_the_pole(surface, &vec, 0, u, up);
                }
                vec.push(Point2::new(u, v0));
            } else if !v0.near(&v) && at_pole(surface, q0, 1, tol, work)? {
                if let Some(vp) = vp {
                    v = round_the_pole(surface, &vec, 1, v, vp);
                }
                vec.push(Point2::new(u0, v));
            }
        }
        vec.push(Point2::new(u, v));
        previous = Some((u, v));
    }
    return_through_pole(surface, &mut vec, tol);
    let n = vec.len() as f64;
    let grav = vec.iter().fold(Point2::new(0.0, 0.0), |g, p| {
        Point2::new(g.x + p.x / n, g.y + p.y / n)
    });
    if let (Some(up), Some((u0, _))) = (up, urange) {
        let quot = ((grav.x - u0) / up).floor();
        vec.iter_mut().for_each(|p| p.x -= quot * up);
    }
    if let (Some(vp), Some((v0, _))) = (vp, vrange) {
        let quot = ((grav.y - v0) / vp).floor();
        vec.iter_mut().for_each(|p| p.y -= quot * vp);
    }
    let Some(&last) = vec.last() else {
        return Ok(None);
    };
    if !vec[0].near(&last)
        && (at_pole(surface, last, 0, tol, work)? || at_pole(surface, last, 1, tol, work)?)
    {
        vec.push(vec[0]);
    }
    Ok(Some(vec))
}

/// The parameter `c` (along `idx`, periodic with `period`) a wire takes after stepping along the
/// pole it has just reached (the last point of `vec`), shifted by the period so that the step
/// goes the way that keeps the face on the wire's left. Continuity alone takes the shorter way
/// round, a guess where the face is a half (a sphere or a cone cut in two by two meridians or
/// lines to its apex steps by half a turn): the wrong way, the half-cone's wire was not closed
/// and the face was meshed on the wrong side of it, and the sphere's two halves were both
/// meshed on the same side. A wire goes counter-clockwise in (u, v) round its face when u × v
/// is along the surface's normal: arriving at a pole along +v it then steps along −u; arriving
/// along +u, it steps along +v. Unchanged where the way the wire arrives or the surface's
/// normal there is not known.
fn round_the_pole<S: TrimSurface>(
    surface: &S,
    vec: &[Point2],
    idx: usize,
    c: f64,
    period: f64,
) -> f64 {
    let across = 1 - idx;
    let Some(&pole) = vec.last() else { return c };
    // The last point off the pole's line, where the wire came from.
    let Some(&before) = vec.iter().rev().find(|q| q[across] != pole[across]) else {
        return c;
    };
    let arrival = pole[across] - before[across];
    let sense = surface
        .uder(before.x, before.y)
        .cross(surface.vder(before.x, before.y))
        .dot(surface.normal(before.x, before.y));
    if arrival == 0.0 || !arrival.is_finite() || sense == 0.0 || !sense.is_finite() {
        return c;
    }
    let along = if idx == 0 { -arrival } else { arrival };
    let want = if (along > 0.0) == (sense > 0.0) {
        1.0
    } else {
        -1.0
    };
    if (c - pole[idx]) * want < 0.0 {
        c + want * period
    } else {
        c
    }
}

/// Whether `q` is on a pole of the surface along parameter `idx`: there the surface's derivative
/// along it vanishes, or (a pole that the boundary's points found a hair outside the parameter
/// box, where the derivative is small but not nothing) the whole line of that parameter through
/// `q` stays within `tol` of it.
fn at_pole<S: TrimSurface>(
    surface: &S,
    q: Point2,
    idx: usize,
    tol: f64,
    work: &mut Work,
) -> Result<bool, Exhausted> {
    let der = match idx {
        0 => surface.uder(q.x, q.y),
        _ => surface.vder(q.x, q.y),
    };
    if der.so_small() {
        return Ok(true);
    }
    let range = match idx {
        0 => surface.try_range_tuple().0,
        _ => surface.try_range_tuple().1,
    };
    let Some((a, b)) = range.filter(|(a, b)| a.is_finite() && b.is_finite() && a < b) else {
        return Ok(false);
    };
    work.evaluations(5)?;
    let p = surface.subs(q.x, q.y);
    Ok((0..4).all(|k| {
        let mut r = q;
        r[idx] = a + (b - a) * f64::from(k) / 3.0;
        surface.subs(r.x, r.y).distance2(p) <= tol * tol
    }))
}

/// A wire that runs along a seam to a pole and comes back along the same seam (a dome bounded by
/// one circle and its seam edge, used both ways) is mapped, by continuity, back onto the seam's
/// first copy: in (u, v) it ends one period away from where it started, a spike to the pole and
/// back, and the face was closed along the parameter box, on the wrong side of its loop. The
/// seam's second copy is one period over: the part of the wire after the pole is moved there,
/// joined to the first along the pole's line (a point in space), so that the wire is closed.
/// A point is on the pole when the surface's turn round the periodic direction through it is
/// within `tol` of it.
fn return_through_pole<S: TrimSurface>(surface: &S, vec: &mut Vec<Point2>, tol: f64) {
    let n = vec.len();
    if n < 5 {
        return;
    }
    let (first, last) = (vec[0], vec[n - 1]);
    for (idx, period) in [(0usize, surface.u_period()), (1, surface.v_period())] {
        let Some(period) = period.filter(|p| *p > 0.0) else {
            continue;
        };
        let across = 1 - idx;
        let d = last[idx] - first[idx];
        let close = |a: f64, b: f64| (a - b).abs() <= 1e-6 * period;
        if !close(d.abs(), period) || !(last[across] - first[across]).abs().near(&0.0) {
            continue;
        }
        let pole = |q: Point2| {
            let p = surface.subs(q.x, q.y);
            [1.0, 2.0].iter().all(|k| {
                let mut r = q;
                r[idx] += k * period / 3.0;
                surface.subs(r.x, r.y).distance2(p) <= tol * tol
            })
        };
        let runs: Vec<usize> = (1..n - 1)
            .filter(|&i| pole(vec[i]) && !pole(vec[i - 1]))
            .collect();
        let [start] = runs[..] else { continue };
        let mut end = start;
        while end + 1 < n - 1 && pole(vec[end + 1]) {
            end += 1;
        }
        // Only a wire that comes back the way it went: the points either side of the pole meet.
        let (before, after) = (vec[start - 1], vec[end + 1]);
        if !(close(before[idx], after[idx]) && before[across].near(&after[across])) {
            continue;
        }
        // The pole's line, from the seam's first copy to its second.
        let at_pole = vec[start][across];
        let mut a = before;
        a[across] = at_pole;
        let mut b = after;
        b[across] = at_pole;
        b[idx] -= d;
        let mut rest: Vec<Point2> = vec[end + 1..].to_vec();
        rest.iter_mut().for_each(|q| q[idx] -= d);
        vec.truncate(start);
        vec.push(a);
        vec.push(b);
        vec.extend(rest);
        return;
    }
}

/// Shifts an open boundary piece by whole periods into `(u0, u1)` and cuts it where it crosses
/// `u1`, as truck does.
fn normalize_range(curve: &mut Vec<Point2>, compidx: usize, (u0, u1): (f64, f64)) {
    if curve.is_empty() || u1 <= u0 {
        return;
    }
    let p = curve[0];
    let q = curve[curve.len() - 1];
    let tmp = f64::min(p[compidx], q[compidx]) + TOLERANCE;
    let del = ((tmp - u0) / (u1 - u0)).floor() * (u1 - u0);
    curve.iter_mut().for_each(|p| p[compidx] -= del);
    let Some(i) = curve
        .iter()
        .position(|p| (curve[0][compidx] - u1) * (p[compidx] - u1) < 0.0)
    else {
        return;
    };
    let mut curve1 = curve.split_off(i + 1);
    curve1.pop();
    curve1.insert(0, curve[i]);
    match curve[0][compidx] < curve[curve.len() - 1][compidx] {
        true => curve1.iter_mut(),
        false => curve.iter_mut(),
    }
    .for_each(|p| p[compidx] -= u1 - u0);
    curve1.append(curve);
    *curve = curve1;
}

/// Twice the signed area of a loop: positive when counter-clockwise.
fn signed_area(curve: &[Point2]) -> f64 {
    let n = curve.len();
    (0..n)
        .map(|i| {
            let (p, q) = (curve[i], curve[(i + 1) % n]);
            (q.x + p.x) * (q.y - p.y)
        })
        .sum::<f64>()
}

/// Whether a loop is counter-clockwise.
fn loop_orientation(curve: &[Point2]) -> bool {
    signed_area(curve) > 0.0
}

/// The segment from `p` to `q` in (u, v), divided so that its image on the surface is within
/// `tol` of its chords (bounded depth); `p` included, `q` too.
fn polyline_on_surface<S: TrimSurface>(surface: &S, p: Point2, q: Point2, tol: f64) -> Vec<Point2> {
    let at = |t: f64| Point2::new(p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t);
    let eval = |t: f64| {
        let a = at(t);
        surface.subs(a.x, a.y)
    };
    let mut out = vec![p];
    let mut stack = vec![(0.0f64, 1.0f64, 0u32)];
    while let Some((a, b, depth)) = stack.pop() {
        let (pa, pb) = (eval(a), eval(b));
        let far = |t: f64| {
            let s = (t - a) / (b - a);
            let chord = pa + (pb - pa) * s;
            eval(t).distance2(chord) > tol * tol
        };
        if depth < 2 || (depth < MAX_DEPTH && (far(0.5 * (a + b)) || far(0.7 * a + 0.3 * b))) {
            let m = 0.5 * (a + b);
            stack.push((m, b, depth + 1));
            stack.push((a, m, depth + 1));
        } else {
            out.push(at(b));
        }
    }
    out
}

fn connect(vecs: impl IntoIterator<Item = Vec<Point2>>) -> Vec<Point2> {
    vecs.into_iter()
        .flat_map(|v| {
            let n = v.len().saturating_sub(1);
            v.into_iter().take(n)
        })
        .collect()
}

/// The face's closed loops in (u, v), outer ones counter-clockwise: wires that are open in (u, v)
/// (a cylinder's two circles) are closed along the parameter box, as truck does.
fn boundary_loops<S: TrimSurface>(
    pieces: Vec<Vec<Point2>>,
    surface: &S,
    tol: f64,
) -> Vec<Vec<Point2>> {
    let (mut closed, mut open) = (Vec::new(), Vec::new());
    for mut vec in pieces {
        if vec.len() < 2 {
            continue;
        }
        if vec[0].distance(vec[vec.len() - 1]) < 1.0e-3 {
            vec.pop();
            closed.push(vec);
        } else {
            open.push(vec);
        }
    }
    let line = |a: Point2, b: Point2| polyline_on_surface(surface, a, b, tol);
    // Loops wound against their surface happen (a bound flagged reversed by an exporter, read
    // as it says): as OpenCascade does, the loop that encloses the others is the outer one and
    // the others are holes, whatever their direction. Only where every loop is closed in
    // (u, v) and the surface is not closed both ways: there, one loop can bound either side.
    let doubly_closed = surface.u_period().is_some() && surface.v_period().is_some();
    if open.is_empty() && !doubly_closed && !closed.is_empty() {
        let areas: Vec<f64> = closed.iter().map(|c| signed_area(c)).collect();
        let mut outer = 0;
        for (i, a) in areas.iter().enumerate() {
            if a.abs() > areas[outer].abs() {
                outer = i;
            }
        }
        for (i, c) in closed.iter_mut().enumerate() {
            if (i == outer) != (areas[i] > 0.0) {
                c.reverse();
            }
        }
    }
    match open.len() {
        1 => {
            let mut curve = open.pop().unwrap_or_default();
            if let Some(l) = close_at_pole(&mut curve, surface, tol) {
                closed.push(l);
                return closed;
            }
            let p = curve[0];
            let q = curve[curve.len() - 1];
            if let (Some((u0, u1)), Some((v0, v1))) = surface.try_range_tuple() {
                let corners = if p.x < q.x - TOLERANCE {
                    Some((0, (u0, u1), Point2::new(u0, v1), Point2::new(u1, v1)))
                } else if q.x < p.x - TOLERANCE {
                    Some((0, (u0, u1), Point2::new(u1, v0), Point2::new(u0, v0)))
                } else if p.y < q.y - TOLERANCE {
                    Some((1, (v0, v1), Point2::new(u0, v0), Point2::new(u0, v1)))
                } else if q.y < p.y - TOLERANCE {
                    Some((1, (v0, v1), Point2::new(u1, v1), Point2::new(u1, v0)))
                } else {
                    None
                };
                if let Some((idx, range, x, y)) = corners {
                    normalize_range(&mut curve, idx, range);
                    let p = curve[0];
                    let q = curve[curve.len() - 1];
                    closed.push(connect([line(q, y), line(y, x), line(x, p), curve]));
                }
            }
        }
        2 => {
            let mut curve1 = open.pop().unwrap_or_default();
            let mut curve0 = open.pop().unwrap_or_default();
            let ends = |v: &[Point2]| (v[0], v[v.len() - 1]);
            let ((p0, p1), (q0, q1)) = (ends(&curve0), ends(&curve1));
            let mut across = None;
            if !p0.x.near(&p1.x) && !q0.x.near(&q1.x) {
                if let (Some(urange), _) = surface.try_range_tuple() {
                    normalize_range(&mut curve0, 0, urange);
                    normalize_range(&mut curve1, 0, urange);
                    across = Some((0, urange.1 - urange.0));
                }
            } else if !p0.y.near(&p1.y) && !q0.y.near(&q1.y) {
                if let (_, Some(vrange)) = surface.try_range_tuple() {
                    normalize_range(&mut curve0, 1, vrange);
                    normalize_range(&mut curve1, 1, vrange);
                    across = Some((1, vrange.1 - vrange.0));
                }
            }
            if let Some((idx, period)) = across {
                clear_seam(&mut curve0, &mut curve1, idx, period);
            }
            let ((p0, p1), (q0, q1)) = (ends(&curve0), ends(&curve1));
            let (a, b) = (line(p1, q0), line(q1, p0));
            closed.push(connect([curve0, a, curve1, b]));
        }
        _ => {}
    }
    if !closed.iter().any(|c| loop_orientation(c)) {
        if let (Some((u0, u1)), Some((v0, v1))) = surface.try_range_tuple() {
            let p = [
                Point2::new(u0, v0),
                Point2::new(u1, v0),
                Point2::new(u1, v1),
                Point2::new(u0, v1),
            ];
            closed.push(connect([
                line(p[0], p[1]),
                line(p[1], p[2]),
                line(p[2], p[3]),
                line(p[3], p[0]),
            ]));
        }
    }
    closed
}

/// Whether segments `a`–`b` and `c`–`d` cross (touching at an end excluded).
fn segments_cross(a: Point2, b: Point2, c: Point2, d: Point2) -> bool {
    let side =
        |p: Point2, q: Point2, r: Point2| (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x);
    let (d1, d2) = (side(a, b, c), side(a, b, d));
    let (d3, d4) = (side(c, d, a), side(c, d, b));
    d1 * d2 < 0.0 && d3 * d4 < 0.0
}

/// Whether the segment `a`–`b` crosses a segment of `curves` or of their copies a period or two
/// away along `idx`.
fn seam_crosses(a: Point2, b: Point2, curves: [&[Point2]; 2], idx: usize, period: f64) -> bool {
    (-2..=2).any(|k| {
        let shift = f64::from(k) * period;
        let moved = |p: Point2| {
            let mut q = p;
            q[idx] += shift;
            q
        };
        curves.iter().any(|c| {
            c.windows(2)
                .any(|w| segments_cross(a, b, moved(w[0]), moved(w[1])))
        })
    })
}

/// `curve` (open in (u, v), its end its start moved by a period along `idx`) started at its
/// point `k` instead, ending a period away from it.
fn rotated(curve: &[Point2], k: usize, idx: usize) -> Vec<Point2> {
    let n = curve.len();
    let drift = curve[n - 1][idx] - curve[0][idx];
    let mut out = curve[k..].to_vec();
    out.extend(curve[1..=k].iter().map(|p| {
        let mut q = *p;
        q[idx] += drift;
        q
    }));
    out
}

/// Two wires each going once round a periodic direction (an annulus round a torus) are joined
/// by two lines a period apart, from the end of `curve0` to the start of `curve1` and from the
/// end of `curve1` to the start of `curve0`. Cut at the parameter box's edge, a wire that runs
/// back and forth across that edge could cross those lines: `live-clones/1385_Laufrad_1000`'s
/// hub (torus #352, between a circle round its inner equator and the loop of its bottom circle
/// with the blades' roots) has a blade root slanted across u = 2π; the line from the circle down
/// to the bottom cut the root, the loop crossed itself and the torus was meshed wrong there,
/// leaving the root's edges with the blade's planes open. Where the line crosses a wire, both
/// wires are started at other points of theirs (the first ones, in order along `curve0`, whose
/// joining line crosses nothing); unchanged when the line is clear or none is found.
fn clear_seam(curve0: &mut Vec<Point2>, curve1: &mut Vec<Point2>, idx: usize, period: f64) {
    let (n0, n1) = (curve0.len(), curve1.len());
    if n0 < 3 || n1 < 3 || !(period.is_finite() && period > 0.0) {
        return;
    }
    let curves = [curve0.as_slice(), curve1.as_slice()];
    if !seam_crosses(curve0[n0 - 1], curve1[0], curves, idx, period) {
        return;
    }
    let drift0 = curve0[n0 - 1][idx] - curve0[0][idx];
    // Candidates spread along curve0 (at most 64), each joined to the nearest point of curve1.
    let step = n0.div_ceil(64).max(1);
    for k in (0..n0 - 1).step_by(step) {
        let mut end = curve0[k];
        end[idx] += drift0;
        let mut best: Option<(f64, usize, f64)> = None;
        for (j, q) in curve1[..n1 - 1].iter().enumerate() {
            let u = nearest_period(q[idx], end[idx], period);
            let mut c = *q;
            c[idx] = u;
            let d = c.distance2(end);
            if best.is_none_or(|b| d < b.0) {
                best = Some((d, j, u - q[idx]));
            }
        }
        let Some((_, j, shift)) = best else {
            continue;
        };
        let mut start = curve1[j];
        start[idx] += shift;
        if !seam_crosses(end, start, curves, idx, period) {
            let c0 = rotated(curve0, k, idx);
            let mut c1 = rotated(curve1, j, idx);
            c1.iter_mut().for_each(|p| p[idx] += shift);
            *curve0 = c0;
            *curve1 = c1;
            return;
        }
    }
}

/// A wire open in (u, v) that goes once round a periodic direction bounds the face together with
/// the surface's pole on its left (the apex of a cone, a sphere's pole), where the other
/// parameter collapses the surface to a point. truck's parameter box does not always reach that
/// pole: a cone's line is bounded at its reference radius, so that a cone's tip lies outside the
/// box and closing the wire along the box's edge meshed the cone on the wrong side of its loop
/// (a hundred times the tip's area). `None` when the box's edge on that side is itself the pole,
/// or when no pole is found there: the wire is then closed along the box.
fn close_at_pole<S: TrimSurface>(
    curve: &mut Vec<Point2>,
    surface: &S,
    tol: f64,
) -> Option<Vec<Point2>> {
    let (p, q) = (curve[0], curve[curve.len() - 1]);
    let (urange, vrange) = surface.try_range_tuple();
    // `idx`: the periodic coordinate the wire runs along; the pole is across it, on the wire's
    // left (`side` +1 towards larger parameters).
    let (idx, period, range, side) = match (surface.u_period(), surface.v_period()) {
        (Some(up), _) if (q.x - p.x).abs() > 0.5 * up && (q.y - p.y).abs() < 0.5 * up => {
            (0, up, urange?, if p.x < q.x { 1.0 } else { -1.0 })
        }
        (_, Some(vp)) if (q.y - p.y).abs() > 0.5 * vp && (q.x - p.x).abs() < 0.5 * vp => {
            (1, vp, vrange?, if p.y < q.y { -1.0 } else { 1.0 })
        }
        _ => return None,
    };
    let across = 1 - idx;
    let at = |w: f64, t: f64| {
        let mut a = Point2::new(0.0, 0.0);
        a[idx] = t;
        a[across] = w;
        a
    };
    // Where the surface collapses, opposite points of a turn meet.
    let gap = |w: f64| {
        let (a, b) = (at(w, p[idx]), at(w, p[idx] + 0.5 * period));
        surface.subs(a.x, a.y).distance(surface.subs(b.x, b.y))
    };
    // The wire's farthest point towards its left.
    let extreme = curve
        .iter()
        .map(|c| c[across] * side)
        .fold(f64::NEG_INFINITY, f64::max)
        * side;
    let box_range = match across {
        0 => surface.try_range_tuple().0,
        _ => surface.try_range_tuple().1,
    };
    if let Some((w0, w1)) = box_range {
        let edge = if side > 0.0 { w1 } else { w0 };
        if (edge - extreme) * side > 0.0 && gap(edge) <= tol {
            return None;
        }
    }
    // Newton's method on the distance between opposite points (linear along a cone).
    let mut w = extreme;
    let mut pole = None;
    for _ in 0..64 {
        let d = gap(w);
        if !d.is_finite() {
            return None;
        }
        if d <= 1e-3 * tol {
            pole = Some(w);
            break;
        }
        let h = 1e-6 * (1.0 + w.abs());
        let slope = (gap(w + h) - gap(w - h)) / (2.0 * h);
        if !(slope.is_finite() && slope != 0.0) {
            return None;
        }
        w -= d / slope;
    }
    let pole = pole.filter(|w| (w - extreme) * side > 0.0)?;
    normalize_range(curve, idx, range);
    let (p, q) = (curve[0], curve[curve.len() - 1]);
    let (x, y) = (at(pole, q[idx]), at(pole, p[idx]));
    let line = |a: Point2, b: Point2| polyline_on_surface(surface, a, b, tol);
    let mut l = connect([line(q, x), line(x, y), line(y, p), curve.clone()]);
    if !loop_orientation(&l) {
        l.reverse();
    }
    Some(l)
}

#[cfg(test)]
mod tests {
    use super::*;
    use truck_stepio::r#in::alias::{BSplineSurface, KnotVec};

    /// Whether the closed polyline `l` crosses itself.
    fn crosses_itself(l: &[Point2]) -> bool {
        let n = l.len();
        (0..n).any(|i| {
            (i + 2..n).any(|j| {
                (i + 1) % n != j
                    && (j + 1) % n != i
                    && segments_cross(l[i], l[(i + 1) % n], l[j], l[(j + 1) % n])
            })
        })
    }

    #[test]
    fn an_annulus_whose_wire_runs_back_and_forth_across_the_seam_is_joined_clear_of_it() {
        let period = 2.0 * std::f64::consts::PI;
        // The inner wire: once round along +u at v = 0.
        let inner: Vec<Point2> = (0..=16)
            .map(|i| Point2::new(period * f64::from(i) / 16.0, 0.0))
            .collect();
        // The outer wire: once round along −u at v = 1, with a finger slanted across u = 2π
        // (its feet at u = 6.14 and 6.16, its tip at u = 6.53, v = 0.25), as a blade's root on
        // the hub of 1385_Laufrad_1000; it starts and ends at u = 6.27 (on v = 1).
        let mut outer = vec![Point2::new(6.27, 1.0), Point2::new(6.2, 1.0)];
        outer.extend([
            Point2::new(6.16, 1.0),
            Point2::new(6.3, 0.7),
            Point2::new(6.53, 0.25),
            Point2::new(6.5, 0.25),
            Point2::new(6.29, 0.6),
            Point2::new(6.14, 1.0),
        ]);
        outer.extend((1..16).map(|i| Point2::new(6.0 - 5.7 * f64::from(i) / 15.0, 1.0)));
        outer.push(Point2::new(6.27 - period, 1.0));
        let (mut c0, mut c1) = (outer.clone(), inner.clone());
        let joined = |c0: &[Point2], c1: &[Point2]| {
            let mut l = c0.to_vec();
            l.extend_from_slice(c1);
            l
        };
        // Joined as cut at the box's edge, the loop crosses itself.
        assert!(crosses_itself(&joined(&c0, &c1)));
        clear_seam(&mut c0, &mut c1, 0, period);
        let l = joined(&c0, &c1);
        assert!(!crosses_itself(&l), "{l:?}");
        // Each wire still goes once round, its points the same ones up to whole periods.
        assert!((c0[c0.len() - 1].x - c0[0].x + period).abs() < 1e-12);
        assert!((c1[c1.len() - 1].x - c1[0].x - period).abs() < 1e-12);
        assert_eq!(c0.len(), outer.len());
        assert_eq!(c1.len(), inner.len());
        for p in &c0 {
            let k = outer.iter().any(|q| {
                q.y == p.y && ((p.x - q.x) / period - ((p.x - q.x) / period).round()).abs() < 1e-9
            });
            assert!(k, "{p:?}");
        }
    }

    /// A flat B-spline patch of degree 1 from a point (u = 0) to a segment of `top` mm (u = 2).
    fn patch(top: f64) -> BSplineSurface<Point3> {
        let knots = |k: Vec<f64>| KnotVec::from(k);
        BSplineSurface::new(
            (
                knots(vec![0.0, 0.0, 1.0, 2.0, 2.0]),
                knots(vec![0.0, 0.0, 1.0, 1.0]),
            ),
            vec![
                vec![Point3::new(0.0, -10.0, 0.0), Point3::new(0.0, -10.0, 0.0)],
                vec![Point3::new(-10.0, 0.0, 0.0), Point3::new(10.0, 0.0, 0.0)],
                vec![Point3::new(0.0, 10.0, 0.0), Point3::new(top, 10.0, 0.0)],
            ],
        )
    }

    #[test]
    fn a_pole_closed_within_the_tolerance_is_a_pole_even_a_hair_outside_the_box() {
        let mut work = Work::new(u64::MAX);
        let tol = 0.004;
        // Closed within a tenth of a micrometre, found at u = 2.0002: the derivative along v
        // there (1e-4 mm a unit) is not truck's "small", the line of v is within tol.
        let s = patch(1e-4);
        let q = Point2::new(2.0002, 0.3);
        assert!(!s.vder(q.x, q.y).so_small());
        assert!(at_pole(&s, q, 1, tol, &mut work).unwrap());
        // An exact pole, and a line that is not one.
        assert!(at_pole(&s, Point2::new(0.0, 0.5), 1, tol, &mut work).unwrap());
        assert!(!at_pole(&s, Point2::new(1.0, 0.5), 1, tol, &mut work).unwrap());
        // Across the other direction, nothing collapses.
        assert!(!at_pole(&s, q, 0, tol, &mut work).unwrap());
        // A segment longer than the tolerance is not a pole.
        assert!(!at_pole(&patch(0.1), q, 1, tol, &mut work).unwrap());
    }

    #[test]
    fn a_point_found_outside_the_parameter_box_is_brought_back_within_the_tolerance() {
        let mut work = Work::new(u64::MAX);
        let tol = 0.004;
        let s = patch(1e-4);
        // The pole found a hair outside the box (as a surface of revolution's pole was found at
        // v = -0.0158, past its profile's end): brought back onto the pole's side of the box.
        let pole = s.subs(2.0, 0.3);
        let f = within_box(&s, pole, (2.0002, 0.3), None, tol, &mut work).unwrap();
        assert_eq!(f, Some((2.0, 0.3)));
        // A point on the edge u = 1 found far outside the box (as a B-spline wing's root curve
        // was found at u = 3.8 to 5.6 for a box [0, 1]): Newton's steps from the previous point.
        let p = s.subs(1.0, 0.7);
        let f = within_box(&s, p, (5.0, 0.7), Some((1.0, 0.6)), tol, &mut work).unwrap();
        let f = f.unwrap();
        assert!(
            (0.0..=2.0).contains(&f.0) && (0.0..=1.0).contains(&f.1),
            "{f:?}"
        );
        assert!(s.subs(f.0, f.1).distance(p) <= tol);
        // A wire that runs past the box, off the surface inside it: kept where it was found.
        let past = s.subs(2.5, 0.3);
        let f = within_box(&s, past, (2.5, 0.3), Some((2.0, 0.3)), tol, &mut work).unwrap();
        assert_eq!(f, Some((2.5, 0.3)));
        // Inside the box: unchanged.
        let f = within_box(&s, p, (1.0, 0.7), None, tol, &mut work).unwrap();
        assert_eq!(f, Some((1.0, 0.7)));
    }

    /// A thread's flank: a ruled cubic B-spline surface between two helices of `turns` turns
    /// (radius 2.5 mm at v = 0, 3 mm and 0.3 mm higher at v = 1, pitch 1 mm).
    fn thread(turns: usize) -> BSplineSurface<Point3> {
        let per_turn = 8;
        let m = turns * per_turn + 1;
        let mut knots = vec![0.0; 4];
        knots.extend((1..m - 3).map(|k| k as f64));
        knots.extend([(m - 3) as f64; 4]);
        let net = (0..m)
            .map(|k| {
                let a = std::f64::consts::TAU * k as f64 / per_turn as f64;
                let z = a / std::f64::consts::TAU;
                let at = |r: f64, dz: f64| Point3::new(r * a.cos(), r * a.sin(), z + dz);
                vec![at(2.5, 0.0), at(3.0, 0.3)]
            })
            .collect();
        BSplineSurface::new(
            (
                KnotVec::from(knots),
                KnotVec::from(vec![0.0, 0.0, 1.0, 1.0]),
            ),
            net,
        )
    }

    #[test]
    fn a_first_point_is_not_placed_on_the_next_turn_of_a_thread() {
        // The M6 screw's thread face #3818: without a start, truck's search of a point of the
        // flank's inner edge ended on the next turn, 0.87 mm off, and the whole wire followed.
        let s = thread(10);
        let tol = 0.002;
        let (_, u1) = s.try_range_tuple().0.unwrap();
        let mut truck_missed = 0;
        for k in 0..40 {
            let u = u1 * (k as f64 + 0.37) / 40.0;
            let p = s.subs(u, 0.002);
            let plain = s.search_nearest_parameter(p, None, 100);
            if plain.is_none_or(|(a, b)| s.subs(a, b).distance(p) > tol) {
                truck_missed += 1;
            }
            let mut work = Work::new(u64::MAX);
            let (a, b) = search(&s, p, None, tol, &mut work).unwrap().unwrap();
            let off = s.subs(a, b).distance(p);
            assert!(off <= tol, "u = {u}: found ({a}, {b}), {off} mm off");
        }
        // The case is the one the engine met: truck alone misses some of these points.
        assert!(truck_missed > 0);
    }

    #[test]
    fn a_point_a_hair_off_the_surface_is_placed_near_its_hint_without_searching_everywhere() {
        use super::super::super::work::SurfaceCost;
        let s = patch(10.0);
        let tol = 0.004;
        let cost = SurfaceCost::spline(6, 9);
        // On the patch at (1.5, 0.25), then lifted a micrometre off it.
        let on = s.subs(1.5, 0.25);
        let off = on + Vector3::new(0.0, 0.0, 0.001);
        let mut work = Work::new(u64::MAX);
        work.set_surface(cost);
        let (u, v) = search(&s, off, Some((1.45, 0.3)), tol, &mut work)
            .unwrap()
            .unwrap();
        assert!((u - 1.5).abs() < 1e-6 && (v - 0.25).abs() < 1e-6, "{u} {v}");
        // No search without a start: 51 × 51 evaluations each.
        assert!(
            work.spent() < cost.presearch * cost.evaluation,
            "{}",
            work.spent()
        );
        // Farther off than the tolerance, the whole surface is searched, as before.
        let far = on + Vector3::new(0.0, 0.0, 0.1);
        let mut work = Work::new(u64::MAX);
        work.set_surface(cost);
        let found = search(&s, far, Some((1.45, 0.3)), tol, &mut work).unwrap();
        assert!(found.is_some());
        assert!(
            work.spent() > cost.presearch * cost.evaluation,
            "{}",
            work.spent()
        );
    }
}
