//! Everything that is not `/api`: static files of the built web app (`WEB_DIST`) and page
//! navigations, which pass the site-wide rules of [`rules`] before `index.html` is served with a
//! fresh Content-Security-Policy nonce written in place of the build's placeholder (the file is
//! kept in memory, see [`crate::web_shell`]).

pub mod rules;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use tower::ServiceExt;
use tower_http::services::ServeDir;

use crate::auth::session::{lookup, Lookup};
use crate::error::ApiError;
use crate::middleware::security_headers::new_nonce;
use crate::state::AppState;
use rules::{decide, is_mobile, Decision, Facts};

/// Files that must never be cached (the app shell and the build id the app polls).
const NO_CACHE_FILES: [&str; 4] = [
    "/index.html",
    "/version.json",
    "/build-id.json",
    "/build-manifest.json",
];

/// The fallback handler: static files, then pages.
pub async fn serve(State(state): State<AppState>, req: Request) -> Result<Response, ApiError> {
    let path = req.uri().path().to_owned();
    if path == "/api" || path.starts_with("/api/") {
        return Err(ApiError::NotFound);
    }
    if !matches!(*req.method(), Method::GET | Method::HEAD) {
        return Ok(StatusCode::METHOD_NOT_ALLOWED.into_response());
    }
    if path == "/robots.txt" || path == "/sitemap.xml" {
        return Ok(crawler_file(&state, &path));
    }
    let last = path.rsplit('/').next().unwrap_or_default();
    // The shell asked by name is a page too: served raw, its placeholder nonce would match nothing.
    if last.contains('.') && path != "/index.html" {
        return Ok(static_file(&state, req, &path).await);
    }
    page(&state, req, &path).await
}

/// `robots.txt` and `sitemap.xml`, from the build's table of public pages ([`crate::seo`]).
fn crawler_file(state: &AppState, path: &str) -> Response {
    let Some(seo) = state.shell.seo() else {
        return (StatusCode::NOT_FOUND, "Fichier introuvable").into_response();
    };
    let base = state.mailer.base_url();
    let (content_type, body) = if path == "/robots.txt" {
        ("text/plain; charset=utf-8", seo.robots(base))
    } else {
        ("application/xml; charset=utf-8", seo.sitemap(base))
    };
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(content_type)),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
        ],
        body,
    )
        .into_response()
}

/// A file of the build; its `.br` or `.gz` copy (written by the build beside it) when the browser
/// accepts that encoding, with `Content-Encoding` and the original's type.
async fn static_file(state: &AppState, req: Request, path: &str) -> Response {
    let dir = ServeDir::new(&state.config.settings.web_dist)
        .precompressed_br()
        .precompressed_gzip();
    let mut res = match dir.oneshot(req).await {
        Ok(res) => res.map(Body::new),
        Err(never) => match never {},
    };
    if res.status() == StatusCode::NOT_FOUND {
        return (StatusCode::NOT_FOUND, "Fichier introuvable").into_response();
    }
    let cache = if path.starts_with("/assets/") && !NO_CACHE_FILES.contains(&path) {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    // The body depends on Accept-Encoding: a shared cache must not give a `.br` body to others.
    res.headers_mut()
        .insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    res
}

async fn page(state: &AppState, req: Request, raw_path: &str) -> Result<Response, ApiError> {
    let path = if raw_path.len() > 1 {
        raw_path.trim_end_matches('/')
    } else {
        raw_path
    };
    let path = if path.is_empty() { "/" } else { path };
    let user_agent = req
        .headers()
        .get(header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let (role, admin_without_two_factor) = match lookup(state, req.headers()).await? {
        Lookup::Live(s) if !s.row.two_factor_pending => {
            (Some(s.row.role), s.admin_needs_two_factor())
        }
        _ => (None, false),
    };
    let query = req.uri().query();
    let facts = Facts {
        path,
        query,
        maintenance: state.snapshot.maintenance(),
        mobile: is_mobile(user_agent),
        role,
        admin_without_two_factor,
    };
    let status = match decide(&facts) {
        Decision::Redirect(to) => {
            let mut res = StatusCode::TEMPORARY_REDIRECT.into_response();
            let location = HeaderValue::from_str(&to).map_err(anyhow::Error::from)?;
            res.headers_mut().insert(header::LOCATION, location);
            res.headers_mut()
                .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
            return Ok(res);
        }
        Decision::Page => StatusCode::OK,
        Decision::NotFound => StatusCode::NOT_FOUND,
    };
    let nonce = new_nonce();
    let csp = state.csp.with_nonce(&nonce);
    Ok((
        status,
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/html; charset=utf-8"),
            ),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
            (header::CONTENT_SECURITY_POLICY, csp),
        ],
        state
            .shell
            .render(&nonce, path, query, state.mailer.base_url()),
    )
        .into_response())
}
