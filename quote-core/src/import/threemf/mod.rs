//! 3MF: the zip package (relationships, size limit) around the XML model.
//!
//! The package's `_rels/.rels` names the 3D model part (the StartPart relationship); only that
//! part is read. Decompressed bytes are counted while reading, never trusting the sizes the
//! zip declares, and the whole read stops past [`MAX_DECOMPRESSED`].

mod assemble;
mod markup;
mod model;
mod rels;
#[cfg(test)]
mod tests;

use std::io::{Cursor, Read};

use crate::{Mesh, QuoteError};

/// The most bytes the parts we read may decompress to, in total.
pub const MAX_DECOMPRESSED: u64 = 512 * 1024 * 1024;

fn invalid(detail: impl Into<String>) -> QuoteError {
    QuoteError::InvalidArchive {
        detail: detail.into(),
    }
}

/// A reader that fails once more than its budget has been read.
pub(crate) struct Limited<R> {
    inner: R,
    left: u64,
    /// Set when the budget ran out (the XML reader only sees an I/O error).
    pub exceeded: bool,
}

impl<R: Read> Read for Limited<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        if n as u64 > self.left {
            self.exceeded = true;
            return Err(std::io::Error::other("decompressed size limit"));
        }
        self.left -= n as u64;
        Ok(n)
    }
}

type Archive<'a> = zip::ZipArchive<Cursor<&'a [u8]>>;

/// Finds a part by name, as OPC names compare: without the leading slash, ignoring case.
fn part_index(archive: &Archive, name: &str) -> Option<usize> {
    let wanted = name.trim_start_matches('/');
    (0..archive.len()).find(|&i| {
        archive
            .name_for_index(i)
            .and_then(Result::ok)
            .is_some_and(|n| n.trim_start_matches('/').eq_ignore_ascii_case(wanted))
    })
}

/// Reads a small part (relationships) whole, within the budget.
fn read_part(archive: &mut Archive, index: usize, budget: &mut u64) -> Result<Vec<u8>, QuoteError> {
    let file = archive
        .by_index(index)
        .map_err(|e| invalid(format!("partie illisible ({e})")))?;
    let mut r = Limited {
        inner: file,
        left: *budget,
        exceeded: false,
    };
    let mut out = Vec::new();
    match r.read_to_end(&mut out) {
        Ok(_) => {
            *budget = r.left;
            Ok(out)
        }
        Err(_) if r.exceeded => Err(too_large()),
        Err(e) => Err(invalid(format!("partie illisible ({e})"))),
    }
}

pub(crate) fn too_large() -> QuoteError {
    QuoteError::ArchiveTooLarge {
        limit_mb: MAX_DECOMPRESSED / (1024 * 1024),
    }
}

/// Reads a 3MF archive into one welded mesh in millimetres, build transforms applied.
pub(crate) fn read_3mf(bytes: &[u8]) -> Result<Mesh, QuoteError> {
    read_3mf_within(bytes, MAX_DECOMPRESSED)
}

/// [`read_3mf`] with a given decompression budget.
fn read_3mf_within(bytes: &[u8], limit: u64) -> Result<Mesh, QuoteError> {
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes))
        .map_err(|e| invalid(format!("ce n'est pas une archive zip lisible ({e})")))?;
    let mut budget = limit;
    let rels_index = part_index(&archive, "_rels/.rels")
        .ok_or_else(|| invalid("la partie _rels/.rels, qui désigne le modèle 3D, est absente"))?;
    let rels = read_part(&mut archive, rels_index, &mut budget)?;
    let target = rels::start_part(&rels)?;
    let index = part_index(&archive, &target).ok_or_else(|| {
        invalid(format!(
            "la partie du modèle 3D «\u{a0}{target}\u{a0}» annoncée par _rels/.rels est absente"
        ))
    })?;
    let root = read_model(&mut archive, index, &mut budget)?;
    // The other model parts that `p:path` references name (production extension), each read
    // once; a part may name further parts, but never more than the archive holds.
    let mut parts: Vec<(String, assemble::Model)> = Vec::new();
    let mut wanted: Vec<String> = paths(&root);
    while let Some(path) = wanted.pop() {
        let key = assemble::part_key(&path);
        if key == assemble::part_key(&target) || parts.iter().any(|(p, _)| *p == key) {
            continue;
        }
        let Some(i) = part_index(&archive, &path) else {
            return Err(invalid(format!(
                "la partie «\u{a0}{path}\u{a0}» désignée par p:path est absente"
            )));
        };
        let m = read_model(&mut archive, i, &mut budget)?;
        wanted.extend(paths(&m));
        parts.push((key, m));
    }
    assemble::assemble(&root, &parts)
}

/// The parts named by a model's `p:path` references.
fn paths(m: &assemble::Model) -> Vec<String> {
    let components = m.objects.iter().flat_map(|o| &o.components);
    m.items
        .iter()
        .chain(components)
        .filter_map(|c| c.path.clone())
        .collect()
}

/// Parses the model part at `index`, within the budget.
fn read_model(
    archive: &mut Archive,
    index: usize,
    budget: &mut u64,
) -> Result<assemble::Model, QuoteError> {
    let file = archive
        .by_index(index)
        .map_err(|e| invalid(format!("modèle 3D illisible ({e})")))?;
    let mut limited = Limited {
        inner: file,
        left: *budget,
        exceeded: false,
    };
    let mut markup = markup::Markup::new(&mut limited);
    let parsed = model::parse(std::io::BufReader::new(&mut markup));
    let overrun = markup.overrun;
    if limited.exceeded {
        return Err(too_large());
    }
    if let Some(overrun) = overrun {
        return Err(model::spec(match overrun {
            markup::Overrun::Tag => format!(
                "un élément XML du modèle dépasse {} Mo",
                markup::MAX_RUN / (1024 * 1024)
            ),
            markup::Overrun::Text => format!(
                "le modèle contient un texte de plus de {} Mo",
                markup::MAX_RUN / (1024 * 1024)
            ),
        }));
    }
    *budget = limited.left;
    parsed
}
