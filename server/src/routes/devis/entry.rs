//! The quote entries of `/devis_ligne`, one signed cookie per position (`fa_devis_0`,
//! `fa_devis_1`, ...): the uploaded file, its unit, the customer's options and, once the server
//! has analysed it, the part. The HMAC makes a forged or edited entry count as absent, so the
//! browser can never change which analysis a price is computed from.

use axum_extra::extract::cookie::{Cookie, SameSite};
use axum_extra::extract::CookieJar;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use cookie::time::Duration;
use quote_core::{PriceOptions, Unit};
use serde::{Deserialize, Serialize};

use crate::auth::tokens::{hmac_hex, same};
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
}

/// What the web app reads of an entry (`cookieData`, `get-cookies`).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EntryView {
    /// Position.
    pub index: usize,
    /// File name.
    pub file_name: String,
    /// Size in bytes.
    pub size: u64,
    /// Unit.
    pub unit: Unit,
    /// Options.
    pub options: PriceOptions,
    /// The analysed part (`Id_Piece`), if any.
    pub part_id: Option<i64>,
    /// Whether the server has analysed the file in this unit.
    pub analysed: bool,
}

impl Entry {
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
        }
    }
}

/// Signs entries with a key derived from the shared secret, so every instance can read them.
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

    fn mac(&self, index: usize, payload: &str) -> String {
        // The index is signed too: an entry cannot be moved to another position.
        hmac_hex(&self.key, &format!("{index}.{payload}"))
    }

    /// The cookie value of an entry at `index`.
    pub fn seal(&self, index: usize, entry: &Entry) -> String {
        let json = serde_json::to_vec(entry).expect("an entry always serialises");
        let payload = URL_SAFE_NO_PAD.encode(json);
        let mac = self.mac(index, &payload);
        format!("{payload}.{mac}")
    }

    /// The entry of a well-signed cookie value, `None` for anything else.
    pub fn open(&self, index: usize, value: &str) -> Option<Entry> {
        let (payload, mac) = value.rsplit_once('.')?;
        if !same(&self.mac(index, payload), mac) {
            return None;
        }
        let json = URL_SAFE_NO_PAD.decode(payload).ok()?;
        serde_json::from_slice(&json).ok()
    }

    /// The entry at `index` in the request's cookies.
    pub fn read(&self, jar: &CookieJar, index: usize) -> Option<Entry> {
        jar.get(&cookie_name(index))
            .and_then(|c| self.open(index, c.value()))
    }

    /// Every valid entry, by position.
    pub fn read_all(&self, jar: &CookieJar) -> Vec<(usize, Entry)> {
        (0..MAX_ENTRIES)
            .filter_map(|i| self.read(jar, i).map(|e| (i, e)))
            .collect()
    }

    /// The cookie that stores `entry` at `index`.
    pub fn cookie(&self, index: usize, entry: &Entry, secure: bool) -> Cookie<'static> {
        build(
            cookie_name(index),
            self.seal(index, entry),
            secure,
            ENTRY_TTL,
        )
    }
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

    fn entry() -> Entry {
        Entry {
            upload: "tok".into(),
            name: "cube.stl".into(),
            size: 684,
            unit: Unit::Mm,
            options: PriceOptions::for_process("SLS"),
            part: Some(7),
        }
    }

    #[test]
    fn a_sealed_entry_opens_at_its_own_position_only() {
        let s = signer();
        let value = s.seal(2, &entry());
        assert_eq!(s.open(2, &value), Some(entry()));
        assert_eq!(s.open(3, &value), None);
    }

    #[test]
    fn an_edited_entry_is_refused() {
        let s = signer();
        let value = s.seal(0, &entry());
        let mut forged = entry();
        forged.part = Some(8);
        let forged_payload = URL_SAFE_NO_PAD.encode(serde_json::to_vec(&forged).unwrap());
        let mac = value.rsplit_once('.').unwrap().1;
        assert_eq!(s.open(0, &format!("{forged_payload}.{mac}")), None);
        assert_eq!(s.open(0, "garbage"), None);
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
