//! Issue 12's findings on sessions and what the site serves (finding 6): secure cookies and HSTS
//! behind an HTTPS public address, a session's absolute lifetime, the CSRF token bound to the
//! session; and the build manifest served as static JSON, never cached.

use serde_json::Value;
use server::db::accounts::Role;

use crate::builders::{a_customer, an_admin};
use crate::helpers::{exec, scalar, spawn_app, spawn_app_with, PASSWORD};

const EMAIL: &str = "jeanne@exemple.fr";

#[tokio::test]
async fn an_https_public_address_means_secure_cookies_and_hsts_even_on_loopback() {
    let app = spawn_app_with(|s| {
        s.cookie_secure = None;
        s.public_url = Some("https://boutique.example".into());
    })
    .await;
    let res = app.client().get("/api/auth/csrf").await;
    let cookie = res.headers()["set-cookie"].to_str().unwrap().to_owned();
    assert!(cookie.contains("Secure"), "{cookie}");
    assert_eq!(
        res.headers()["strict-transport-security"],
        "max-age=63072000; includeSubDomains"
    );
    assert!(app
        .client()
        .get("/")
        .await
        .headers()
        .contains_key("strict-transport-security"));

    let plain = spawn_app().await;
    let res = plain.client().get("/api/auth/csrf").await;
    assert!(!res.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .contains("Secure"));
    assert!(!res.headers().contains_key("strict-transport-security"));
}

#[tokio::test]
async fn no_session_outlives_its_absolute_lifetime() {
    let app = spawn_app_with(|s| s.session_max_hours = 1).await;
    let c = a_customer(&app).await;
    let (created, expires): (i64, i64) =
        sqlx::query_as("SELECT created_at, expires_at FROM sessions WHERE account_id = $1")
            .bind(c.id)
            .fetch_one(&app.db.pool)
            .await
            .unwrap();
    assert!(expires <= created + 3600, "a 24 h session capped at 1 h");
    // Signed in an hour ago and used all along: the next use does not slide it past the cap.
    exec!(
        app,
        "UPDATE sessions SET created_at = created_at - 3597, last_seen = last_seen - 120 \
         WHERE account_id = $1",
        c.id
    );
    assert_eq!(c.proxy("GET", "Comptes/me", None).await.status(), 200);
    let expires: i64 = scalar!(
        app,
        "SELECT expires_at FROM sessions WHERE account_id = $1",
        c.id
    );
    assert!(expires <= created - 3597 + 3600, "{expires} vs {created}");
    tokio::time::sleep(std::time::Duration::from_millis(
        u64::try_from((expires - server::clock::now() + 1).max(0) * 1000).unwrap(),
    ))
    .await;
    assert_eq!(
        c.proxy("GET", "Comptes/me", None).await.status().as_u16(),
        419
    );
}

/// Issue 22, finding 10: an admin's session ends after two hours without use
/// (`ADMIN_SESSION_IDLE_HOURS`), a customer's does not; a used admin session slides by two hours,
/// not thirty days.
#[tokio::test]
async fn an_admin_session_ends_after_two_idle_hours_and_a_customer_session_does_not() {
    let app = spawn_app_with(|s| s.session_hours = 24 * 30).await;
    let admin = an_admin(&app).await;
    let customer = a_customer(&app).email("client@exemple.fr").await;
    // Used a minute ago: the admin's expiry slides to two hours from now.
    exec!(app, "UPDATE sessions SET last_seen = last_seen - 61");
    assert_eq!(admin.proxy("GET", "Comptes", None).await.status(), 200);
    let expires: i64 = scalar!(
        app,
        "SELECT expires_at FROM sessions WHERE account_id = $1",
        admin.id
    );
    assert!(
        expires <= server::clock::now() + 2 * 3600,
        "an admin session slides by 2 h"
    );
    // Two hours without use: the admin is signed out, the customer is not.
    exec!(app, "UPDATE sessions SET last_seen = last_seen - 7200");
    assert_eq!(
        admin.proxy("GET", "Comptes", None).await.status().as_u16(),
        419
    );
    let left: i64 = scalar!(
        app,
        "SELECT COUNT(*) FROM sessions WHERE account_id = $1",
        admin.id
    );
    assert_eq!(left, 0, "the idle admin session is deleted");
    assert_eq!(
        customer.proxy("GET", "Comptes/me", None).await.status(),
        200
    );
}

/// The value of cookie `name` that a response sets.
fn set_cookie(res: &reqwest::Response, name: &str) -> String {
    res.headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|v| v.strip_prefix(&format!("{name}=")))
        .and_then(|v| v.split(';').next())
        .unwrap_or_else(|| panic!("no {name} cookie"))
        .to_owned()
}

#[tokio::test]
async fn the_csrf_token_is_bound_to_the_session() {
    let app = spawn_app().await;
    app.create_account(EMAIL, Role::Client).await;
    let raw = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let url = |p: &str| format!("{}{p}", app.address);
    let csrf = |res: &reqwest::Response| set_cookie(res, "fa_csrf");
    // The browser's token A, then the sign-in with it.
    let res = raw.get(url("/api/auth/csrf")).send().await.unwrap();
    let cookie_a = csrf(&res);
    let token_a = res.json::<Value>().await.unwrap()["csrfToken"]
        .as_str()
        .unwrap()
        .to_owned();
    let res = raw
        .post(url("/api/auth/callback/credentials"))
        .header("cookie", format!("fa_csrf={cookie_a}"))
        .form(&[
            ("csrfToken", token_a.as_str()),
            ("json", "true"),
            ("email", EMAIL),
            ("password", PASSWORD),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let session = set_cookie(&res, "fa_session");
    // A well-formed token B planted by someone else (its own cookie and header).
    let res = raw.get(url("/api/auth/csrf")).send().await.unwrap();
    let cookie_b = csrf(&res);
    let token_b = res.json::<Value>().await.unwrap()["csrfToken"]
        .as_str()
        .unwrap()
        .to_owned();
    let update = |cookie: &str, token: &str| {
        raw.post(url("/api/auth/updateSessionInfo"))
            .header("cookie", format!("fa_session={session}; fa_csrf={cookie}"))
            .header("x-csrf-token", token)
            .send()
    };
    assert_eq!(update(&cookie_b, &token_b).await.unwrap().status(), 403);
    assert_eq!(update(&cookie_a, &token_a).await.unwrap().status(), 200);
    // Sign-out is bound to the session too: the planted token signs nobody out.
    let sign_out = |cookie: &str, token: &str| {
        raw.post(url("/api/auth/signout"))
            .header("cookie", format!("fa_session={session}; fa_csrf={cookie}"))
            .form(&[("csrfToken", token), ("json", "true")])
            .send()
    };
    let res = sign_out(&cookie_b, &token_b).await.unwrap();
    assert_eq!(res.status(), 400);
    assert_eq!(
        res.json::<Value>().await.unwrap()["message"],
        "Could not fetch CSRF Token for signing out"
    );
    assert_eq!(
        update(&cookie_a, &token_a).await.unwrap().status(),
        200,
        "still signed in"
    );
    // The session's own token is what /api/auth/csrf gives back, with its cookie.
    let res = raw
        .get(url("/api/auth/csrf"))
        .header(
            "cookie",
            format!("fa_session={session}; fa_csrf={cookie_b}"),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(csrf(&res), cookie_a);
    assert_eq!(res.json::<Value>().await.unwrap()["csrfToken"], token_a);
}

#[tokio::test]
async fn the_build_manifest_and_the_latest_build_id_are_static_json_never_cached() {
    let app = spawn_app().await;
    let c = app.client();
    for path in ["/build-id.json", "/build-manifest.json"] {
        let res = c.get(path).await;
        assert_eq!(res.status(), 200, "{path}");
        let headers = res.headers().clone();
        assert_eq!(headers["cache-control"], "no-cache", "{path}");
        assert!(
            headers["content-type"]
                .to_str()
                .unwrap()
                .starts_with("application/json"),
            "{path}"
        );
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["buildId"], "test", "{path}");
    }
}

/// Issue 22, finding 9: a customer's answers are never kept by a browser or a proxy cache.
#[tokio::test]
async fn personal_api_answers_say_no_store() {
    let app = spawn_app().await;
    let customer = a_customer(&app).await;
    for path in ["Comptes/me", "Commande/mes-commandes", "ComptePiece"] {
        let res = customer.proxy("GET", path, None).await;
        assert_eq!(res.status(), 200, "{path}");
        assert_eq!(res.headers()["cache-control"], "no-store", "{path}");
    }
    let res = customer.get("/api/auth/session").await;
    assert_eq!(res.headers()["cache-control"], "no-store");
    // The catalog, the same for everyone, keeps its own revalidation rule.
    let res = app.client().proxy("GET", "Combinaison/full", None).await;
    assert_eq!(res.headers()["cache-control"], "no-cache");
}

/// Issue 22, finding 10: « Mes sessions » lists the account's live sessions (device, address,
/// last use, which one is this browser's) and ends one of them or every other one; nobody ends
/// another account's session, and the caller's own ends by signing out.
#[tokio::test]
async fn mes_sessions_lists_the_live_sessions_and_ends_one_or_all_others() {
    let app = spawn_app().await;
    let jeanne = a_customer(&app).await;
    let mut laptop = app.client();
    assert_eq!(
        laptop.sign_in("jeanne@exemple.fr", PASSWORD).await.status(),
        200
    );
    let mut phone = app.client();
    assert_eq!(
        phone.sign_in("jeanne@exemple.fr", PASSWORD).await.status(),
        200
    );
    let other = a_customer(&app).email("paul@exemple.fr").await;

    let (status, list) = jeanne.call("GET", "Comptes/me/sessions", None).await;
    assert_eq!(status, 200, "{list}");
    let list = list.as_array().unwrap().clone();
    assert_eq!(list.len(), 3, "{list:?}");
    let current: Vec<_> = list.iter().filter(|s| s["courante"] == true).collect();
    assert_eq!(current.len(), 1);
    assert_eq!(current[0]["adresse_ip"], "127.0.0.1");
    assert!(current[0]["derniere_utilisation"]
        .as_str()
        .unwrap()
        .contains('T'));
    let own = current[0]["id"].as_i64().unwrap();
    let others: Vec<i64> = list
        .iter()
        .filter(|s| s["courante"] == false)
        .map(|s| s["id"].as_i64().unwrap())
        .collect();

    // Not Paul's to end; the caller's own ends by signing out.
    let body = other
        .expect(
            404,
            "DELETE",
            &format!("Comptes/me/sessions/{}", others[0]),
            None,
        )
        .await;
    assert_eq!(
        body["message"],
        "Cette session n'existe pas ou a déjà pris fin."
    );
    let body = jeanne
        .expect(400, "DELETE", &format!("Comptes/me/sessions/{own}"), None)
        .await;
    assert!(body["message"].as_str().unwrap().contains("Se déconnecter"));

    // One other session ended: its browser is signed out, the others are not.
    let (status, _) = jeanne
        .call(
            "DELETE",
            &format!("Comptes/me/sessions/{}", others[0]),
            None,
        )
        .await;
    assert_eq!(status, 204);
    let statuses = [
        laptop
            .proxy("GET", "Comptes/me", None)
            .await
            .status()
            .as_u16(),
        phone
            .proxy("GET", "Comptes/me", None)
            .await
            .status()
            .as_u16(),
    ];
    let mut sorted = statuses;
    sorted.sort_unstable();
    assert_eq!(sorted, [200, 419], "{statuses:?}");

    // Every other one: the caller stays.
    let ended = jeanne
        .expect(200, "DELETE", "Comptes/me/sessions", None)
        .await;
    assert_eq!(ended["fermees"], 1);
    for browser in [&laptop, &phone] {
        assert_eq!(
            browser
                .proxy("GET", "Comptes/me", None)
                .await
                .status()
                .as_u16(),
            419
        );
    }
    let (_, list) = jeanne.call("GET", "Comptes/me/sessions", None).await;
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert_eq!(other.proxy("GET", "Comptes/me", None).await.status(), 200);
}
