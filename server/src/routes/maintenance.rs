//! Endpoints for the maintenance flag: `GET /api/get-maintenance` (everyone, every navigation)
//! and `PUT /api/admin/set-maintenance` (admins).

use axum::extract::State;
use axum::routing::{get, put};
use axum::Router;

use crate::extract::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::admin::maintenance;
use crate::auth::AdminUser;
use crate::error::ApiError;
use crate::state::AppState;

/// The maintenance routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/get-maintenance", get(get_maintenance))
        .route("/api/admin/set-maintenance", put(set_maintenance))
}

/// Body of `PUT /api/admin/set-maintenance`.
#[derive(Debug, Deserialize)]
pub struct MaintenanceBody {
    maintenance: bool,
}

/// Handles `GET /api/get-maintenance`.
pub async fn get_maintenance(State(state): State<AppState>) -> Json<Value> {
    Json(json!({ "maintenance": state.snapshot.maintenance() }))
}

/// Handles `PUT /api/admin/set-maintenance` (admins only, 403 otherwise): the other instances
/// are told in the transaction (PostgreSQL) and this one's snapshot changes at commit
/// (`admin::maintenance`).
pub async fn set_maintenance(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    Json(body): Json<MaintenanceBody>,
) -> Result<Json<Value>, ApiError> {
    maintenance::switch(&state.db, &state.snapshot, &admin, body.maintenance).await?;
    Ok(Json(json!({ "maintenance": body.maintenance })))
}
