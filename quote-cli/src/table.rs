//! The readable French output of `quote` (without `--json`): one block per file with aligned
//! label and value columns, then the price of each process.

use quote_core::{Catalog, Unit};

use crate::french::{dimensions, euros, pad_left, pad_right, quantity, width, yes_no};
use crate::report::{FileError, PriceResult, Report};

fn unit_name(u: Unit) -> &'static str {
    match u {
        Unit::Mm => "millimètres",
        Unit::Cm => "centimètres",
        Unit::In => "pouces",
    }
}

/// Label/value rows aligned on the longest label, each label followed by ` : `.
fn rows(out: &mut String, rows: &[(&str, String)]) {
    let w = rows.iter().map(|(l, _)| width(l)).max().unwrap_or(0);
    for (label, value) in rows {
        out.push_str(&format!("  {}\u{a0}: {value}\n", pad_right(label, w)));
    }
}

/// The block for one analysed file.
pub fn render(r: &Report, catalog: &Catalog) -> String {
    let a = &r.analysis;
    let mut out = format!("{} ({})\n", r.file, a.format.label());
    let mut list: Vec<(&str, String)> = vec![
        ("Triangles", quote_core::fr_int(a.triangles as u64)),
        ("Volume", quantity(a.volume_mm3, 2, "mm³")),
        ("Surface", quantity(a.area_mm2, 2, "mm²")),
        ("Dimensions", dimensions(r.size_mm)),
        ("Coques", a.shells.to_string()),
        ("Étanche", yes_no(a.watertight).into()),
        ("Inversé", yes_no(a.inverted).into()),
        ("Triangles dégénérés", a.degenerate_triangles.to_string()),
    ];
    if let Some(w) = a.min_wall_mm {
        list.push(("Paroi minimale", quantity(w, 2, "mm")));
    }
    list.push(("Unité lue", unit_name(r.unit).into()));
    if let Some(u) = a.unit_suggestion {
        list.push(("Unité suggérée", unit_name(u).into()));
    }
    rows(&mut out, &list);
    for w in &a.warnings {
        out.push_str(&format!("  ⚠ {}\n", w.message));
    }
    out.push_str(&prices(r, catalog));
    if let Some(p) = &r.price {
        out.push_str(&detail(p));
    }
    out
}

fn prices(r: &Report, catalog: &Catalog) -> String {
    let lines: Vec<[String; 3]> = r
        .prices
        .0
        .iter()
        .map(|(code, cents)| {
            let material = catalog
                .process(code)
                .and_then(|p| p.material(&p.default_material))
                .map_or(String::new(), |m| m.name.clone());
            let price = cents.map_or("ne rentre pas".into(), euros);
            [code.clone(), material, price]
        })
        .collect();
    let head = ["Procédé", "Matériau par défaut", "Prix unitaire HT"];
    let w: Vec<usize> = (0..3)
        .map(|i| {
            lines
                .iter()
                .map(|l| width(&l[i]))
                .chain([width(head[i])])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = format!(
        "\n  {}  {}  {}\n",
        pad_right(head[0], w[0]),
        pad_right(head[1], w[1]),
        pad_left(head[2], w[2])
    );
    for l in &lines {
        out.push_str(&format!(
            "  {}  {}  {}\n",
            pad_right(&l[0], w[0]),
            pad_right(&l[1], w[1]),
            pad_left(&l[2], w[2])
        ));
    }
    out
}

fn detail(p: &PriceResult) -> String {
    let b = match p {
        PriceResult::Priced(b) => b,
        PriceResult::Failed { error } => return format!("\n  Devis\u{a0}: {}\n", error.message),
    };
    let mut out = format!("\n  Devis\u{a0}: {}\n", b.label);
    let mut list: Vec<(&str, String)> = b
        .components
        .iter()
        .map(|c| (c.label.as_str(), euros(c.cents)))
        .collect();
    if b.minimum_applied {
        list.push((
            "Minimum par pièce appliqué",
            euros(b.minimum_part_price_cents),
        ));
    }
    list.push(("Prix unitaire HT", euros(b.unit_cents)));
    list.push(("Quantité", quote_core::fr_int(u64::from(b.quantity))));
    if b.discount_percent > 0 {
        list.push((
            "Remise de quantité",
            format!("{}\u{a0}%", b.discount_percent),
        ));
    }
    list.push(("Total de la ligne HT", euros(b.line_cents)));
    list.push(("Délai", format!("{} jours ouvrés", b.lead_time_days)));
    rows(&mut out, &list);
    out
}

/// The line for a file that could not be read.
pub fn render_error(e: &FileError) -> String {
    format!("{}\n  Erreur\u{a0}: {}\n", e.file, e.error.message)
}
