//! Endpoint for the admin statistics.

use crate::extract::Query;
use axum::extract::State;
use serde::Deserialize;

use crate::auth::AdminUser;
use crate::clock;
use crate::commerce::statistics::{self, Period, Report};
use crate::db::statistics as db_statistics;
use crate::domain::paris_time::paris_date;
use crate::error::ApiError;
use crate::extract::Json;
use crate::state::AppState;

/// Query of `GET Statistiques`.
#[derive(Debug, Deserialize)]
pub struct StatisticsQuery {
    /// First day, `YYYY-MM-DD`.
    pub du: Option<String>,
    /// Last day, `YYYY-MM-DD`.
    pub au: Option<String>,
}

/// Handles `GET /api/backend/Statistiques?du=YYYY-MM-DD&au=YYYY-MM-DD` (admin): the figures of
/// the period by Paris month, its totals and the shares by process and material.
pub async fn statistics(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
    Query(query): Query<StatisticsQuery>,
) -> Result<Json<Report>, ApiError> {
    let period = Period::parse(
        query.du.as_deref(),
        query.au.as_deref(),
        paris_date(clock::now()),
    )
    .map_err(ApiError::Validation)?;
    let catalog = state.catalog();
    let (start, end) = period.bounds();
    let mut conn = state.db.pool.acquire().await?;
    let months = db_statistics::by_range(&mut conn, &period.month_ranges()).await?;
    let mix = db_statistics::mix(&mut conn, state.db.backend, start, end).await?;
    Ok(Json(statistics::report(&period, months, mix, &catalog)))
}
