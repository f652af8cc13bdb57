//! Start-up: connect and migrate the database, seed what the site needs (catalog, secrets),
//! assemble the router with its layers, bind the listener and serve.

use std::net::SocketAddr;
use std::sync::{Arc, OnceLock};

use anyhow::Context;
use axum::extract::DefaultBodyLimit;
use axum::http::{header, HeaderName, HeaderValue};
use axum::middleware::from_fn_with_state;
use axum::Router;
use tokio::net::TcpListener;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;

use crate::auth::{csrf, tokens};
use crate::config::Settings;
use crate::db::{self, Db};
use crate::jobs;
use crate::mail::{MailSettings, Mailer};
use crate::middleware::{client_ip, maintenance, security_headers};
use crate::routes;
use crate::state::{AppState, AppStateParts, Keys, RuntimeConfig};
use crate::storage::Storage;

/// Body limit of every request except the upload routes (which set their own).
pub const JSON_BODY_LIMIT: usize = 256 * 1024;
/// Body limit of `/api/upload/file-temp`.
pub const UPLOAD_BODY_LIMIT: usize = 100 * 1024 * 1024;

/// Connects, migrates and seeds the database, then builds the shared state.
pub async fn build_state(settings: Settings, cookie_secure: bool) -> anyhow::Result<AppState> {
    let db = Db::connect(&settings.database_url()).await?;
    db.migrate().await?;
    routes::combinaison::seed_default(&db)
        .await
        .context("seeding the catalog")?;
    db::countries::seed(&mut *db.acquire().await?)
        .await
        .context("seeding the countries")?;
    let csrf_key = db::settings::get_or_init(
        &mut *db.acquire().await?,
        "csrf_secret",
        &tokens::random_token(),
    )
    .await?;
    let captcha_key = db::settings::get_or_init(
        &mut *db.acquire().await?,
        "captcha_secret",
        &tokens::random_token(),
    )
    .await?;
    let session_ttl = settings.session_hours.max(1) * 3600;
    let session_max_ttl = settings.session_max_hours.max(1) * 3600;
    let admin_idle_ttl = settings.admin_session_idle_hours.max(1) * 3600;
    let instance = settings.instance_name();
    let dates_clock = match settings.dates_clock.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(text) => Some(quote_core::calendar::parse_rfc3339(text).with_context(|| {
            format!("DATES_CLOCK « {text} » : un instant RFC 3339 est attendu (2026-12-24T11:30:00+01:00)")
        })?),
    };
    let mailer = Mailer::new(
        MailSettings {
            smtp_url: settings.smtp_url.clone(),
            outbox_dir: settings.data_dir.join("outbox"),
            from: settings.mail_from.clone(),
            brand: settings.brand_name.clone(),
            base_url: settings
                .public_url
                .clone()
                .unwrap_or_else(|| "http://127.0.0.1:8080".to_owned()),
        },
        db.clone(),
        &instance,
    )
    .context("configuring e-mail")?;
    let payment = crate::payment::Stripe::from_settings(&settings).context("configuring Stripe")?;
    let storage = Storage::open(&settings.storage, &settings.data_dir)?;
    let seller = crate::documents::Seller::from_env(&settings.brand_name);
    let vies =
        crate::vies::Vies::new(&settings.vies, &seller.vat_number).context("configuring VIES")?;
    storage
        .check()
        .await
        .with_context(|| format!("stockage des fichiers injoignable : {}", storage.name()))?;
    tracing::info!(storage = storage.name(), "stored files");
    let snapshot = crate::snapshot::Snapshot::load(&db)
        .await
        .context("reading the maintenance flag and the catalog")?;
    let shell = crate::web_shell::AppShell::load(settings.web_dist.join("index.html"));
    let csp = Arc::new(security_headers::Policies::new(
        payment.as_ref().map(|s| &s.csp_origins),
    ));
    let state = AppState::new(AppStateParts {
        db,
        config: Arc::new(RuntimeConfig {
            cookie_secure,
            session_ttl,
            admin_idle_ttl,
            session_max_ttl,
            instance,
            dates_clock,
            settings,
        }),
        keys: Arc::new(Keys::derive(csrf_key.as_bytes(), captcha_key)),
        mailer,
        backend: Arc::new(OnceLock::new()),
        analyses: crate::analysis_gate::AnalysisGate::per_core(),
        payment,
        storage,
        vies,
        snapshot,
        shell,
        csp,
    });
    let _ = state.backend.set(
        routes::backend_router()
            .layer(from_fn_with_state(
                state.clone(),
                maintenance::controller_guard,
            ))
            .with_state(state.clone()),
    );
    Ok(state)
}

/// `Strict-Transport-Security` of a site served over HTTPS: two years, subdomains included.
pub const HSTS: &str = "max-age=63072000; includeSubDomains";

/// The whole site: API routes, then static files and pages, with the shared layers.
pub fn app(state: AppState) -> Router {
    let https = state.config.cookie_secure;
    // Behind a load balancer, the answering instance names itself (only when INSTANCE_ID is set).
    let instance = state
        .config
        .settings
        .instance_id
        .as_deref()
        .and_then(|id| HeaderValue::from_str(id).ok());
    let router = routes::api_router()
        .fallback(routes::pages::serve)
        .layer(from_fn_with_state(
            state.clone(),
            maintenance::maintenance_guard,
        ))
        .layer(from_fn_with_state(state.clone(), csrf::require_csrf))
        .layer(from_fn_with_state(state.clone(), client_ip::client_ip))
        .layer(DefaultBodyLimit::max(JSON_BODY_LIMIT))
        .layer(from_fn_with_state(
            state.clone(),
            security_headers::security_headers,
        ))
        .layer(TraceLayer::new_for_http())
        .with_state(state);
    let router = match instance {
        Some(id) => router.layer(SetResponseHeaderLayer::overriding(
            HeaderName::from_static(INSTANCE_HEADER),
            id,
        )),
        None => router,
    };
    if https {
        router.layer(SetResponseHeaderLayer::if_not_present(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static(HSTS),
        ))
    } else {
        router
    }
}

/// Response header naming the instance that answered (`INSTANCE_ID`).
pub const INSTANCE_HEADER: &str = "x-instance";

/// A bound, ready-to-run server.
pub struct Application {
    listener: TcpListener,
    state: AppState,
}

impl Application {
    /// Builds the state and binds `addr` (port 0 picks a free port).
    pub async fn build(settings: Settings, addr: SocketAddr) -> anyhow::Result<Application> {
        let cookie_secure = settings.cookie_secure_for(&addr);
        let state = build_state(settings, cookie_secure).await?;
        let listener = TcpListener::bind(addr)
            .await
            .with_context(|| format!("cannot listen on {addr}"))?;
        Ok(Application { listener, state })
    }

    /// The address actually bound.
    pub fn local_addr(&self) -> SocketAddr {
        self.listener
            .local_addr()
            .expect("a bound listener has an address")
    }

    /// The shared state (tests reach the database through it).
    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// Serves until the process stops.
    pub async fn run_until_stopped(self) -> anyhow::Result<()> {
        tokio::spawn(jobs::purge_loop(
            self.state.db.clone(),
            self.state.storage.clone(),
            self.state.config.instance.clone(),
        ));
        tokio::spawn(jobs::mail_loop(self.state.mailer.clone()));
        tokio::spawn(jobs::export_loop(
            self.state.db.clone(),
            self.state.storage.clone(),
            self.state.mailer.clone(),
            self.state.config.instance.clone(),
        ));
        tokio::spawn(jobs::inactive_loop(
            self.state.db.clone(),
            self.state.storage.clone(),
            self.state.mailer.clone(),
            self.state.config.instance.clone(),
        ));
        tokio::spawn(jobs::reminders_loop(
            self.state.db.clone(),
            self.state.storage.clone(),
            self.state.mailer.clone(),
            crate::documents::Seller::from_env(&self.state.config.settings.brand_name),
            self.state.config.instance.clone(),
        ));
        self.state.snapshot.spawn_refresh(
            self.state.db.clone(),
            self.state.config.settings.database_url(),
        );
        let service = app(self.state).into_make_service_with_connect_info::<SocketAddr>();
        axum::serve(self.listener, service)
            .with_graceful_shutdown(shutdown_signal())
            .await?;
        Ok(())
    }
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        if let Ok(mut s) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        {
            s.recv().await;
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
}
