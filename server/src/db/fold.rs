//! Case folding in SQL that agrees with Rust's `to_lowercase` on accented capitals.
//!
//! SQLite's `LOWER` folds ASCII only (`LOWER('ÉLODIE')` is `Élodie`), and PostgreSQL's depends on
//! the database's locale (none beyond ASCII under `C`). The searches lower-case the user's text in
//! Rust, so a capital accented letter stored in a name would never match. [`lower`] wraps `LOWER`
//! in a `REPLACE` for each capital of Latin-1 and Œ, Ÿ (what French and its neighbours write),
//! which gives the same text on both databases.

/// The capitals folded beyond ASCII, with their small letters.
const CAPITALS: [(char, char); 32] = [
    ('À', 'à'),
    ('Á', 'á'),
    ('Â', 'â'),
    ('Ã', 'ã'),
    ('Ä', 'ä'),
    ('Å', 'å'),
    ('Æ', 'æ'),
    ('Ç', 'ç'),
    ('È', 'è'),
    ('É', 'é'),
    ('Ê', 'ê'),
    ('Ë', 'ë'),
    ('Ì', 'ì'),
    ('Í', 'í'),
    ('Î', 'î'),
    ('Ï', 'ï'),
    ('Ð', 'ð'),
    ('Ñ', 'ñ'),
    ('Ò', 'ò'),
    ('Ó', 'ó'),
    ('Ô', 'ô'),
    ('Õ', 'õ'),
    ('Ö', 'ö'),
    ('Ø', 'ø'),
    ('Ù', 'ù'),
    ('Ú', 'ú'),
    ('Û', 'û'),
    ('Ü', 'ü'),
    ('Ý', 'ý'),
    ('Þ', 'þ'),
    ('Œ', 'œ'),
    ('Ÿ', 'ÿ'),
];

/// SQL for `expr` lower-cased as Rust's `to_lowercase` does for ASCII and [`CAPITALS`].
pub fn lower(expr: &str) -> String {
    CAPITALS
        .iter()
        .fold(format!("LOWER({expr})"), |sql, (capital, small)| {
            format!("REPLACE({sql}, '{capital}', '{small}')")
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_capital_folds_as_rust_does() {
        for (capital, small) in CAPITALS {
            assert_eq!(
                capital.to_lowercase().collect::<String>(),
                small.to_string()
            );
        }
        let sql = lower("a.nom");
        assert!(sql.starts_with("REPLACE(REPLACE("));
        assert!(sql.contains("LOWER(a.nom)"));
    }
}
