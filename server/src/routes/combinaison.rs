//! Endpoint for `GET Combinaison/full`: the pricing catalog of quote-core, as stored in the
//! database, for everyone (anonymous visitors price with it too). Served from the instance's
//! in-memory snapshot ([`crate::snapshot`]) with the version as entity tag.

use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::db::catalogs;
use crate::state::AppState;

/// The catalog route.
pub fn router() -> Router<AppState> {
    Router::new().route("/Combinaison/full", get(full))
}

/// Handles `GET /api/backend/Combinaison/full`: the snapshot's bytes, tagged with the catalog's
/// version; 304 without a body when the client already holds that version (`If-None-Match`).
pub async fn full(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let current = state.snapshot.catalog();
    let fresh = headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .any(|v| etag_matches(v.as_bytes(), current.etag.as_bytes()));
    let tags = [
        (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
        (header::ETAG, current.etag.clone()),
    ];
    if fresh {
        return (StatusCode::NOT_MODIFIED, tags).into_response();
    }
    (
        tags,
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        current.json.clone(),
    )
        .into_response()
}

/// Whether an `If-None-Match` value (`*`, or a list of tags, weak ones included) names `etag`.
fn etag_matches(if_none_match: &[u8], etag: &[u8]) -> bool {
    if_none_match.split(|b| *b == b',').any(|tag| {
        let tag = tag.trim_ascii();
        tag == b"*" || tag.strip_prefix(b"W/").unwrap_or(tag) == etag
    })
}

/// Seeds the database with quote-core's default catalog when it holds none.
pub async fn seed_default(db: &crate::db::Db) -> anyhow::Result<()> {
    let json = serde_json::to_string(&quote_core::Catalog::default_catalog())?;
    catalogs::seed_if_empty(&mut *db.acquire().await?, &json).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::etag_matches;

    #[test]
    fn if_none_match_names_the_tag_in_a_list_weakly_or_with_a_star() {
        let tag = b"\"catalog-4\"";
        assert!(etag_matches(b"\"catalog-4\"", tag));
        assert!(etag_matches(b"\"catalog-3\", W/\"catalog-4\"", tag));
        assert!(etag_matches(b"*", tag));
        assert!(!etag_matches(b"\"catalog-3\"", tag));
        assert!(!etag_matches(b"\"catalog-44\"", tag));
        assert!(!etag_matches(b"", tag));
    }
}
