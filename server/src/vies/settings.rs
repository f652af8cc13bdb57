//! Where the VIES service answers and how long a check may take (flags or environment variables,
//! flattened into the server's settings).

use clap::Args;

/// The European Commission's VIES REST API.
pub const DEFAULT_URL: &str = "https://ec.europa.eu/taxation_customs/vies/rest-api";

/// The VIES settings.
#[derive(Debug, Clone, Args)]
pub struct ViesSettings {
    /// Adresse de l'API REST VIES de la Commission européenne, qui vérifie les numéros de TVA intracommunautaire (VIES_URL, défaut : https://ec.europa.eu/taxation_customs/vies/rest-api).
    #[arg(
        long,
        env = "VIES_URL",
        default_value = DEFAULT_URL,
        global = true,
        hide_env = true,
        hide_default_value = true
    )]
    pub vies_url: String,

    /// Délai maximal d'une vérification VIES, en millisecondes ; au-delà, le numéro est « non vérifié » et la TVA française s'applique (VIES_TIMEOUT_MS, défaut : 3000).
    #[arg(
        long,
        env = "VIES_TIMEOUT_MS",
        default_value_t = 3000,
        global = true,
        hide_env = true,
        hide_default_value = true
    )]
    pub vies_timeout_ms: u64,

    /// Numéro de TVA du demandeur envoyé à VIES pour obtenir un numéro de consultation (VIES_REQUESTER, défaut : le numéro de TVA du vendeur, COMPANY_VAT).
    #[arg(long, env = "VIES_REQUESTER", global = true, hide_env = true)]
    pub vies_requester: Option<String>,
}

impl Default for ViesSettings {
    fn default() -> Self {
        ViesSettings {
            vies_url: DEFAULT_URL.to_owned(),
            vies_timeout_ms: 3000,
            vies_requester: None,
        }
    }
}
