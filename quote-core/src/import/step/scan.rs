//! A lexical pass over the raw bytes before the STEP parser sees them: the parser (ruststep,
//! nom) recurses on nested lists and panics on integers wider than `i64`, and WebAssembly builds
//! abort on a panic or a stack overflow. This pass refuses such input first, in linear time and
//! constant memory.

use super::{invalid, too_complex};
use crate::import::step_header_offset;
use crate::QuoteError;

/// Largest STEP file read, bytes (the parser's tree takes about ten times the text).
pub const MAX_STEP_BYTES: usize = 64 * 1024 * 1024;
/// Most entity instances read. The parser's tree takes about 500 bytes an entity and 90 a
/// value (a file of padding points at these bounds peaks under 512 MB natively).
pub const MAX_ENTITIES: usize = 1_000_000;
/// Most values (list items, parameters) read: `(0,0,0,…)` takes 2 bytes of text a value and
/// about 90 bytes of the parser's tree.
pub const MAX_VALUES: usize = 4_000_000;
/// Deepest nesting of parentheses accepted (real files nest 4 or 5 levels).
const MAX_DEPTH: usize = 32;
/// Longest run of digits outside strings (`i64` holds 18 digits).
const MAX_DIGITS: usize = 18;

/// Checks the text's nesting, number widths and size; returns the number of entity instances
/// and the text without comments and without blanks outside strings (the parser refuses blanks
/// in some places the standard allows them, such as between a keyword and its parenthesis).
pub fn prescan(bytes: &[u8]) -> Result<(usize, Vec<u8>), QuoteError> {
    if bytes.len() > MAX_STEP_BYTES {
        return Err(too_complex(format!(
            "{} Mo, la limite est de {} Mo",
            bytes.len() / (1024 * 1024),
            MAX_STEP_BYTES / (1024 * 1024)
        )));
    }
    // The BOM, blanks and comments before the header are left out.
    let Some(start) = step_header_offset(bytes) else {
        return Err(invalid("il ne commence pas par « ISO-10303-21; »".into()));
    };
    let mut depth = 0usize;
    let mut digits = 0usize;
    let mut entities = 0usize;
    let mut values = 0usize;
    let mut line = 1 + bytes[..start].iter().filter(|&&c| c == b'\n').count();
    let mut i = start;
    let n = bytes.len();
    let mut out = Vec::with_capacity(n);
    while i < n {
        let c = bytes[i];
        match c {
            b'\'' => {
                // A string: '' is an escaped quote; anything else goes until the closing quote.
                let start = i;
                i += 1;
                loop {
                    if i >= n {
                        return Err(invalid(format!("chaîne non terminée (ligne {line})")));
                    }
                    if bytes[i] == b'\n' {
                        line += 1;
                    }
                    if bytes[i] == b'\'' {
                        if i + 1 < n && bytes[i + 1] == b'\'' {
                            i += 2;
                            continue;
                        }
                        break;
                    }
                    i += 1;
                }
                out.extend_from_slice(&bytes[start..=i]);
                digits = 0;
                i += 1;
                continue;
            }
            b'/' if i + 1 < n && bytes[i + 1] == b'*' => {
                i += 2;
                while i + 1 < n && !(bytes[i] == b'*' && bytes[i + 1] == b'/') {
                    if bytes[i] == b'\n' {
                        line += 1;
                    }
                    i += 1;
                }
                if i + 1 >= n {
                    return Err(invalid(format!("commentaire non terminé (ligne {line})")));
                }
                digits = 0;
                i += 2;
                continue;
            }
            b' ' | b'\t' | b'\r' => {
                digits = 0;
                i += 1;
                continue;
            }
            b'(' => {
                values = count_value(values)?;
                depth += 1;
                if depth > MAX_DEPTH {
                    return Err(invalid(format!(
                        "listes imbriquées sur plus de {MAX_DEPTH} niveaux (ligne {line})"
                    )));
                }
                digits = 0;
            }
            b')' => {
                if depth == 0 {
                    return Err(invalid(format!(
                        "parenthèse fermante en trop (ligne {line})"
                    )));
                }
                depth -= 1;
                digits = 0;
            }
            b'0'..=b'9' => {
                digits += 1;
                let ends = i + 1 >= n || !bytes[i + 1].is_ascii_digit();
                if ends && digits > MAX_DIGITS {
                    // Only integers and exponents are read as `i64`: the integral and
                    // fractional parts of a real may be as long as they like.
                    let start = i + 1 - digits;
                    let fraction = start > 0 && bytes[start - 1] == b'.';
                    let integral = i + 1 < n && bytes[i + 1] == b'.';
                    if !fraction && !integral {
                        return Err(invalid(format!(
                            "nombre entier de plus de {MAX_DIGITS} chiffres (ligne {line})"
                        )));
                    }
                }
            }
            b',' => {
                values = count_value(values)?;
                digits = 0;
            }
            b'=' if depth == 0 => {
                entities += 1;
                if entities > MAX_ENTITIES {
                    return Err(too_complex(format!(
                        "plus de {} entités",
                        crate::fr_int(MAX_ENTITIES as u64)
                    )));
                }
                digits = 0;
            }
            b'\n' => {
                line += 1;
                digits = 0;
                // A statement whose `;` is missing (`#4=A(...)` then `#5=...` on the next
                // line): OpenCascade reports a syntax error and loses both; the end of the
                // line at depth 0 after a closing parenthesis, before a new instance, can only
                // be the end of the statement.
                if depth == 0 && out.last() == Some(&b')') && next_is_instance(&bytes[i + 1..]) {
                    out.push(b';');
                }
                // Keep line breaks after statements, for the parser's error positions.
                if out.last() == Some(&b';') {
                    out.push(b'\n');
                }
                i += 1;
                continue;
            }
            c if c >= 0x80 => {
                return Err(invalid(format!(
                    "caractère non ASCII hors d'une chaîne (ligne {line})"
                )));
            }
            _ => digits = 0,
        }
        out.push(c);
        i += 1;
    }
    if depth != 0 {
        return Err(invalid(
            "parenthèses non refermées en fin de fichier".into(),
        ));
    }
    Ok((entities, out))
}

/// Whether the text after a line break starts, past blanks, with an instance name `#12=`.
/// Looks at most 256 bytes ahead, so that a file of blank lines stays linear.
fn next_is_instance(rest: &[u8]) -> bool {
    let mut it = rest[..rest.len().min(256)]
        .iter()
        .copied()
        .skip_while(|c| matches!(c, b' ' | b'\t' | b'\r' | b'\n'));
    if it.next() != Some(b'#') {
        return false;
    }
    let mut digits = 0;
    for c in it {
        match c {
            b'0'..=b'9' => digits += 1,
            b' ' | b'\t' => {}
            b'=' => return digits > 0,
            _ => return false,
        }
    }
    false
}

/// One more value (a list or an item after a comma), refused past [`MAX_VALUES`].
fn count_value(values: usize) -> Result<usize, QuoteError> {
    if values >= MAX_VALUES {
        return Err(too_complex(format!(
            "plus de {} valeurs",
            crate::fr_int(MAX_VALUES as u64)
        )));
    }
    Ok(values + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starts_at_the_header_after_a_bom_blanks_and_comments() {
        let text = "\u{FEFF}\n/* exporter\n (v2) */\n ISO-10303-21;\nDATA;\n#1=A((1));\n#2=B(#1);";
        let (n, out) = prescan(text.as_bytes()).unwrap();
        assert_eq!(n, 2);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "ISO-10303-21;\nDATA;\n#1=A((1));\n#2=B(#1);"
        );
        // Lines keep their numbers in messages.
        let e = prescan("/*\n*/\nISO-10303-21;\nDATA;\n#1=A(');".as_bytes()).unwrap_err();
        assert!(e.to_string().contains("ligne 5"), "{e}");
        assert!(prescan(b"solid cube\n").is_err());
    }

    #[test]
    fn refuses_deep_nesting_and_wide_numbers_before_the_parser() {
        let deep = format!(
            "ISO-10303-21;\nDATA;\n#1=A({}1{});",
            "(".repeat(40),
            ")".repeat(40)
        );
        let e = prescan(deep.as_bytes()).unwrap_err();
        assert!(e.to_string().contains("imbriquées"), "{e}");
        let wide = "ISO-10303-21;\nDATA;\n#1=A(12345678901234567890);";
        let e = prescan(wide.as_bytes()).unwrap_err();
        assert!(e.to_string().contains("chiffres"), "{e}");
        let exponent = "ISO-10303-21;\nDATA;\n#1=A(1.E-12345678901234567890);";
        assert!(prescan(exponent.as_bytes()).is_err());
        let long_real =
            "ISO-10303-21;\nDATA;\n#1=A(0.1234567890123456789012,12345678901234567890.5);";
        assert_eq!(prescan(long_real.as_bytes()).map(|r| r.0), Ok(1));
        let open = "ISO-10303-21;\nDATA;\n#1=A('x);";
        assert!(prescan(open.as_bytes()).is_err());
    }

    #[test]
    fn a_statement_without_its_semicolon_ends_at_its_line() {
        let text = "ISO-10303-21;\nDATA;\n#1=A((1),#2)\n#2 = B(#1);\n#3=C((1)\n,2)\n;\n";
        let (n, out) = prescan(text.as_bytes()).unwrap();
        assert_eq!(n, 3);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "ISO-10303-21;\nDATA;\n#1=A((1),#2);\n#2=B(#1);\n#3=C((1),2);\n"
        );
    }

    #[test]
    fn counts_entities_and_skips_strings_and_comments() {
        let ok =
            "ISO-10303-21;\nDATA;\n/* (((( */\n#1 = A ( 'it''s (= x' );\n#2=B(#1,1.5E-3);\nENDSEC;";
        let (n, text) = prescan(ok.as_bytes()).unwrap();
        assert_eq!(n, 2);
        assert_eq!(
            String::from_utf8(text).unwrap(),
            "ISO-10303-21;\nDATA;\n#1=A('it''s (= x');\n#2=B(#1,1.5E-3);\nENDSEC;"
        );
    }
}
