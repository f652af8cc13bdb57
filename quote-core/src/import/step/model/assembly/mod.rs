//! Assemblies: the placed copies of each solid, from representations joined into clusters,
//! their placements (nested products, mapped items) and a walk from the roots.

mod links;

use std::collections::{BTreeMap, BTreeSet};

use truck_stepio::r#in::ruststep::ast::Parameter;

use super::{as_list, as_ref, params, Affine, Instance, Model, SolidRef};
use crate::import::step::{invalid, too_complex};
use crate::QuoteError;

/// Most placed solids (instances) in one file.
pub const MAX_INSTANCES: usize = 10_000;
/// Deepest nesting of assemblies followed.
const MAX_ASSEMBLY_DEPTH: usize = 24;
/// Most placements walked through, solids or not: an assembly of empty copies nested ten by
/// ten would otherwise be walked 10⁹ times without placing a solid.
const MAX_PLACEMENTS_WALKED: usize = 10 * MAX_INSTANCES;

/// Representations: (items, context).
type Representations<'a> = BTreeMap<u64, (&'a [Parameter], u64)>;

/// A relationship between two representations, with the transformation placing one in the
/// other when it has one.
struct Link {
    rel: u64,
    rep1: u64,
    rep2: u64,
    transform: Option<u64>,
}

/// What places what: clusters of representations, each holding solids and placing others.
#[derive(Default)]
struct Tree {
    /// Children of a cluster: (child cluster, transform from child mm to parent mm).
    children: BTreeMap<u64, Vec<(u64, Affine)>>,
    /// Clusters placed by another.
    is_child: BTreeSet<u64>,
    /// The solids of a cluster, each with the millimetres per unit of its representation.
    solids_of: BTreeMap<u64, Vec<(u64, f64)>>,
}

impl Tree {
    fn place(&mut self, parent: u64, child: u64, transform: Affine) {
        self.children
            .entry(parent)
            .or_default()
            .push((child, transform));
        self.is_child.insert(child);
    }
}

impl<'a> Model<'a> {
    /// Every placed solid: assemblies are walked from their roots, each placement applied.
    pub fn instances(&self, solids: &BTreeMap<u64, SolidRef>) -> Result<Vec<Instance>, QuoteError> {
        let reps = self.representations();
        let unit_of = |rep: u64| -> Option<f64> {
            reps.get(&rep)
                .and_then(|(_, ctx)| self.context_length_mm(*ctx))
        };
        let default_unit = reps.keys().find_map(|&r| unit_of(r)).unwrap_or(1.0);
        let unit = |rep: u64| unit_of(rep).unwrap_or(default_unit);
        let links = self.representation_links();
        let cluster = clusters(&reps, &links);
        let mut tree = Tree::default();
        self.place_linked(&links, &cluster, &unit, &mut tree)?;
        self.place_mapped(&reps, &cluster, solids, &unit, &mut tree)?;
        let roots: BTreeSet<u64> = cluster.values().copied().collect();
        tree.check_acyclic(&roots)?;
        let mut out = tree.walk(&roots)?;
        if out.is_empty() {
            // Solids outside any representation: read them where they are.
            out = solids
                .keys()
                .map(|&solid| Instance {
                    solid,
                    unit_mm: default_unit,
                    place: Affine::IDENTITY,
                })
                .collect();
        }
        Ok(out)
    }

    /// The representations of the file, but a drawing's.
    fn representations(&self) -> Representations<'a> {
        let mut reps = BTreeMap::new();
        for &id in &self.ids {
            // A drawing's views map the part's representation again: not more copies of it.
            if self.record(id, "DRAUGHTING_MODEL").is_some() {
                continue;
            }
            for r in self.records(id) {
                let p = params(r);
                let is_rep = r.name.ends_with("REPRESENTATION")
                    && r.name != "SHAPE_DEFINITION_REPRESENTATION"
                    && r.name != "CONTEXT_DEPENDENT_SHAPE_REPRESENTATION"
                    && r.name != "DEFINITIONAL_REPRESENTATION"
                    && p.len() == 3;
                if is_rep {
                    if let (Some(items), Some(ctx)) = (as_list(&p[1]), as_ref(&p[2])) {
                        reps.insert(id, (items, ctx));
                        break;
                    }
                }
            }
        }
        reps
    }
}

/// Each representation's cluster (representations joined without a transformation), named by
/// its root.
fn clusters(reps: &Representations<'_>, links: &[Link]) -> BTreeMap<u64, u64> {
    let mut parent: BTreeMap<u64, u64> = reps.keys().map(|&r| (r, r)).collect();
    fn find(parent: &mut BTreeMap<u64, u64>, mut x: u64) -> u64 {
        let mut guard = 0;
        while let Some(&p) = parent.get(&x) {
            if p == x || guard > 1_000_000 {
                break;
            }
            x = p;
            guard += 1;
        }
        x
    }
    for l in links {
        if l.transform.is_none() && reps.contains_key(&l.rep1) && reps.contains_key(&l.rep2) {
            let (a, b) = (find(&mut parent, l.rep1), find(&mut parent, l.rep2));
            if a != b {
                parent.insert(a.max(b), a.min(b));
            }
        }
    }
    let rep_ids: Vec<u64> = reps.keys().copied().collect();
    rep_ids.iter().map(|&r| (r, find(&mut parent, r))).collect()
}

impl Tree {
    /// Refuses a cluster that places itself, through any number of others: walking it would
    /// only stop at the depth bound, after exponentially many copies.
    fn check_acyclic(&self, clusters: &BTreeSet<u64>) -> Result<(), QuoteError> {
        // 1: on the current path, 2: done.
        let mut mark: BTreeMap<u64, u8> = BTreeMap::new();
        for &start in clusters {
            if mark.contains_key(&start) {
                continue;
            }
            mark.insert(start, 1);
            let mut path = vec![(start, 0usize)];
            while let Some((c, next)) = path.last_mut() {
                let children = self.children.get(c).map_or(&[][..], |v| v.as_slice());
                let Some(&(child, _)) = children.get(*next) else {
                    mark.insert(*c, 2);
                    path.pop();
                    continue;
                };
                *next += 1;
                match mark.get(&child) {
                    Some(1) => {
                        return Err(invalid(format!(
                            "un assemblage se contient lui-même (représentation #{child})"
                        )))
                    }
                    Some(_) => {}
                    None => {
                        mark.insert(child, 1);
                        path.push((child, 0));
                    }
                }
            }
        }
        Ok(())
    }

    /// The solids placed from the clusters placed by nothing (`clusters`, in order), bounded
    /// in count and depth.
    fn walk(&self, clusters: &BTreeSet<u64>) -> Result<Vec<Instance>, QuoteError> {
        let mut out: Vec<Instance> = Vec::new();
        // Assemblies first; then representations placed by nothing and holding nothing placed:
        // some exporters also list each part's solid in a free-standing representation, whose
        // copy is already in the assembly.
        let roots: Vec<u64> = clusters
            .iter()
            .copied()
            .filter(|c| !self.is_child.contains(c))
            .collect();
        let (assemblies, single): (Vec<u64>, Vec<u64>) = roots
            .into_iter()
            .partition(|c| self.children.contains_key(c));
        let mut placed: BTreeSet<u64> = BTreeSet::new();
        let mut walked = 0usize;
        for &root in assemblies.iter().chain(&single) {
            if !self.children.contains_key(&root) {
                let list = self.solids_of.get(&root).map_or(&[][..], |v| v.as_slice());
                if list.iter().all(|(s, _)| placed.contains(s)) && !out.is_empty() {
                    continue;
                }
            }
            let mut stack = vec![(root, Affine::IDENTITY, 0usize)];
            while let Some((c, place, depth)) = stack.pop() {
                walked += 1;
                if walked > MAX_PLACEMENTS_WALKED {
                    return Err(too_complex(format!(
                        "plus de {} placements d'assemblage à parcourir",
                        crate::fr_int(MAX_PLACEMENTS_WALKED as u64)
                    )));
                }
                for &(solid, unit_mm) in self.solids_of.get(&c).map_or(&[][..], |v| v.as_slice()) {
                    out.push(Instance {
                        solid,
                        unit_mm,
                        place,
                    });
                    placed.insert(solid);
                    if out.len() > MAX_INSTANCES {
                        return Err(too_complex(format!(
                            "plus de {} solides placés",
                            crate::fr_int(MAX_INSTANCES as u64)
                        )));
                    }
                }
                if depth >= MAX_ASSEMBLY_DEPTH {
                    return Err(too_complex(format!(
                        "assemblage imbriqué sur plus de {MAX_ASSEMBLY_DEPTH} niveaux"
                    )));
                }
                // Reverse so that children come out in file order.
                for &(child, t) in self
                    .children
                    .get(&c)
                    .map_or(&[][..], |v| v.as_slice())
                    .iter()
                    .rev()
                {
                    stack.push((child, place.then_after(&t), depth + 1));
                }
            }
        }
        Ok(out)
    }
}
