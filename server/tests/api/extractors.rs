//! Requests the server cannot read: every route that reads a JSON body, a form, a query string,
//! path parameters or a multipart upload answers a French 400 in the `{message}` shape, never
//! axum's English plain text.

use reqwest::header::CONTENT_TYPE;
use reqwest::{Method, Response};
use serde_json::Value;
use server::extract::{JSON_SHAPE, NOT_JSON, NOT_JSON_CONTENT_TYPE};

use crate::builders::{a_customer, a_visitor, an_admin};
use crate::helpers::{spawn_app, TestClient};

/// Who calls a route: its body is read only once the caller may call it.
#[derive(Clone, Copy, Debug)]
enum Caller {
    Visitor,
    Customer,
    Admin,
}

/// Every route that reads a JSON body (`crate::extract::Json`).
const JSON_ROUTES: &[(&str, &str, Caller)] = &[
    ("POST", "/api/devis/set-cookie", Caller::Visitor),
    ("POST", "/api/devis/calcul-prix", Caller::Visitor),
    ("POST", "/api/devis/panier", Caller::Visitor),
    ("POST", "/api/devis/separer-corps", Caller::Visitor),
    ("POST", "/api/devis/regrouper-corps", Caller::Visitor),
    ("POST", "/api/contact", Caller::Visitor),
    ("POST", "/api/proxy", Caller::Visitor),
    ("PUT", "/api/admin/set-maintenance", Caller::Admin),
    ("POST", "/api/backend/Auth/login", Caller::Visitor),
    ("POST", "/api/backend/Comptes", Caller::Visitor),
    ("PUT", "/api/backend/Comptes", Caller::Customer),
    ("PUT", "/api/backend/Comptes/me/password", Caller::Customer),
    (
        "POST",
        "/api/backend/Email/send/account_creation",
        Caller::Visitor,
    ),
    (
        "POST",
        "/api/backend/Email/verify/account_creation",
        Caller::Visitor,
    ),
    (
        "POST",
        "/api/backend/Email/send/email_reset",
        Caller::Customer,
    ),
    (
        "POST",
        "/api/backend/Email/verify/email_reset",
        Caller::Customer,
    ),
    (
        "POST",
        "/api/backend/Email/reset/email_reset",
        Caller::Customer,
    ),
    (
        "POST",
        "/api/backend/Email/send/forgot_password",
        Caller::Visitor,
    ),
    (
        "POST",
        "/api/backend/Email/reset/forgot_password",
        Caller::Visitor,
    ),
    (
        "POST",
        "/api/backend/AuthentificationDoubleFacteur/toggle",
        Caller::Customer,
    ),
    (
        "POST",
        "/api/backend/AuthentificationDoubleFacteur/verify",
        Caller::Customer,
    ),
    (
        "POST",
        "/api/backend/AuthentificationDoubleFacteur/verify-backup-code",
        Caller::Customer,
    ),
    ("POST", "/api/backend/Adresses", Caller::Customer),
    ("PUT", "/api/backend/Adresses/1", Caller::Customer),
    ("POST", "/api/backend/Entreprise", Caller::Customer),
    ("PUT", "/api/backend/Entreprise", Caller::Customer),
    ("DELETE", "/api/backend/Entreprise", Caller::Customer),
    ("PUT", "/api/backend/Entreprise/1", Caller::Customer),
    ("POST", "/api/backend/ComptePiece", Caller::Customer),
    (
        "POST",
        "/api/backend/Commande/Recapitulatif",
        Caller::Customer,
    ),
    ("POST", "/api/backend/Commande", Caller::Customer),
    ("PUT", "/api/backend/Commande/1/statut", Caller::Admin),
    ("POST", "/api/backend/Commande/1/Livraisons", Caller::Admin),
    ("POST", "/api/backend/Reduction", Caller::Admin),
    ("PUT", "/api/backend/Reduction/1", Caller::Admin),
    (
        "PUT",
        "/api/backend/Pieces/AskForReview/1",
        Caller::Customer,
    ),
    ("PUT", "/api/backend/Pieces/status", Caller::Admin),
    (
        "PUT",
        "/api/backend/Admin/Comptes/1/desactivation",
        Caller::Admin,
    ),
    ("POST", "/api/backend/Admin/Catalogue", Caller::Admin),
];

async fn send_raw(
    c: &TestClient,
    method: &str,
    path: &str,
    content_type: Option<&str>,
    body: &'static str,
) -> Response {
    let method = Method::from_bytes(method.as_bytes()).unwrap();
    let mut req = c.http.request(method, c.url(path)).body(body);
    if let Some(t) = &c.csrf {
        req = req.header("x-csrf-token", t);
    }
    if let Some(ct) = content_type {
        req = req.header(CONTENT_TYPE, ct);
    }
    req.send().await.unwrap()
}

/// Asserts a French 400 in JSON with this message, and returns nothing else.
async fn assert_french_400(res: Response, message: &str, what: &str) {
    assert_eq!(res.status(), 400, "{what}");
    let content_type = res.headers()[CONTENT_TYPE].to_str().unwrap().to_owned();
    assert!(
        content_type.starts_with("application/json"),
        "{what}: {content_type}"
    );
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["message"], message, "{what}: {body}");
}

#[tokio::test]
async fn every_json_route_answers_a_malformed_body_with_a_french_400() {
    let app = spawn_app().await;
    let visitor = a_visitor(&app).await;
    let customer = a_customer(&app).email("client@exemple.fr").await;
    let admin = an_admin(&app).await;
    for &(method, path, caller) in JSON_ROUTES {
        let c = match caller {
            Caller::Visitor => &visitor,
            Caller::Customer => &customer,
            Caller::Admin => &admin,
        };
        let what = format!("{method} {path} as {caller:?}");
        let json = Some("application/json");
        let res = send_raw(c, method, path, json, "{\"index\": ").await;
        assert_french_400(res, NOT_JSON, &format!("{what}, cut JSON")).await;
        let res = send_raw(c, method, path, json, "\"texte\"").await;
        assert_french_400(res, JSON_SHAPE, &format!("{what}, a string")).await;
        let res = send_raw(c, method, path, Some("text/plain"), "{}").await;
        let message = NOT_JSON_CONTENT_TYPE;
        assert_french_400(res, message, &format!("{what}, text/plain")).await;
        let res = send_raw(c, method, path, None, "{}").await;
        assert_french_400(res, message, &format!("{what}, no type")).await;
    }
}

#[tokio::test]
async fn unreadable_forms_queries_paths_and_uploads_get_a_french_400() {
    let app = spawn_app().await;
    let visitor = a_visitor(&app).await;
    let admin = an_admin(&app).await;
    let form = "Le formulaire envoyé n'est pas valide.";
    for path in [
        "/api/auth/callback/credentials",
        "/api/auth/signin/credentials",
        "/api/auth/signout",
    ] {
        let res = send_raw(&visitor, "POST", path, Some("application/json"), "{}").await;
        assert_french_400(res, form, path).await;
    }
    let query = "Les paramètres de l'adresse demandée sont invalides.";
    let res = send_raw(&visitor, "GET", "/api/devis/fichier?index=abc", None, "").await;
    assert_french_400(res, query, "fichier?index=abc").await;
    let res = send_raw(&admin, "GET", "/api/backend/Commande?page=abc", None, "").await;
    assert_french_400(res, query, "Commande?page=abc").await;
    let path = "L'adresse demandée contient un paramètre invalide.";
    for (method, route) in [
        ("DELETE", "/api/backend/Adresses/%FF"),
        ("GET", "/api/backend/Entreprise/%FF"),
        ("GET", "/api/backend/Commande/%C3%28"),
        ("GET", "/api/backend/ReductionCompte/GetCodeAsUser/%FF"),
    ] {
        let res = send_raw(&admin, method, route, None, "").await;
        assert_french_400(res, path, route).await;
    }
    let upload = "L'envoi doit être un formulaire de fichiers (multipart/form-data).";
    for route in ["/api/upload/file-temp", "/api/devis/process-file"] {
        let res = send_raw(&visitor, "POST", route, Some("application/json"), "{}").await;
        assert_french_400(res, upload, route).await;
    }
}

/// The handlers' source: a body, query or path read with axum's own extractor would answer in
/// English. `axum::Json` stays allowed as an answer.
#[test]
fn no_handler_reads_a_request_with_axum_s_own_extractors() {
    let routes = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/routes");
    let mut files = vec![routes];
    let mut offenders = Vec::new();
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        let source = std::fs::read_to_string(&path).unwrap();
        let axum_json = source.contains("use axum::Json;") || source.contains("axum::{Json");
        for (n, line) in source.lines().enumerate() {
            let reads_json = (axum_json && line.contains("): Json<"))
                || line.contains("): axum::Json<")
                || line.contains("<axum::Json<");
            let axum_extractor = line.split("axum::extract::").skip(1).any(|rest| {
                let rest = rest.split(';').next().unwrap_or_default();
                rest.split(|c: char| !c.is_ascii_alphanumeric())
                    .any(|t| ["Path", "Query", "Form", "RawForm", "Multipart"].contains(&t))
            });
            if reads_json || axum_extractor {
                offenders.push(format!("{}:{}: {line}", path.display(), n + 1));
            }
        }
    }
    assert!(offenders.is_empty(), "{offenders:#?}");
}
