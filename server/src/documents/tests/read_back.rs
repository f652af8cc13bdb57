//! Reading a rendered PDF back: written under target/documents-test/, its text as
//! `pdftotext -layout` prints it (spaces normalised), its page count, and what every document
//! must print of the seller.

use std::path::PathBuf;
use std::process::Command;

pub(crate) fn workdir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/documents-test");
    std::fs::create_dir_all(&dir).expect("create target/documents-test");
    dir
}

/// Writes the PDF, renders its page 1 to PNG (when pdftoppm exists) and returns its text as
/// `pdftotext -layout` prints it, spaces normalised (U+00A0 and U+202F read as spaces, runs of
/// spaces as one); `None` when pdftotext is not installed.
pub(super) fn pdf_text(name: &str, pdf: &[u8]) -> Option<String> {
    assert!(pdf.starts_with(b"%PDF-"), "{name} is not a PDF");
    let dir = workdir();
    let path = dir.join(format!("{name}.pdf"));
    std::fs::write(&path, pdf).expect("write the PDF");
    let out = match Command::new("pdftotext")
        .arg("-layout")
        .arg(&path)
        .arg("-")
        .output()
    {
        Ok(out) => out,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            eprintln!(
                "SKIPPED: pdftotext is not installed (apt-get install poppler-utils); {name} was \
                 rendered but not read back"
            );
            return None;
        }
        Err(e) => panic!("pdftotext: {e}"),
    };
    assert!(out.status.success(), "pdftotext failed on {name}");
    let _ = Command::new("pdftoppm")
        .args(["-png", "-r", "60", "-f", "1", "-l", "1"])
        .arg(&path)
        .arg(dir.join(name))
        .status();
    let raw = String::from_utf8(out.stdout).expect("pdftotext prints UTF-8");
    Some(normalise(&raw))
}

pub(super) fn normalise(raw: &str) -> String {
    let mut text = String::with_capacity(raw.len());
    let mut last_space = false;
    for c in raw.chars() {
        let c = if c == '\u{a0}' || c == '\u{202f}' {
            ' '
        } else {
            c
        };
        if c == ' ' {
            if !last_space {
                text.push(' ');
            }
            last_space = true;
        } else {
            text.push(c);
            last_space = false;
        }
    }
    text
}

pub(super) fn pages(text: &str) -> usize {
    text.matches('\u{c}').count()
}

#[track_caller]
pub(super) fn assert_has(text: &str, wanted: &[&str]) {
    // pdftotext sometimes drops the narrow gap of "20 %": compare without it.
    let text = text.replace(" %", "%");
    for w in wanted {
        let w = w.replace(" %", "%");
        assert!(text.contains(&w), "missing {w:?} in:\n{text}");
    }
}

pub(super) const SELLER_IDENTITY: &[&str] = &[
    "Forme Additive SAS",
    "Société par actions simplifiée au capital de 10 000 €",
    "12 rue de l’Exemple",
    "69003 Lyon",
    "RCS Lyon 912 345 678",
    "SIREN 912 345 678",
    "SIRET : 912 345 678 00014",
    "TVA intracommunautaire : FR32 912345678",
    "contact@forme-additive.example",
];
