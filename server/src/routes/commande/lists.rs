//! The order lists: the customer's orders and parcels, the admin's search and one order.

use axum::extract::State;
use serde::{Deserialize, Serialize};

use super::order_id;
use super::view::{commande_view, CommandeView, LivraisonView, OrderDates};
use crate::auth::{AdminUser, AuthUser};
use crate::commerce::invoicing::ORDER_NOT_FOUND;
use crate::commerce::order_status::OrderStatus;
use crate::db::{deliveries, orders};
use crate::documents::Seller;
use crate::error::ApiError;
use crate::extract::{Json, Path, Query};
use crate::state::AppState;

/// Handles `GET /api/backend/Commande/mes-commandes`: the account's orders, newest first.
pub async fn my_orders(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
) -> Result<Json<Vec<CommandeView>>, ApiError> {
    let seller = Seller::from_env(&state.config.settings.brand_name);
    let mut conn = state.db.pool.acquire().await?;
    let rows = orders::list_for_account(&mut conn, user.account_id()).await?;
    let dates = OrderDates::of(&state);
    let mut out = Vec::with_capacity(rows.len());
    for o in rows {
        out.push(commande_view(&mut conn, o, &seller, false, &dates).await?);
    }
    Ok(Json(out))
}

/// Handles `GET /api/backend/Commande/Livraisons`: the account's parcels, newest first.
pub async fn my_deliveries(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
) -> Result<Json<Vec<LivraisonView>>, ApiError> {
    let mut conn = state.db.pool.acquire().await?;
    let rows = deliveries::for_account(&mut conn, user.account_id()).await?;
    Ok(Json(rows.into_iter().map(LivraisonView::from).collect()))
}

/// Query of the admin list.
#[derive(Debug, Deserialize)]
pub struct ListQuery {
    /// Exact status.
    pub statut: Option<String>,
    /// Search in the number and the customer's e-mail.
    pub q: Option<String>,
    /// Page from 1.
    pub page: Option<i64>,
    /// Orders a page (1 to 100, 20 by default).
    pub par_page: Option<i64>,
    /// Order of the list: `expedition` (earliest ship date first, orders without one last),
    /// else the newest first.
    pub tri: Option<String>,
}

/// A page of the admin list.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "OrdersPage"))]
pub struct ListPage {
    /// Orders with their customer.
    pub items: Vec<CommandeView>,
    /// Orders matching the filters.
    pub total: i64,
    /// This page.
    pub page: i64,
    /// Page size.
    pub par_page: i64,
}

/// Handles `GET /api/backend/Commande?statut=&q=&page=&par_page=&tri=` (admin).
pub async fn admin_list(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
    Query(query): Query<ListQuery>,
) -> Result<Json<ListPage>, ApiError> {
    let status = match query
        .statut
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        Some(s) => Some(
            OrderStatus::parse(s)
                .ok_or_else(|| ApiError::bad_request("Statut de commande inconnu."))?
                .as_str(),
        ),
        None => None,
    };
    let q = query.q.as_deref().map(str::trim).filter(|q| !q.is_empty());
    let page = query.page.unwrap_or(1).max(1);
    let par_page = query.par_page.unwrap_or(20).clamp(1, 100);
    let by_ship_date = match query.tri.as_deref().map(str::trim).unwrap_or("") {
        "" | "date" => false,
        "expedition" => true,
        _ => {
            return Err(ApiError::bad_request(
                "Tri inconnu : « date » ou « expedition ».",
            ))
        }
    };
    let seller = Seller::from_env(&state.config.settings.brand_name);
    let mut conn = state.db.pool.acquire().await?;
    let (rows, total) = orders::search(
        &mut conn,
        status,
        q,
        by_ship_date,
        par_page,
        (page - 1) * par_page,
    )
    .await?;
    let dates = OrderDates::of(&state);
    let mut items = Vec::with_capacity(rows.len());
    for o in rows {
        items.push(commande_view(&mut conn, o, &seller, true, &dates).await?);
    }
    Ok(Json(ListPage {
        items,
        total,
        page,
        par_page,
    }))
}

/// Handles `GET /api/backend/Commande/{id}` (admin).
pub async fn admin_one(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
    Path(raw_id): Path<String>,
) -> Result<Json<CommandeView>, ApiError> {
    let id = order_id(&raw_id)?;
    let seller = Seller::from_env(&state.config.settings.brand_name);
    let mut conn = state.db.pool.acquire().await?;
    let o = orders::find_row(&mut conn, id, "")
        .await?
        .ok_or_else(|| ApiError::NotFoundWith(ORDER_NOT_FOUND.to_owned()))?;
    let dates = OrderDates::of(&state);
    Ok(Json(
        commande_view(&mut conn, o, &seller, true, &dates).await?,
    ))
}
