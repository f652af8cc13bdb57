//! `spawn_app()`: the real server on port 0 with a fresh database and a fake built web app,
//! plus clients with their own cookie jars, signed-in users and direct database access.
//! Controller calls: `c.call(method, path, body)` gives `(status, JSON)`, `c.expect(status, …)`
//! asserts the status and gives the JSON, `c.get_json(path)` reads a route that must answer 200.
//! The usual worlds (an admin, a customer with an address and a basket, a paid order) are built
//! in `builders.rs`; e-mail codes in `mail_helpers.rs`. SQL for what no route sets:
//! `exec!(app, sql, binds…)` and `scalar!(app, sql, binds…)`.

use std::sync::atomic::{AtomicU64, Ordering};

use reqwest::header::HeaderMap;
use reqwest::{Client, Response};
use serde_json::{json, Value};
use server::auth::password;
use server::config::Settings;
use server::db::accounts::{self, NewAccount, Role};
use server::db::Db;
use server::startup::Application;
use server::storage::{Storage, StorageSettings};
use server::vies::ViesSettings;
use sqlx::{Connection, Executor};

/// The index.html of the fake built app, with the nonce placeholders the web build writes.
pub const INDEX_HTML: &str = "<!doctype html><html><head>\
<meta name=\"csp-nonce\" content=\"__CSP_NONCE__\">\
<script type=\"module\" crossorigin src=\"/assets/app-1a2b3c.js\" nonce=\"__CSP_NONCE__\"></script>\
</head><body><div id=\"root\"></div>FA-SPA</body></html>";
/// Asserts that `html` is [`INDEX_HTML`] with one nonce written in place of every placeholder.
pub fn assert_app_shell(html: &str) {
    let start = html.find("content=\"").expect("a csp-nonce meta") + "content=\"".len();
    let nonce = &html[start..start + html[start..].find('"').unwrap()];
    assert!(!nonce.is_empty() && nonce != "__CSP_NONCE__", "{html}");
    assert_eq!(html.replace(nonce, "__CSP_NONCE__"), INDEX_HTML);
}

/// Password of the accounts the helpers create.
pub const PASSWORD: &str = "Motdepasse-solide-42";

/// A running server.
pub struct TestApp {
    /// `http://127.0.0.1:PORT`.
    pub address: String,
    /// The database the server uses.
    pub db: Db,
    /// The folder holding the SQLite file and the fake web app.
    pub dir: tempfile::TempDir,
    /// The server's object store (its data folder, or the test bucket).
    pub storage: Storage,
    pg_database: Option<(String, String)>,
    /// The database's URL (a second instance on the same database uses it).
    pub database_url: String,
}

/// A browser: its own cookie jar, no automatic redirects. A clone shares the jar (parallel
/// requests of one browser).
#[derive(Clone)]
pub struct TestClient {
    /// The HTTP client.
    pub http: Client,
    /// Base address.
    pub address: String,
    /// The CSRF token, once fetched.
    pub csrf: Option<String>,
}

static COUNTER: AtomicU64 = AtomicU64::new(0);

fn unique_name() -> String {
    let n = COUNTER.fetch_add(1, Ordering::SeqCst);
    format!("test_{}_{}_{}", std::process::id(), n, rand_suffix())
}

fn rand_suffix() -> u64 {
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap();
    u64::from(t.subsec_nanos())
}

/// Starts the server on a fresh database.
pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

/// Starts the server after letting the test change the settings.
pub async fn spawn_app_with(change: impl FnOnce(&mut Settings)) -> TestApp {
    // `TEST_LOG=warn` (or any filter) prints the server's logs, the causes of a 500 among them.
    if let Ok(filter) = std::env::var("TEST_LOG") {
        let _ = tracing_subscriber::fmt()
            .with_env_filter(tracing_subscriber::EnvFilter::new(filter))
            .with_test_writer()
            .try_init();
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let web = dir.path().join("web");
    std::fs::create_dir_all(web.join("assets")).unwrap();
    std::fs::write(web.join("index.html"), INDEX_HTML).unwrap();
    std::fs::write(web.join("assets/app-1a2b3c.js"), "console.log('app');").unwrap();
    std::fs::write(
        web.join("assets/quote_wasm_bg-9f8e.wasm"),
        b"\0asm\x01\0\0\0",
    )
    .unwrap();
    std::fs::write(web.join("version.json"), "{\"version\":\"test\"}").unwrap();
    std::fs::write(web.join("build-id.json"), "{\"buildId\":\"test\"}").unwrap();
    std::fs::write(
        web.join("build-manifest.json"),
        "{\"buildId\":\"test\",\"entry\":[\"assets/app-1a2b3c.js\"],\"files\":[\"assets/app-1a2b3c.js\"]}",
    )
    .unwrap();

    let mut pg_database = None;
    let database_url = match std::env::var("TEST_POSTGRES_URL") {
        Ok(admin_url) if !admin_url.is_empty() => {
            let name = unique_name();
            let mut conn = sqlx::PgConnection::connect(&admin_url)
                .await
                .expect("TEST_POSTGRES_URL answers");
            conn.execute(format!("CREATE DATABASE {name}").as_str())
                .await
                .expect("create test database");
            let url = replace_database(&admin_url, &name);
            pg_database = Some((admin_url, name));
            url
        }
        _ => format!("sqlite://{}?mode=rwc", dir.path().join("test.db").display()),
    };
    let mut settings = test_settings(dir.path().join("data"), web, database_url.clone());
    change(&mut settings);
    let (address, db, storage) = start(settings).await;
    TestApp {
        address,
        db,
        dir,
        storage,
        pg_database,
        database_url,
    }
}

/// The settings of a test server on `database_url`, its files in `data_dir`.
fn test_settings(
    data_dir: std::path::PathBuf,
    web: std::path::PathBuf,
    database_url: String,
) -> Settings {
    Settings {
        data_dir,
        database_url: Some(database_url),
        brand_name: "Forme Additive".into(),
        smtp_url: None,
        public_url: None,
        mail_from: "Forme Additive <no-reply@forme-additive.test>".into(),
        web_dist: web,
        cookie_secure: Some(false),
        trust_proxy: false,
        session_hours: 24,
        admin_session_idle_hours: 2,
        captcha_max_number: 2_000,
        upload_daily_bytes: 2 * 1024 * 1024 * 1024,
        contact_email: "equipe@forme-additive.test".into(),
        trusted_proxies: Vec::new(),
        session_max_hours: 24 * 90,
        stripe_secret_key: None,
        stripe_webhook_secret: None,
        stripe_publishable_key: None,
        stripe_api_base: "https://api.stripe.com".into(),
        stripe_js_url: "https://js.stripe.com/v3/".into(),
        storage: StorageSettings::default(),
        // Nothing listens on port 9: VIES "unavailable" at once, never the real service. The
        // VAT tests point it at tests/vies_server.py (vies_helpers.rs).
        vies: ViesSettings {
            vies_url: "http://127.0.0.1:9".into(),
            vies_timeout_ms: 1000,
            vies_requester: None,
        },
        instance_id: None,
        dates_clock: None,
    }
}

/// Builds and runs a server on port 0: its address, database and object store.
async fn start(settings: Settings) -> (String, Db, Storage) {
    let app = Application::build(settings, "127.0.0.1:0".parse().unwrap())
        .await
        .expect("server builds");
    let address = format!("http://{}", app.local_addr());
    let db = app.state().db.clone();
    let storage = app.state().storage.clone();
    tokio::spawn(app.run_until_stopped());
    (address, db, storage)
}

/// Starts the server with its files in a fresh prefix of the test bucket (see [`StorageSettings::test_bucket`]).
pub async fn spawn_app_on_s3(label: &str) -> Option<TestApp> {
    let bucket = StorageSettings::test_bucket(label)?;
    Some(spawn_app_with(|s| s.storage = bucket).await)
}

fn replace_database(url: &str, name: &str) -> String {
    let mut parsed = url::Url::parse(url).expect("TEST_POSTGRES_URL is a URL");
    parsed.set_path(&format!("/{name}"));
    parsed.to_string()
}

impl Drop for TestApp {
    fn drop(&mut self) {
        if let Some((admin_url, name)) = self.pg_database.take() {
            // Dropped from a plain thread: the test's runtime is shutting down.
            let _ = std::thread::spawn(move || {
                let rt = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .unwrap();
                rt.block_on(async {
                    if let Ok(mut conn) = sqlx::PgConnection::connect(&admin_url).await {
                        let _ = conn
                            .execute(
                                format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)").as_str(),
                            )
                            .await;
                    }
                });
            })
            .join();
        }
    }
}

impl TestApp {
    /// A second instance of the site on the same database, data folder and web app (as behind a
    /// load balancer). The first one keeps the database: it drops it at the end.
    pub async fn spawn_peer(&self) -> TestApp {
        let settings = test_settings(
            self.dir.path().join("data"),
            self.dir.path().join("web"),
            self.database_url.clone(),
        );
        let (address, db, storage) = start(settings).await;
        TestApp {
            address,
            db,
            dir: tempfile::tempdir().expect("temp dir"),
            storage,
            pg_database: None,
            database_url: self.database_url.clone(),
        }
    }

    /// A new browser with an empty cookie jar.
    pub fn client(&self) -> TestClient {
        self.client_with_agent("Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36")
    }

    /// A new browser with a given user agent.
    pub fn client_with_agent(&self, agent: &str) -> TestClient {
        let http = Client::builder()
            .cookie_store(true)
            .redirect(reqwest::redirect::Policy::none())
            .user_agent(agent)
            .build()
            .unwrap();
        TestClient {
            http,
            address: self.address.clone(),
            csrf: None,
        }
    }

    /// Creates an account directly in the database. An admin gets its second factor at once, as
    /// `server create-admin` gives it (admin routes refuse an admin without it, issue 22).
    pub async fn create_account(&self, email: &str, role: Role) -> i64 {
        let id = self.create_account_without_two_factor(email, role).await;
        if role == Role::Admin {
            server::commerce::two_factor::enrol(&self.db, id, server::clock::now())
                .await
                .unwrap();
        }
        id
    }

    /// Creates an account directly in the database, second factor off whatever its role (an
    /// admin made before admins needed it).
    pub async fn create_account_without_two_factor(&self, email: &str, role: Role) -> i64 {
        let hash = password::hash(PASSWORD.to_owned()).await.unwrap();
        let new = NewAccount {
            email,
            password_hash: &hash,
            nom: "Dupont",
            prenom: "Jeanne",
            role,
            email_verified: true,
        };
        accounts::insert(&mut self.db.acquire().await.unwrap(), &new)
            .await
            .unwrap()
            .id
    }

    /// A signed-in browser for a new account with this role.
    pub async fn signed_in(&self, email: &str, role: Role) -> (TestClient, i64) {
        let id = self.create_account(email, role).await;
        let mut c = self.client();
        self.sign_in_fully(&mut c, email, PASSWORD).await;
        (c, id)
    }

    /// Signs `c` in with `email` and `password`, and gives the second factor when the account
    /// has it on (a code of its stored secret, see [`TestApp::second_factor_code`]).
    pub async fn sign_in_fully(&self, c: &mut TestClient, email: &str, password: &str) {
        let res = c.sign_in(email, password).await;
        assert_eq!(res.status(), 200, "sign-in of {email}");
        let answer: Value = res.json().await.unwrap();
        if answer["two_factor_required"] != true {
            return;
        }
        let id: i64 = sqlx::query_scalar("SELECT id FROM accounts WHERE email = $1")
            .bind(email.to_lowercase())
            .fetch_one(&self.db.pool)
            .await
            .unwrap();
        let code = self.second_factor_code(id).await;
        let res = c
            .proxy(
                "POST",
                "AuthentificationDoubleFacteur/verify",
                Some(json!({ "token": code })),
            )
            .await;
        assert_eq!(res.status(), 200, "second factor of {email}");
    }

    /// A code of the account's TOTP secret that the server will accept now: the codes of the
    /// previous, current and next 30-second steps pass, each once; past the three, waits for
    /// the next step (several sign-ins of one account in a test). In a step's last three seconds
    /// it waits for the next one first: the previous step's code, chosen just before a step
    /// ends, would be two steps old when the server checks it (seen on a loaded CI machine).
    pub async fn second_factor_code(&self, account_id: i64) -> String {
        loop {
            let millis = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_millis();
            if millis % 30_000 > 27_000 {
                let left = 30_000 - millis % 30_000 + 200;
                tokio::time::sleep(std::time::Duration::from_millis(left as u64)).await;
                continue;
            }
            let row =
                server::db::two_factor::find(&mut self.db.acquire().await.unwrap(), account_id)
                    .await
                    .unwrap()
                    .expect("the account has a TOTP secret");
            let secret = server::twofa::TotpSecret::from_base32(&row.secret).unwrap();
            let now = u64::try_from(server::clock::now()).unwrap();
            let current = server::twofa::TotpSecret::step_of(now);
            let fresh = row.last_used_step.map_or(current - 1, |last| {
                (u64::try_from(last).unwrap() + 1).max(current - 1)
            });
            if fresh <= current + 1 {
                return secret.code_for_step(fresh);
            }
            tokio::time::sleep(std::time::Duration::from_secs(30 - now % 30 + 1)).await;
        }
    }
}

impl TestClient {
    /// Full URL of a path.
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    /// GET a path.
    pub async fn get(&self, path: &str) -> Response {
        self.http.get(self.url(path)).send().await.unwrap()
    }

    /// Fetches (and remembers) the CSRF token.
    pub async fn csrf_token(&mut self) -> String {
        if let Some(t) = &self.csrf {
            return t.clone();
        }
        let body: Value = self.get("/api/auth/csrf").await.json().await.unwrap();
        let token = body["csrfToken"].as_str().expect("csrfToken").to_owned();
        self.csrf = Some(token.clone());
        token
    }

    /// Signs in through the credentials callback, as the web app does.
    pub async fn sign_in(&mut self, email: &str, password: &str) -> Response {
        let token = self.csrf_token().await;
        let form = [
            ("csrfToken", token.as_str()),
            ("callbackUrl", "/"),
            ("json", "true"),
            ("email", email),
            ("password", password),
        ];
        self.post_credentials(&form).await
    }

    /// `POST /api/auth/callback/credentials` of a form as given (no token added).
    pub async fn post_credentials(&self, form: &[(&str, &str)]) -> Response {
        let url = self.url("/api/auth/callback/credentials");
        self.http.post(url).form(form).send().await.unwrap()
    }

    /// Signs out through the form the web app posts (CSRF token, callback, JSON answer).
    pub async fn sign_out(&self) -> Response {
        let token = self.csrf.clone().expect("a CSRF token");
        let form = [
            ("csrfToken", token.as_str()),
            ("callbackUrl", "/"),
            ("json", "true"),
        ];
        let url = self.url("/api/auth/signout");
        self.http.post(url).form(&form).send().await.unwrap()
    }

    /// Headers of a JSON call: the CSRF token when known.
    fn headers(&self) -> HeaderMap {
        let mut h = HeaderMap::new();
        if let Some(t) = &self.csrf {
            h.insert("x-csrf-token", t.parse().unwrap());
        }
        h
    }

    /// Sends a JSON request with the CSRF header.
    pub async fn send_json(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<Value>,
    ) -> Response {
        let mut req = self
            .http
            .request(method, self.url(path))
            .headers(self.headers());
        if let Some(b) = body {
            req = req.json(&b);
        }
        req.send().await.unwrap()
    }

    /// Calls a controller through `POST /api/proxy`.
    pub async fn proxy(&self, method: &str, path: &str, body: Option<Value>) -> Response {
        let call = json!({ "path": path, "httpMethod": method, "body": body });
        self.send_json(reqwest::Method::POST, "/api/proxy", Some(call))
            .await
    }

    /// `(status, JSON body)` of a controller call through the proxy (`Null` for a body that is
    /// not JSON).
    pub async fn call(&self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        let res = self.proxy(method, path, body).await;
        let status = res.status().as_u16();
        (status, res.json().await.unwrap_or(Value::Null))
    }

    /// A controller call that must answer `status`: its JSON body.
    pub async fn expect(
        &self,
        status: u16,
        method: &str,
        path: &str,
        body: Option<Value>,
    ) -> Value {
        let (got, answer) = self.call(method, path, body).await;
        assert_eq!(got, status, "{method} {path}: {answer}");
        answer
    }

    /// `GET` of a controller route that must answer 200: its JSON body, typed.
    pub async fn get_json<T: serde::de::DeserializeOwned>(&self, path: &str) -> T {
        let answer = self.expect(200, "GET", path, None).await;
        serde_json::from_value(answer).unwrap()
    }

    /// `PUT /api/admin/set-maintenance {"maintenance": on}`: the answer's status.
    pub async fn set_maintenance(&self, on: bool) -> u16 {
        let body = json!({ "maintenance": on });
        let path = "/api/admin/set-maintenance";
        let res = self.send_json(reqwest::Method::PUT, path, Some(body)).await;
        res.status().as_u16()
    }

    /// `PUT Commande/{id}/statut {"statut": …}` through the proxy: staff move an order along.
    pub async fn set_order_status(&self, id: i64, statut: &str) -> Response {
        self.proxy(
            "PUT",
            &format!("Commande/{id}/statut"),
            Some(json!({ "statut": statut })),
        )
        .await
    }

    /// The same, with the note kept in the order's history (a cancellation's reason…).
    pub async fn set_order_status_noted(&self, id: i64, statut: &str, note: &str) -> Response {
        self.proxy(
            "PUT",
            &format!("Commande/{id}/statut"),
            Some(json!({ "statut": statut, "note": note })),
        )
        .await
    }
}

/// The `key` of every item of a page (`{"items": [...]}`), as text: the numbers of a list.
pub fn items_of(page: &Value, key: &str) -> Vec<String> {
    let items = page["items"].as_array().expect("a page of items");
    items
        .iter()
        .map(|i| i[key].as_str().unwrap().to_owned())
        .collect()
}

/// The `id` of every item of a page.
pub fn ids_of(page: &Value) -> Vec<i64> {
    let items = page["items"]
        .as_array()
        .unwrap_or_else(|| panic!("no items: {page}"));
    items.iter().map(|i| i["id"].as_i64().unwrap()).collect()
}

/// Asserts a page's `total`, `page` and `par_page`.
pub fn assert_paging(page: &Value, total: i64, number: i64, per_page: i64) {
    let got = (&page["total"], &page["page"], &page["par_page"]);
    assert_eq!(
        got,
        (&json!(total), &json!(number), &json!(per_page)),
        "{page}"
    );
}

/// Solves a captcha of the server, as the ALTCHA widget would.
pub async fn solve_captcha(client: &TestClient) -> String {
    solve_captcha_at(client, "/api/captcha/challenge").await
}

/// Solves the challenge that a sign-in for `email` asks for (it costs more after failures).
pub async fn solve_captcha_for(client: &TestClient, email: &str) -> String {
    let path = format!("/api/captcha/challenge?email={}", email.replace('@', "%40"));
    solve_captcha_at(client, &path).await
}

async fn solve_captcha_at(client: &TestClient, path: &str) -> String {
    let challenge: server::auth::captcha::Challenge = client.get(path).await.json().await.unwrap();
    server::auth::captcha::solve(&challenge).expect("solvable")
}

/// Runs one SQL statement with its parameters on a test server's database, for what no route
/// sets (a date in the past, a status, a name): `exec!(app, "UPDATE parts SET status_id = $1", 4)`.
macro_rules! exec {
    ($app:expr, $sql:expr $(, $bind:expr)* $(,)?) => {
        sqlx::query($sql)$(.bind($bind))*.execute(&$app.db.pool).await.unwrap()
    };
}
pub(crate) use exec;

/// The one value a query selects, typed by the caller: `let n: i64 = scalar!(app, "SELECT …")`.
macro_rules! scalar {
    ($app:expr, $sql:expr $(, $bind:expr)* $(,)?) => {
        sqlx::query_scalar($sql)$(.bind($bind))*.fetch_one(&$app.db.pool).await.unwrap()
    };
}
pub(crate) use scalar;
