//! « Mes sessions » (issue 22, finding 10): the signed-in account's live sessions, with the
//! device, the address, the sign-in and the last use, and the way to end one of them or every
//! other one (a stolen or forgotten session on another computer).
//! - `GET Comptes/me/sessions` → `[SessionView]`, most recently used first;
//! - `DELETE Comptes/me/sessions/{id}` → 204; 404 for a session that is not the account's; 400
//!   for the caller's own (signing out does that);
//! - `DELETE Comptes/me/sessions` → `{fermees}`: every session but the caller's ends.

use axum::extract::State;
use axum::http::StatusCode;
use serde::Serialize;

use crate::auth::AuthUser;
use crate::clock;
use crate::db::sessions::{self, LiveSession};
use crate::error::ApiError;
use crate::extract::{Json, Path};
use crate::state::AppState;

/// Answer to ending the caller's own session here.
pub const OWN_SESSION: &str =
    "Pour fermer la session de cet appareil, utilisez « Se déconnecter ».";
/// Answer to a session that is not the account's.
pub const NOT_FOUND: &str = "Cette session n'existe pas ou a déjà pris fin.";

/// One live session as « Mes sessions » shows it.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SessionView {
    /// Session id (to end it).
    pub id: i64,
    /// The browser and system, in French (« Firefox sur Linux »).
    pub appareil: String,
    /// The user agent as the browser sent it.
    pub agent: String,
    /// The client address at sign-in.
    pub adresse_ip: String,
    /// Sign-in, ISO 8601.
    pub connexion: String,
    /// Last use (to the minute), ISO 8601.
    pub derniere_utilisation: String,
    /// The session of the browser asking.
    pub courante: bool,
}

/// Answer of ending every other session.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SessionsEnded {
    /// How many sessions ended.
    pub fermees: u64,
}

/// « Firefox sur Linux » from a user agent; « Navigateur inconnu » when nothing is recognised.
pub fn device_of(agent: &str) -> String {
    const BROWSERS: [(&str, &str); 8] = [
        ("Edg/", "Edge"),
        ("OPR/", "Opera"),
        ("SamsungBrowser/", "Samsung Internet"),
        ("Firefox/", "Firefox"),
        ("Chromium/", "Chromium"),
        ("HeadlessChrome/", "Chrome (sans interface)"),
        ("Chrome/", "Chrome"),
        ("Safari/", "Safari"),
    ];
    const SYSTEMS: [(&str, &str); 7] = [
        ("Android", "Android"),
        ("iPhone", "iOS"),
        ("iPad", "iPadOS"),
        ("CrOS", "ChromeOS"),
        ("Windows", "Windows"),
        ("Mac OS X", "macOS"),
        ("Linux", "Linux"),
    ];
    let browser = BROWSERS.iter().find(|(k, _)| agent.contains(k));
    let system = SYSTEMS.iter().find(|(k, _)| agent.contains(k));
    match (browser, system) {
        (Some((_, b)), Some((_, s))) => format!("{b} sur {s}"),
        (Some((_, b)), None) => (*b).to_owned(),
        (None, Some((_, s))) => format!("Navigateur inconnu sur {s}"),
        (None, None) => "Navigateur inconnu".to_owned(),
    }
}

fn view(s: LiveSession, current: i64) -> SessionView {
    SessionView {
        id: s.id,
        appareil: device_of(&s.user_agent),
        agent: s.user_agent,
        adresse_ip: s.ip,
        connexion: clock::iso8601(s.created_at),
        derniere_utilisation: clock::iso8601(s.last_seen),
        courante: s.id == current,
    }
}

/// Handles `GET /api/backend/Comptes/me/sessions`.
pub async fn list(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
) -> Result<Json<Vec<SessionView>>, ApiError> {
    let live = sessions::list_live(
        &mut *state.db.acquire().await?,
        user.account_id(),
        clock::now(),
    )
    .await?;
    let current = user.row.id;
    Ok(Json(live.into_iter().map(|s| view(s, current)).collect()))
}

/// Handles `DELETE /api/backend/Comptes/me/sessions/{id}`.
pub async fn end_one(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(raw_id): Path<String>,
) -> Result<StatusCode, ApiError> {
    let not_found = || ApiError::NotFoundWith(NOT_FOUND.to_owned());
    let id = raw_id.parse::<i64>().map_err(|_| not_found())?;
    if id == user.row.id {
        return Err(ApiError::bad_request(OWN_SESSION));
    }
    let ended =
        sessions::delete_owned(&mut *state.db.acquire().await?, id, user.account_id()).await?;
    if !ended {
        return Err(not_found());
    }
    tracing::info!(target: "sessions", account = user.account_id(), session = id, "session ended by its owner");
    Ok(StatusCode::NO_CONTENT)
}

/// Handles `DELETE /api/backend/Comptes/me/sessions`: every session but the caller's ends.
pub async fn end_others(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
) -> Result<Json<SessionsEnded>, ApiError> {
    let fermees = sessions::delete_for_account(
        &mut *state.db.acquire().await?,
        user.account_id(),
        Some(user.row.id),
    )
    .await?;
    Ok(Json(SessionsEnded { fermees }))
}

#[cfg(test)]
mod tests {
    use super::device_of;

    #[test]
    fn the_device_is_named_in_french_from_the_user_agent() {
        let firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
        assert_eq!(device_of(firefox), "Firefox sur Linux");
        let edge =
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) \
                    Chrome/126.0 Safari/537.36 Edg/126.0";
        assert_eq!(device_of(edge), "Edge sur Windows");
        let iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 \
                      (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
        assert_eq!(device_of(iphone), "Safari sur iOS");
        assert_eq!(device_of("curl/8.5.0"), "Navigateur inconnu");
        assert_eq!(device_of(""), "Navigateur inconnu");
    }
}
