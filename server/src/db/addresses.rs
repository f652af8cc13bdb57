//! The `addresses` table, read with its country and company in the specification's shape
//! (`idAdresse`, `idPays {code, name}`, ..., `entreprise {nom_Entreprise, numero_Tva, siren}`).

use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::vies_checks::ViesState;

/// A country as the web app's selector reads it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "AddressCountry"))]
pub struct CountryView {
    /// Two-letter lower-case code.
    pub code: String,
    /// French name.
    pub name: String,
}

/// The company attached to an address, as the server returns it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "AddressCompany"))]
pub struct CompanyView {
    /// Company id.
    #[serde(rename = "id_entreprise")]
    pub id: i64,
    /// Company name.
    #[serde(rename = "nom_Entreprise")]
    pub nom_entreprise: String,
    /// Intra-EU VAT number.
    #[serde(rename = "numero_Tva")]
    pub numero_tva: Option<String>,
    /// SIREN (nine digits), when the customer gave it.
    pub siren: Option<String>,
    /// The latest VIES check of the number (`None`: never checked).
    pub vies: Option<ViesState>,
}

/// An address as the API returns it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Address"))]
#[serde(rename_all = "camelCase")]
pub struct AddressView {
    /// Address id.
    pub id_adresse: i64,
    /// Country.
    pub id_pays: CountryView,
    /// City.
    pub ville: String,
    /// Postcode.
    pub code_postal: String,
    /// Street.
    pub rue: String,
    /// Extra line.
    pub complement: String,
    /// Last name.
    pub nom: String,
    /// First name.
    pub prenom: String,
    /// Phone.
    pub tel: String,
    /// Company, if any.
    pub entreprise: Option<CompanyView>,
}

/// The SELECT that every address read shares (`a` addresses, `c` countries, `e` companies, and
/// the latest VIES check of the company's number).
pub const VIEW_SELECT: &str =
    "SELECT a.id, a.account_id, a.country_code, COALESCE(c.nom, a.country_code) AS country_name, \
     a.ville, a.code_postal, a.rue, a.complement, a.nom, a.prenom, a.tel, \
     e.id AS company_id, e.nom_entreprise, e.numero_tva, e.siren, \
     (SELECT v.outcome FROM vies_checks v WHERE v.vat_number = e.numero_tva \
      ORDER BY v.checked_at DESC, v.id DESC LIMIT 1) AS vies_outcome, \
     (SELECT v.checked_at FROM vies_checks v WHERE v.vat_number = e.numero_tva \
      ORDER BY v.checked_at DESC, v.id DESC LIMIT 1) AS vies_checked_at \
     FROM addresses a LEFT JOIN countries c ON c.code = a.country_code \
     LEFT JOIN companies e ON e.id = a.company_id";

/// Reads a row of [`VIEW_SELECT`].
pub fn view_from_row(row: &AnyRow) -> Result<AddressView, sqlx::Error> {
    let company_id: Option<i64> = row.try_get("company_id")?;
    let entreprise = match company_id {
        Some(id) => {
            let outcome: Option<String> = row.try_get("vies_outcome")?;
            let checked_at: Option<i64> = row.try_get("vies_checked_at")?;
            Some(CompanyView {
                id,
                nom_entreprise: row.try_get("nom_entreprise")?,
                numero_tva: row.try_get("numero_tva")?,
                siren: row.try_get("siren")?,
                vies: outcome.zip(checked_at).map(|(o, at)| ViesState::of(&o, at)),
            })
        }
        None => None,
    };
    Ok(AddressView {
        id_adresse: row.try_get("id")?,
        id_pays: CountryView {
            code: row.try_get("country_code")?,
            name: row.try_get("country_name")?,
        },
        ville: row.try_get("ville")?,
        code_postal: row.try_get("code_postal")?,
        rue: row.try_get("rue")?,
        complement: row.try_get("complement")?,
        nom: row.try_get("nom")?,
        prenom: row.try_get("prenom")?,
        tel: row.try_get("tel")?,
        entreprise,
    })
}

/// Every address of an account, oldest first.
pub async fn list_for_account(
    conn: &mut AnyConnection,
    account_id: i64,
) -> Result<Vec<AddressView>, sqlx::Error> {
    let sql = format!("{VIEW_SELECT} WHERE a.account_id = $1 ORDER BY a.id");
    let rows = sqlx::query(&sql)
        .bind(account_id)
        .fetch_all(&mut *conn)
        .await?;
    rows.iter().map(view_from_row).collect()
}

/// The address `id` when it belongs to the account (`None` for another account's).
pub async fn find_owned(
    conn: &mut sqlx::AnyConnection,
    id: i64,
    account_id: i64,
) -> Result<Option<AddressView>, sqlx::Error> {
    let sql = format!("{VIEW_SELECT} WHERE a.id = $1 AND a.account_id = $2");
    let row = sqlx::query(&sql)
        .bind(id)
        .bind(account_id)
        .fetch_optional(conn)
        .await?;
    row.as_ref().map(view_from_row).transpose()
}
