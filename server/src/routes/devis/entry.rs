//! The quote entries of `/devis_ligne`, one signed cookie per position (`fa_devis_0`,
//! `fa_devis_1`, ...): the uploaded file, its unit, the customer's options and, once the server
//! has analysed it, the part. The entry lives in the database; the cookie holds its id, signed
//! with its position, so a forged or moved cookie counts as absent and the browser can never
//! change which analysis a price is computed from.

use axum_extra::extract::cookie::{Cookie, SameSite};
use axum_extra::extract::CookieJar;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use cookie::time::Duration;
use quote_core::{PriceOptions, Unit};
use serde::{Deserialize, Serialize};

use rand::RngCore;

use crate::auth::tokens::{hmac_hex, same};
use crate::clock;
use crate::db::{quote_entries, Db};
use crate::state::Keys;

/// Positions available on one quote (cookies per site are limited).
pub const MAX_ENTRIES: usize = 20;
/// Lifetime of an entry, seconds (the upload's lifetime too).
pub const ENTRY_TTL: i64 = 30 * 24 * 3600;
const PREFIX: &str = "fa_devis_";

/// One quote entry, as stored (signed) in its cookie.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// Token of the stored upload (`temp_uploads.token`).
    pub upload: String,
    /// File name as given by the browser.
    pub name: String,
    /// File size in bytes.
    pub size: u64,
    /// Unit the file is read in.
    pub unit: Unit,
    /// The customer's choices.
    pub options: PriceOptions,
    /// The part holding the server's analysis (for this unit), once processed.
    pub part: Option<i64>,
    /// The body of the file this entry is (0-based, as in the analysis' `body_details`) once the
    /// visitor has split a multi-body file into separate parts; `None` for the whole file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body: Option<u32>,
    /// The parts analysed for this entry in its other units: going back to a unit takes its
    /// part again instead of recording a new one (at most one part per upload, unit and body).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub other_units: Vec<(Unit, i64)>,
}

impl Entry {
    /// Reads the entry in `unit`: its part of the unit it leaves is kept aside, and the part
    /// already analysed in `unit`, if any, comes back.
    pub fn change_unit(&mut self, unit: Unit) {
        if unit == self.unit {
            return;
        }
        if let Some(part) = self.part.take() {
            self.other_units.retain(|(u, _)| *u != self.unit);
            self.other_units.push((self.unit, part));
        }
        self.unit = unit;
        if let Some(i) = self.other_units.iter().position(|(u, _)| *u == unit) {
            self.part = Some(self.other_units.remove(i).1);
        }
    }
}

/// What the web app reads of an entry (`cookieData`, `get-cookies`).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "QuoteEntry"))]
pub struct EntryView {
    /// Position.
    pub index: usize,
    /// File name.
    pub file_name: String,
    /// Size in bytes.
    pub size: u64,
    /// Unit.
    #[cfg_attr(feature = "ts", ts(type = "Unit"))]
    pub unit: Unit,
    /// Options.
    #[cfg_attr(feature = "ts", ts(type = "PriceOptions"))]
    pub options: PriceOptions,
    /// The analysed part (`Id_Piece`), if any.
    pub part_id: Option<i64>,
    /// Whether the server has analysed the file in this unit.
    pub analysed: bool,
    /// The body of the file this entry is (0-based), after a split; `null` for the whole file.
    pub body: Option<u32>,
}

impl Entry {
    /// The name of the part this entry becomes: the file's, with the body before the extension
    /// once split (`plaque (corps 2).stl`), so that staff know which body to print and the file
    /// keeps its extension.
    pub fn part_name(&self) -> String {
        let Some(body) = self.body else {
            return self.name.clone();
        };
        let label = format!(" (corps {})", body + 1);
        match self.name.rsplit_once('.') {
            Some((stem, ext)) if !stem.is_empty() => format!("{stem}{label}.{ext}"),
            _ => format!("{}{label}", self.name),
        }
    }

    /// The view of this entry at `index`.
    pub fn view(&self, index: usize) -> EntryView {
        EntryView {
            index,
            file_name: self.name.clone(),
            size: self.size,
            unit: self.unit,
            options: self.options.clone(),
            part_id: self.part,
            analysed: self.part.is_some(),
            body: self.body,
        }
    }
}

/// Keeps entries on the server (`quote_entries`) and signs their ids, at their position, in the
/// browser's cookies with a key derived from the shared secret, so every instance can read them.
/// A cookie holds about 90 bytes whatever the entry: twenty stay near 2 KB of `Cookie` header.
pub struct Signer {
    key: Vec<u8>,
}

impl Signer {
    /// The signer of this deployment.
    pub fn new(keys: &Keys) -> Signer {
        Signer {
            key: keys.quote.clone(),
        }
    }

    fn mac(&self, index: usize, id: &str) -> String {
        // The index is signed too: an entry cannot be moved to another position.
        hmac_hex(&self.key, &format!("{index}.{id}"))
    }

    /// The cookie value naming the entry `id` at `index`.
    pub fn seal(&self, index: usize, id: &str) -> String {
        format!("{id}.{}", self.mac(index, id))
    }

    /// The entry id of a well-signed cookie value, `None` for anything else.
    pub fn open(&self, index: usize, value: &str) -> Option<String> {
        let (id, mac) = value.rsplit_once('.')?;
        (!id.is_empty() && same(&self.mac(index, id), mac)).then(|| id.to_owned())
    }

    /// The id named by the request's cookie at `index`.
    fn id_at(&self, jar: &CookieJar, index: usize) -> Option<String> {
        jar.get(&cookie_name(index))
            .and_then(|c| self.open(index, c.value()))
    }

    /// The entry at `index` in the request's cookies.
    pub async fn read(
        &self,
        db: &Db,
        jar: &CookieJar,
        index: usize,
    ) -> Result<Option<Entry>, sqlx::Error> {
        let Some(id) = self.id_at(jar, index) else {
            return Ok(None);
        };
        let data = quote_entries::find(&mut *db.acquire().await?, &id, clock::now()).await?;
        Ok(data.and_then(|d| serde_json::from_str(&d).ok()))
    }

    /// Every valid entry, by position.
    pub async fn read_all(
        &self,
        db: &Db,
        jar: &CookieJar,
    ) -> Result<Vec<(usize, Entry)>, sqlx::Error> {
        let mut found = Vec::new();
        for i in 0..MAX_ENTRIES {
            if let Some(e) = self.read(db, jar, i).await? {
                found.push((i, e));
            }
        }
        Ok(found)
    }

    /// Stores `entry` at `index` (under the id the position already has, else a new one) and
    /// returns the cookie that names it.
    pub async fn store(
        &self,
        db: &Db,
        jar: &CookieJar,
        index: usize,
        entry: &Entry,
        secure: bool,
    ) -> Result<Cookie<'static>, sqlx::Error> {
        let id = self.id_at(jar, index).unwrap_or_else(new_id);
        let json = serde_json::to_string(entry).expect("an entry always serialises");
        quote_entries::upsert(
            &mut *db.acquire().await?,
            &id,
            &json,
            clock::now() + ENTRY_TTL,
        )
        .await?;
        Ok(build(
            cookie_name(index),
            self.seal(index, &id),
            secure,
            ENTRY_TTL,
        ))
    }

    /// Forgets the entry at `index` and returns the cookie that deletes it.
    pub async fn remove(
        &self,
        db: &Db,
        jar: &CookieJar,
        index: usize,
        secure: bool,
    ) -> Result<Cookie<'static>, sqlx::Error> {
        if let Some(id) = self.id_at(jar, index) {
            quote_entries::delete(&mut *db.acquire().await?, &id).await?;
        }
        Ok(removal(index, secure))
    }
}

impl Signer {
    /// Forgets every entry the request's cookies name (sign-out on a shared computer) and
    /// returns the cookies that delete them from the browser.
    pub async fn forget_all(
        &self,
        db: &Db,
        jar: &CookieJar,
        secure: bool,
    ) -> Result<Vec<Cookie<'static>>, sqlx::Error> {
        let mut removals = Vec::new();
        for index in 0..MAX_ENTRIES {
            if jar.get(&cookie_name(index)).is_some() {
                removals.push(self.remove(db, jar, index, secure).await?);
            }
        }
        Ok(removals)
    }
}

/// A new entry id: 128 random bits, URL-safe base64.
fn new_id() -> String {
    let mut bytes = [0u8; 16];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// The cookie that deletes the entry at `index`.
pub fn removal(index: usize, secure: bool) -> Cookie<'static> {
    build(cookie_name(index), String::new(), secure, 0)
}

fn cookie_name(index: usize) -> String {
    format!("{PREFIX}{index}")
}

fn build(name: String, value: String, secure: bool, max_age: i64) -> Cookie<'static> {
    Cookie::build((name, value))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(secure)
        .max_age(Duration::seconds(max_age))
        .build()
}

/// Checks a position sent by the page; the French message otherwise.
pub fn check_index(index: i64) -> Result<usize, String> {
    usize::try_from(index)
        .ok()
        .filter(|&i| i < MAX_ENTRIES)
        .ok_or_else(|| {
            format!(
                "Position de devis invalide : {index} (de 0 à {}).",
                MAX_ENTRIES - 1
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn signer() -> Signer {
        Signer::new(&Keys::derive(b"secret", "c".into()))
    }

    #[test]
    fn a_sealed_id_opens_at_its_own_position_only() {
        let s = signer();
        let value = s.seal(2, "abc");
        assert_eq!(s.open(2, &value).as_deref(), Some("abc"));
        assert_eq!(s.open(3, &value), None);
    }

    #[test]
    fn an_edited_id_is_refused() {
        let s = signer();
        let value = s.seal(0, "abc");
        let mac = value.rsplit_once('.').unwrap().1;
        assert_eq!(s.open(0, &format!("abd.{mac}")), None);
        assert_eq!(s.open(0, "garbage"), None);
        assert_eq!(s.open(0, &format!(".{}", s.mac(0, ""))), None);
    }

    #[test]
    fn twenty_full_cookies_stay_under_4_kb() {
        let s = signer();
        let header: Vec<String> = (0..MAX_ENTRIES)
            .map(|i| format!("{}={}", cookie_name(i), s.seal(i, &new_id())))
            .collect();
        let header = header.join("; ");
        assert!(header.len() < 4096 / 2, "{} bytes", header.len());
    }

    #[test]
    fn a_split_body_names_its_part_before_the_extension() {
        let mut e = Entry {
            upload: "u".into(),
            name: "plaque.v2.stl".into(),
            size: 1,
            unit: Unit::Mm,
            options: PriceOptions::default(),
            part: None,
            body: None,
            other_units: Vec::new(),
        };
        assert_eq!(e.part_name(), "plaque.v2.stl");
        e.body = Some(1);
        assert_eq!(e.part_name(), "plaque.v2 (corps 2).stl");
        e.name = "sans_extension".into();
        assert_eq!(e.part_name(), "sans_extension (corps 2)");
    }

    #[test]
    fn an_entry_stored_before_bodies_existed_reads_as_the_whole_file() {
        let json = r#"{"upload":"u","name":"a.stl","size":1,"unit":"mm","options":{"process":"SLA","material":null,"colour":null,"finish":null,"post_treatments":[],"quantity":1,"express":false},"part":null}"#;
        let e: Entry = serde_json::from_str(json).unwrap();
        assert_eq!(e.body, None);
        assert!(!serde_json::to_string(&e).unwrap().contains("body"));
    }

    #[test]
    fn positions_outside_the_quote_are_refused_in_french() {
        assert_eq!(check_index(0), Ok(0));
        assert_eq!(check_index(19), Ok(19));
        assert!(check_index(20)
            .unwrap_err()
            .starts_with("Position de devis invalide"));
        assert!(check_index(-1).is_err());
    }
}
