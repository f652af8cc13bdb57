//! Issue 22, finding 10: an admin acts as one only with its second factor on. Without it, the
//! admin routes answer 403 `two_factor_required`, the admin pages lead to the admin home (which
//! shows the set-up), the sign-in sends it there, and its set-up stays reachable during
//! maintenance; once the second factor is on, the same session reaches the admin routes.

use serde_json::{json, Value};
use server::db::accounts::Role;
use server::twofa::TotpSecret;

use crate::builders::an_admin;
use crate::helpers::{spawn_app, TestApp, TestClient, PASSWORD};

const EMAIL: &str = "ancien.admin@exemple.fr";

/// An admin made before admins needed a second factor, signed in: its browser and the
/// sign-in's answer.
async fn admin_without_second_factor(app: &TestApp) -> (TestClient, Value) {
    app.create_account_without_two_factor(EMAIL, Role::Admin)
        .await;
    let mut c = app.client();
    let res = c.sign_in(EMAIL, PASSWORD).await;
    assert_eq!(res.status(), 200);
    let answer: Value = res.json().await.unwrap();
    (c, answer)
}

/// Turns the second factor on through the set-up routes, as the admin home does.
async fn set_up(c: &TestClient) -> u16 {
    let (status, setup) = c
        .call(
            "POST",
            "AuthentificationDoubleFacteur/generate",
            Some(json!({})),
        )
        .await;
    if status != 200 {
        return status;
    }
    let secret = TotpSecret::from_base32(setup["secret"].as_str().unwrap()).unwrap();
    let now = u64::try_from(server::clock::now()).unwrap();
    let (status, body) = c
        .call(
            "POST",
            "AuthentificationDoubleFacteur/toggle",
            Some(json!({ "token": secret.code_at(now) })),
        )
        .await;
    assert!(status != 200 || body["enabled"] == true, "{body}");
    status
}

#[tokio::test]
async fn an_admin_without_its_second_factor_is_refused_the_admin_routes_until_it_sets_it_up() {
    let app = spawn_app().await;
    let (c, answer) = admin_without_second_factor(&app).await;
    assert_eq!(answer["two_factor_required"], false);
    assert_eq!(answer["url"], "/compte/admin-home", "sent to its set-up");
    let session: Value = c.get("/api/auth/session").await.json().await.unwrap();
    assert_eq!(session["user"]["role"], "admin");
    assert_eq!(session["user"]["two_factor_enabled"], false);

    for path in [
        "Admin/Tableau",
        "Admin/Comptes",
        "Statistiques",
        "Admin/Journal",
    ] {
        let (status, body) = c.call("GET", path, None).await;
        assert_eq!(status, 403, "{path}: {body}");
        assert_eq!(body["two_factor_required"], true, "{path}");
        assert!(
            body["message"]
                .as_str()
                .unwrap()
                .contains("Activez la double authentification"),
            "{body}"
        );
    }
    // Nor does it act as an admin elsewhere: the list of accounts is its own.
    let (status, accounts) = c.call("GET", "Comptes", None).await;
    assert_eq!(status, 200);
    assert_eq!(accounts.as_array().map(Vec::len), Some(1), "{accounts}");
    assert_eq!(c.set_maintenance(true).await, 403);

    // Admin pages lead to the admin home, which opens.
    let res = c.get("/compte/admin/commande").await;
    assert_eq!(res.status(), 307);
    assert_eq!(res.headers()["location"], "/compte/admin-home");
    assert_eq!(c.get("/compte/admin-home").await.status(), 200);

    // Once the second factor is on, the same session is an admin's.
    assert_eq!(set_up(&c).await, 200);
    assert_eq!(c.call("GET", "Admin/Tableau", None).await.0, 200);
    assert_eq!(c.get("/compte/admin/commande").await.status(), 200);
    let session: Value = c.get("/api/auth/session").await.json().await.unwrap();
    assert_eq!(session["user"]["two_factor_enabled"], true);
}

#[tokio::test]
async fn during_maintenance_an_admin_without_its_second_factor_reaches_only_its_set_up() {
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    let (c, _) = admin_without_second_factor(&app).await;
    assert_eq!(admin.set_maintenance(true).await, 200);
    let (status, _) = c.call("GET", "Comptes/me", None).await;
    assert_eq!(
        status, 503,
        "an admin without its second factor is not let through"
    );
    assert_eq!(set_up(&c).await, 200, "its set-up is");
    assert_eq!(c.call("GET", "Admin/Tableau", None).await.0, 200);
    assert_eq!(c.call("GET", "Comptes/me", None).await.0, 200);
    // A customer still gets 503 on the set-up routes (finding 12).
    let (customer, _) = app.signed_in("client@exemple.fr", Role::Client).await;
    assert_eq!(set_up(&customer).await, 503);
}

#[tokio::test]
async fn an_admin_who_turns_its_second_factor_off_loses_the_admin_routes() {
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    assert_eq!(admin.call("GET", "Admin/Tableau", None).await.0, 200);
    let (status, body) = admin
        .call(
            "POST",
            "AuthentificationDoubleFacteur/toggle",
            Some(json!({ "enable": false, "password": PASSWORD })),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = admin.call("GET", "Admin/Tableau", None).await;
    assert_eq!(status, 403);
    assert_eq!(body["two_factor_required"], true);
}
