//! What places what in an assembly: the relationships between representations (with the
//! product structure telling the component from the assembly) and the mapped items.

use std::collections::{BTreeMap, HashMap};

use super::{Link, Representations, Tree};
use crate::import::step::model::{as_ref, invalid, params, Model, SolidRef};
use crate::QuoteError;

impl<'a> Model<'a> {
    /// Product definitions to their representations, for the direction of placements.
    fn product_representations(&self) -> HashMap<u64, Vec<u64>> {
        let mut pd_reps: HashMap<u64, Vec<u64>> = HashMap::new();
        for (_, r) in self.all("SHAPE_DEFINITION_REPRESENTATION") {
            let p = params(r);
            let (Some(pds), Some(rep)) = (p.first().and_then(as_ref), p.get(1).and_then(as_ref))
            else {
                continue;
            };
            if let Some(pd) = self
                .record(pds, "PRODUCT_DEFINITION_SHAPE")
                .and_then(|r| params(r).get(2))
                .and_then(as_ref)
            {
                pd_reps.entry(pd).or_default().push(rep);
            }
        }
        pd_reps
    }

    /// Relationship entity -> the product definition placed (NAUO's related one).
    fn placed_product_definitions(&self) -> HashMap<u64, u64> {
        let mut placed_pd: HashMap<u64, u64> = HashMap::new();
        for (_, r) in self.all("CONTEXT_DEPENDENT_SHAPE_REPRESENTATION") {
            let p = params(r);
            let (Some(rel), Some(pds)) = (p.first().and_then(as_ref), p.get(1).and_then(as_ref))
            else {
                continue;
            };
            let nauo = self
                .record(pds, "PRODUCT_DEFINITION_SHAPE")
                .and_then(|r| params(r).get(2))
                .and_then(as_ref);
            let related = nauo
                .and_then(|n| self.record(n, "NEXT_ASSEMBLY_USAGE_OCCURRENCE"))
                .and_then(|r| params(r).get(4))
                .and_then(as_ref);
            if let Some(pd) = related {
                placed_pd.insert(rel, pd);
            }
        }
        placed_pd
    }

    /// The relationships between representations, in id order.
    pub(super) fn representation_links(&self) -> Vec<Link> {
        let mut links = Vec::new();
        for &id in &self.ids {
            let rel = self
                .record(id, "REPRESENTATION_RELATIONSHIP")
                .or_else(|| self.record(id, "SHAPE_REPRESENTATION_RELATIONSHIP"));
            let Some(rel) = rel else { continue };
            let p = params(rel);
            if p.len() != 4 {
                continue;
            }
            let (Some(rep1), Some(rep2)) = (as_ref(&p[2]), as_ref(&p[3])) else {
                continue;
            };
            let transform = self
                .record(id, "REPRESENTATION_RELATIONSHIP_WITH_TRANSFORMATION")
                .and_then(|r| params(r).first())
                .and_then(as_ref);
            links.push(Link {
                rel: id,
                rep1,
                rep2,
                transform,
            });
        }
        links
    }

    /// The clusters placed by a relationship with a transformation. The component is `rep_1`
    /// unless the assembly usage says otherwise.
    pub(super) fn place_linked(
        &self,
        links: &[Link],
        cluster: &BTreeMap<u64, u64>,
        unit: &impl Fn(u64) -> f64,
        tree: &mut Tree,
    ) -> Result<(), QuoteError> {
        let pd_reps = self.product_representations();
        let placed_pd = self.placed_product_definitions();
        for l in links {
            let Some(t) = l.transform else { continue };
            let (Some(&c1), Some(&c2)) = (cluster.get(&l.rep1), cluster.get(&l.rep2)) else {
                continue;
            };
            let child_is_2 = placed_pd.get(&l.rel).is_some_and(|pd| {
                let of_pd = pd_reps.get(pd).map_or(&[][..], |v| v.as_slice());
                let in_cluster = |c: u64| of_pd.iter().any(|r| cluster.get(r) == Some(&c));
                in_cluster(c2) && !in_cluster(c1)
            });
            let Some(idt) = self.record(t, "ITEM_DEFINED_TRANSFORMATION") else {
                // A CARTESIAN_TRANSFORMATION_OPERATOR as the transformation.
                if let Some(op) = self.placement(t, unit(l.rep2)) {
                    let (parent_c, child_c) = if child_is_2 { (c1, c2) } else { (c2, c1) };
                    tree.place(parent_c, child_c, op);
                }
                continue;
            };
            let p = params(idt);
            let (Some(i1), Some(i2)) = (p.get(2).and_then(as_ref), p.get(3).and_then(as_ref))
            else {
                continue;
            };
            let (Some(a1), Some(a2)) = (
                self.placement(i1, unit(l.rep1)),
                self.placement(i2, unit(l.rep2)),
            ) else {
                return Err(invalid(format!(
                    "le placement #{t} d'un composant est illisible"
                )));
            };
            let (parent_c, child_c, t) = if child_is_2 {
                (c1, c2, a1.then_after(&a2.rigid_inverse()))
            } else {
                (c2, c1, a2.then_after(&a1.rigid_inverse()))
            };
            tree.place(parent_c, child_c, t);
        }
        Ok(())
    }

    /// The solids each cluster holds, and the clusters its mapped items (REPRESENTATION_MAP)
    /// place.
    pub(super) fn place_mapped(
        &self,
        reps: &Representations<'a>,
        cluster: &BTreeMap<u64, u64>,
        solids: &BTreeMap<u64, SolidRef>,
        unit: &impl Fn(u64) -> f64,
        tree: &mut Tree,
    ) -> Result<(), QuoteError> {
        for (&rep, (items, _)) in reps {
            let c = cluster[&rep];
            for item in items.iter().filter_map(as_ref) {
                if solids.contains_key(&item) {
                    tree.solids_of.entry(c).or_default().push((item, unit(rep)));
                } else if let Some(mi) = self.record(item, "MAPPED_ITEM") {
                    let p = params(mi);
                    let (Some(map), Some(target)) =
                        (p.get(1).and_then(as_ref), p.get(2).and_then(as_ref))
                    else {
                        continue;
                    };
                    let Some(rm) = self.record(map, "REPRESENTATION_MAP") else {
                        continue;
                    };
                    let rp = params(rm);
                    let (Some(origin), Some(mapped)) =
                        (rp.first().and_then(as_ref), rp.get(1).and_then(as_ref))
                    else {
                        continue;
                    };
                    let Some(&child_c) = cluster.get(&mapped) else {
                        continue;
                    };
                    let (Some(o), Some(tg)) = (
                        self.placement(origin, unit(mapped)),
                        self.placement(target, unit(rep)),
                    ) else {
                        return Err(invalid(format!(
                            "le placement de l'élément #{item} est illisible"
                        )));
                    };
                    tree.place(c, child_c, tg.then_after(&o.rigid_inverse()));
                }
            }
        }
        Ok(())
    }
}
