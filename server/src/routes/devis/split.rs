//! Endpoints for `POST /api/devis/separer-corps` `{index}`: a file holding several separate
//! bodies becomes one entry per body, so that each body is its own part and basket line, priced
//! by the server on that body only; and `POST /api/devis/regrouper-corps` `{index}`: the bodies
//! of a split file become the whole file again, one entry and one part.

use axum::extract::State;
use axum_extra::extract::CookieJar;
use quote_core::PriceOptions;
use serde_json::{json, Value};

use super::entry::{Entry, Signer, MAX_ENTRIES};
use super::price::{analysed_part, IndexBody};
use super::{entry_at, options};
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
            other_units: Vec::new(),
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

/// The options of the whole file regrouped from its bodies' options: the process and material
/// when every body has the same, with each other choice (colour, finish, post-treatments,
/// quantity, lead-time tier) kept when every body agrees on it too; a fresh file's options when the
/// bodies were given different processes or materials. The second value says whether the
/// process and material were kept.
fn regrouped_options(bodies: &[&PriceOptions]) -> (PriceOptions, bool) {
    let Some(first) = bodies.first() else {
        return (PriceOptions::default(), false);
    };
    let agree = |same: &dyn Fn(&PriceOptions) -> bool| bodies.iter().all(|o| same(o));
    if !agree(&|o| o.process == first.process && o.material == first.material) {
        return (PriceOptions::default(), false);
    }
    let fresh = PriceOptions::default();
    let options = PriceOptions {
        process: first.process.clone(),
        material: first.material.clone(),
        colour: if agree(&|o| o.colour == first.colour) {
            first.colour.clone()
        } else {
            fresh.colour
        },
        finish: if agree(&|o| o.finish == first.finish) {
            first.finish.clone()
        } else {
            fresh.finish
        },
        post_treatments: if agree(&|o| o.post_treatments == first.post_treatments) {
            first.post_treatments.clone()
        } else {
            fresh.post_treatments
        },
        quantity: if agree(&|o| o.quantity == first.quantity) {
            first.quantity
        } else {
            fresh.quantity
        },
        express: false,
        economique: false,
    };
    // Express and économique are one choice, the lead-time tier: kept when every body agrees.
    let mode = if agree(&|o| o.lead_time_mode() == first.lead_time_mode()) {
        first.lead_time_mode()
    } else {
        PriceOptions::default().lead_time_mode()
    };
    (options.with_lead_time_mode(mode), true)
}

/// Handles the `POST /api/devis/regrouper-corps` route `{index}`: the entry at `index` is a body
/// split out of its file; every body entry of that same upload is replaced by one entry of the
/// whole file (every body of it), at the position of the lowest-numbered body, in the unit of
/// the entry at `index`, with the options the bodies agree on ([`regrouped_options`]). The
/// server analyses the whole file on `process-file` (from its cache when it has it). Returns
/// `{success, entry, removed, options_kept}`: the whole file's entry view, the positions freed,
/// and whether the bodies' process and material were kept.
pub async fn regrouper_corps(
    State(state): State<AppState>,
    jar: CookieJar,
    Json(body): Json<IndexBody>,
) -> Result<(CookieJar, Json<Value>), ApiError> {
    let (_, entry) = entry_at(&state, &jar, body.index).await?;
    if entry.body.is_none() {
        return Err(ApiError::quote(format!(
            "« {} » n'est pas un corps séparé de son fichier\u{a0}: il n'y a rien à regrouper.",
            entry.name
        )));
    }
    let signer = Signer::new(&state.keys);
    let mut bodies: Vec<(usize, Entry)> = signer
        .read_all(&state.db, &jar)
        .await?
        .into_iter()
        .filter(|(_, e)| e.upload == entry.upload && e.body.is_some())
        .collect();
    bodies.sort_by_key(|(i, e)| (e.body, *i));
    // The entry at `index` is one of them: the list is never empty.
    let place = bodies.first().map_or(0, |(i, _)| *i);
    let chosen: Vec<&PriceOptions> = bodies.iter().map(|(_, e)| &e.options).collect();
    let (mut options, mut kept) = regrouped_options(&chosen);
    if options::check(&state.catalog(), &options, &options).is_err() {
        // A choice the catalog no longer offers: the whole file starts from a fresh file's.
        options = PriceOptions::default();
        kept = false;
    }
    let whole = Entry {
        body: None,
        part: None,
        other_units: Vec::new(),
        options,
        ..entry.clone()
    };
    let secure = state.config.cookie_secure;
    let mut jar = jar;
    let mut removed = Vec::with_capacity(bodies.len());
    for (i, _) in &bodies {
        if *i != place {
            let removal = signer.remove(&state.db, &jar, *i, secure).await?;
            jar = jar.add(removal);
            removed.push(*i);
        }
    }
    removed.sort_unstable();
    let cookie = signer.store(&state.db, &jar, place, &whole, secure).await?;
    let jar = jar.add(cookie);
    tracing::info!(file = %entry.name, bodies = bodies.len(), place, "quote bodies regrouped into their file");
    Ok((
        jar,
        Json(json!({
            "success": true,
            "entry": whole.view(place),
            "removed": removed,
            "options_kept": kept,
        })),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote_core::pricing::PostTreatmentChoice;

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

    fn options(process: &str, material: Option<&str>, quantity: u32) -> PriceOptions {
        PriceOptions {
            process: process.into(),
            material: material.map(str::to_owned),
            quantity,
            ..PriceOptions::default()
        }
    }

    #[test]
    fn bodies_of_one_process_and_material_keep_them_and_the_choices_they_share() {
        let mut a = options("SLS", Some("PA12"), 3);
        a.colour = Some("noir".into());
        a.express = true;
        a.post_treatments = vec![PostTreatmentChoice { index: 1, holes: 2 }];
        let mut b = a.clone();
        b.quantity = 5;
        b.colour = Some("blanc".into());
        let (got, kept) = regrouped_options(&[&a, &b]);
        assert!(kept);
        assert_eq!(
            got,
            PriceOptions {
                process: "SLS".into(),
                material: Some("PA12".into()),
                colour: None,
                finish: None,
                post_treatments: a.post_treatments.clone(),
                quantity: 1,
                express: true,
                economique: false,
            }
        );
        // Alone, a body's options are all kept.
        assert_eq!(regrouped_options(&[&a]), (a.clone(), true));
    }

    #[test]
    fn bodies_of_different_processes_or_materials_start_from_a_fresh_file() {
        let a = options("SLS", Some("PA12"), 1);
        let b = options("MJF", Some("PA12"), 1);
        assert_eq!(
            regrouped_options(&[&a, &b]),
            (PriceOptions::default(), false)
        );
        let c = options("SLS", None, 1);
        assert_eq!(
            regrouped_options(&[&a, &c]),
            (PriceOptions::default(), false)
        );
    }

    #[test]
    fn bodies_keep_the_economique_tier_they_share_and_fall_back_to_standard_otherwise() {
        let mut a = options("SLS", Some("PA12"), 2);
        a.economique = true;
        let (got, _) = regrouped_options(&[&a, &a.clone()]);
        assert_eq!((got.express, got.economique), (false, true));
        let mut b = a.clone();
        (b.express, b.economique) = (true, false);
        let (got, _) = regrouped_options(&[&a, &b]);
        assert_eq!((got.express, got.economique), (false, false));
    }
}
