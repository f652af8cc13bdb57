//! The admin statistics: the period asked (`du`, `au`, Paris calendar days), cut into Paris
//! calendar months, and the report built from the SQL figures of `db::statistics`: revenue and
//! orders by month, share by process and by material, quotes made against orders placed, average
//! basket.

use jiff::civil::Date;
use serde::Serialize;

use crate::db::statistics::{MixRow, Range, RangeFigures};
use crate::domain::paris_time::{fr_month_year, paris_day_end, paris_day_start};

/// Longest period, in months (the chart stays readable, the query small).
pub const MAX_MONTHS: usize = 36;

/// A period of whole Paris days, both included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    /// First day.
    pub from: Date,
    /// Last day.
    pub to: Date,
}

/// A `YYYY-MM-DD` day of the query field `name`, or its French error.
pub fn parse_day(raw: &str, name: &str) -> Result<Date, String> {
    let bad =
        || format!("La date «\u{a0}{name}\u{a0}» doit être une date valide au format AAAA-MM-JJ.");
    if raw.len() != 10 {
        return Err(bad());
    }
    raw.parse::<Date>().map_err(|_| bad())
}

impl Period {
    /// The period of `du` and `au` (`YYYY-MM-DD`); without `au`, today; without `du`, the first
    /// day of the 12th month before `au`'s. Errors are French, one per problem.
    pub fn parse(du: Option<&str>, au: Option<&str>, today: Date) -> Result<Period, Vec<String>> {
        let du = du.map(str::trim).filter(|s| !s.is_empty());
        let au = au.map(str::trim).filter(|s| !s.is_empty());
        let mut errors = Vec::new();
        let to = match au.map(|s| parse_day(s, "au")) {
            None => Some(today),
            Some(Ok(d)) => Some(d),
            Some(Err(e)) => {
                errors.push(e);
                None
            }
        };
        let from = match du.map(|s| parse_day(s, "du")) {
            None => to.and_then(|t| {
                t.first_of_month()
                    .checked_sub(jiff::Span::new().months(11))
                    .ok()
            }),
            Some(Ok(d)) => Some(d),
            Some(Err(e)) => {
                errors.push(e);
                None
            }
        };
        let (Some(from), Some(to)) = (from, to) else {
            return Err(errors);
        };
        if from > to {
            return Err(vec![
                "La date de début doit précéder la date de fin.".to_owned()
            ]);
        }
        let period = Period { from, to };
        if period.months().len() > MAX_MONTHS {
            return Err(vec![format!(
                "Choisissez une période de {MAX_MONTHS}\u{a0}mois au plus."
            )]);
        }
        Ok(period)
    }

    /// The first days of the calendar months the period touches, in order.
    fn months(&self) -> Vec<Date> {
        let mut out = Vec::new();
        let mut m = self.from.first_of_month();
        while m <= self.to && out.len() <= MAX_MONTHS {
            out.push(m);
            match m.checked_add(jiff::Span::new().months(1)) {
                Ok(next) => m = next,
                Err(_) => break,
            }
        }
        out
    }

    /// The Unix-second range of each month, cut to the period (the first and last months may be
    /// partial), keyed `YYYY-MM`; boundaries are Paris midnights.
    pub fn month_ranges(&self) -> Vec<Range> {
        self.months()
            .into_iter()
            .map(|m| {
                let first = m.max(self.from);
                let last = m.last_of_month().min(self.to);
                Range {
                    key: format!("{:04}-{:02}", m.year(), m.month()),
                    start: paris_day_start(first),
                    end: paris_day_end(last) + 1,
                }
            })
            .collect()
    }

    /// `[start, end)` of the whole period.
    pub fn bounds(&self) -> (i64, i64) {
        (paris_day_start(self.from), paris_day_end(self.to) + 1)
    }
}

/// One month of the report.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "StatisticsMonth"))]
pub struct MonthView {
    /// `2026-03`.
    pub mois: String,
    /// `mars 2026`.
    pub libelle: String,
    /// Orders paid in the month, not cancelled.
    pub commandes_payees: i64,
    /// Their totals excl. VAT, cents.
    pub chiffre_affaires_ht_cents: i64,
    /// Orders placed in the month.
    pub commandes_passees: i64,
    /// PDF quotes issued in the month.
    pub devis: i64,
    /// Parts analysed in the month.
    pub pieces_analysees: i64,
}

/// Totals of the period.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "StatisticsTotals"))]
pub struct TotalsView {
    /// Orders paid, not cancelled.
    pub commandes_payees: i64,
    /// Revenue excl. VAT, cents.
    pub chiffre_affaires_ht_cents: i64,
    /// Revenue / paid orders, rounded to the nearest cent; 0 without orders.
    pub panier_moyen_ht_cents: i64,
    /// Orders placed.
    pub commandes_passees: i64,
    /// PDF quotes issued.
    pub devis: i64,
    /// Parts analysed.
    pub pieces_analysees: i64,
    /// Orders placed / PDF quotes, basis points (10 000 = 100 %); `None` without quotes.
    pub taux_transformation_bp: Option<i64>,
}

/// A share of the revenue (process or material).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "StatisticsShare"))]
pub struct ShareView {
    /// Code (`SLS`, `PA12`).
    pub code: String,
    /// French name from the current catalog (the code if it is no longer there).
    pub libelle: String,
    /// Sum of the line totals excl. VAT, cents.
    pub total_ht_cents: i64,
    /// Parts made.
    pub quantite: i64,
    /// Share of the lines' sum, basis points.
    pub part_bp: i64,
}

/// The answer of `GET Statistiques`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Statistics"))]
pub struct Report {
    /// First day, `YYYY-MM-DD`.
    pub du: String,
    /// Last day, `YYYY-MM-DD`.
    pub au: String,
    /// Each month of the period.
    pub mois: Vec<MonthView>,
    /// The period's totals.
    pub totaux: TotalsView,
    /// Revenue by process.
    pub par_procede: Vec<ShareView>,
    /// Revenue by material (code and process, `SLS · PA12`).
    pub par_matiere: Vec<ShareView>,
}

/// `num / den` rounded half up, for non-negative integers; 0 when `den` is 0.
pub fn ratio_round(num: i64, den: i64) -> i64 {
    if den == 0 {
        0
    } else {
        (2 * num + den) / (2 * den)
    }
}

/// Merges rows with the same key, largest first, and gives each its share.
fn shares(items: Vec<(String, String, i64, i64)>) -> Vec<ShareView> {
    let mut merged: Vec<ShareView> = Vec::new();
    for (code, libelle, total, quantity) in items {
        match merged.iter_mut().find(|s| s.code == code) {
            Some(s) => {
                s.total_ht_cents += total;
                s.quantite += quantity;
            }
            None => merged.push(ShareView {
                code,
                libelle,
                total_ht_cents: total,
                quantite: quantity,
                part_bp: 0,
            }),
        }
    }
    let sum: i64 = merged.iter().map(|s| s.total_ht_cents).sum();
    for s in &mut merged {
        s.part_bp = ratio_round(s.total_ht_cents * 10_000, sum);
    }
    merged.sort_by(|a, b| {
        b.total_ht_cents
            .cmp(&a.total_ht_cents)
            .then(a.code.cmp(&b.code))
    });
    merged
}

/// Builds the report from the SQL figures; names come from `catalog` (a line ordered without a
/// material used its process's default material).
pub fn report(
    period: &Period,
    months: Vec<RangeFigures>,
    mix: Vec<MixRow>,
    catalog: &quote_core::Catalog,
) -> Report {
    let mois: Vec<MonthView> = months
        .into_iter()
        .map(|f| {
            let first = format!("{}-01", f.key)
                .parse::<Date>()
                .unwrap_or(period.from);
            MonthView {
                libelle: fr_month_year(first),
                mois: f.key,
                commandes_payees: f.paid_orders,
                chiffre_affaires_ht_cents: f.revenue_ht_cents,
                commandes_passees: f.placed_orders,
                devis: f.quotes,
                pieces_analysees: f.parts,
            }
        })
        .collect();
    let sum = |f: fn(&MonthView) -> i64| mois.iter().map(f).sum::<i64>();
    let paid = sum(|m| m.commandes_payees);
    let revenue = sum(|m| m.chiffre_affaires_ht_cents);
    let placed = sum(|m| m.commandes_passees);
    let quotes = sum(|m| m.devis);
    let totaux = TotalsView {
        commandes_payees: paid,
        chiffre_affaires_ht_cents: revenue,
        panier_moyen_ht_cents: ratio_round(revenue, paid),
        commandes_passees: placed,
        devis: quotes,
        pieces_analysees: sum(|m| m.pieces_analysees),
        taux_transformation_bp: (quotes > 0).then(|| ratio_round(placed * 10_000, quotes)),
    };
    let mut by_process = Vec::new();
    let mut by_material = Vec::new();
    for row in mix {
        let process = catalog.process(&row.process);
        let process_name = process.map_or_else(|| row.process.clone(), |p| p.name.clone());
        let material_code = row
            .material
            .clone()
            .or_else(|| process.map(|p| p.default_material.clone()))
            .unwrap_or_default();
        let material_name = process
            .and_then(|p| p.material(&material_code))
            .map_or_else(|| material_code.clone(), |m| m.name.clone());
        by_process.push((
            row.process.clone(),
            process_name,
            row.total_ht_cents,
            row.quantity,
        ));
        by_material.push((
            format!("{} · {}", row.process, material_code),
            format!("{material_name} ({})", row.process),
            row.total_ht_cents,
            row.quantity,
        ));
    }
    Report {
        du: period.from.to_string(),
        au: period.to.to_string(),
        mois,
        totaux,
        par_procede: shares(by_process),
        par_matiere: shares(by_material),
    }
}

#[cfg(test)]
#[path = "statistics_tests.rs"]
mod tests;
