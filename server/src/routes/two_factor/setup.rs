//! `generate` (a new secret, its `otpauth://` URI and QR code) and `toggle` (turn two-factor on
//! with a first valid code, which returns the ten backup codes once; off with a code, a backup
//! code or the password).

use axum::extract::State;
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use serde::{Deserialize, Serialize};

use super::{check_totp, settle, take_attempt, use_backup_code, CODE_INVALID};
use crate::auth::{password, AuthUser};
use crate::clock;
use crate::commerce::two_factor as second_factor;
use crate::db::{accounts, two_factor};
use crate::error::ApiError;
use crate::extract::Json;
use crate::state::AppState;
use crate::twofa::{backup, otpauth_uri, qr_svg, TotpSecret};

/// Answer of `generate`.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "TwoFactorSetup"))]
pub struct Setup {
    secret: String,
    otpauth_url: String,
    /// SVG document.
    qr_code: String,
    /// The same SVG as a `data:` URL, for an `<img>`.
    qr_code_data_url: String,
}

/// Handles `POST /api/backend/AuthentificationDoubleFacteur/generate`.
pub async fn generate(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
) -> Result<Json<Setup>, ApiError> {
    let account = accounts::find(&mut *state.db.acquire().await?, user.account_id())
        .await?
        .ok_or(ApiError::SessionExpired)?;
    if account.two_factor_enabled {
        return Err(ApiError::Conflict(
            "La double authentification est déjà activée. Désactivez-la avant d'en configurer une nouvelle.".to_owned(),
        ));
    }
    let secret = TotpSecret::generate();
    two_factor::set_unconfirmed(
        &mut *state.db.acquire().await?,
        account.id,
        &secret.to_base32(),
        clock::now(),
    )
    .await?;
    let uri = otpauth_uri(state.mailer.brand(), &account.email, &secret);
    let svg = qr_svg(&uri).map_err(anyhow::Error::from)?;
    Ok(Json(Setup {
        secret: secret.to_base32(),
        qr_code_data_url: format!("data:image/svg+xml;base64,{}", STANDARD.encode(&svg)),
        otpauth_url: uri,
        qr_code: svg,
    }))
}

/// Body of `toggle`.
#[derive(Debug, Deserialize)]
pub struct ToggleBody {
    /// A code of the authenticator app (or a backup code, to turn it off).
    token: Option<String>,
    /// Same as `token`.
    code: Option<String>,
    /// The password, to turn it off without a code.
    password: Option<String>,
    /// The state wanted; absent means "the other one".
    enable: Option<bool>,
}

/// Answer of `toggle`.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "TwoFactorToggle"))]
pub struct Toggled {
    enabled: bool,
    two_factor_enabled: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    backup_codes: Option<Vec<String>>,
    message: &'static str,
}

/// Handles `POST /api/backend/AuthentificationDoubleFacteur/toggle`.
pub async fn toggle(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Json(body): Json<ToggleBody>,
) -> Result<Json<Toggled>, ApiError> {
    let account = accounts::find(&mut *state.db.acquire().await?, user.account_id())
        .await?
        .ok_or(ApiError::SessionExpired)?;
    let code = body.token.or(body.code).unwrap_or_default();
    match (account.two_factor_enabled, body.enable) {
        (false, Some(false)) => Err(ApiError::bad_request(
            "La double authentification est déjà désactivée.",
        )),
        (true, Some(true)) => Err(ApiError::bad_request(
            "La double authentification est déjà activée.",
        )),
        (false, _) => enable(&state, account.id, &code).await.map(Json),
        (true, _) => disable(&state, &account.email, account.id, &code, body.password)
            .await
            .map(Json),
    }
}

/// Turns two-factor on after a first valid code; returns the backup codes (shown once).
pub(super) async fn enable(
    state: &AppState,
    account_id: i64,
    code: &str,
) -> Result<Toggled, ApiError> {
    if two_factor::find(&mut *state.db.acquire().await?, account_id)
        .await?
        .is_none()
    {
        return Err(ApiError::bad_request(
            "Générez d'abord le QR code et scannez-le avec votre application.",
        ));
    }
    if code.trim().is_empty() {
        return Err(ApiError::bad_request(
            "Saisissez le code à 6\u{a0}chiffres affiché par votre application.",
        ));
    }
    if !check_totp(state, account_id, code, false).await? {
        return Err(ApiError::bad_request(CODE_INVALID));
    }
    let codes = second_factor::enable(&state.db, account_id, clock::now()).await?;
    Ok(Toggled {
        enabled: true,
        two_factor_enabled: true,
        backup_codes: Some(codes),
        message:
            "Double authentification activée. Conservez vos codes de secours en lieu sûr\u{a0}: \
                  ils ne seront plus affichés.",
    })
}

/// Turns two-factor off, proved by a code, a backup code or the password.
async fn disable(
    state: &AppState,
    email: &str,
    account_id: i64,
    code: &str,
    password_given: Option<String>,
) -> Result<Toggled, ApiError> {
    let proved = if !code.trim().is_empty() {
        if backup::normalize(code).is_some() {
            use_backup_code(state, account_id, code).await?.is_some()
        } else {
            check_totp(state, account_id, code, true).await?
        }
    } else if let Some(given) = password_given.filter(|p| !p.is_empty() && p.len() <= 1024) {
        take_attempt(state, account_id).await?;
        let hash = accounts::find_with_hash(&mut *state.db.acquire().await?, email)
            .await?
            .map(|(_, h)| h);
        let ok = password::verify(given, hash).await?;
        settle(state, account_id, ok).await?;
        ok
    } else {
        return Err(ApiError::bad_request(
            "Saisissez un code de votre application ou votre mot de passe pour désactiver la double authentification.",
        ));
    };
    if !proved {
        return Err(ApiError::bad_request("Code ou mot de passe incorrect."));
    }
    second_factor::disable(&state.db, account_id, clock::now()).await?;
    Ok(Toggled {
        enabled: false,
        two_factor_enabled: false,
        backup_codes: None,
        message: "Double authentification désactivée.",
    })
}
