//! The FEC, fichier des écritures comptables (LPF art. A47 A-1): the 18 columns, a header line,
//! fields separated by `|`, records by CR LF, dates `AAAAMMJJ`, amounts with a decimal comma and
//! no thousands separator; entries numbered on a continuous sequence per journal.

use jiff::civil::Date;

use super::ledger::Entry;

/// The 18 columns, as the administration names them.
pub const COLUMNS: [&str; 18] = [
    "JournalCode",
    "JournalLib",
    "EcritureNum",
    "EcritureDate",
    "CompteNum",
    "CompteLib",
    "CompAuxNum",
    "CompAuxLib",
    "PieceRef",
    "PieceDate",
    "EcritureLib",
    "Debit",
    "Credit",
    "EcritureLet",
    "DateLet",
    "ValidDate",
    "Montantdevise",
    "Idevise",
];

/// `20261127`.
pub fn fec_date(d: Date) -> String {
    format!("{:04}{:02}{:02}", d.year(), d.month(), d.day())
}

/// `1234,50`: cents with a decimal comma (never negative here: sides carry the sign).
pub fn fec_amount(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let c = cents.unsigned_abs();
    format!("{sign}{},{:02}", c / 100, c % 100)
}

/// A text field: no separator, tab or line break inside, no blank at the ends.
fn field(s: &str) -> String {
    s.chars()
        .map(|c| if c == '|' || c.is_control() { ' ' } else { c })
        .collect::<String>()
        .trim()
        .to_owned()
}

/// The FEC of `entries` (already in their order), header first. The validation date of an entry
/// is its date: an issued document is final.
pub fn write(entries: &[Entry]) -> String {
    let mut out = COLUMNS.join("|");
    out.push_str("\r\n");
    let mut sequence = std::collections::BTreeMap::new();
    for entry in entries {
        let n = sequence.entry(entry.journal).or_insert(0u32);
        *n += 1;
        let number = format!("{}{:06}", entry.journal.code(), n);
        let date = fec_date(entry.date);
        for p in &entry.postings {
            let (aux_number, aux_name) = p
                .auxiliary
                .as_ref()
                .map(|(n, l)| (field(n), field(l)))
                .unwrap_or_default();
            let row = [
                entry.journal.code().to_owned(),
                entry.journal.label().to_owned(),
                number.clone(),
                date.clone(),
                field(&p.account.number),
                field(&p.account.label),
                aux_number,
                aux_name,
                field(&entry.piece),
                fec_date(entry.piece_date),
                field(&entry.label),
                fec_amount(p.debit),
                fec_amount(p.credit),
                String::new(),
                String::new(),
                date.clone(),
                String::new(),
                String::new(),
            ];
            out.push_str(&row.join("|"));
            out.push_str("\r\n");
        }
    }
    out
}

/// The FEC's file name: the company's SIREN, `FEC` and the closing date of the period
/// (`000000000FEC20261231.txt`).
pub fn file_name(siren: &str, to: Date) -> String {
    let digits: String = siren.chars().filter(char::is_ascii_digit).collect();
    let siren = if digits.len() == 9 {
        digits
    } else {
        "000000000".to_owned()
    };
    format!("{siren}FEC{}.txt", fec_date(to))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_dates_and_fields_are_written_the_fec_way() {
        assert_eq!(fec_amount(0), "0,00");
        assert_eq!(fec_amount(2172), "21,72");
        assert_eq!(fec_amount(123_456_705), "1234567,05");
        assert_eq!(fec_amount(-5), "-0,05");
        assert_eq!(fec_date(jiff::civil::date(2026, 3, 9)), "20260309");
        assert_eq!(field(" A|B\r\nC "), "A B  C");
        assert_eq!(
            file_name("123 456 789", jiff::civil::date(2026, 12, 31)),
            "123456789FEC20261231.txt"
        );
        assert_eq!(
            file_name("000 000 000 (fictif)", jiff::civil::date(2026, 1, 31)),
            "000000000FEC20260131.txt"
        );
    }
}
