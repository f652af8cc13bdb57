//! The package relationships (`_rels/.rels`): which part is the 3D model.

use quick_xml::events::Event;
use quick_xml::Reader;

use crate::QuoteError;

const START_PART: &str = "http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel";

fn invalid(detail: impl Into<String>) -> QuoteError {
    QuoteError::InvalidArchive {
        detail: detail.into(),
    }
}

/// The target of the single 3D-model StartPart relationship.
pub(crate) fn start_part(xml: &[u8]) -> Result<String, QuoteError> {
    let mut reader = Reader::from_reader(xml);
    let mut buf = Vec::new();
    let mut targets = Vec::new();
    loop {
        let event = reader
            .read_event_into(&mut buf)
            .map_err(|e| invalid(format!("_rels/.rels n'est pas du XML valide ({e})")))?;
        match event {
            Event::Start(e) | Event::Empty(e) if e.local_name().as_ref() == b"Relationship" => {
                let (mut kind, mut target) = (None, None);
                for a in e.attributes() {
                    let a = a.map_err(|e| invalid(format!("_rels/.rels mal formé ({e})")))?;
                    let v = a
                        .unescape_value()
                        .map_err(|e| invalid(format!("_rels/.rels mal formé ({e})")))?
                        .into_owned();
                    match a.key.as_ref() {
                        b"Type" => kind = Some(v),
                        b"Target" => target = Some(v),
                        _ => {}
                    }
                }
                if kind.as_deref() == Some(START_PART) {
                    targets.push(target.ok_or_else(|| invalid("relation sans cible"))?);
                }
            }
            Event::Eof => break,
            _ => {}
        }
        buf.clear();
    }
    match targets.len() {
        0 => Err(invalid(
            "_rels/.rels ne désigne aucune partie de modèle 3D (relation StartPart absente)",
        )),
        1 => Ok(targets.remove(0)),
        n => Err(invalid(format!(
            "_rels/.rels désigne {n} modèles 3D, un seul est permis"
        ))),
    }
}
