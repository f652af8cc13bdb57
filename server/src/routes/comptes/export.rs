//! « Télécharger mes données »: `POST Comptes/me/export` asks for a copy of everything the site
//! holds about the signed-in account (202: it is built in the background and e-mailed as a link
//! valid 24 hours, see `commerce::data_export`); `GET Comptes/me/export` says where the latest
//! request stands. The link itself is served by `GET /api/donnees/{token}` (see
//! [`download`]): the token alone opens it, as a password-reset link does.

use axum::body::Body;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use serde::Serialize;

use crate::auth::{tokens, AuthUser};
use crate::clock;
use crate::commerce::data_export;
use crate::db::data_exports;
use crate::error::ApiError;
use crate::extract::{Json, Path};
use crate::state::AppState;

/// Requests an account may make in 24 hours.
pub const PER_DAY: i64 = 3;
/// Answer of a request.
pub const ASKED: &str = "Votre export est en préparation. Vous recevrez par e-mail un lien pour le télécharger, valable 24 heures.";
/// Answer past [`PER_DAY`] requests.
pub const TOO_MANY: &str =
    "Vous avez déjà demandé 3 exports de vos données ces dernières 24 heures : réessayez demain.";
/// Answer of a link that does not or no longer works.
pub const LINK_EXPIRED: &str = "Ce lien de téléchargement n'est plus valable : demandez un nouvel export depuis les paramètres de votre compte.";

/// Where the latest request stands.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "DataExportStatus"))]
pub struct ExportStatus {
    /// `aucun`, `en_attente`, `prete` or `echec`.
    statut: String,
    /// When it was asked for, ISO 8601.
    demande_le: Option<String>,
    /// When its link stops working, ISO 8601 (ready exports).
    expire_le: Option<String>,
    /// In French, for the settings page.
    message: String,
}

/// Handles `POST /api/backend/Comptes/me/export`: 202 with the status.
pub async fn request(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
) -> Result<(StatusCode, Json<ExportStatus>), ApiError> {
    let account = user.account_id();
    let now = clock::now();
    let mut conn = state.db.acquire().await?;
    let pending = data_exports::latest(&mut conn, account)
        .await?
        .is_some_and(|e| e.status == data_exports::PENDING);
    if !pending {
        if data_exports::count_since(&mut conn, account, now - 86_400).await? >= PER_DAY {
            return Err(ApiError::bad_request(TOO_MANY));
        }
        data_exports::insert(&mut conn, account, now).await?;
    }
    drop(conn);
    // Built at once by this instance when it can claim it; the sweep of every instance
    // (`jobs::export_loop`) takes over a request left behind.
    let (db, storage, mailer) = (
        state.db.clone(),
        state.storage.clone(),
        state.mailer.clone(),
    );
    let instance = state.config.instance.clone();
    tokio::spawn(async move {
        if let Err(e) = data_export::run_pending(&db, &storage, &mailer, &instance).await {
            tracing::warn!(error = %format!("{e:#}"), "data exports not built");
        }
    });
    Ok((
        StatusCode::ACCEPTED,
        Json(ExportStatus {
            statut: data_exports::PENDING.to_owned(),
            demande_le: Some(clock::iso8601(now)),
            expire_le: None,
            message: ASKED.to_owned(),
        }),
    ))
}

/// Handles `GET /api/backend/Comptes/me/export`.
pub async fn latest(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
) -> Result<Json<ExportStatus>, ApiError> {
    let latest = data_exports::latest(&mut *state.db.acquire().await?, user.account_id()).await?;
    let now = clock::now();
    let Some(e) = latest else {
        return Ok(Json(ExportStatus {
            statut: "aucun".to_owned(),
            demande_le: None,
            expire_le: None,
            message: "Vous n'avez pas encore demandé d'export de vos données.".to_owned(),
        }));
    };
    let message = match e.status.as_str() {
        data_exports::PENDING => ASKED.to_owned(),
        data_exports::READY if e.expires_at.is_some_and(|t| t > now) => {
            "Votre export est prêt : le lien vous a été envoyé par e-mail.".to_owned()
        }
        data_exports::READY => {
            "Le lien de votre dernier export a expiré : vous pouvez en demander un nouveau."
                .to_owned()
        }
        _ => "Votre dernier export n'a pas pu être préparé : demandez-en un nouveau ou contactez-nous."
            .to_owned(),
    };
    Ok(Json(ExportStatus {
        statut: e.status,
        demande_le: Some(clock::iso8601(e.requested_at)),
        expire_le: e.expires_at.map(clock::iso8601),
        message,
    }))
}

/// The route of the e-mailed link.
pub fn link_router() -> Router<AppState> {
    Router::new().route("/api/donnees/{token}", get(download))
}

/// Handles `GET /api/donnees/{token}`: the ZIP while the link is valid; 404 with
/// [`LINK_EXPIRED`] otherwise.
pub async fn download(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> Result<Response, ApiError> {
    let expired = || ApiError::NotFoundWith(LINK_EXPIRED.to_owned());
    if token.is_empty() || token.len() > 100 {
        return Err(expired());
    }
    let found = data_exports::find_ready(
        &mut *state.db.acquire().await?,
        &tokens::sha256_hex(&token),
        clock::now(),
    )
    .await?;
    let (account, key) = found.ok_or_else(expired)?;
    let file = state.storage.get_stream(&key).await?.ok_or_else(expired)?;
    tracing::info!(account, "data export downloaded");
    Ok((
        [
            (header::CONTENT_TYPE, "application/zip".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"mes-donnees-forme-additive.zip\"".to_owned(),
            ),
            (header::CACHE_CONTROL, "private, no-store".to_owned()),
            (header::CONTENT_LENGTH, file.size.to_string()),
        ],
        Body::from_stream(file.stream),
    )
        .into_response())
}
