//! Command line and environment: the `server` subcommands and the settings they share.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

const HELP_TEMPLATE: &str = "\
{about}

Utilisation : {usage}

Commandes :
{subcommands}

Options :
{options}
";

const SUB_HELP_TEMPLATE: &str = "\
{about}

Utilisation : {usage}

Options :
{options}
";

/// Serveur du site Forme Additive : application web, API internes et contrôleurs.
#[derive(Debug, Parser)]
#[command(
    name = "server",
    version,
    about = "Serveur du site Forme Additive : application web, API internes et contrôleurs.",
    help_template = HELP_TEMPLATE,
    override_usage = "server [OPTIONS] [COMMANDE]",
    disable_help_flag = true,
    disable_version_flag = true,
    disable_help_subcommand = true,
    subcommand_value_name = "COMMANDE"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    #[command(flatten)]
    pub settings: Settings,

    /// Affiche l'aide.
    #[arg(short = 'h', long = "help", action = clap::ArgAction::Help, global = true)]
    help: Option<bool>,

    /// Affiche la version.
    #[arg(short = 'V', long = "version", action = clap::ArgAction::Version)]
    version: Option<bool>,
}

/// What the binary does.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Sert le site (commande par défaut) : application web, API et contrôleurs.
    #[command(help_template = SUB_HELP_TEMPLATE, override_usage = "server serve [OPTIONS]")]
    Serve {
        /// Adresse d'écoute HOTE:PORT ; port 0 : un port libre, affiché au démarrage (ADDR, défaut : 127.0.0.1:8080).
        #[arg(
            long,
            env = "ADDR",
            default_value = "127.0.0.1:8080",
            hide_env = true,
            hide_default_value = true
        )]
        addr: SocketAddr,
    },
    /// Applique les migrations de la base de données puis s'arrête.
    #[command(help_template = SUB_HELP_TEMPLATE, override_usage = "server migrate [OPTIONS]")]
    Migrate,
    /// Crée un administrateur (ou promeut un compte existant) ; le mot de passe est lu sur l'entrée standard.
    #[command(
        name = "create-admin",
        help_template = SUB_HELP_TEMPLATE,
        override_usage = "echo MOT_DE_PASSE | server create-admin --email E --password-stdin"
    )]
    CreateAdmin {
        /// Adresse e-mail de l'administrateur.
        #[arg(long)]
        email: String,
        /// Lit le mot de passe sur l'entrée standard (obligatoire : aucun mot de passe par défaut).
        #[arg(long = "password-stdin", required = true)]
        password_stdin: bool,
    },
    /// Envoie les relances dues des factures à 30 jours (chacune une seule fois) puis s'arrête ; les serveurs le font d'eux-mêmes toutes les trois heures.
    #[command(help_template = SUB_HELP_TEMPLATE, override_usage = "server relances [--au INSTANT] [OPTIONS]")]
    Relances {
        /// Instant (RFC 3339, par exemple 2027-01-15T09:00:00+01:00) auquel les échéances sont lues, au lieu de l'heure courante (essais et rattrapage).
        #[arg(long)]
        au: Option<String>,
    },
}

/// Settings shared by every subcommand (flags or environment variables).
#[derive(Debug, Clone, Args)]
pub struct Settings {
    /// Dossier des données : base SQLite, fichiers déposés, boîte d'envoi des e-mails (DATA_DIR, défaut : data).
    #[arg(
        long,
        env = "DATA_DIR",
        default_value = "data",
        global = true,
        hide_env = true,
        hide_default_value = true
    )]
    pub data_dir: PathBuf,

    /// URL de la base : sqlite://chemin.db ou postgres://... (DATABASE_URL, défaut : DATA_DIR/forme-additive.db).
    #[arg(long, env = "DATABASE_URL", global = true, hide_env = true)]
    pub database_url: Option<String>,

    /// Nom de la marque affiché sur le site et dans les e-mails (BRAND_NAME, défaut : Forme Additive).
    #[arg(
        long,
        env = "BRAND_NAME",
        default_value = "Forme Additive",
        global = true,
        hide_env = true,
        hide_default_value = true
    )]
    pub brand_name: String,

    /// Serveur SMTP (smtp://utilisateur:motdepasse@hote:port) ; sans lui, les e-mails vont dans DATA_DIR/outbox (SMTP_URL).
    #[arg(long, env = "SMTP_URL", global = true, hide_env = true)]
    pub smtp_url: Option<String>,

    /// Adresse publique du site, pour les liens des e-mails (PUBLIC_URL, défaut : http://127.0.0.1:8080).
    #[arg(long, env = "PUBLIC_URL", global = true, hide_env = true)]
    pub public_url: Option<String>,

    /// Adresse d'expédition des e-mails (MAIL_FROM, défaut : Forme Additive <no-reply@forme-additive.test>).
    #[arg(
        long,
        hide_env = true,
        hide_default_value = true,
        env = "MAIL_FROM",
        default_value = "Forme Additive <no-reply@forme-additive.test>",
        global = true
    )]
    pub mail_from: String,

    /// Dossier de l'application web construite, index.html et ressources (WEB_DIST, défaut : web/dist).
    #[arg(
        long,
        env = "WEB_DIST",
        default_value = "web/dist",
        global = true,
        hide_env = true,
        hide_default_value = true
    )]
    pub web_dist: PathBuf,

    /// Cookies « Secure » : true ou false (COOKIE_SECURE, défaut : false sur 127.0.0.1/localhost, true ailleurs).
    #[arg(
        long,
        env = "COOKIE_SECURE",
        global = true,
        hide_env = true,
        hide_possible_values = true
    )]
    pub cookie_secure: Option<bool>,

    /// Fait confiance à l'en-tête X-Forwarded-For, derrière un proxy inverse uniquement (TRUST_PROXY).
    #[arg(
        long,
        env = "TRUST_PROXY",
        default_value_t = false,
        global = true,
        hide_env = true
    )]
    pub trust_proxy: bool,

    /// Durée de vie d'une session, en heures (SESSION_HOURS, défaut : 720).
    #[arg(long, env = "SESSION_HOURS", default_value_t = 24 * 30, global = true, hide_env = true, hide_default_value = true)]
    pub session_hours: i64,

    /// Inactivité au bout de laquelle une session administrateur prend fin, en heures
    /// (ADMIN_SESSION_IDLE_HOURS, défaut : 2).
    #[arg(
        long,
        env = "ADMIN_SESSION_IDLE_HOURS",
        default_value_t = 2,
        global = true,
        hide_env = true,
        hide_default_value = true
    )]
    pub admin_session_idle_hours: i64,

    /// Difficulté du captcha ALTCHA, nombre maximal à chercher (CAPTCHA_MAX_NUMBER, défaut : 50000).
    #[arg(
        long,
        env = "CAPTCHA_MAX_NUMBER",
        default_value_t = 50_000,
        global = true,
        hide_env = true,
        hide_default_value = true
    )]
    pub captcha_max_number: u64,

    /// Octets de fichiers qu'une adresse, ou un compte, peut déposer par jour pour le devis (UPLOAD_DAILY_BYTES, défaut : 2147483648, 2 Go).
    #[arg(
        long,
        env = "UPLOAD_DAILY_BYTES",
        default_value_t = 2 * 1024 * 1024 * 1024,
        global = true,
        hide_env = true,
        hide_default_value = true
    )]
    pub upload_daily_bytes: u64,

    /// Adresse de l'équipe qui reçoit les messages du formulaire de contact (CONTACT_EMAIL, défaut : contact@forme-additive.example).
    #[arg(
        long,
        env = "CONTACT_EMAIL",
        default_value = "contact@forme-additive.example",
        global = true,
        hide_env = true,
        hide_default_value = true
    )]
    pub contact_email: String,

    /// Proxys de confiance avec TRUST_PROXY, séparés par des virgules : adresses ou réseaux ; le client est le dernier saut de X-Forwarded-For qui n'en fait pas partie (TRUSTED_PROXIES, défaut : boucle locale).
    #[arg(
        long,
        env = "TRUSTED_PROXIES",
        value_delimiter = ',',
        global = true,
        hide_env = true
    )]
    pub trusted_proxies: Vec<crate::middleware::client_ip::ProxyNet>,

    /// Durée de vie maximale d'une session depuis la connexion, en heures, même utilisée sans interruption (SESSION_MAX_HOURS, défaut : 2160, soit 90 jours).
    #[arg(long, env = "SESSION_MAX_HOURS", default_value_t = 24 * 90, global = true, hide_env = true, hide_default_value = true)]
    pub session_max_hours: i64,

    /// Clé secrète Stripe (sk_...) ; avec STRIPE_WEBHOOK_SECRET, le paiement par carte est proposé (STRIPE_SECRET_KEY).
    #[arg(long, env = "STRIPE_SECRET_KEY", global = true, hide_env = true)]
    pub stripe_secret_key: Option<String>,

    /// Secret de signature du webhook Stripe (whsec_...) (STRIPE_WEBHOOK_SECRET).
    #[arg(long, env = "STRIPE_WEBHOOK_SECRET", global = true, hide_env = true)]
    pub stripe_webhook_secret: Option<String>,

    /// Clé publiable Stripe (pk_...), donnée à la page de paiement (STRIPE_PUBLISHABLE_KEY).
    #[arg(long, env = "STRIPE_PUBLISHABLE_KEY", global = true, hide_env = true)]
    pub stripe_publishable_key: Option<String>,

    /// Adresse de l'API Stripe (STRIPE_API_BASE, défaut : https://api.stripe.com).
    #[arg(
        long,
        env = "STRIPE_API_BASE",
        default_value = "https://api.stripe.com",
        global = true,
        hide_env = true,
        hide_default_value = true
    )]
    pub stripe_api_base: String,

    /// Adresse du script Stripe.js chargé par la page de paiement (STRIPE_JS_URL, défaut : https://js.stripe.com/v3/).
    #[arg(
        long,
        env = "STRIPE_JS_URL",
        default_value = "https://js.stripe.com/v3/",
        global = true,
        hide_env = true,
        hide_default_value = true
    )]
    pub stripe_js_url: String,

    /// Where the stored files go: the data folder, another folder or an S3 bucket.
    #[command(flatten)]
    pub storage: crate::storage::StorageSettings,

    /// The VIES service that checks intra-EU VAT numbers.
    #[command(flatten)]
    pub vies: crate::vies::ViesSettings,

    /// Nom de cette instance quand plusieurs serveurs servent le site : renvoyé dans l'en-tête X-Instance et inscrit dans les verrous des tâches de fond (INSTANCE_ID, défaut : nom de la machine et numéro du processus, sans en-tête).
    #[arg(long, env = "INSTANCE_ID", global = true, hide_env = true)]
    pub instance_id: Option<String>,

    /// Instant fixe (RFC 3339, par exemple 2026-12-24T11:30:00+01:00) d'où sont calculées les dates d'expédition au lieu de l'heure courante, pour les tests et les démonstrations seulement (DATES_CLOCK, défaut : l'heure courante).
    #[arg(long, env = "DATES_CLOCK", global = true, hide_env = true)]
    pub dates_clock: Option<String>,
}

impl Settings {
    /// The database URL, defaulting to a SQLite file in the data folder.
    pub fn database_url(&self) -> String {
        match &self.database_url {
            Some(url) => url.clone(),
            None => format!(
                "sqlite://{}?mode=rwc",
                self.data_dir.join("forme-additive.db").display()
            ),
        }
    }

    /// The name of this instance: `INSTANCE_ID`, else the host name and the process id.
    pub fn instance_name(&self) -> String {
        if let Some(id) = self
            .instance_id
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            return id.to_owned();
        }
        let host = std::fs::read_to_string("/etc/hostname")
            .ok()
            .map(|h| h.trim().to_owned())
            .filter(|h| !h.is_empty())
            .or_else(|| std::env::var("HOSTNAME").ok())
            .unwrap_or_else(|| "server".to_owned());
        format!("{host}-{}", std::process::id())
    }

    /// Whether the site is served over HTTPS, so cookies carry `Secure` and responses HSTS: the
    /// explicit setting, else an `https://` public address (a TLS proxy in front, even on
    /// loopback), else only off a loopback address.
    pub fn cookie_secure_for(&self, addr: &SocketAddr) -> bool {
        let https_public = self
            .public_url
            .as_deref()
            .is_some_and(|u| u.trim().to_ascii_lowercase().starts_with("https://"));
        self.cookie_secure
            .unwrap_or(https_public || !addr.ip().is_loopback())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_subcommand_means_serve_with_safe_defaults() {
        let cli = Cli::try_parse_from(["server"]).unwrap();
        assert!(cli.command.is_none());
        assert_eq!(cli.settings.data_dir, PathBuf::from("data"));
        assert!(cli.settings.database_url().starts_with("sqlite://data/"));
    }

    #[test]
    fn cookies_are_secure_outside_loopback() {
        let cli = Cli::try_parse_from(["server"]).unwrap();
        assert!(!cli
            .settings
            .cookie_secure_for(&"127.0.0.1:8080".parse().unwrap()));
        assert!(cli
            .settings
            .cookie_secure_for(&"0.0.0.0:8080".parse().unwrap()));
    }

    #[test]
    fn an_https_public_address_means_secure_cookies_even_behind_a_loopback_proxy() {
        let cli =
            Cli::try_parse_from(["server", "--public-url", "https://boutique.example"]).unwrap();
        assert!(cli
            .settings
            .cookie_secure_for(&"127.0.0.1:8080".parse().unwrap()));
        let cli = Cli::try_parse_from([
            "server",
            "--public-url",
            "https://boutique.example",
            "--cookie-secure",
            "false",
        ])
        .unwrap();
        assert!(!cli
            .settings
            .cookie_secure_for(&"127.0.0.1:8080".parse().unwrap()));
    }

    #[test]
    fn help_is_in_french() {
        let err = Cli::try_parse_from(["server", "--help"]).unwrap_err();
        let text = err.to_string();
        assert!(text.contains("Utilisation"), "{text}");
        assert!(text.contains("Affiche l'aide"), "{text}");
        assert!(!text.contains("Print help"), "{text}");
    }
}
