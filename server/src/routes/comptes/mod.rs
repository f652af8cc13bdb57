//! Endpoints for the `Comptes` controller: `GET Comptes` (admin: every account; customer: their
//! own), `POST Comptes` (account creation after the e-mail code and the captcha), `PUT Comptes`
//! (names; role by an admin), `GET Comptes/me` (with `adresses`), `PUT Comptes/me/password`
//! (see [`password_change`]), « Mes sessions » (`Comptes/me/sessions`, see [`sessions`]), and the
//! RGPD rights: `POST Comptes/me/suppression` (see [`deletion`]) and `Comptes/me/export` (see
//! [`export`]), and the request for payment terms (`Comptes/me/paiement-terme`, see
//! [`payment_terms`]).

pub mod deletion;
pub mod export;
pub mod password_change;
pub mod payment_terms;
pub mod sessions;

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{delete, get, post, put};
use axum::Router;

use crate::extract::Json;
use serde::{Deserialize, Serialize};

use crate::auth::{captcha, password, AuthUser};
use crate::clock;
use crate::commerce::profile;
use crate::db::accounts::{self, Account, NewAccount, Role};
use crate::db::addresses::{self, AddressView};
use crate::db::email_codes;
use crate::domain::{Email, Nom, Password, Prenom};
use crate::error::{ApiError, ResultExt};
use crate::middleware::ClientIp;
use crate::rate_limit::{self, SIGNUP_PER_IP};
use crate::state::AppState;

/// How long a verified e-mail code stays good for creating the account, in seconds.
const VERIFIED_CODE_MAX_AGE: i64 = 30 * 60;

/// The `Comptes` routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/Comptes", get(list).post(create).put(update))
        .route("/Comptes/me", get(me))
        .route("/Comptes/me/password", put(password_change::change))
        .route(
            "/Comptes/me/sessions",
            get(sessions::list).delete(sessions::end_others),
        )
        .route("/Comptes/me/sessions/{id}", delete(sessions::end_one))
        .route("/Comptes/me/suppression", post(deletion::delete_account))
        .route(
            "/Comptes/me/paiement-terme",
            get(payment_terms::show).post(payment_terms::request),
        )
        .route(
            "/Comptes/me/export",
            post(export::request).get(export::latest),
        )
}

/// An account as the API returns it.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AccountView {
    id: i64,
    email: String,
    nom: String,
    prenom: String,
    role: Role,
    email_verified: bool,
    two_factor_enabled: bool,
    created_at: String,
    /// An admin disabled the account: it cannot sign in.
    desactive: bool,
    /// The account was closed and anonymised (its owner's request or inactivity): it cannot be
    /// reopened.
    supprime: bool,
    /// When it was closed, ISO 8601.
    supprime_le: Option<String>,
}

impl From<Account> for AccountView {
    fn from(a: Account) -> Self {
        AccountView {
            id: a.id,
            email: a.email,
            nom: a.nom,
            prenom: a.prenom,
            role: a.role,
            email_verified: a.email_verified,
            two_factor_enabled: a.two_factor_enabled,
            created_at: clock::iso8601(a.created_at),
            desactive: a.disabled_at.is_some(),
            supprime: a.closed_at.is_some(),
            supprime_le: a.closed_at.map(clock::iso8601),
        }
    }
}

/// `Comptes/me`: the account and its addresses.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Me"))]
pub struct MeView {
    #[serde(flatten)]
    account: AccountView,
    adresses: Vec<AddressView>,
}

/// Handles `GET /api/backend/Comptes`.
pub async fn list(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
) -> Result<Json<Vec<AccountView>>, ApiError> {
    let accounts = if user.is_admin() {
        accounts::list(&mut *state.db.acquire().await?).await?
    } else {
        accounts::find(&mut *state.db.acquire().await?, user.account_id())
            .await?
            .into_iter()
            .collect()
    };
    Ok(Json(accounts.into_iter().map(AccountView::from).collect()))
}

/// Handles `GET /api/backend/Comptes/me`.
pub async fn me(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
) -> Result<Json<MeView>, ApiError> {
    let account = accounts::find(&mut *state.db.acquire().await?, user.account_id())
        .await?
        .ok_or(ApiError::SessionExpired)?;
    let adresses = addresses::list_for_account(&mut *state.db.acquire().await?, account.id).await?;
    Ok(Json(MeView {
        account: account.into(),
        adresses,
    }))
}

/// Body of `POST Comptes`.
#[derive(Debug, Deserialize)]
pub struct CreateBody {
    email: Option<String>,
    password: Option<String>,
    nom: Option<String>,
    prenom: Option<String>,
    /// The ALTCHA widget's solution (base64 JSON).
    altcha: Option<String>,
}

/// Handles `POST /api/backend/Comptes`: needs a code verified for this e-mail within 30 minutes
/// (`Email/verify/account_creation`) and a solved captcha.
pub async fn create(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(body): Json<CreateBody>,
) -> Result<(StatusCode, Json<AccountView>), ApiError> {
    rate_limit::hit(
        &state,
        &format!("signup:{}", rate_limit::client_key(&ip)),
        SIGNUP_PER_IP,
    )
    .await?;
    let mut errors = Vec::new();
    let email = Email::parse(body.email.as_deref().unwrap_or_default())
        .map_err(|e| errors.push(e.to_string()))
        .ok();
    let password = Password::parse(body.password.as_deref().unwrap_or_default())
        .map_err(|e| errors.push(e.to_string()))
        .ok();
    let nom = Nom::parse(body.nom.as_deref().unwrap_or_default())
        .map_err(|e| errors.push(e.to_string()))
        .ok();
    let prenom = Prenom::parse(body.prenom.as_deref().unwrap_or_default())
        .map_err(|e| errors.push(e.to_string()))
        .ok();
    let (Some(email), Some(password), Some(nom), Some(prenom)) = (email, password, nom, prenom)
    else {
        return Err(ApiError::Validation(errors));
    };
    captcha::verify(&state, body.altcha.as_deref()).await?;
    if !email_codes::consume_verified(
        &mut *state.db.acquire().await?,
        email_codes::ACCOUNT_CREATION,
        email.as_str(),
        VERIFIED_CODE_MAX_AGE,
    )
    .await?
    {
        return Err(ApiError::bad_request(
            "Veuillez d'abord valider votre adresse e-mail avec le code reçu.",
        ));
    }
    let hash = password::hash(password.expose().to_owned()).await?;
    let account = accounts::insert(
        &mut *state.db.acquire().await?,
        &NewAccount {
            email: email.as_str(),
            password_hash: &hash,
            nom: nom.as_str(),
            prenom: prenom.as_str(),
            role: Role::Client,
            email_verified: true,
        },
    )
    .await
    .on_unique_violation("Un compte existe déjà avec cette adresse e-mail.")?;
    tracing::info!(account = account.id, "account created");
    Ok((StatusCode::CREATED, Json(account.into())))
}

/// Body of `PUT Comptes`.
#[derive(Debug, Deserialize)]
pub struct UpdateBody {
    /// Target account (admins only; a customer may only name their own).
    id: Option<i64>,
    nom: Option<String>,
    prenom: Option<String>,
    /// New role (admins only).
    role: Option<String>,
}

/// Handles `PUT /api/backend/Comptes`: a customer updates their names; an admin may update any
/// account and its role (never their own role, so that the last admin cannot lock themselves out).
/// An admin's change to another account is written in the audit log, in the same transaction
/// (`commerce::profile`).
pub async fn update(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Json(body): Json<UpdateBody>,
) -> Result<Json<AccountView>, ApiError> {
    let target = body.id.unwrap_or(user.account_id());
    if target != user.account_id() && !user.is_admin() {
        return Err(ApiError::Forbidden);
    }
    let role = match body.role.as_deref() {
        None => None,
        Some(_) if !user.is_admin() => return Err(ApiError::Forbidden),
        Some(_) if target == user.account_id() => {
            return Err(ApiError::bad_request(
                "Vous ne pouvez pas modifier votre propre rôle.",
            ))
        }
        Some(r) => Some(Role::parse(r).ok_or_else(|| {
            ApiError::Validation(vec!["Le rôle doit être « client » ou « admin ».".to_owned()])
        })?),
    };
    let updated = profile::update(
        &state.db,
        &user,
        target,
        body.nom.as_deref(),
        body.prenom.as_deref(),
        role,
    )
    .await?
    .ok_or(ApiError::NotFound)?;
    Ok(Json(updated.into()))
}
