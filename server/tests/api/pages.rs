//! Page navigations: maintenance, mobile, login-only, visitor-only and admin rules, the 404 page,
//! and static files with their MIME types and cache headers.

use serde_json::{json, Value};
use server::db::settings;

use crate::builders::{a_customer, an_admin};
use crate::helpers::{assert_app_shell, spawn_app};

const ANDROID: &str =
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36";

fn location(res: &reqwest::Response) -> String {
    res.headers()
        .get("location")
        .map(|l| l.to_str().unwrap().to_owned())
        .unwrap_or_default()
}

#[tokio::test]
async fn known_pages_and_slugs_serve_the_app_and_unknown_nested_paths_answer_404() {
    let app = spawn_app().await;
    let c = app.client();
    for path in [
        "/",
        "/devis_ligne",
        "/impression_3D?index=2",
        "/une-page-libre",
    ] {
        let res = c.get(path).await;
        assert_eq!(res.status(), 200, "{path}");
        assert_eq!(res.headers()["cache-control"], "no-cache");
        assert_app_shell(&res.text().await.unwrap());
    }
    let res = c.get("/a/b/c").await;
    assert_eq!(res.status(), 404);
    assert_app_shell(&res.text().await.unwrap());
}

#[tokio::test]
async fn maintenance_redirects_pages_and_blocks_the_api_for_non_admins() {
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    let client = a_customer(&app).await;
    assert_eq!(location(&client.get("/maintenance").await), "/");
    assert_eq!(admin.set_maintenance(true).await, 200);
    let visitor = app.client();
    let res = visitor.get("/devis_ligne").await;
    assert_eq!(res.status(), 307);
    assert_eq!(location(&res), "/maintenance");
    assert_eq!(visitor.get("/maintenance").await.status(), 200);
    let flag: Value = visitor
        .get("/api/get-maintenance")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(flag, json!({ "maintenance": true }));
    assert_eq!(visitor.get("/api/auth/session").await.status(), 200);
    assert_eq!(
        visitor
            .proxy("GET", "Combinaison/full", None)
            .await
            .status(),
        503
    );
    assert_eq!(client.proxy("GET", "Comptes/me", None).await.status(), 503);
    // The second factor's set-up is closed like the rest; only its verify routes stay open
    // (an admin's sign-in goes through them).
    for setup in ["generate", "toggle"] {
        let path = format!("AuthentificationDoubleFacteur/{setup}");
        let res = client.proxy("POST", &path, Some(json!({}))).await;
        assert_eq!(res.status(), 503, "{setup}");
    }
    for verify in ["verify", "verify-backup-code"] {
        let path = format!("AuthentificationDoubleFacteur/{verify}");
        let res = client.proxy("POST", &path, Some(json!({}))).await;
        assert_ne!(res.status(), 503, "{verify}");
    }
    assert_eq!(admin.get("/compte/admin-home").await.status(), 200);
    assert_eq!(admin.proxy("GET", "Comptes", None).await.status(), 200);
    assert!(settings::maintenance(&mut app.db.acquire().await.unwrap())
        .await
        .unwrap());
}

#[tokio::test]
async fn mobiles_are_sent_to_the_notice_except_on_the_allowed_pages() {
    let app = spawn_app().await;
    let phone = app.client_with_agent(ANDROID);
    let res = phone.get("/devis_ligne").await;
    assert_eq!(res.status(), 307);
    assert_eq!(location(&res), "/not_allowed_for_mobile");
    for ok in [
        "/",
        // The accessibility statement is owed to every visitor, on any device.
        "/accessibilite",
        "/not_allowed_for_mobile",
        "/charte_confidentialite",
        "/mention_legales",
        "/mentions_legales",
        "/conditions_vente",
    ] {
        assert_eq!(phone.get(ok).await.status(), 200, "{ok}");
    }
    assert_eq!(phone.get("/assets/app-1a2b3c.js").await.status(), 200);
    assert_eq!(phone.get("/api/get-maintenance").await.status(), 200);
}

#[tokio::test]
async fn visitors_are_sent_to_sign_in_and_signed_in_users_leave_visitor_pages() {
    let app = spawn_app().await;
    let visitor = app.client();
    let res = visitor.get("/compte/panier").await;
    assert_eq!(res.status(), 307);
    assert_eq!(
        location(&res),
        "/connexion_compte?callbackUrl=%2Fcompte%2Fpanier"
    );
    assert_eq!(
        location(&visitor.get("/checkout").await),
        "/connexion_compte?callbackUrl=%2Fcheckout"
    );
    assert_eq!(visitor.get("/connexion_compte").await.status(), 200);
    let client = a_customer(&app).await;
    assert_eq!(client.get("/compte/panier").await.status(), 200);
    for path in [
        "/connexion_compte",
        "/creation_compte",
        "/mdp_oubli",
        "/mdp_mail",
    ] {
        let res = client.get(path).await;
        assert_eq!(res.status(), 307, "{path}");
        assert_eq!(location(&res), "/");
    }
    // The e-mail change pages need the session (issue 12, finding 2).
    for path in ["/email_oubli", "/email_mail"] {
        assert_eq!(client.get(path).await.status(), 200, "{path}");
    }
}

#[tokio::test]
async fn admin_pages_answer_the_404_page_to_customers_and_the_api_403() {
    let app = spawn_app().await;
    let client = a_customer(&app).await;
    for path in [
        "/compte/admin-home",
        "/compte/admin/commande",
        "/compte/admin/piece-validation",
    ] {
        let res = client.get(path).await;
        assert_eq!(res.status(), 404, "{path}");
        assert_app_shell(&res.text().await.unwrap());
    }
    assert_eq!(client.set_maintenance(true).await, 403);
    let admin = an_admin(&app).await;
    assert_eq!(admin.get("/compte/admin/commande").await.status(), 200);
}

#[tokio::test]
async fn static_files_have_their_mime_type_and_cache_rules() {
    let app = spawn_app().await;
    let c = app.client();
    let wasm = c.get("/assets/quote_wasm_bg-9f8e.wasm").await;
    assert_eq!(wasm.status(), 200);
    assert_eq!(wasm.headers()["content-type"], "application/wasm");
    assert!(wasm.headers()["cache-control"]
        .to_str()
        .unwrap()
        .contains("immutable"));
    let js = c.get("/assets/app-1a2b3c.js").await;
    assert!(js.headers()["content-type"]
        .to_str()
        .unwrap()
        .contains("javascript"));
    let version = c.get("/version.json").await;
    assert_eq!(version.headers()["cache-control"], "no-cache");
    assert_eq!(c.get("/assets/absent.js").await.status(), 404);
}

#[tokio::test]
async fn static_files_are_sent_compressed_to_browsers_that_accept_it() {
    let app = spawn_app().await;
    let assets = app.dir.path().join("web/assets");
    std::fs::write(assets.join("app-1a2b3c.js.br"), b"brotli bytes").unwrap();
    std::fs::write(assets.join("app-1a2b3c.js.gz"), b"gzip bytes").unwrap();
    let c = app.client();
    let get = |encoding: &'static str| {
        c.http
            .get(c.url("/assets/app-1a2b3c.js"))
            .header("accept-encoding", encoding)
            .send()
    };

    let br = get("gzip, deflate, br").await.unwrap();
    assert_eq!(br.status(), 200);
    assert_eq!(br.headers()["content-encoding"], "br");
    assert_eq!(br.headers()["vary"], "accept-encoding");
    assert!(br.headers()["content-type"]
        .to_str()
        .unwrap()
        .contains("javascript"));
    assert!(br.headers()["cache-control"]
        .to_str()
        .unwrap()
        .contains("immutable"));
    assert_eq!(br.bytes().await.unwrap().as_ref(), b"brotli bytes");

    let gz = get("gzip").await.unwrap();
    assert_eq!(gz.headers()["content-encoding"], "gzip");
    assert_eq!(gz.bytes().await.unwrap().as_ref(), b"gzip bytes");

    // Without a compressed copy, or for a browser that accepts none, the file itself.
    let plain = get("identity").await.unwrap();
    assert!(plain.headers().get("content-encoding").is_none());
    assert_eq!(
        plain.bytes().await.unwrap().as_ref(),
        b"console.log('app');"
    );
    let no_copy = c
        .http
        .get(c.url("/version.json"))
        .header("accept-encoding", "br")
        .send()
        .await
        .unwrap();
    assert!(no_copy.headers().get("content-encoding").is_none());
}
