//! Endpoints of the `Pieces` controller (docs/commerce-api.md, "Parts"): a customer reads their
//! parts (`GET Pieces/ById/{id}`, `GET Pieces/ByCommande/{idCommande}`), asks for a review
//! (`PUT Pieces/AskForReview/{id}`) and downloads the original file (`GET Pieces/Fichier/{id}`,
//! admins too); admins read the statuses (`GET Pieces/AllStatus`), any part
//! (`GET Pieces/ById_AsAdmin/{id}`), the parts waiting for a review (`GET Pieces/ForReview`, one
//! searched page at a time) and
//! decide (`PUT Pieces/status`, which e-mails the customer). Another account's part answers 404
//! as an unknown one would. Handlers read and answer; `commerce::part_review` decides.

pub mod file;
pub mod view;

use crate::extract::{path_id, Path, Query};
use axum::extract::State;
use axum::routing::{get, put};
use axum::Router;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use self::view::{part_view, part_views, ClientView, PartView};
use crate::auth::{AdminUser, AuthUser};
use crate::clock;
use crate::commerce::invoicing::ORDER_NOT_FOUND;
use crate::commerce::part_review::{self, PART_NOT_FOUND, UNKNOWN_STATUS};
use crate::db::{part_queue, pieces};
use crate::error::ApiError;
use crate::extract::Json;
use crate::routes::paging::Paging;
use crate::state::AppState;

/// The `Pieces` routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/Pieces/ById/{id}", get(by_id))
        .route("/Pieces/ByCommande/{id}", get(by_order))
        .route("/Pieces/AskForReview/{id}", put(ask_for_review))
        .route("/Pieces/Fichier/{id}", get(file::original_file))
        .route("/Pieces/AllStatus", get(all_status))
        .route("/Pieces/status", put(set_status))
        .route("/Pieces/ById_AsAdmin/{id}", get(by_id_as_admin))
        .route("/Pieces/ForReview", get(for_review))
}

/// Handles `GET /api/backend/Pieces/ById/{id}`: the caller's part.
pub async fn by_id(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(raw_id): Path<String>,
) -> Result<Json<PartView>, ApiError> {
    let id = path_id(&raw_id, PART_NOT_FOUND)?;
    let mut conn = state.db.pool.acquire().await?;
    let part = part_review::owned(&mut conn, "", id, user.account_id()).await?;
    Ok(Json(part_view(&mut conn, part).await?))
}

/// Handles `GET /api/backend/Pieces/ByCommande/{idCommande}`: the parts of the caller's order,
/// in line order.
pub async fn by_order(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(raw_id): Path<String>,
) -> Result<Json<Vec<PartView>>, ApiError> {
    let id = path_id(&raw_id, ORDER_NOT_FOUND)?;
    let mut conn = state.db.pool.acquire().await?;
    let parts = pieces::for_order(&mut conn, id, user.account_id())
        .await?
        .ok_or_else(|| ApiError::NotFoundWith(ORDER_NOT_FOUND.to_owned()))?;
    Ok(Json(part_views(&mut conn, parts).await?))
}

/// Body of `PUT Pieces/AskForReview/{id}` (read loosely, so that a wrong type gets a French
/// message).
#[derive(Debug, Deserialize)]
pub struct ReviewBody {
    message: Option<Value>,
}

/// Handles `PUT /api/backend/Pieces/AskForReview/{id}` `{message?}`: the part goes to
/// "À vérifier" with the request in its history; 200 with the part.
pub async fn ask_for_review(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(raw_id): Path<String>,
    Json(body): Json<ReviewBody>,
) -> Result<Json<PartView>, ApiError> {
    let id = path_id(&raw_id, PART_NOT_FOUND)?;
    let message = part_review::parse_message(body.message.as_ref(), "Votre message")
        .map_err(ApiError::bad_request)?;
    let part =
        part_review::request_review(&state.db, id, user.account_id(), &message, clock::now())
            .await?;
    let view = part_view(&mut *state.db.acquire().await?, part).await?;
    Ok(Json(view))
}

/// One part status of `GET Pieces/AllStatus`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "PartStatus"))]
pub struct StatusView {
    /// Status id.
    pub id: i64,
    /// French name.
    pub libelle: String,
}

/// Handles `GET /api/backend/Pieces/AllStatus` (admin).
pub async fn all_status(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
) -> Result<Json<Vec<StatusView>>, ApiError> {
    let mut conn = state.db.pool.acquire().await?;
    let rows = pieces::statuses(&mut conn).await?;
    Ok(Json(
        rows.into_iter()
            .map(|(id, libelle)| StatusView { id, libelle })
            .collect(),
    ))
}

/// Body of `PUT Pieces/status` (read loosely, so that a wrong type gets a French message).
#[derive(Debug, Deserialize)]
pub struct StatusBody {
    #[serde(rename = "Id_Piece")]
    id_piece: Option<Value>,
    #[serde(rename = "Id_Status")]
    id_status: Option<Value>,
    commentaire: Option<Value>,
}

/// Handles `PUT /api/backend/Pieces/status` `{Id_Piece, Id_Status, commentaire?}` (admin): the
/// part's new status and comment, in its history with the admin; the owner is e-mailed once the
/// change is committed. 200 with the part.
pub async fn set_status(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    Json(body): Json<StatusBody>,
) -> Result<Json<PartView>, ApiError> {
    let mut errors = Vec::new();
    let part_id = body.id_piece.as_ref().and_then(Value::as_i64);
    if part_id.is_none() {
        errors.push("Indiquez la pièce (Id_Piece, un nombre entier).".to_owned());
    }
    let status_id = body.id_status.as_ref().and_then(Value::as_i64);
    if status_id.is_none() {
        errors.push(UNKNOWN_STATUS.to_owned());
    }
    let comment = part_review::parse_message(body.commentaire.as_ref(), "Le commentaire")
        .unwrap_or_else(|e| {
            errors.push(e);
            String::new()
        });
    let (Some(part_id), Some(status_id), true) = (part_id, status_id, errors.is_empty()) else {
        return Err(ApiError::Validation(errors));
    };
    let (part, decided) = part_review::record_decision(
        &state.db,
        &state.mailer,
        &admin,
        part_id,
        status_id,
        &comment,
        clock::now(),
    )
    .await?;
    let mut view = part_view(&mut *state.db.acquire().await?, part).await?;
    view.client = decided.owner.map(ClientView::from);
    Ok(Json(view))
}

/// Handles `GET /api/backend/Pieces/ById_AsAdmin/{id}` (admin): any part, with its owner.
pub async fn by_id_as_admin(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
    Path(raw_id): Path<String>,
) -> Result<Json<PartView>, ApiError> {
    let id = path_id(&raw_id, PART_NOT_FOUND)?;
    let mut conn = state.db.pool.acquire().await?;
    let part = pieces::find_row(&mut conn, id, "")
        .await?
        .ok_or_else(|| ApiError::NotFoundWith(PART_NOT_FOUND.to_owned()))?;
    let mut view = part_view(&mut conn, part).await?;
    view.client = part_queue::owner(&mut conn, id)
        .await?
        .map(ClientView::from);
    Ok(Json(view))
}

/// Longest search text of `Pieces/ForReview`.
const MAX_QUERY: usize = 200;

/// Query of `GET Pieces/ForReview`, read as text so that a wrong value gets a French 400.
#[derive(Debug, Deserialize)]
pub struct ReviewQuery {
    q: Option<String>,
    page: Option<String>,
    par_page: Option<String>,
}

/// One page of the review queue, in the shape of the admin's other lists.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReviewPage {
    /// The page's parts, longest waiting first, each with its owner and `en_attente_depuis`.
    pub items: Vec<PartView>,
    /// Parts waiting that match the search, over every page.
    pub total: i64,
    /// This page, from 1.
    pub page: i64,
    /// Page size.
    pub par_page: i64,
}

/// Handles `GET /api/backend/Pieces/ForReview?q=&page=&par_page=` (admin): the customers' parts
/// in "À vérifier", longest waiting first, each with its owner, one page at a time (20 by
/// default); `q` searches the file name and the owner's e-mail and names.
pub async fn for_review(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
    Query(query): Query<ReviewQuery>,
) -> Result<Json<ReviewPage>, ApiError> {
    let paging = Paging::parse(query.page.as_deref(), query.par_page.as_deref())?;
    let q = query.q.as_deref().unwrap_or_default().trim();
    if q.chars().count() > MAX_QUERY {
        return Err(ApiError::Validation(vec![format!(
            "La recherche ne doit pas dépasser {MAX_QUERY}\u{a0}caractères."
        )]));
    }
    let mut conn = state.db.pool.acquire().await?;
    let found = part_queue::for_review(&mut conn, q, paging.per_page, paging.offset()).await?;
    let (parts, waiting): (Vec<_>, Vec<_>) = found
        .parts
        .into_iter()
        .map(|(part, owner, since)| (part, (owner, since)))
        .unzip();
    let mut items = part_views(&mut conn, parts).await?;
    for (view, (owner, since)) in items.iter_mut().zip(waiting) {
        view.client = Some(ClientView::from(owner));
        view.en_attente_depuis = Some(clock::iso8601(since));
    }
    Ok(Json(ReviewPage {
        items,
        total: found.total,
        page: paging.page,
        par_page: paging.per_page,
    }))
}
