//! `verify` (a code of the app: completes a sign-in waiting for its second factor, or confirms a
//! set-up) and `verify-backup-code` (a single-use backup code instead of the app). Completing a
//! sign-in gives the session a new token: the one known before the second factor is void.

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::{check_totp, setup, use_backup_code, VerifyAnswer, BACKUP_INVALID, CODE_INVALID};
use axum_extra::extract::CookieJar;

use crate::auth::{session, AnySession};
use crate::db::{accounts, two_factor};
use crate::error::ApiError;
use crate::extract::Json;
use crate::state::AppState;

/// Body of `verify`.
#[derive(Debug, Deserialize)]
pub struct VerifyBody {
    token: Option<String>,
    code: Option<String>,
}

/// Body of `verify-backup-code`.
#[derive(Debug, Deserialize)]
pub struct BackupBody {
    code: Option<String>,
}

/// Handles `POST /api/backend/AuthentificationDoubleFacteur/verify` (`{token}`).
pub async fn verify(
    State(state): State<AppState>,
    AnySession(session): AnySession,
    Json(body): Json<VerifyBody>,
) -> Result<Response, ApiError> {
    let code = body.token.or(body.code).unwrap_or_default();
    let account_id = session.account_id();
    if !session.row.two_factor_pending {
        let account = accounts::find(&mut *state.db.acquire().await?, account_id)
            .await?
            .ok_or(ApiError::SessionExpired)?;
        let configured = two_factor::find(&mut *state.db.acquire().await?, account_id)
            .await?
            .is_some();
        if !account.two_factor_enabled && configured {
            // Set-up confirmation: the same as turning it on with `toggle`.
            let toggled = setup::enable(&state, account_id, &code).await?;
            return Ok(Json(toggled).into_response());
        }
        if !account.two_factor_enabled {
            return Err(ApiError::bad_request(
                "La double authentification n'est pas configurée.",
            ));
        }
    }
    if !check_totp(&state, account_id, &code, true).await? {
        return Ok(VerifyAnswer::rejected(CODE_INVALID));
    }
    let message = "Code vérifié, vous êtes connecté.".to_owned();
    if session.row.two_factor_pending {
        let (cookie, hash) = session::complete_two_factor(&state, &session).await?;
        tracing::info!(account = account_id, "sign-in completed with a TOTP code");
        let answer = Json(VerifyAnswer::accepted(&hash, message));
        return Ok((CookieJar::new().add(cookie), answer).into_response());
    }
    Ok(Json(VerifyAnswer::accepted(&session.token_hash, message)).into_response())
}

/// Handles `POST /api/backend/AuthentificationDoubleFacteur/verify-backup-code` (`{code}`).
pub async fn verify_backup_code(
    State(state): State<AppState>,
    AnySession(session): AnySession,
    Json(body): Json<BackupBody>,
) -> Result<Response, ApiError> {
    let code = body.code.unwrap_or_default();
    let account_id = session.account_id();
    let Some(left) = use_backup_code(&state, account_id, &code).await? else {
        return Ok(VerifyAnswer::rejected(BACKUP_INVALID));
    };
    let completed = if session.row.two_factor_pending {
        let done = session::complete_two_factor(&state, &session).await?;
        tracing::info!(account = account_id, "sign-in completed with a backup code");
        Some(done)
    } else {
        None
    };
    let message = match left {
        0 => "Code de secours accepté. C'était votre dernier code\u{a0}: désactivez puis réactivez la double \
              authentification pour en obtenir de nouveaux."
            .to_owned(),
        1 => "Code de secours accepté. Il vous reste 1\u{a0}code de secours.".to_owned(),
        n => format!("Code de secours accepté. Il vous reste {n}\u{a0}codes de secours."),
    };
    Ok(match completed {
        Some((cookie, hash)) => (
            CookieJar::new().add(cookie),
            Json(VerifyAnswer::accepted(&hash, message)),
        )
            .into_response(),
        None => Json(VerifyAnswer::accepted(&session.token_hash, message)).into_response(),
    })
}
