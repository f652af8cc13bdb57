//! Endpoint for `POST /api/devis/separer-corps` `{index}`: a file holding several separate
//! bodies becomes one entry per body, so that each body is its own part and basket line, priced
//! by the server on that body only.

use axum::extract::State;
use axum_extra::extract::CookieJar;
use serde_json::{json, Value};

use super::entry::{Entry, Signer, MAX_ENTRIES};
use super::entry_at;
use super::price::{analysed_part, IndexBody};
use crate::error::ApiError;
use crate::extract::Json;
use crate::state::AppState;

/// The positions a split of `bodies` bodies at `index` takes: `index` for the first body, then
/// the lowest free positions; `None` when the quote has too few free positions.
fn positions(index: usize, used: &[usize], bodies: usize) -> Option<Vec<usize>> {
    let free = (0..MAX_ENTRIES).filter(|i| *i != index && !used.contains(i));
    let list: Vec<usize> = std::iter::once(index).chain(free).take(bodies).collect();
    (list.len() == bodies).then_some(list)
}

/// Handles the `POST /api/devis/separer-corps` route `{index}`: the entry at `index` (analysed
/// by the server, several bodies) becomes body 1 at `index` and each other body an entry of its
/// own at the lowest free positions, with the same file, unit and options; the server analyses
/// each of them on `process-file`. Returns `{success, entries}` (the new entries' views).
pub async fn separer_corps(
    State(state): State<AppState>,
    jar: CookieJar,
    Json(body): Json<IndexBody>,
) -> Result<(CookieJar, Json<Value>), ApiError> {
    let (index, entry) = entry_at(&state, &jar, body.index).await?;
    if entry.body.is_some() {
        return Err(ApiError::quote(format!(
            "« {} » est déjà un corps séparé de son fichier.",
            entry.part_name()
        )));
    }
    let (_, analysis) = analysed_part(&state, &entry).await?;
    let bodies = analysis.bodies;
    if bodies < 2 {
        return Err(ApiError::quote(format!(
            "« {} » ne compte qu'un corps\u{a0}: il n'y a rien à séparer.",
            entry.name
        )));
    }
    let signer = Signer::new(&state.keys);
    let used: Vec<usize> = signer
        .read_all(&state.db, &jar)
        .await?
        .into_iter()
        .map(|(i, _)| i)
        .collect();
    let Some(places) = positions(index, &used, bodies) else {
        let free = MAX_ENTRIES - used.len();
        let needed = bodies - 1;
        let s = if needed > 1 { "s" } else { "" };
        return Err(ApiError::quote(format!(
            "« {} » compte {bodies} corps\u{a0}: les séparer demande {needed} position{s} libre{s} dans le devis, il en reste {free} (un devis compte au plus {MAX_ENTRIES} fichiers).",
            entry.name
        )));
    };
    let secure = state.config.cookie_secure;
    let mut jar = jar;
    let mut views = Vec::with_capacity(bodies);
    for (b, &position) in places.iter().enumerate() {
        let part = Entry {
            body: Some(b as u32),
            part: None,
            ..entry.clone()
        };
        let cookie = signer
            .store(&state.db, &jar, position, &part, secure)
            .await?;
        jar = jar.add(cookie);
        views.push(part.view(position));
    }
    tracing::info!(file = %entry.name, bodies, index, "quote file split into its bodies");
    Ok((jar, Json(json!({ "success": true, "entries": views }))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_body_keeps_its_position_and_the_others_take_the_lowest_free_ones() {
        assert_eq!(positions(2, &[0, 2, 3], 3), Some(vec![2, 1, 4]));
        assert_eq!(positions(0, &[0], 2), Some(vec![0, 1]));
    }

    #[test]
    fn a_full_quote_has_no_room_for_the_bodies() {
        let used: Vec<usize> = (0..MAX_ENTRIES - 1).collect();
        assert_eq!(positions(0, &used, 2), Some(vec![0, MAX_ENTRIES - 1]));
        assert_eq!(positions(0, &used, 3), None);
    }
}
