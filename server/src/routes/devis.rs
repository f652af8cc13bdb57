//! Endpoints of the instant quote (`/devis_ligne`): `POST /api/upload/file-temp`,
//! `POST /api/devis/process-file`, `POST /api/devis/calcul-prix`, `GET /api/devis/get-cookies`,
//! `POST /api/devis/set-cookie`, `POST /api/devis/panier`, `POST /api/devis/separer-corps` (a
//! multi-body file becomes one entry per body), `POST /api/devis/regrouper-corps` (its bodies
//! become the whole file again), and `GET /api/devis/fichier` (the
//! stored file of an entry, to show it again after a reload).
//!
//! Entries live in signed cookies by position (see [`entry`]); files on the shared data disk;
//! analyses and parts in the database. Prices are always recomputed here with quote-core from
//! the stored analysis and the catalog of the database: the browser's figure is a preview.

pub(crate) mod entry;
mod files;
mod options;
mod price;
mod split;
mod upload;

use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::Router;
use axum_extra::extract::CookieJar;
use serde::Deserialize;
use serde_json::{json, Map, Value};

pub use entry::{Entry, EntryView, Signer, MAX_ENTRIES};
pub use upload::MAX_FILE_BYTES;

use crate::error::ApiError;
use crate::extract::Json;
use crate::state::AppState;

/// The quote routes.
pub fn router() -> Router<AppState> {
    // The multipart routes accept the file plus a little room for the other fields.
    let uploads = Router::new()
        .route("/api/upload/file-temp", post(files::file_temp))
        .route("/api/devis/process-file", post(files::process_file))
        .layer(DefaultBodyLimit::max(MAX_FILE_BYTES as usize + 1024 * 1024));
    Router::new()
        .route("/api/devis/get-cookies", get(get_cookies))
        .route("/api/devis/fichier", get(files::stored_file))
        .route("/api/devis/set-cookie", post(set_cookie))
        .route("/api/devis/calcul-prix", post(price::calcul_prix))
        .route("/api/devis/panier", post(price::panier))
        .route("/api/devis/separer-corps", post(split::separer_corps))
        .route("/api/devis/regrouper-corps", post(split::regrouper_corps))
        .merge(uploads)
}

/// 413 of a file over [`MAX_FILE_BYTES`].
pub fn file_too_large() -> ApiError {
    ApiError::Quote {
        status: StatusCode::PAYLOAD_TOO_LARGE,
        message: format!(
            "Le fichier dépasse la taille maximale autorisée ({} Mo).",
            MAX_FILE_BYTES / (1024 * 1024)
        ),
    }
}

/// 413 once the address's or account's upload quota (`daily_bytes` a day) is used up.
pub fn quota_exceeded(daily_bytes: u64) -> ApiError {
    const GIB: u64 = 1024 * 1024 * 1024;
    const MIB: u64 = 1024 * 1024;
    let amount = if daily_bytes >= GIB && daily_bytes.is_multiple_of(GIB) {
        format!("{}\u{a0}Go", daily_bytes / GIB)
    } else {
        format!("{}\u{a0}Mo", daily_bytes.div_ceil(MIB))
    };
    ApiError::Quote {
        status: StatusCode::PAYLOAD_TOO_LARGE,
        message: format!(
            "Quota de dépôt atteint\u{a0}: {amount} de fichiers par jour au plus. Réessayez demain."
        ),
    }
}

/// 401: adding to the basket needs an account.
pub fn sign_in_first() -> ApiError {
    ApiError::Quote {
        status: StatusCode::UNAUTHORIZED,
        message: "Veuillez vous connecter pour ajouter au panier.".to_owned(),
    }
}

/// The entry at a position sent by the page, or the French reason it is unusable.
pub async fn entry_at(
    state: &AppState,
    jar: &CookieJar,
    index: i64,
) -> Result<(usize, Entry), ApiError> {
    let index = entry::check_index(index).map_err(ApiError::quote)?;
    let found = Signer::new(&state.keys).read(&state.db, jar, index).await?;
    let entry = found.ok_or_else(|| {
        ApiError::quote(
            "Aucun fichier n'est déposé à cette position du devis : déposez-le à nouveau.",
        )
    })?;
    Ok((index, entry))
}

/// Handles the `GET /api/devis/get-cookies` route: every valid entry, by position.
pub async fn get_cookies(
    State(state): State<AppState>,
    jar: CookieJar,
) -> Result<Json<Value>, ApiError> {
    let entries: Vec<EntryView> = Signer::new(&state.keys)
        .read_all(&state.db, &jar)
        .await?
        .into_iter()
        .map(|(i, e)| e.view(i))
        .collect();
    Ok(Json(json!({ "entries": entries })))
}

/// Body of `POST /api/devis/set-cookie`.
#[derive(Debug, Deserialize)]
pub struct SetCookieBody {
    index: i64,
    /// The changed options (and `unit`); `null` removes the entry.
    updates: Option<Map<String, Value>>,
}

/// Handles the `POST /api/devis/set-cookie` route: changes (or removes) the entry at `index`.
/// A new unit sets the server's analysis aside, which `process-file` then redoes (or takes
/// back, for a unit the entry was already analysed in).
pub async fn set_cookie(
    State(state): State<AppState>,
    jar: CookieJar,
    Json(body): Json<SetCookieBody>,
) -> Result<(CookieJar, Json<Value>), ApiError> {
    let (index, mut entry) = entry_at(&state, &jar, body.index).await?;
    let secure = state.config.cookie_secure;
    let signer = Signer::new(&state.keys);
    let Some(updates) = body.updates else {
        let removal = signer.remove(&state.db, &jar, index, secure).await?;
        let jar = jar.add(removal);
        return Ok((jar, Json(json!({ "success": true, "entry": null }))));
    };
    let unit = options::unit_update(&updates).map_err(ApiError::quote)?;
    let merged = options::merge(&entry.options, &updates).map_err(ApiError::quote)?;
    options::check(&state.catalog(), &entry.options, &merged).map_err(ApiError::quote)?;
    entry.options = merged;
    if let Some(u) = unit {
        entry.change_unit(u);
    }
    let cookie = signer.store(&state.db, &jar, index, &entry, secure).await?;
    let jar = jar.add(cookie);
    Ok((
        jar,
        Json(json!({ "success": true, "entry": entry.view(index) })),
    ))
}
