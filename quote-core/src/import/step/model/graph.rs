//! The references under the solids' shells, checked before truck converts them: truck follows
//! every reference recursively, so a cycle (a surface curve whose 3D curve is itself) or a long
//! chain of references (100 000 nested surface curves) would overflow its stack, which aborts
//! a WebAssembly build. The walk here is iterative, linear in the entities reached.

use std::collections::HashMap;

use truck_stepio::r#in::ruststep::ast::{Name, Parameter};

use super::{invalid, Model};
use crate::QuoteError;

/// Longest chain of references accepted below a shell. Real files go down about a dozen
/// (shell, face, bound, loop, oriented edge, edge, surface curve, curve, placement, point);
/// truck recurses once a level, so this keeps its stack to a few hundred kilobytes.
pub const MAX_REFERENCE_DEPTH: usize = 48;

/// Where a node of the walk is.
enum Mark {
    /// On the current path: meeting it again closes a cycle.
    OnPath,
    /// Done, with the longest chain of references below it.
    Height(usize),
}

impl<'a> Model<'a> {
    /// Every entity reachable from `roots` (roots included), in id order, once checked that no
    /// chain of references from them loops or runs deeper than [`MAX_REFERENCE_DEPTH`].
    pub fn reachable_checked(&self, roots: &[u64]) -> Result<Vec<u64>, QuoteError> {
        let mut marks: HashMap<u64, Mark> = HashMap::new();
        // (entity, its references, the next one to look at).
        let mut path: Vec<(u64, Vec<u64>, usize)> = Vec::new();
        for &root in roots {
            if marks.contains_key(&root) || !self.ents.contains_key(&root) {
                continue;
            }
            marks.insert(root, Mark::OnPath);
            path.push((root, self.references(root), 0));
            while let Some((id, refs, next)) = path.last_mut() {
                let Some(&child) = refs.get(*next) else {
                    let height = refs
                        .iter()
                        .map(|r| match marks.get(r) {
                            Some(Mark::Height(h)) => h + 1,
                            _ => 0,
                        })
                        .max()
                        .unwrap_or(0);
                    marks.insert(*id, Mark::Height(height));
                    path.pop();
                    continue;
                };
                *next += 1;
                let parent = *id;
                match marks.get(&child) {
                    Some(Mark::OnPath) if child == parent => {
                        return Err(invalid(format!(
                            "référence circulaire\u{a0}: l'entité #{child} renvoie à elle-même"
                        )));
                    }
                    Some(Mark::OnPath) => {
                        return Err(invalid(format!(
                            "références circulaires\u{a0}: l'entité #{parent} renvoie à #{child}, qui mène à elle"
                        )));
                    }
                    Some(Mark::Height(h)) => {
                        if path.len() + h > MAX_REFERENCE_DEPTH {
                            return Err(too_deep(root));
                        }
                    }
                    None if !self.ents.contains_key(&child) => {}
                    None => {
                        if path.len() >= MAX_REFERENCE_DEPTH {
                            return Err(too_deep(root));
                        }
                        marks.insert(child, Mark::OnPath);
                        path.push((child, self.references(child), 0));
                    }
                }
            }
        }
        let mut ids: Vec<u64> = marks.into_keys().collect();
        ids.sort_unstable();
        Ok(ids)
    }

    /// The entities an entity refers to, each once, in id order.
    fn references(&self, id: u64) -> Vec<u64> {
        fn walk(p: &Parameter, out: &mut Vec<u64>) {
            match p {
                Parameter::Ref(Name::Entity(r)) => out.push(*r),
                Parameter::List(v) => v.iter().for_each(|q| walk(q, out)),
                Parameter::Typed { parameter, .. } => walk(parameter, out),
                _ => {}
            }
        }
        let mut out = Vec::new();
        for r in self.records(id) {
            walk(&r.parameter, &mut out);
        }
        out.sort_unstable();
        out.dedup();
        out
    }
}

fn too_deep(root: u64) -> QuoteError {
    invalid(format!(
        "chaîne de plus de {MAX_REFERENCE_DEPTH} références sous l'enveloppe #{root}"
    ))
}
