//! Endpoints of the `Reduction` controller: `GET Reduction/Reductions` (the codes the signed-in
//! account may use now) and, for admins, `GET Reduction` (every code), `POST Reduction`,
//! `PUT Reduction/{id}` and `DELETE Reduction/{id}` (which disables the code: the orders that
//! used it keep pointing at it), `GET Reduction/{id}/utilisations` (the orders that used it).
//! Admin bodies may name the reserved account by its e-mail (`email_compte`).

pub mod input;
pub mod view;

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, put};
use axum::Router;
use serde_json::{Map, Value};
use std::collections::HashMap;

use self::view::{ReductionView, UtilisationsPage};
use crate::admin::discounts::{self as admin_discounts, NOT_FOUND};
use crate::auth::{AdminUser, AuthUser};
use crate::clock;
use crate::commerce::discounts::{self, Usage};
use crate::db::accounts;
use crate::db::discounts as db_discounts;
use crate::error::ApiError;
use crate::extract::{Json, Path, Query};
use crate::routes::paging::Paging;
use crate::state::AppState;

/// The `Reduction` routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/Reduction", get(list_all).post(create))
        .route("/Reduction/Reductions", get(available))
        .route("/Reduction/{id}", put(update).delete(disable))
        .route("/Reduction/{id}/utilisations", get(uses))
}

fn parse_id(raw: &str) -> Result<i64, ApiError> {
    raw.parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| ApiError::NotFoundWith(NOT_FOUND.to_owned()))
}

/// Handles `GET /api/backend/Reduction/Reductions`: the active codes open to the signed-in
/// account that every rule but the minimum order lets it use now (the minimum is in each code).
pub async fn available(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
) -> Result<Json<Vec<ReductionView>>, ApiError> {
    let account_id = user.account_id();
    let now = clock::now();
    let mut conn = state.db.pool.acquire().await?;
    let mut usable = Vec::new();
    for d in db_discounts::list_active_for_account(&mut conn, account_id).await? {
        let account_uses = db_discounts::uses_by_account(&mut conn, d.id, account_id).await?;
        let usage = Usage {
            account_id,
            account_uses,
            now,
        };
        if discounts::availability(&d, &usage).is_ok() {
            usable.push(ReductionView::from(d));
        }
    }
    Ok(Json(usable))
}

/// Handles `GET /api/backend/Reduction` (admin): every code, newest first.
pub async fn list_all(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
) -> Result<Json<Vec<ReductionView>>, ApiError> {
    let mut conn = state.db.pool.acquire().await?;
    let all = db_discounts::list_all(&mut conn).await?;
    let emails: HashMap<i64, String> = db_discounts::reserved_account_emails(&mut conn)
        .await?
        .into_iter()
        .collect();
    Ok(Json(
        all.into_iter()
            .map(|d| {
                let email = d.account_id.and_then(|id| emails.get(&id).cloned());
                ReductionView {
                    email_compte: email,
                    ..ReductionView::from(d)
                }
            })
            .collect(),
    ))
}

/// An admin's view of a code: with the e-mail of the account it is reserved to.
async fn admin_view(
    state: &AppState,
    d: db_discounts::Discount,
) -> Result<ReductionView, ApiError> {
    let email = match d.account_id {
        Some(id) => accounts::find(&mut *state.db.acquire().await?, id)
            .await?
            .map(|a| a.email),
        None => None,
    };
    Ok(ReductionView {
        email_compte: email,
        ..ReductionView::from(d)
    })
}

/// `email_compte` in a body names the reserved account by its e-mail: it replaces `id_compte`
/// (an empty string or `null` clears the reservation); an e-mail of no account is refused.
async fn resolve_account_email(
    state: &AppState,
    body: &mut Map<String, Value>,
) -> Result<(), ApiError> {
    let Some(v) = body.remove("email_compte") else {
        return Ok(());
    };
    let email = match &v {
        Value::Null => None,
        Value::String(s) if s.trim().is_empty() => None,
        Value::String(s) => Some(s.trim().to_owned()),
        _ => {
            return Err(ApiError::Validation(vec![
                "Compte réservataire invalide\u{a0}: une adresse e-mail, ou vide.".to_owned(),
            ]))
        }
    };
    let id = match email {
        None => Value::Null,
        Some(email) => {
            match accounts::find_by_email(&mut *state.db.acquire().await?, &email).await? {
                Some(a) => Value::from(a.id),
                None => {
                    return Err(ApiError::Validation(vec![format!(
                        "Aucun compte n'a l'adresse e-mail «\u{a0}{email}\u{a0}»."
                    )]))
                }
            }
        }
    };
    body.insert("id_compte".to_owned(), id);
    Ok(())
}

/// Handles `POST /api/backend/Reduction` (admin): 201 with the new code.
pub async fn create(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    Json(mut body): Json<Map<String, Value>>,
) -> Result<(StatusCode, Json<ReductionView>), ApiError> {
    resolve_account_email(&state, &mut body).await?;
    let fields = input::new_fields(&body).map_err(ApiError::Validation)?;
    let d = admin_discounts::create(&state.db, &admin, &fields, clock::now()).await?;
    Ok((StatusCode::CREATED, Json(admin_view(&state, d).await?)))
}

/// Handles `PUT /api/backend/Reduction/{id}` (admin): changes the fields the body names;
/// 200 with the code.
pub async fn update(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    Path(raw_id): Path<String>,
    Json(mut body): Json<Map<String, Value>>,
) -> Result<Json<ReductionView>, ApiError> {
    let id = parse_id(&raw_id)?;
    resolve_account_email(&state, &mut body).await?;
    let change = |current| input::apply(current, &body);
    let d = admin_discounts::update(&state.db, &admin, id, change, clock::now()).await?;
    Ok(Json(admin_view(&state, d).await?))
}

/// Handles `DELETE /api/backend/Reduction/{id}` (admin): disables the code; 200 with it.
pub async fn disable(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    Path(raw_id): Path<String>,
) -> Result<Json<ReductionView>, ApiError> {
    let id = parse_id(&raw_id)?;
    let d = admin_discounts::disable(&state.db, &admin, id, clock::now()).await?;
    Ok(Json(admin_view(&state, d).await?))
}

/// Query of `GET Reduction/{id}/utilisations`, read as text (see `paging`).
#[derive(Debug, serde::Deserialize)]
pub struct UsesQuery {
    /// Page from 1.
    pub page: Option<String>,
    /// Rows a page.
    pub par_page: Option<String>,
}

/// Handles `GET /api/backend/Reduction/{id}/utilisations?page=&par_page=` (admin): the orders
/// that used the code, newest first, with their accounts.
pub async fn uses(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
    Path(raw_id): Path<String>,
    Query(query): Query<UsesQuery>,
) -> Result<Json<UtilisationsPage>, ApiError> {
    let id = parse_id(&raw_id)?;
    let paging = Paging::parse(query.page.as_deref(), query.par_page.as_deref())?;
    let mut conn = state.db.pool.acquire().await?;
    if db_discounts::find(&mut conn, id).await?.is_none() {
        return Err(ApiError::NotFoundWith(NOT_FOUND.to_owned()));
    }
    let (rows, total) =
        db_discounts::uses_of(&mut conn, id, paging.per_page, paging.offset()).await?;
    Ok(Json(UtilisationsPage {
        items: rows.into_iter().map(Into::into).collect(),
        total,
        page: paging.page,
        par_page: paging.per_page,
    }))
}
