//! The readable French output of `quote` (without `--json`): one block per file with aligned
//! label and value columns, then the price of each process and the ship date of each lead-time
//! tier.

use quote_core::calendar::{french_date, paris_local, Date};
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

/// The block for one analysed file; `instant` is the order's (Unix seconds).
pub fn render(r: &Report, catalog: &Catalog, instant: i64) -> String {
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
    out.push_str(&delays(r, instant));
    out
}

/// `JJ/MM/AAAA` of an `AAAA-MM-JJ` date.
fn short_date(iso: &str) -> String {
    Date::parse(iso).map_or(iso.to_owned(), |d| {
        let (y, m, day) = d.ymd();
        format!("{day:02}/{m:02}/{y}")
    })
}

/// The ship date of each process and tier, and the delivery range in France.
fn delays(r: &Report, instant: i64) -> String {
    let (date, minute) = paris_local(instant);
    let mut out = format!(
        "\n  Commande du {} à {:02}:{:02} (heure de Paris)\n",
        french_date(date),
        minute / 60,
        minute % 60
    );
    let lines: Vec<[String; 5]> = r
        .delais
        .iter()
        .map(|d| {
            let france = d.livraison.iter().find(|l| l.zone == "france");
            [
                d.process.clone(),
                d.mode.french().to_owned(),
                d.jours_ouvres.to_string(),
                Date::parse(&d.expedition).map_or(d.expedition.clone(), french_date),
                france.map_or(String::new(), |l| {
                    format!("{} – {}", short_date(&l.du), short_date(&l.au))
                }),
            ]
        })
        .collect();
    let head = [
        "Procédé",
        "Délai",
        "Jours ouvrés",
        "Expédition",
        "Livraison en France",
    ];
    let w: Vec<usize> = (0..5)
        .map(|i| {
            lines
                .iter()
                .map(|l| width(&l[i]))
                .chain([width(head[i])])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let row = |cells: [&str; 5]| {
        format!(
            "  {}  {}  {}  {}  {}\n",
            pad_right(cells[0], w[0]),
            pad_right(cells[1], w[1]),
            pad_left(cells[2], w[2]),
            pad_right(cells[3], w[3]),
            cells[4]
        )
    };
    out.push_str(&row(head));
    for l in &lines {
        out.push_str(&row([&l[0], &l[1], &l[2], &l[3], &l[4]]));
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
