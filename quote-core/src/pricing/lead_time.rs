//! Lead-time tiers of the catalog and the ship dates they give: the catalog's standard lead time
//! (`lead_time_days`) and its express offer (`express`) apply to every process, and a process may
//! override either or add an « économique » tier (`Process::lead_times`); post-treatments add
//! their own days; the calendar (cut-off, closures) and each shipping zone's carrier days turn
//! them into dates ([`crate::calendar`]).

use serde::{Deserialize, Serialize};

use super::catalog::{Catalog, Process};
use super::PriceBreakdown;
use crate::calendar::{delivery_range, Date, Rules};
use crate::QuoteError;

/// Longest lead time of a tier or post-treatment, working days.
pub const MAX_LEAD_TIME_DAYS: u32 = 250;

/// A lead-time tier's kind, slowest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum LeadTimeMode {
    /// « Économique »: slower, usually cheaper.
    Economique,
    /// « Standard ».
    Standard,
    /// « Express ».
    Express,
}

impl LeadTimeMode {
    /// French name.
    pub fn french(self) -> &'static str {
        match self {
            LeadTimeMode::Economique => "Économique",
            LeadTimeMode::Standard => "Standard",
            LeadTimeMode::Express => "Express",
        }
    }

    /// The code of the JSON (`economique`, `standard`, `express`).
    pub fn code(self) -> &'static str {
        match self {
            LeadTimeMode::Economique => "economique",
            LeadTimeMode::Standard => "standard",
            LeadTimeMode::Express => "express",
        }
    }
}

/// A lead-time tier a process offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LeadTimeTier {
    /// Which tier.
    pub mode: LeadTimeMode,
    /// Lead time, working days after day 0.
    pub lead_time_days: u32,
    /// Line price factor in percent (100 = unchanged, 135 = ×1,35, 90 = −10 %).
    pub factor_percent: u32,
}

/// A carrier's transit time for a shipping zone, business days after shipping.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TransitDays {
    /// Fewest business days.
    pub min_days: u32,
    /// Most business days.
    pub max_days: u32,
}

impl TransitDays {
    /// The default for a zone code, used when a stored catalog has none: France 1–2, EU 2–4,
    /// elsewhere 4–8.
    pub fn default_for(zone: &str) -> TransitDays {
        let (min_days, max_days) = match zone {
            "france" => (1, 2),
            "ue" => (2, 4),
            _ => (4, 8),
        };
        TransitDays { min_days, max_days }
    }
}

/// A delivery range for one zone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DeliveryRange {
    /// Shipping zone code (`france`, `ue`, `monde`).
    pub zone: String,
    /// Earliest delivery, `AAAA-MM-JJ`.
    pub du: String,
    /// Latest delivery, `AAAA-MM-JJ`.
    pub au: String,
}

/// The ship date of one tier of one process (`quote --json`'s `delais`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LeadTimeRow {
    /// Process code.
    pub process: String,
    /// Tier.
    pub mode: LeadTimeMode,
    /// Working days of the tier.
    pub jours_ouvres: u32,
    /// Line price factor of the tier, percent.
    pub facteur_pourcent: u32,
    /// Ship date, `AAAA-MM-JJ`.
    pub expedition: String,
    /// Delivery range per shipping zone.
    pub livraison: Vec<DeliveryRange>,
}

impl Catalog {
    /// The tiers `process` offers, slowest first: the catalog's standard and express, each
    /// replaced by the process's own tier of that mode, plus the process's other tiers.
    pub fn lead_time_tiers(&self, process: &Process) -> Vec<LeadTimeTier> {
        let mut tiers = vec![LeadTimeTier {
            mode: LeadTimeMode::Standard,
            lead_time_days: self.lead_time_days,
            factor_percent: 100,
        }];
        if let Some(e) = self.express {
            tiers.push(LeadTimeTier {
                mode: LeadTimeMode::Express,
                lead_time_days: e.lead_time_days,
                factor_percent: e.factor_percent,
            });
        }
        for own in &process.lead_times {
            match tiers.iter_mut().find(|t| t.mode == own.mode) {
                Some(t) => *t = *own,
                None => tiers.push(*own),
            }
        }
        tiers.sort_by_key(|t| t.mode);
        tiers
    }

    /// The tier of this mode for `process`, when offered.
    pub fn lead_time_tier(&self, process: &Process, mode: LeadTimeMode) -> Option<LeadTimeTier> {
        self.lead_time_tiers(process)
            .into_iter()
            .find(|t| t.mode == mode)
    }

    /// The carrier's transit days for a shipping zone (its default when the catalog has none).
    pub fn transit_days(&self, zone: &str) -> TransitDays {
        self.shipping
            .zones
            .iter()
            .find(|z| z.code == zone)
            .and_then(|z| z.transit_days)
            .unwrap_or_else(|| TransitDays::default_for(zone))
    }

    /// Every process's tiers with their ship date and delivery ranges for an order placed at
    /// `unix_secs` (UTC), without post-treatments: processes in catalog order, tiers slowest first.
    pub fn lead_times(&self, unix_secs: i64) -> Result<Vec<LeadTimeRow>, QuoteError> {
        let rules = self.calendar.rules()?;
        let day_zero = rules.day_zero(unix_secs)?;
        let mut rows = Vec::new();
        for p in &self.processes {
            rows.extend(self.tier_rows(p, 0, &rules, day_zero));
        }
        Ok(rows)
    }

    /// The tiers of one priced line's process with their ship dates and delivery ranges for an
    /// order placed at `unix_secs` (UTC): each tier's working days plus the line's post-treatment
    /// days (its `lead_time_days` less those of the tier it was priced with), slowest first. The
    /// quote card and `POST /api/devis/calcul-prix` both show these rows.
    pub fn line_lead_times(
        &self,
        line: &PriceBreakdown,
        unix_secs: i64,
    ) -> Result<Vec<LeadTimeRow>, QuoteError> {
        let process = self
            .process(&line.process)
            .ok_or_else(|| QuoteError::InvalidOption {
                detail: format!("procédé inconnu « {} ».", line.process),
            })?;
        let tier_days = self
            .lead_time_tier(process, line.lead_time_mode())
            .map_or(self.lead_time_days, |t| t.lead_time_days);
        let extra = line.lead_time_days.saturating_sub(tier_days);
        let rules = self.calendar.rules()?;
        let day_zero = rules.day_zero(unix_secs)?;
        Ok(self.tier_rows(process, extra, &rules, day_zero))
    }

    /// The rows of `process`'s tiers, each `extra` working days longer, counted from `day_zero`.
    fn tier_rows(
        &self,
        process: &Process,
        extra: u32,
        rules: &Rules,
        day_zero: Date,
    ) -> Vec<LeadTimeRow> {
        self.lead_time_tiers(process)
            .into_iter()
            .map(|t| {
                let days = t.lead_time_days + extra;
                let shipped = rules.add_business_days(day_zero, days);
                LeadTimeRow {
                    process: process.code.clone(),
                    mode: t.mode,
                    jours_ouvres: days,
                    facteur_pourcent: t.factor_percent,
                    expedition: shipped.to_string(),
                    livraison: self.delivery(shipped),
                }
            })
            .collect()
    }

    /// The delivery range of each shipping zone for a parcel shipped that day.
    pub fn delivery(&self, shipped: Date) -> Vec<DeliveryRange> {
        self.shipping
            .zones
            .iter()
            .map(|z| {
                let t = self.transit_days(&z.code);
                let (du, au) = delivery_range(shipped, t.min_days, t.max_days);
                DeliveryRange {
                    zone: z.code.clone(),
                    du: du.to_string(),
                    au: au.to_string(),
                }
            })
            .collect()
    }
}

fn invalid(detail: String) -> QuoteError {
    QuoteError::InvalidCatalog { detail }
}

fn check_days(days: u32, what: &str) -> Result<(), QuoteError> {
    if days > MAX_LEAD_TIME_DAYS {
        return Err(invalid(format!(
            "{what}\u{a0}: au plus {MAX_LEAD_TIME_DAYS} jours ouvrés (lu\u{a0}: {days})."
        )));
    }
    Ok(())
}

/// The « économique » tier of `p`, when it has one, is what its name says: at most the price of
/// the standard tier (factor up to 100 %) and no faster than it.
fn check_economique(c: &Catalog, p: &Process) -> Result<(), QuoteError> {
    let Some(eco) = c.lead_time_tier(p, LeadTimeMode::Economique) else {
        return Ok(());
    };
    if eco.factor_percent > 100 {
        return Err(invalid(format!(
            "{}, délai économique\u{a0}: le facteur doit être au plus 100\u{a0}% (lu\u{a0}: {}\u{a0}%).",
            p.code, eco.factor_percent
        )));
    }
    let standard = c
        .lead_time_tier(p, LeadTimeMode::Standard)
        .map_or(c.lead_time_days, |t| t.lead_time_days);
    if eco.lead_time_days < standard {
        return Err(invalid(format!(
            "{}, délai économique\u{a0}: au moins le délai standard ({standard}\u{a0}jours ouvrés, lu\u{a0}: {}).",
            p.code, eco.lead_time_days
        )));
    }
    Ok(())
}

/// Checks the tiers, the post-treatments' days, the calendar and the carriers' days.
pub(super) fn check_lead_times(c: &Catalog) -> Result<(), QuoteError> {
    check_days(c.lead_time_days, "délai standard")?;
    if let Some(e) = c.express {
        check_days(e.lead_time_days, "délai express")?;
    }
    for p in &c.processes {
        let mut seen = Vec::new();
        for t in &p.lead_times {
            let what = format!("{}, délai {}", p.code, t.mode.french().to_lowercase());
            if seen.contains(&t.mode) {
                return Err(invalid(format!("{what}\u{a0}: en double.")));
            }
            seen.push(t.mode);
            check_days(t.lead_time_days, &what)?;
            if !(1..=1000).contains(&t.factor_percent) {
                return Err(invalid(format!(
                    "{what}\u{a0}: le facteur doit être entre 1 et 1000\u{a0}%."
                )));
            }
            if t.mode == LeadTimeMode::Express && t.factor_percent < 100 {
                return Err(invalid(
                    "le facteur express doit être au moins 100\u{a0}%.".into(),
                ));
            }
        }
        check_economique(c, p)?;
    }
    for pt in &c.post_treatments {
        check_days(pt.lead_time_days, &format!("post-traitement {}", pt.code))?;
    }
    for z in &c.shipping.zones {
        if let Some(t) = z.transit_days {
            if t.min_days > t.max_days || t.max_days > 60 {
                return Err(invalid(format!(
                    "zone {}\u{a0}: le délai de transport va de 0 à 60 jours ouvrés, le minimum avant le maximum.",
                    z.code
                )));
            }
        }
    }
    c.calendar.rules().map(|_| ())
}
