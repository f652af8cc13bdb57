//! Endpoints for `POST /api/upload/file-temp` (store a dropped file and open its quote entry)
//! and `POST /api/devis/process-file` (the server's own analysis of the stored file).

use axum::extract::State;
use axum::Json;
use axum_extra::extract::CookieJar;
use quote_core::{Analysis, PriceOptions, QuoteError, Unit};
use serde_json::{json, Value};

use super::entry::{self, Entry, Signer, ENTRY_TTL};
use super::upload::{self, Keep, Received};
use super::{entry_at, quota_exceeded};
use crate::auth::tokens::{self, random_token};
use crate::auth::MaybeUser;
use crate::clock;
use crate::commerce::part_review;
use crate::db::analysis_cache;
use crate::db::pieces::{self, NewPart};
use crate::db::uploads::{self, Upload};
use crate::error::ApiError;
use crate::extract::{Multipart, Query};
use crate::middleware::ClientIp;
use crate::rate_limit::{self, Limit};
use crate::state::AppState;
use crate::storage::{self, StorageError};

/// The only upload kind of the quote.
const KIND_MODELS: &str = "models";
/// Files one address, or one account, may drop per hour (429 beyond).
pub const UPLOADS_PER_HOUR: Limit = Limit {
    max: 120,
    window: 3600,
};

/// Analyses the engine may run for one address per hour (issue 22, finding 2): answers from the
/// cache, refusals included, are not counted.
pub const ANALYSES_PER_HOUR: Limit = Limit {
    max: 120,
    window: 3600,
};

/// What the analysis cache holds for a file and options: the analysis, or the engine's refusal
/// (so that a hostile file is refused once, not analysed again at each call).
#[derive(Debug, serde::Serialize, serde::Deserialize)]
#[serde(untagged)]
enum Cached {
    /// The engine's refusal: French message and code.
    Refused { refus: Refusal },
    /// The analysis.
    Analysed(Box<Analysis>),
}

/// The engine's refusal of a file, as answered and cached.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
struct Refusal {
    message: String,
    code: String,
}

async fn cached(
    state: &AppState,
    sha256: &str,
    options_key: &str,
) -> Result<Option<Cached>, ApiError> {
    let found = analysis_cache::find(&mut *state.db.acquire().await?, sha256, options_key).await?;
    Ok(found.and_then(|json| serde_json::from_str(&json).ok()))
}

fn index_field(received: &Received) -> Result<i64, ApiError> {
    received
        .fields
        .get("index")
        .and_then(|v| v.trim().parse::<i64>().ok())
        .ok_or_else(|| ApiError::quote("Position du fichier dans le devis manquante ou invalide."))
}

/// The entry index of an upload whose fields are all acceptable, or the French refusal.
fn accepted_index(received: &Received, file: &upload::StoredFile) -> Result<usize, ApiError> {
    let kind = received
        .fields
        .get("type")
        .map(|t| t.trim())
        .unwrap_or_default();
    if kind.is_empty() {
        tracing::error!(file = %file.name, "quote upload refused: no type in the request");
        return Err(ApiError::quote("Type de fichier manquant dans l'envoi."));
    }
    if kind != KIND_MODELS {
        tracing::error!(kind, "quote upload refused: unknown type");
        return Err(ApiError::quote(format!(
            "Type de fichier inconnu : « {kind} »."
        )));
    }
    let index = entry::check_index(index_field(received)?).map_err(ApiError::quote)?;
    if file.size == 0 {
        return Err(ApiError::quote(QuoteError::EmptyFile.message()));
    }
    if !upload::known_extension(&file.name) {
        return Err(upload::unknown_format());
    }
    Ok(index)
}

/// Handles the `POST /api/upload/file-temp` route (multipart `file`, `type`, `index`): stores the
/// file and sets the entry at `index` to it with default options. Returns `{cookieData}`.
pub async fn file_temp(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    ClientIp(ip): ClientIp,
    jar: CookieJar,
    multipart: Multipart,
) -> Result<(CookieJar, Json<Value>), ApiError> {
    let account_id = user.as_ref().map(|s| s.account_id());
    // Quotas first, before a byte is read: files per hour, then bytes per day.
    let ip_bucket = format!("upload-ip:{}", rate_limit::client_key(&ip));
    let account_bucket = account_id.map(|id| format!("upload-account:{id}"));
    let mut buckets = vec![(ip_bucket.as_str(), UPLOADS_PER_HOUR)];
    if let Some(b) = &account_bucket {
        buckets.push((b.as_str(), UPLOADS_PER_HOUR));
    }
    rate_limit::take_all(&state, &buckets).await?;
    let used = uploads::bytes_since(
        &mut *state.db.acquire().await?,
        &ip,
        account_id,
        clock::now() - 86_400,
    )
    .await?;
    // Bytes one address, or one account, may drop per day (413 beyond).
    let daily_bytes = state.config.settings.upload_daily_bytes;
    let left = daily_bytes.saturating_sub(u64::try_from(used).unwrap_or(0));
    if left == 0 {
        return Err(quota_exceeded(daily_bytes));
    }
    let keep = Keep::Store {
        max_bytes: left,
        daily_bytes,
    };
    let received = upload::receive(multipart, &state.storage, keep).await?;
    let Some(mut file) = received.file.clone() else {
        tracing::error!("quote upload refused: no file in the request");
        return Err(ApiError::quote(
            "Aucun fichier reçu : choisissez un fichier STL, OBJ, 3MF ou STEP.",
        ));
    };
    // Until the request is accepted, the file sits under its own temporary key: a refusal
    // deletes it, so that refused bytes neither stay on disk nor escape the quota.
    let index = match accepted_index(&received, &file) {
        Ok(index) => index,
        Err(e) => {
            upload::discard(&state.storage, &file).await;
            return Err(e);
        }
    };
    let now = clock::now();
    let token = random_token();
    let row = Upload {
        id: 0,
        token: token.clone(),
        account_id,
        kind: KIND_MODELS.into(),
        file_name: file.name.clone(),
        storage_key: storage::upload_key(&file.sha256),
        sha256: file.sha256.clone(),
        size_bytes: file.size as i64,
        expires_at: now + ENTRY_TTL,
        ip: ip.clone(),
    };
    // Counted after its own row is written, so parallel uploads cannot all pass a check made
    // before any of them is recorded (the rate limits' rule), and over the rows up to its own
    // only, so that they cannot all refuse each other either: over the quota, the row and the
    // file go.
    let id = uploads::insert(&mut *state.db.acquire().await?, &row, now).await?;
    let used = uploads::bytes_through(
        &mut *state.db.acquire().await?,
        &ip,
        account_id,
        now - 86_400,
        id,
    )
    .await?;
    if u64::try_from(used).unwrap_or(u64::MAX) > daily_bytes {
        uploads::delete(&mut *state.db.acquire().await?, id).await?;
        upload::discard(&state.storage, &file).await;
        return Err(quota_exceeded(daily_bytes));
    }
    if let Err(e) = upload::place(&state.storage, &mut file).await {
        uploads::delete(&mut *state.db.acquire().await?, id).await?;
        upload::discard(&state.storage, &file).await;
        return Err(e);
    }
    tracing::info!(file = %file.name, size = file.size, sha256 = %file.sha256, index, "quote file stored");
    let entry = Entry {
        upload: token,
        name: file.name,
        size: file.size,
        unit: Unit::Mm,
        options: PriceOptions::default(),
        part: None,
        body: None,
        other_units: Vec::new(),
    };
    let cookie = Signer::new(&state.keys)
        .store(&state.db, &jar, index, &entry, state.config.cookie_secure)
        .await?;
    Ok((
        jar.add(cookie),
        Json(json!({ "cookieData": entry.view(index) })),
    ))
}

/// Handles the `POST /api/devis/process-file` route (multipart `index`, and `file` optionally:
/// when sent it must be the stored file). Analyses the stored file with quote-core in the
/// entry's unit, records the part and returns `{error: null}`, or `{error: "<French reason>"}`
/// when the file cannot be read.
pub async fn process_file(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    ClientIp(ip): ClientIp,
    jar: CookieJar,
    multipart: Multipart,
) -> Result<(CookieJar, Json<Value>), ApiError> {
    // The file of process-file is only compared with the stored one: hashed, never written.
    let received = upload::receive(multipart, &state.storage, Keep::HashOnly).await?;
    let (index, mut entry) = entry_at(&state, &jar, index_field(&received)?).await?;
    let stored = uploads::find_live(&mut *state.db.acquire().await?, &entry.upload, clock::now())
        .await?
        .ok_or_else(|| ApiError::quote("Le fichier déposé a expiré : déposez-le à nouveau."))?;
    if received
        .file
        .as_ref()
        .is_some_and(|f| f.sha256 != stored.sha256)
    {
        return Err(ApiError::quote(
            "Le fichier envoyé ne correspond pas au fichier déposé à cette position.",
        ));
    }
    let catalog = state.catalog();
    let mut options = catalog.analysis_options();
    options.unit = entry.unit;
    let options_key = analysis_key(
        &serde_json::to_string(&options).map_err(|e| ApiError::Internal(e.into()))?,
        entry.body,
    );
    let refused = |r: Refusal| Json(json!({ "error": r.message, "code": r.code }));
    let analysis: Analysis = match cached(&state, &stored.sha256, &options_key).await? {
        Some(Cached::Analysed(a)) => *a,
        Some(Cached::Refused { refus }) => return Ok((jar, refused(refus))),
        None => {
            // Only analyses the engine runs count against the address (kept, even if it fails).
            let _counted = rate_limit::take(
                &state,
                &format!("analyses:{}", rate_limit::client_key(&ip)),
                ANALYSES_PER_HOUR,
            )
            .await?;
            // The permit first, then the file: calls beyond the gate wait without holding it.
            let permit = state
                .analyses
                .permit()
                .await
                .map_err(|e| ApiError::Internal(e.into()))?;
            // Calls on the same file that waited for the gate find the first one's result (on
            // any instance): one analysis, one read of the file.
            match cached(&state, &stored.sha256, &options_key).await? {
                Some(Cached::Analysed(a)) => *a,
                Some(Cached::Refused { refus }) => return Ok((jar, refused(refus))),
                None => {
                    let bytes = state
                        .storage
                        .get(&stored.storage_key)
                        .await?
                        .ok_or_else(|| StorageError::Missing(stored.storage_key.clone()))?;
                    let name = stored.file_name.clone();
                    let body = entry.body;
                    // At most one analysis per core at once, whatever the number of requests.
                    let analysed = permit
                        .run(move || match body {
                            None => quote_core::analyze_file(&name, &bytes, &options),
                            Some(b) => {
                                quote_core::analyze_file_body(&name, &bytes, &options, b as usize)
                            }
                        })
                        .await
                        .map_err(|e| ApiError::Internal(e.into()))?;
                    let outcome = match analysed {
                        Ok(mut a) => {
                            // The open edges' segments are drawing for the viewer, which
                            // analyses the file itself; the stored analysis (cache, part, every
                            // list of parts) keeps their count only.
                            a.open_edges = Vec::new();
                            Cached::Analysed(Box::new(a))
                        }
                        Err(e) => {
                            tracing::info!(file = %stored.file_name, code = e.code(), "quote file refused by the engine");
                            Cached::Refused {
                                refus: Refusal {
                                    message: e.message(),
                                    code: e.code().to_owned(),
                                },
                            }
                        }
                    };
                    let json = serde_json::to_string(&outcome)
                        .map_err(|e| ApiError::Internal(e.into()))?;
                    analysis_cache::insert(
                        &mut *state.db.acquire().await?,
                        &stored.sha256,
                        &options_key,
                        &json,
                        clock::now(),
                    )
                    .await?;
                    match outcome {
                        Cached::Analysed(a) => *a,
                        Cached::Refused { refus } => return Ok((jar, refused(refus))),
                    }
                }
            }
        }
    };
    // An entry analysed already keeps its part: a repeated call adds no row.
    if let Some(part_id) = entry.part {
        if let Some(part) = pieces::find(&mut *state.db.acquire().await?, part_id).await? {
            return Ok((
                jar,
                Json(
                    json!({ "error": null, "part_id": part.id, "status_id": part.status_id, "analysis": analysis }),
                ),
            ));
        }
    }
    let analysis_json =
        serde_json::to_string(&analysis).map_err(|e| ApiError::Internal(e.into()))?;
    let options_json =
        serde_json::to_string(&entry.options).map_err(|e| ApiError::Internal(e.into()))?;
    // What staff must check before the part is made (empty: it can be ordered as it is).
    let reasons = part_review::reasons(&analysis, &catalog.analysis_options().processes);
    let status_id = part_review::status_for(&reasons);
    let review_reasons = reasons.join("\n");
    // A body split out of the file is a part of its own, named after its body.
    let part_name = Entry {
        name: stored.file_name.clone(),
        ..entry.clone()
    }
    .part_name();
    let part = NewPart {
        account_id: user.as_ref().map(|s| s.account_id()),
        file_name: &part_name,
        storage_key: &stored.storage_key,
        sha256: &stored.sha256,
        size_bytes: stored.size_bytes,
        analysis: &analysis_json,
        options: &options_json,
        status_id,
        review_reasons: &review_reasons,
        body: entry.body,
    };
    let part_id = part_review::record_new_part(&state.db, &part, clock::now()).await?;
    entry.part = Some(part_id);
    let cookie = Signer::new(&state.keys)
        .store(&state.db, &jar, index, &entry, state.config.cookie_secure)
        .await?;
    Ok((
        jar.add(cookie),
        Json(
            json!({ "error": null, "part_id": part_id, "status_id": status_id, "analysis": analysis }),
        ),
    ))
}

/// The analysis cache's key of the options (unit included) and the body: the whole file's key
/// is the options' hash, as it always was; a body's analysis is another entry of the cache (its
/// key names the rule that gives each body its own repairs, so that a body analysed before that
/// rule, without them, is analysed again).
pub fn analysis_key(options_json: &str, body: Option<u32>) -> String {
    match body {
        None => tokens::sha256_hex(options_json),
        Some(b) => tokens::sha256_hex(&format!("{options_json}\nbody {b}\nrepairs by body")),
    }
}

/// Query of `GET /api/devis/fichier`.
#[derive(Debug, serde::Deserialize)]
pub struct IndexQuery {
    index: i64,
}

/// Handles the `GET /api/devis/fichier?index=N` route: the stored file of an entry, so that the
/// page can analyse and show it again after a reload.
pub async fn stored_file(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    jar: CookieJar,
    Query(q): Query<IndexQuery>,
) -> Result<axum::response::Response, ApiError> {
    use axum::http::header;
    use axum::response::IntoResponse;
    let (_, entry) = entry_at(&state, &jar, q.index).await?;
    let stored = uploads::find_live(&mut *state.db.acquire().await?, &entry.upload, clock::now())
        .await?
        .ok_or_else(|| ApiError::quote("Le fichier déposé a expiré : déposez-le à nouveau."))?;
    // A file dropped while signed in is its account's: only that account downloads it.
    if stored
        .account_id
        .is_some_and(|owner| user.as_ref().map(|u| u.account_id()) != Some(owner))
    {
        return Err(ApiError::Quote {
            status: axum::http::StatusCode::FORBIDDEN,
            message: "Ce fichier a été déposé depuis un compte : connectez-vous à ce compte pour le retrouver.".into(),
        });
    }
    let file = state
        .storage
        .get_stream(&stored.storage_key)
        .await?
        .ok_or_else(|| StorageError::Missing(stored.storage_key.clone()))?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/octet-stream".to_owned()),
            (header::CACHE_CONTROL, "private, no-store".to_owned()),
            (header::CONTENT_LENGTH, file.size.to_string()),
        ],
        axum::body::Body::from_stream(file.stream),
    )
        .into_response())
}
