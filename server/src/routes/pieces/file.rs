//! Endpoint for `GET Pieces/Fichier/{id}`: the original file of a part, byte for byte, for its
//! owner or an admin (404 for anyone else), as a download named after the uploaded file. A part
//! split out of a multi-body file keeps the whole original file: its download says so in its
//! name (`plaque (fichier d'origine, corps 2).stl`), and the part's view gives the body (`corps`)
//! that the viewer takes out of it.

use axum::body::Body;
use axum::extract::State;

use crate::extract::Path;
use axum::http::header;
use axum::response::{IntoResponse, Response};

use crate::auth::AuthUser;
use crate::commerce::part_review::PART_NOT_FOUND;
use crate::db::pieces;
use crate::error::ApiError;
use crate::extract::path_id;
use crate::state::AppState;
use crate::storage::StorageError;

/// The media type of a 3D file, from its extension (registered `model/*` types).
pub fn content_type(file_name: &str) -> &'static str {
    let ext = file_name
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .unwrap_or_default();
    match ext.as_str() {
        "stl" => "model/stl",
        "obj" => "model/obj",
        "3mf" => "model/3mf",
        "step" | "stp" => "model/step",
        _ => "application/octet-stream",
    }
}

/// `attachment` with the file name: an ASCII fallback in `filename` and the exact UTF-8 name in
/// `filename*` (RFC 6266 / RFC 5987), so no name can break the header.
pub fn attachment(file_name: &str) -> String {
    let fallback: String = file_name
        .chars()
        .map(|c| {
            if c.is_ascii_graphic() && c != '"' && c != '\\' || c == ' ' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let mut encoded = String::with_capacity(file_name.len() * 3);
    for b in file_name.bytes() {
        if b.is_ascii_alphanumeric() || b"!#$&+-.^_`|~".contains(&b) {
            encoded.push(char::from(b));
        } else {
            encoded.push_str(&format!("%{b:02X}"));
        }
    }
    format!("attachment; filename=\"{fallback}\"; filename*=UTF-8''{encoded}")
}

/// The download name of a part's original file: the part's name, or for a body split out of a
/// multi-body file (`plaque (corps 2).stl`), a name that says it is the whole original file and
/// which body the part is (`plaque (fichier d'origine, corps 2).stl`).
pub fn download_name(part_name: &str, body: Option<u32>) -> String {
    let Some(body) = body else {
        return part_name.to_owned();
    };
    let n = u64::from(body) + 1;
    let (stem, ext) = match part_name.rsplit_once('.') {
        Some((stem, ext)) if !stem.is_empty() => (stem, Some(ext)),
        _ => (part_name, None),
    };
    let stem = stem.strip_suffix(&format!(" (corps {n})")).unwrap_or(stem);
    let named = format!("{stem} (fichier d'origine, corps {n})");
    match ext {
        Some(ext) => format!("{named}.{ext}"),
        None => named,
    }
}

/// Handles `GET /api/backend/Pieces/Fichier/{id}`.
pub async fn original_file(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(raw_id): Path<String>,
) -> Result<Response, ApiError> {
    let not_found = || ApiError::NotFoundWith(PART_NOT_FOUND.to_owned());
    let id = path_id(&raw_id, PART_NOT_FOUND)?;
    let mut conn = state.db.pool.acquire().await?;
    let part = pieces::find_row(&mut conn, id, "")
        .await?
        .filter(|p| p.account_id == Some(user.account_id()) || user.is_admin())
        .ok_or_else(not_found)?;
    drop(conn);
    let name = download_name(&part.file_name, part.body);
    // Storage keys are written by the server (`uploads/<sha256>`): streamed from the store.
    let file = state
        .storage
        .get_stream(&part.storage_key)
        .await?
        .ok_or_else(|| StorageError::Missing(part.storage_key.clone()))?;
    Ok((
        [
            (header::CONTENT_TYPE, content_type(&name).to_owned()),
            (header::CONTENT_DISPOSITION, attachment(&name)),
            (header::CACHE_CONTROL, "private, no-store".to_owned()),
            (header::CONTENT_LENGTH, file.size.to_string()),
        ],
        Body::from_stream(file.stream),
    )
        .into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_format_has_its_media_type() {
        assert_eq!(content_type("support.STL"), "model/stl");
        assert_eq!(content_type("a.b.obj"), "model/obj");
        assert_eq!(content_type("plateau.3mf"), "model/3mf");
        assert_eq!(content_type("bride.STP"), "model/step");
        assert_eq!(content_type("sans-extension"), "application/octet-stream");
    }

    #[test]
    fn a_body_part_downloads_as_the_original_file_named_after_its_body() {
        assert_eq!(download_name("plaque.stl", None), "plaque.stl");
        assert_eq!(
            download_name("plaque.v2 (corps 2).stl", Some(1)),
            "plaque.v2 (fichier d'origine, corps 2).stl"
        );
        assert_eq!(
            download_name("sans_extension (corps 1)", Some(0)),
            "sans_extension (fichier d'origine, corps 1)"
        );
        assert_eq!(
            attachment(&download_name("pièce (corps 3).3mf", Some(2))),
            "attachment; filename=\"pi_ce (fichier d'origine, corps 3).3mf\"; filename*=UTF-8''pi%C3%A8ce%20%28fichier%20d%27origine%2C%20corps%203%29.3mf"
        );
    }

    #[test]
    fn a_name_cannot_break_the_header_and_keeps_its_accents() {
        assert_eq!(
            attachment("pièce \"v2\".stl"),
            "attachment; filename=\"pi_ce _v2_.stl\"; filename*=UTF-8''pi%C3%A8ce%20%22v2%22.stl"
        );
        assert_eq!(
            attachment("cube.stl"),
            "attachment; filename=\"cube.stl\"; filename*=UTF-8''cube.stl"
        );
    }
}
