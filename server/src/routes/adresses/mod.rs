//! Endpoints of the `Adresses` controller: `POST Adresses`, `PUT Adresses/{idAdresse}` and
//! `DELETE Adresses/{id}`. A company's VAT number is checked with VIES when the address is saved
//! (its status comes back in `entreprise.vies`). Only the owner can touch an address: another
//! customer's id answers 404 as an unknown one would.

pub mod input;

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{post, put};
use axum::Router;

use self::input::{AddressBody, AddressInput, CompanyInput};
use crate::auth::AuthUser;
use crate::clock;
use crate::commerce::addresses;
use crate::commerce::vat_check;
use crate::db::address_changes::{self, AddressFields};
use crate::db::addresses::AddressView;
use crate::db::companies;
use crate::error::ApiError;
use crate::extract::{Json, Path};
use crate::state::AppState;

/// The `Adresses` routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/Adresses", post(create))
        .route("/Adresses/{id}", put(update).delete(remove))
}

/// An id from the path; anything but a positive integer is an unknown address.
pub fn parse_id(raw: &str) -> Result<i64, ApiError> {
    raw.parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or(ApiError::NotFound)
}

fn fields(a: &AddressInput) -> AddressFields<'_> {
    AddressFields {
        country_code: &a.country_code,
        ville: &a.ville,
        code_postal: &a.code_postal,
        rue: &a.rue,
        complement: &a.complement,
        nom: &a.nom,
        prenom: &a.prenom,
        tel: &a.tel,
    }
}

/// Handles `POST /api/backend/Adresses`: 201 with the new address.
pub async fn create(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Json(body): Json<AddressBody>,
) -> Result<(StatusCode, Json<AddressView>), ApiError> {
    let account_id = user.account_id();
    let input = input::address(&body).map_err(ApiError::Validation)?;
    let company = input.company.as_ref().map(CompanyInput::fields);
    if let Some(c) = &input.company {
        // VIES is asked before the transaction: no lock is held while it answers.
        let tva = c.tva.as_deref();
        vat_check::check_company_number(&state.db, &state.vies, tva, clock::now()).await?;
    }
    // The cap, the company and the address in one transaction.
    let id = addresses::create(
        &state.db,
        account_id,
        &fields(&input),
        company,
        clock::now(),
    )
    .await?;
    let view = address_changes::view(&mut *state.db.acquire().await?, id)
        .await?
        .ok_or(ApiError::NotFound)?;
    Ok((StatusCode::CREATED, Json(view)))
}

/// Handles `PUT /api/backend/Adresses/{idAdresse}`: 200 with the updated address.
pub async fn update(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(raw_id): Path<String>,
    Json(body): Json<AddressBody>,
) -> Result<Json<AddressView>, ApiError> {
    let account_id = user.account_id();
    let id = parse_id(&raw_id)?;
    let current_company =
        address_changes::company_of_owned(&mut *state.db.acquire().await?, id, account_id)
            .await?
            .ok_or(ApiError::NotFound)?;
    let input = input::address(&body).map_err(ApiError::Validation)?;
    let company_id = match &input.company {
        Some(c) => {
            let tva = c.tva.as_deref();
            vat_check::check_company_number(&state.db, &state.vies, tva, clock::now()).await?;
            Some(company_for_update(&state, account_id, current_company, c).await?)
        }
        None => None,
    };
    if !address_changes::update(
        &mut *state.db.acquire().await?,
        id,
        account_id,
        &fields(&input),
        company_id,
        clock::now(),
    )
    .await?
    {
        return Err(ApiError::NotFound);
    }
    let view = address_changes::view(&mut *state.db.acquire().await?, id)
        .await?
        .ok_or(ApiError::NotFound)?;
    Ok(Json(view))
}

/// The company the updated address points to: its own company is edited in place when no other
/// address shares it; otherwise a new company is created so that other addresses keep theirs.
async fn company_for_update(
    state: &AppState,
    account_id: i64,
    current: Option<i64>,
    wanted: &CompanyInput,
) -> Result<i64, ApiError> {
    let now = clock::now();
    if let Some(id) = current {
        if companies::address_count(&mut *state.db.acquire().await?, id).await? <= 1 {
            if let Some(c) = companies::update(
                &mut *state.db.acquire().await?,
                id,
                account_id,
                wanted.fields(),
                now,
            )
            .await?
            {
                return Ok(c.id);
            }
        }
    }
    Ok(companies::insert(
        &mut *state.db.acquire().await?,
        account_id,
        wanted.fields(),
        now,
    )
    .await?
    .id)
}

/// Handles `DELETE /api/backend/Adresses/{id}`: 204.
pub async fn remove(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(raw_id): Path<String>,
) -> Result<StatusCode, ApiError> {
    let id = parse_id(&raw_id)?;
    if !address_changes::delete(&mut *state.db.acquire().await?, id, user.account_id()).await? {
        return Err(ApiError::NotFound);
    }
    Ok(StatusCode::NO_CONTENT)
}
