//! Endpoints of the `Entreprise` controller: the companies a customer buys for. `GET Entreprise`
//! lists them, `POST` creates one (optionally attached to an address), `PUT` renames it or changes
//! its VAT number or SIREN, `DELETE` removes it (and detaches it from the addresses). The VAT
//! number is checked by format and, for France, by its key, then with VIES: the answer carries the
//! number's VIES status (`vies`), shown in the settings. The SIREN passes its check (Luhn) and is
//! the one of a French VAT number given with it. Another customer's company answers 404.

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::get;
use axum::Router;
use serde::Deserialize;

use super::adresses::{input, parse_id};
use crate::auth::AuthUser;
use crate::clock;
use crate::commerce::companies as company_rules;
use crate::commerce::vat_check;
use crate::db::address_changes;
use crate::db::companies::{self, Company};
use crate::error::ApiError;
use crate::extract::{Json, Path};
use crate::state::AppState;

/// The `Entreprise` routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/Entreprise",
            get(list).post(create).put(update).delete(remove),
        )
        .route(
            "/Entreprise/{id}",
            get(show).put(update_by_path).delete(remove_by_path),
        )
}

/// Payload of `POST` and `PUT`.
#[derive(Debug, Default, Deserialize)]
pub struct CompanyBody {
    id_entreprise: Option<i64>,
    #[serde(rename = "idAdresse")]
    id_adresse: Option<i64>,
    nom_entreprise: Option<String>,
    numero_tva: Option<String>,
    siren: Option<String>,
}

fn validated(body: &CompanyBody) -> Result<input::CompanyInput, ApiError> {
    input::company(
        body.nom_entreprise.as_deref(),
        body.numero_tva.as_deref(),
        body.siren.as_deref(),
    )
    .map_err(ApiError::Validation)?
    .ok_or_else(|| {
        ApiError::Validation(vec![
            "Le champ «\u{a0}nom de l'entreprise\u{a0}» est obligatoire.".to_owned(),
        ])
    })
}

/// Handles `GET /api/backend/Entreprise`.
pub async fn list(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
) -> Result<Json<Vec<Company>>, ApiError> {
    Ok(Json(
        companies::list_for_account(&mut *state.db.acquire().await?, user.account_id()).await?,
    ))
}

/// Handles `GET /api/backend/Entreprise/{id}`.
pub async fn show(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(raw_id): Path<String>,
) -> Result<Json<Company>, ApiError> {
    let id = parse_id(&raw_id)?;
    let company = companies::find_owned(&mut *state.db.acquire().await?, id, user.account_id())
        .await?
        .ok_or(ApiError::NotFound)?;
    Ok(Json(company))
}

/// Handles `POST /api/backend/Entreprise`: 201 with the company; `idAdresse` attaches it.
pub async fn create(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    body: Option<Json<CompanyBody>>,
) -> Result<(StatusCode, Json<Company>), ApiError> {
    let account_id = user.account_id();
    let body = body.map(|Json(b)| b).unwrap_or_default();
    let wanted = validated(&body)?;
    if let Some(address_id) = body.id_adresse {
        address_changes::company_of_owned(&mut *state.db.acquire().await?, address_id, account_id)
            .await?
            .ok_or(ApiError::NotFound)?;
    }
    let now = clock::now();
    vat_check::check_company_number(&state.db, &state.vies, wanted.tva.as_deref(), now).await?;
    let company =
        company_rules::create(&state.db, account_id, wanted.fields(), body.id_adresse, now).await?;
    Ok((StatusCode::CREATED, Json(company)))
}

/// Handles `PUT /api/backend/Entreprise` (`id_entreprise` in the body, or the account's only company).
pub async fn update(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    body: Option<Json<CompanyBody>>,
) -> Result<Json<Company>, ApiError> {
    let body = body.map(|Json(b)| b).unwrap_or_default();
    let id = target(&state, user.account_id(), body.id_entreprise).await?;
    apply_update(&state, user.account_id(), id, &body).await
}

/// Handles `PUT /api/backend/Entreprise/{id}`.
pub async fn update_by_path(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(raw_id): Path<String>,
    body: Option<Json<CompanyBody>>,
) -> Result<Json<Company>, ApiError> {
    let id = parse_id(&raw_id)?;
    let body = body.map(|Json(b)| b).unwrap_or_default();
    apply_update(&state, user.account_id(), id, &body).await
}

async fn apply_update(
    state: &AppState,
    account_id: i64,
    id: i64,
    body: &CompanyBody,
) -> Result<Json<Company>, ApiError> {
    companies::find_owned(&mut *state.db.acquire().await?, id, account_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let wanted = validated(body)?;
    let now = clock::now();
    vat_check::check_company_number(&state.db, &state.vies, wanted.tva.as_deref(), now).await?;
    let company = companies::update(
        &mut *state.db.acquire().await?,
        id,
        account_id,
        wanted.fields(),
        now,
    )
    .await?
    .ok_or(ApiError::NotFound)?;
    Ok(Json(company))
}

/// Handles `DELETE /api/backend/Entreprise` (`id_entreprise` in the body, or the only company): 204.
pub async fn remove(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    body: Option<Json<CompanyBody>>,
) -> Result<StatusCode, ApiError> {
    let body = body.map(|Json(b)| b).unwrap_or_default();
    let id = target(&state, user.account_id(), body.id_entreprise).await?;
    delete(&state, user.account_id(), id).await
}

/// Handles `DELETE /api/backend/Entreprise/{id}`: 204.
pub async fn remove_by_path(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(raw_id): Path<String>,
) -> Result<StatusCode, ApiError> {
    delete(&state, user.account_id(), parse_id(&raw_id)?).await
}

async fn delete(state: &AppState, account_id: i64, id: i64) -> Result<StatusCode, ApiError> {
    if !company_rules::remove(&state.db, account_id, id).await? {
        return Err(ApiError::NotFound);
    }
    Ok(StatusCode::NO_CONTENT)
}

/// The company a body-less call means: the named one, else the account's only company.
async fn target(state: &AppState, account_id: i64, named: Option<i64>) -> Result<i64, ApiError> {
    if let Some(id) = named {
        return Ok(id);
    }
    match companies::list_for_account(&mut *state.db.acquire().await?, account_id)
        .await?
        .as_slice()
    {
        [only] => Ok(only.id),
        [] => Err(ApiError::NotFound),
        _ => Err(ApiError::bad_request(
            "Précisez l'entreprise concernée (id_entreprise).",
        )),
    }
}
