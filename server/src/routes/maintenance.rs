//! Endpoints for the maintenance flag: `GET /api/get-maintenance` (everyone, every navigation)
//! and `PUT /api/admin/set-maintenance` (admins).

use axum::extract::State;
use axum::routing::{get, put};
use axum::Router;

use crate::extract::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::audit;
use crate::auth::AdminUser;
use crate::db::changes::{self, Change};
use crate::db::settings;
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
/// are told in the transaction (PostgreSQL) and this one's snapshot changes at commit.
pub async fn set_maintenance(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    Json(body): Json<MaintenanceBody>,
) -> Result<Json<Value>, ApiError> {
    let mut tx = state.db.begin().await?;
    let was = settings::switch_maintenance(&mut tx, body.maintenance).await?;
    let state_of = |on: bool| json!({ "maintenance": on });
    audit::record(
        &mut tx,
        &admin,
        audit::MAINTENANCE,
        "site",
        &state_of(was),
        &state_of(body.maintenance),
    )
    .await?;
    changes::announce(&mut tx, Change::Maintenance).await?;
    tx.commit().await?;
    state.snapshot.set_maintenance(body.maintenance);
    tracing::info!(
        admin = admin.account_id(),
        on = body.maintenance,
        "maintenance mode changed"
    );
    Ok(Json(json!({ "maintenance": body.maintenance })))
}
