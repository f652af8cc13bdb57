//! The `server` binary: `serve` (default), `migrate`, `create-admin` and `relances`.

use std::io::{BufRead, Write};

use anyhow::Context;
use clap::Parser;
use server::config::{Cli, Command, Settings};
use server::db::accounts::{self, NewAccount, Role};
use server::db::Db;
use server::domain::{Email, Password};
use server::startup::Application;
use server::twofa::otpauth_uri;
use tracing_subscriber::EnvFilter;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn")),
        )
        .with_writer(std::io::stderr)
        .init();
    let cli = Cli::parse();
    let command = cli.command.unwrap_or(Command::Serve {
        addr: std::env::var("ADDR")
            .ok()
            .and_then(|a| a.parse().ok())
            .unwrap_or_else(|| ([127, 0, 0, 1], 8080).into()),
    });
    match command {
        Command::Serve { addr } => serve(cli.settings, addr).await,
        Command::Migrate => {
            let db = Db::connect(&cli.settings.database_url()).await?;
            db.migrate().await?;
            println!("Migrations appliquées.");
            Ok(())
        }
        Command::CreateAdmin { email, .. } => create_admin(&cli.settings, &email).await,
        Command::Relances { au } => reminders(cli.settings, au.as_deref()).await,
    }
}

/// Sends the reminders due at `au` (now by default), then the e-mails queued.
async fn reminders(settings: Settings, au: Option<&str>) -> anyhow::Result<()> {
    let now = match au.map(str::trim) {
        None | Some("") => server::clock::now(),
        Some(text) => quote_core::calendar::parse_rfc3339(text).with_context(|| {
            format!("--au « {text} » : un instant RFC 3339 est attendu (2027-01-15T09:00:00+01:00)")
        })?,
    };
    let seller = server::documents::Seller::from_env(&settings.brand_name);
    let state = server::startup::build_state(settings, false).await?;
    let run =
        server::jobs::payment_reminders(&state.db, &state.storage, &state.mailer, &seller, now)
            .await?;
    for (invoice, stage) in &run.sent {
        println!("Relance envoyée\u{a0}: {invoice} ({stage})");
    }
    println!("{} relance(s) envoyée(s).", run.sent.len());
    state.mailer.drain(server::clock::now()).await?;
    Ok(())
}

async fn serve(settings: Settings, addr: std::net::SocketAddr) -> anyhow::Result<()> {
    let app = Application::build(settings, addr).await?;
    // Scripts read this line to learn the port when given port 0.
    println!("listening on http://{}", app.local_addr());
    std::io::stdout().flush()?;
    app.run_until_stopped().await
}

/// Creates an admin, or promotes an existing account and sets its password.
async fn create_admin(settings: &Settings, email: &str) -> anyhow::Result<()> {
    let email = Email::parse(email).map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut line = String::new();
    std::io::stdin()
        .lock()
        .read_line(&mut line)
        .context("cannot read the password on standard input")?;
    let password =
        Password::parse(line.trim_end_matches(['\r', '\n'])).map_err(|e| anyhow::anyhow!("{e}"))?;
    let db = Db::connect(&settings.database_url()).await?;
    db.migrate().await?;
    let hash = server::auth::password::hash(password.expose().to_owned()).await?;
    let id = match accounts::find_by_email(&mut *db.acquire().await?, email.as_str()).await? {
        Some(existing) => {
            server::admin::accounts::promote_to_admin(&db, existing.id, &hash)
                .await
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            println!(
                "Compte existant promu administrateur\u{a0}: {email} (ses sessions ouvertes sont fermées)"
            );
            existing.id
        }
        None => {
            let created = accounts::insert(
                &mut *db.acquire().await?,
                &NewAccount {
                    email: email.as_str(),
                    password_hash: &hash,
                    nom: "",
                    prenom: "",
                    role: Role::Admin,
                    email_verified: true,
                },
            )
            .await?;
            println!("Administrateur créé\u{a0}: {email}");
            created.id
        }
    };
    // An admin always has its second factor (issue 22, finding 10): enrolled here when the
    // account has none, its URI printed once for the operator's authenticator app.
    let account = accounts::find(&mut *db.acquire().await?, id)
        .await?
        .context("the admin account just written is missing")?;
    if account.two_factor_enabled {
        println!("Double authentification\u{a0}: déjà activée sur ce compte (inchangée).");
    } else {
        let (secret, codes) = server::commerce::two_factor::enrol(&db, id, server::clock::now())
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        println!(
            "Double authentification activée. Ajoutez ce lien à votre application d'authentification \
             (ou scannez-le en QR code)\u{a0}; il ne sera plus affiché\u{a0}:"
        );
        println!(
            "{}",
            otpauth_uri(&settings.brand_name, email.as_str(), &secret)
        );
        println!("Codes de secours (à usage unique, à conserver hors ligne)\u{a0}:");
        println!("{}", codes.join(" "));
    }
    Ok(())
}
