//! The `server` binary: `serve` (default), `migrate` and `create-admin`.

use std::io::{BufRead, Write};

use anyhow::Context;
use clap::Parser;
use server::config::{Cli, Command, Settings};
use server::db::accounts::{self, NewAccount, Role};
use server::db::Db;
use server::domain::{Email, Password};
use server::startup::Application;
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
    }
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
    match accounts::find_by_email(&mut *db.acquire().await?, email.as_str()).await? {
        Some(existing) => {
            server::admin::accounts::promote_to_admin(&db, existing.id, &hash)
                .await
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            println!(
                "Compte existant promu administrateur\u{a0}: {email} (ses sessions ouvertes sont fermées)"
            );
        }
        None => {
            accounts::insert(
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
        }
    }
    Ok(())
}
