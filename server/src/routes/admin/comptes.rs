//! Endpoints of the admin's accounts: `GET Admin/Comptes?q=&page=&par_page=` (search by e-mail
//! or name, newest first, one page), `GET Admin/Comptes/{id}` (an account),
//! `GET Admin/Comptes/{id}/Commandes?page=&par_page=` and `GET Admin/Comptes/{id}/Pieces?…` (one
//! page of its orders, of its parts, newest first) and `PUT Admin/Comptes/{id}/desactivation` `{desactive}` (disable: its sessions end at once and it
//! cannot sign in; or enable again). The role is changed by `PUT Comptes`.

use crate::extract::{path_id, Path, Query};
use axum::extract::State;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::admin::accounts::{self as account_rules, ACCOUNT_NOT_FOUND};
use crate::auth::AdminUser;
use crate::clock;
use crate::db::account_admin;
use crate::db::accounts;
use crate::domain::part_status::status_label;
use crate::error::ApiError;
use crate::extract::Json;
use crate::routes::comptes::AccountView;
use crate::routes::paging::Paging;
use crate::state::AppState;

/// Longest search text.
const MAX_QUERY: usize = 200;

/// Query of `GET Admin/Comptes`, read as text so that a wrong value gets a French 400.
#[derive(Debug, Deserialize)]
pub struct ListQuery {
    q: Option<String>,
    page: Option<String>,
    par_page: Option<String>,
}

/// One page of accounts.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "AdminAccountPage"))]
pub struct AccountPageView {
    comptes: Vec<AccountView>,
    total: i64,
    page: i64,
    par_page: i64,
}

/// Handles `GET /api/backend/Admin/Comptes` (admin).
pub async fn list(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
    Query(query): Query<ListQuery>,
) -> Result<Json<AccountPageView>, ApiError> {
    let paging = Paging::parse(query.page.as_deref(), query.par_page.as_deref())?;
    let q = query.q.as_deref().unwrap_or_default().trim();
    if q.chars().count() > MAX_QUERY {
        return Err(ApiError::Validation(vec![format!(
            "La recherche ne doit pas dépasser {MAX_QUERY} caractères."
        )]));
    }
    let mut conn = state.db.pool.acquire().await?;
    let found = account_admin::search(&mut conn, q, paging.per_page, paging.offset()).await?;
    Ok(Json(AccountPageView {
        comptes: found.accounts.into_iter().map(AccountView::from).collect(),
        total: found.total,
        page: paging.page,
        par_page: paging.per_page,
    }))
}

/// An order in an account's page.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "AccountOrder"))]
pub struct AccountOrderView {
    id: i64,
    numero: String,
    statut: String,
    total_ttc_cents: i64,
    created_at: String,
}

/// A part in an account's page.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "AccountPart"))]
pub struct AccountPartView {
    id: i64,
    file_name: String,
    id_status: i64,
    statut: &'static str,
    created_at: String,
}

/// An account (its orders and parts are paged by `GET Admin/Comptes/{id}/Commandes` and
/// `GET Admin/Comptes/{id}/Pieces`).
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "AdminAccountDetail"))]
pub struct AccountDetailView {
    compte: AccountView,
}

/// Handles `GET /api/backend/Admin/Comptes/{id}` (admin).
pub async fn detail(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
    Path(raw_id): Path<String>,
) -> Result<Json<AccountDetailView>, ApiError> {
    let id = path_id(&raw_id, ACCOUNT_NOT_FOUND)?;
    let account = accounts::find(&mut *state.db.acquire().await?, id)
        .await?
        .ok_or_else(|| ApiError::NotFoundWith(ACCOUNT_NOT_FOUND.to_owned()))?;
    Ok(Json(AccountDetailView {
        compte: account.into(),
    }))
}

/// Query of `GET Admin/Comptes/{id}/Commandes` and `GET Admin/Comptes/{id}/Pieces`, read as text
/// so that a wrong value gets a French 400.
#[derive(Debug, Deserialize)]
pub struct PageQuery {
    page: Option<String>,
    par_page: Option<String>,
}

/// One page of an account's rows (orders or parts), in the shape of the admin's other lists.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AccountRowsPage<T> {
    items: Vec<T>,
    total: i64,
    page: i64,
    par_page: i64,
}

/// The paging of an account's list and the account's id: a French 400 for a wrong page, 404
/// for an unknown account.
async fn account_paging(
    state: &AppState,
    raw_id: &str,
    query: &PageQuery,
) -> Result<(i64, Paging), ApiError> {
    let id = path_id(raw_id, ACCOUNT_NOT_FOUND)?;
    let paging = Paging::parse(query.page.as_deref(), query.par_page.as_deref())?;
    if accounts::find(&mut *state.db.acquire().await?, id)
        .await?
        .is_none()
    {
        return Err(ApiError::NotFoundWith(ACCOUNT_NOT_FOUND.to_owned()));
    }
    Ok((id, paging))
}

/// Handles `GET /api/backend/Admin/Comptes/{id}/Commandes?page=&par_page=` (admin): the
/// account's orders, newest first, one page at a time (20 by default); 404 for an unknown
/// account.
pub async fn orders(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
    Path(raw_id): Path<String>,
    Query(query): Query<PageQuery>,
) -> Result<Json<AccountRowsPage<AccountOrderView>>, ApiError> {
    let (id, paging) = account_paging(&state, &raw_id, &query).await?;
    let mut conn = state.db.pool.acquire().await?;
    let found = account_admin::orders_of(&mut conn, id, paging.per_page, paging.offset()).await?;
    Ok(Json(AccountRowsPage {
        items: found
            .orders
            .into_iter()
            .map(|o| AccountOrderView {
                id: o.id,
                numero: o.numero,
                statut: o.status,
                total_ttc_cents: o.total_ttc_cents,
                created_at: clock::iso8601(o.created_at),
            })
            .collect(),
        total: found.total,
        page: paging.page,
        par_page: paging.per_page,
    }))
}

/// Handles `GET /api/backend/Admin/Comptes/{id}/Pieces?page=&par_page=` (admin): the account's
/// parts, newest first, one page at a time (20 by default); 404 for an unknown account.
pub async fn parts(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
    Path(raw_id): Path<String>,
    Query(query): Query<PageQuery>,
) -> Result<Json<AccountRowsPage<AccountPartView>>, ApiError> {
    let (id, paging) = account_paging(&state, &raw_id, &query).await?;
    let mut conn = state.db.pool.acquire().await?;
    let found = account_admin::parts_of(&mut conn, id, paging.per_page, paging.offset()).await?;
    Ok(Json(AccountRowsPage {
        items: found
            .parts
            .into_iter()
            .map(|p| AccountPartView {
                id: p.id,
                file_name: p.file_name,
                id_status: p.status_id,
                statut: status_label(p.status_id),
                created_at: clock::iso8601(p.created_at),
            })
            .collect(),
        total: found.total,
        page: paging.page,
        par_page: paging.per_page,
    }))
}

/// Body of `PUT Admin/Comptes/{id}/desactivation` (read loosely for a French message).
#[derive(Debug, Deserialize)]
pub struct DisableBody {
    desactive: Option<Value>,
}

/// Handles `PUT /api/backend/Admin/Comptes/{id}/desactivation` `{desactive: bool}` (admin):
/// 200 with the account.
pub async fn set_disabled(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    Path(raw_id): Path<String>,
    Json(body): Json<DisableBody>,
) -> Result<Json<AccountView>, ApiError> {
    let id = path_id(&raw_id, ACCOUNT_NOT_FOUND)?;
    let Some(disabled) = body.desactive.as_ref().and_then(Value::as_bool) else {
        return Err(ApiError::Validation(vec![
            "Indiquez si le compte est désactivé (desactive : true ou false).".to_owned(),
        ]));
    };
    let account = account_rules::set_disabled(&state.db, &admin, id, disabled).await?;
    Ok(Json(account.into()))
}
