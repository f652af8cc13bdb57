//! Endpoints of the catalog editor: `GET Admin/Catalogue` (the current catalog with the list of
//! versions, who saved each and when), `GET Admin/Catalogue/{version}` (one version) and
//! `POST Admin/Catalogue` `{version_base, catalogue}` (saves a new version, validated by
//! quote-core; 409 when another admin saved since `version_base`). New quotes price with the new
//! version at once; orders keep the amounts they were placed with.

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::admin::catalog;
use crate::auth::AdminUser;
use crate::clock;
use crate::db::catalogs::{self, VersionRow};
use crate::error::ApiError;
use crate::extract::{path_id, Json, Path};
use crate::state::AppState;

/// Answer for a version that does not exist.
const VERSION_NOT_FOUND: &str = "Cette version du catalogue n'existe pas.";

/// A version in the history.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "CatalogVersion"))]
pub struct VersionView {
    version: i64,
    /// ISO 8601, UTC.
    date: String,
    /// The admin's e-mail; empty for the catalog shipped with the site.
    auteur: String,
}

impl From<VersionRow> for VersionView {
    fn from(r: VersionRow) -> Self {
        VersionView {
            version: r.version,
            date: clock::iso8601(r.created_at),
            auteur: r.created_by_email,
        }
    }
}

/// Answer of `GET Admin/Catalogue` and `GET Admin/Catalogue/{version}`.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "CatalogView"))]
pub struct CatalogueView {
    version: i64,
    date: String,
    auteur: String,
    /// Whether this is the version new quotes use.
    courante: bool,
    /// quote-core's catalog, as stored.
    #[cfg_attr(feature = "ts", ts(type = "Catalog"))]
    catalogue: Value,
    /// Every version, newest first.
    versions: Vec<VersionView>,
}

async fn view_of(state: &AppState, version: Option<i64>) -> Result<CatalogueView, ApiError> {
    let mut conn = state.db.pool.acquire().await?;
    let versions = catalogs::list(&mut conn).await?;
    let current = versions.first().map(|v| v.version).unwrap_or(0);
    let wanted = version.unwrap_or(current);
    let (row, json) = catalogs::find(&mut conn, wanted)
        .await?
        .ok_or_else(|| ApiError::NotFoundWith(VERSION_NOT_FOUND.to_owned()))?;
    let catalogue = serde_json::from_str(&json)
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("stored catalog {wanted}: {e}")))?;
    let head = VersionView::from(row);
    Ok(CatalogueView {
        version: head.version,
        date: head.date,
        auteur: head.auteur,
        courante: head.version == current,
        catalogue,
        versions: versions.into_iter().map(VersionView::from).collect(),
    })
}

/// Handles `GET /api/backend/Admin/Catalogue` (admin): the current version.
pub async fn current(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
) -> Result<Json<CatalogueView>, ApiError> {
    Ok(Json(view_of(&state, None).await?))
}

/// Handles `GET /api/backend/Admin/Catalogue/{version}` (admin): one version of the history.
pub async fn one(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
    Path(raw): Path<String>,
) -> Result<Json<CatalogueView>, ApiError> {
    let version = path_id(&raw, VERSION_NOT_FOUND)?;
    Ok(Json(view_of(&state, Some(version)).await?))
}

/// Body of `POST Admin/Catalogue` (read loosely, so that a missing field gets a French message).
#[derive(Debug, Deserialize)]
pub struct SaveBody {
    version_base: Option<i64>,
    catalogue: Option<Value>,
}

/// Handles `POST /api/backend/Admin/Catalogue` (admin): 201 with the new current version; 400
/// with quote-core's French reason; 409 when `version_base` is no longer the current version.
pub async fn save(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    Json(body): Json<SaveBody>,
) -> Result<(StatusCode, Json<CatalogueView>), ApiError> {
    let (Some(base), Some(value)) = (body.version_base, body.catalogue) else {
        return Err(ApiError::Validation(vec![
            "Indiquez la version de départ (version_base) et le catalogue.".to_owned(),
        ]));
    };
    let parsed = catalog::parse(&value)?;
    let saved = catalog::save(&state.db, &admin, base, &parsed).await?;
    let version = saved.version;
    state.snapshot.set_catalog(saved);
    tracing::info!(version, admin = admin.account_id(), "catalog version saved");
    Ok((
        StatusCode::CREATED,
        Json(view_of(&state, Some(version)).await?),
    ))
}
