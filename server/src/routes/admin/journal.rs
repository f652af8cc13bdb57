//! Endpoint for the audit log of admin actions.

use crate::extract::Query;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::audit;
use crate::auth::AdminUser;
use crate::clock;
use crate::commerce::statistics::parse_day;
use crate::db::audit_log::{self, Filter};
use crate::domain::paris_time::{paris_day_end, paris_day_start};
use crate::error::ApiError;
use crate::extract::Json;
use crate::state::AppState;

/// Lines a page.
pub const PAGE_SIZE: i64 = 50;

/// Query of `GET Admin/Journal`.
#[derive(Debug, Deserialize)]
pub struct JournalQuery {
    /// Part of the admin's e-mail.
    pub acteur: Option<String>,
    /// Action code (one of `actions`).
    pub action: Option<String>,
    /// First day, `YYYY-MM-DD` (Paris).
    pub du: Option<String>,
    /// Last day, `YYYY-MM-DD` (Paris).
    pub au: Option<String>,
    /// Page from 1.
    pub page: Option<String>,
}

/// One line of the journal.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "JournalEntry"))]
pub struct EntryView {
    /// Id.
    pub id: i64,
    /// ISO 8601 UTC.
    pub date: String,
    /// The admin's e-mail at the time.
    pub acteur: String,
    /// The admin's account id, if it still exists.
    pub id_compte: Option<i64>,
    /// Action code.
    pub action: String,
    /// Its French name.
    pub action_libelle: String,
    /// What was changed.
    pub cible: String,
    /// State before (JSON, `null` for a creation).
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub avant: Value,
    /// State after.
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub apres: Value,
}

/// An action the filter offers.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "JournalAction"))]
pub struct ActionView {
    /// Code.
    pub code: &'static str,
    /// French name.
    pub libelle: &'static str,
}

/// Answer of `GET Admin/Journal`.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct JournalPage {
    /// Lines, newest first.
    pub items: Vec<EntryView>,
    /// Lines matching the filters.
    pub total: i64,
    /// This page.
    pub page: i64,
    /// Page size.
    pub par_page: i64,
    /// Every action code, for the filter.
    pub actions: Vec<ActionView>,
}

/// A query field trimmed, `None` when empty.
fn text(v: &Option<String>) -> Option<&str> {
    v.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

/// Reads the filters; French messages for each bad one.
fn filter_of(q: &JournalQuery) -> Result<(Filter, i64), Vec<String>> {
    let mut errors = Vec::new();
    let actor = text(&q.acteur).map(str::to_owned);
    if actor.as_ref().is_some_and(|a| a.chars().count() > 254) {
        errors.push(
            "Le filtre «\u{a0}acteur\u{a0}» ne doit pas dépasser 254\u{a0}caractères.".to_owned(),
        );
    }
    let action = text(&q.action).map(str::to_owned);
    if let Some(a) = &action {
        if !audit::ACTIONS.iter().any(|(code, _)| code == a) {
            errors.push(format!("Action inconnue\u{a0}: «\u{a0}{a}\u{a0}»."));
        }
    }
    let mut day = |v: &Option<String>, name: &str| match text(v).map(|s| parse_day(s, name)) {
        Some(Ok(d)) => Some(d),
        Some(Err(e)) => {
            errors.push(e);
            None
        }
        None => None,
    };
    let (from, to) = (day(&q.du, "du"), day(&q.au, "au"));
    if let (Some(f), Some(t)) = (from, to) {
        if f > t {
            errors.push("La date de début doit précéder la date de fin.".to_owned());
        }
    }
    let (from, to) = (from.map(paris_day_start), to.map(paris_day_end));
    let page = match text(&q.page) {
        None => 1,
        Some(p) => match p.parse::<i64>() {
            Ok(n) if (1..=100_000).contains(&n) => n,
            _ => {
                errors.push("La page doit être un nombre entier positif.".to_owned());
                1
            }
        },
    };
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok((
        Filter {
            actor,
            action,
            from,
            to,
        },
        page,
    ))
}

/// Handles `GET /api/backend/Admin/Journal?acteur=&action=&du=&au=&page=` (admin): the audit
/// log, newest first, 50 lines a page.
pub async fn journal(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
    Query(query): Query<JournalQuery>,
) -> Result<Json<JournalPage>, ApiError> {
    let (filter, page) = filter_of(&query).map_err(ApiError::Validation)?;
    let mut conn = state.db.pool.acquire().await?;
    let (rows, total) =
        audit_log::search(&mut conn, &filter, PAGE_SIZE, (page - 1) * PAGE_SIZE).await?;
    let items = rows
        .into_iter()
        .map(|r| EntryView {
            id: r.id,
            date: clock::iso8601(r.at),
            action_libelle: audit::action_label(&r.action).to_owned(),
            acteur: r.actor_email,
            id_compte: r.actor_account_id,
            action: r.action,
            cible: r.target,
            avant: audit::parse_state(&r.before_json),
            apres: audit::parse_state(&r.after_json),
        })
        .collect();
    Ok(Json(JournalPage {
        items,
        total,
        page,
        par_page: PAGE_SIZE,
        actions: audit::ACTIONS
            .iter()
            .map(|(code, libelle)| ActionView { code, libelle })
            .collect(),
    }))
}
