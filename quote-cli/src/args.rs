//! Command-line arguments of `quote`.

use std::path::PathBuf;

use clap::{Parser, ValueEnum};
use quote_core::pricing::LeadTimeMode;
use quote_core::Unit;

/// Analyse et chiffre des fichiers 3D (STL, OBJ, 3MF, STEP) : volume, surface, dimensions, étanchéité
/// et prix unitaire pour chaque procédé.
#[derive(Debug, Parser)]
#[command(name = "quote", version)]
pub struct Args {
    /// Fichiers à analyser.
    #[arg(required = true, value_name = "FICHIER")]
    pub files: Vec<PathBuf>,

    /// Une ligne JSON par fichier au lieu du tableau.
    #[arg(long)]
    pub json: bool,

    /// Unité dans laquelle les fichiers ont été dessinés (un fichier STEP donne la sienne).
    #[arg(long, value_enum, default_value_t = UnitArg::Mm)]
    pub unit: UnitArg,

    /// Procédé du devis détaillé (SLA, SLS, MJF, SLM) ; par défaut le moins cher qui convient.
    #[arg(long, value_name = "CODE")]
    pub process: Option<String>,

    /// Matériau du devis détaillé (code du catalogue) ; demande --process.
    #[arg(long, value_name = "CODE", requires = "process")]
    pub material: Option<String>,

    /// Nombre de pièces du devis détaillé.
    #[arg(long, value_name = "N")]
    pub quantity: Option<u32>,

    /// Délai du devis détaillé : standard, express ou economique (quand le procédé le propose).
    #[arg(long, value_enum, value_name = "DÉLAI")]
    pub delai: Option<DelaiArg>,

    /// Catalogue JSON à utiliser au lieu du catalogue par défaut.
    #[arg(long, value_name = "FICHIER")]
    pub catalog: Option<PathBuf>,

    /// N'analyser que ce corps du fichier (numéroté à partir de 1, dans l'ordre de la liste des
    /// corps) : la pièce séparée d'un fichier à plusieurs corps.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub corps: Option<u32>,

    /// Ne pas estimer l'épaisseur des parois (analyse plus rapide).
    #[arg(long)]
    pub no_thickness: bool,

    /// Instant de la commande pour les dates d'expédition, en RFC 3339
    /// (2026-12-24T11:30:00+01:00 ou 2026-12-24T10:30:00Z) ; par défaut maintenant.
    #[arg(long, value_name = "INSTANT")]
    pub date: Option<String>,
}

impl Args {
    /// Whether a detailed price was asked for.
    pub fn wants_price(&self) -> bool {
        self.process.is_some()
            || self.material.is_some()
            || self.quantity.is_some()
            || self.delai.is_some()
    }
}

/// `--delai` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DelaiArg {
    /// Délai standard.
    Standard,
    /// Délai express.
    Express,
    /// Délai économique.
    Economique,
}

impl From<DelaiArg> for LeadTimeMode {
    fn from(d: DelaiArg) -> LeadTimeMode {
        match d {
            DelaiArg::Standard => LeadTimeMode::Standard,
            DelaiArg::Express => LeadTimeMode::Express,
            DelaiArg::Economique => LeadTimeMode::Economique,
        }
    }
}

/// `--unit` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum UnitArg {
    /// Millimètres.
    Mm,
    /// Centimètres.
    Cm,
    /// Pouces.
    In,
}

impl From<UnitArg> for Unit {
    fn from(u: UnitArg) -> Unit {
        match u {
            UnitArg::Mm => Unit::Mm,
            UnitArg::Cm => Unit::Cm,
            UnitArg::In => Unit::In,
        }
    }
}
