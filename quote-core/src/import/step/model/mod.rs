//! What the engine reads from a STEP file's entity graph on its own, before and around truck:
//! the solids, the length unit of each representation, the assembly placements (nested
//! products, mapped items), and a validation of the entities truck would otherwise panic on.
//!
//! This module holds the graph's index and the readers of raw parameters; each concern has its
//! own child module, all as methods of [`Model`].

mod assembly;
mod graph;
mod placement;
mod solids;
mod tessellated;
mod units;
mod validate;

use std::collections::HashMap;

use truck_stepio::r#in::ruststep::ast::{DataSection, EntityInstance, Name, Parameter, Record};

use super::invalid;
use crate::QuoteError;

pub use placement::Affine;

/// A solid to tessellate: its shells, in the unit of the representation holding it.
#[derive(Debug, Clone, PartialEq)]
pub struct SolidRef {
    /// The MANIFOLD_SOLID_BREP or BREP_WITH_VOIDS entity.
    pub id: u64,
    /// Outer shell first, then voids (CLOSED_SHELL entities).
    pub shells: Vec<u64>,
}

/// One placed copy of a solid.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Instance {
    /// The solid entity.
    pub solid: u64,
    /// Millimetres per unit of the solid's own coordinates.
    pub unit_mm: f64,
    /// From the solid's coordinates scaled to mm, to the file's root, mm.
    pub place: Affine,
}

/// The entity graph, indexed by instance name.
pub struct Model<'a> {
    ents: HashMap<u64, &'a EntityInstance>,
    /// Every id in file order of names (sorted), for deterministic walks.
    ids: Vec<u64>,
}

fn params(r: &Record) -> &[Parameter] {
    match &r.parameter {
        Parameter::List(v) => v,
        _ => &[],
    }
}

fn as_ref(p: &Parameter) -> Option<u64> {
    match p {
        Parameter::Ref(Name::Entity(id)) => Some(*id),
        _ => None,
    }
}

fn as_real(p: &Parameter) -> Option<f64> {
    match p {
        Parameter::Real(x) => Some(*x),
        Parameter::Integer(i) => Some(*i as f64),
        Parameter::Typed { parameter, .. } => as_real(parameter),
        _ => None,
    }
}

fn as_int(p: &Parameter) -> Option<i64> {
    match p {
        Parameter::Integer(i) => Some(*i),
        Parameter::Typed { parameter, .. } => as_int(parameter),
        _ => None,
    }
}

fn as_list(p: &Parameter) -> Option<&[Parameter]> {
    match p {
        Parameter::List(v) => Some(v),
        _ => None,
    }
}

fn as_enum(p: &Parameter) -> Option<&str> {
    match p {
        Parameter::Enumeration(e) => Some(e),
        _ => None,
    }
}

impl<'a> Model<'a> {
    pub fn new(data: &'a DataSection) -> Result<Model<'a>, QuoteError> {
        let mut ents = HashMap::with_capacity(data.entities.len());
        for e in &data.entities {
            let id = match e {
                EntityInstance::Simple { id, .. } | EntityInstance::Complex { id, .. } => *id,
            };
            if ents.insert(id, e).is_some() {
                return Err(invalid(format!("l'entité #{id} est définie deux fois")));
            }
        }
        let mut ids: Vec<u64> = ents.keys().copied().collect();
        ids.sort_unstable();
        Ok(Model { ents, ids })
    }

    /// The records of an entity: one for a simple instance, several for a complex one.
    fn records(&self, id: u64) -> &'a [Record] {
        match self.ents.get(&id) {
            Some(EntityInstance::Simple { record, .. }) => std::slice::from_ref(record),
            Some(EntityInstance::Complex { subsuper, .. }) => &subsuper.0,
            None => &[],
        }
    }

    /// The record named `name` of entity `id` (simple, or part of a complex instance).
    fn record(&self, id: u64, name: &str) -> Option<&'a Record> {
        self.records(id).iter().find(|r| r.name == name)
    }

    /// The name of a simple entity, "" for a complex or missing one.
    fn simple_name(&self, id: u64) -> &'a str {
        match self.ents.get(&id) {
            Some(EntityInstance::Simple { record, .. }) => &record.name,
            _ => "",
        }
    }

    /// Every entity holding a record named `name`, in id order.
    fn all(&self, name: &'a str) -> impl Iterator<Item = (u64, &'a Record)> + '_ {
        self.ids
            .iter()
            .filter_map(move |&id| self.record(id, name).map(|r| (id, r)))
    }

    /// Whether some entity holds a record of that name.
    pub fn has(&self, name: &str) -> bool {
        self.ids.iter().any(|&id| self.record(id, name).is_some())
    }

    /// The instance named `#id`.
    pub fn entity(&self, id: u64) -> Option<&'a EntityInstance> {
        self.ents.get(&id).copied()
    }

    /// The largest entity id.
    pub fn max_id(&self) -> u64 {
        self.ids.last().copied().unwrap_or(0)
    }
}
