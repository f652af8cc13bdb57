//! Validation of the address and company payloads: every field is checked, and every refusal
//! is collected as a French message so that the form can show them all at once.

use serde::Deserialize;
use serde_json::Value;

use crate::countries;
use crate::db::companies::NewCompany;
use crate::domain::{text, DomainError, Nom, Phone, PostalCode, Prenom, Siren, VatNumber};

/// Maximum length of a company name.
const COMPANY_MAX: usize = 120;

/// The payload of `POST Adresses` and `PUT Adresses/{id}`, as the web app sends it.
#[derive(Debug, Default, Deserialize)]
pub struct AddressBody {
    /// Country code (`"fr"`), or the country object `{code, name}`.
    #[serde(rename = "idPays")]
    pub id_pays: Option<Value>,
    pub ville: Option<String>,
    #[serde(rename = "codePostal")]
    pub code_postal: Option<String>,
    pub rue: Option<String>,
    pub complement: Option<String>,
    pub nom: Option<String>,
    pub prenom: Option<String>,
    pub tel: Option<String>,
    pub nom_entreprise: Option<String>,
    pub numero_tva: Option<String>,
    /// The company's SIREN (nine digits, spaces allowed), optional.
    pub siren: Option<String>,
}

/// A company's validated fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompanyInput {
    /// Name.
    pub nom: String,
    /// Normalised intra-EU VAT number, if given.
    pub tva: Option<String>,
    /// SIREN (nine digits), if given.
    pub siren: Option<String>,
}

impl CompanyInput {
    /// The fields to store.
    pub fn fields(&self) -> NewCompany<'_> {
        NewCompany {
            nom: &self.nom,
            tva: self.tva.as_deref(),
            siren: self.siren.as_deref(),
        }
    }
}

/// An address's validated fields.
#[derive(Debug, Clone)]
pub struct AddressInput {
    pub country_code: String,
    pub ville: String,
    pub code_postal: String,
    pub rue: String,
    pub complement: String,
    pub nom: String,
    pub prenom: String,
    pub tel: String,
    /// The company, when a name was given.
    pub company: Option<CompanyInput>,
}

fn str_of(v: &Option<String>) -> &str {
    v.as_deref().unwrap_or_default()
}

fn country_code(value: Option<&Value>) -> Option<String> {
    let code = match value? {
        Value::String(s) => s.as_str(),
        Value::Object(o) => o.get("code")?.as_str()?,
        _ => return None,
    };
    countries::find(code).map(|c| c.code.to_owned())
}

/// Validates a company: blank name, number and SIREN mean "no company"; a number or a SIREN
/// needs a name; a SIREN must pass its check and, with a French VAT number, be the one inside it.
pub fn company(
    nom: Option<&str>,
    tva: Option<&str>,
    siren: Option<&str>,
) -> Result<Option<CompanyInput>, Vec<String>> {
    let mut errors = Vec::new();
    let nom = text::optional(nom.unwrap_or_default(), "nom de l'entreprise", COMPANY_MAX)
        .map_err(|e| errors.push(e.to_string()))
        .ok()
        .flatten();
    let tva_raw = tva.unwrap_or_default().trim();
    let tva = if tva_raw.is_empty() {
        None
    } else {
        VatNumber::parse(tva_raw)
            .map_err(|e| errors.push(e.to_string()))
            .ok()
    };
    let siren_raw = siren.unwrap_or_default().trim();
    let siren = if siren_raw.is_empty() {
        None
    } else {
        Siren::parse(siren_raw)
            .map_err(|e| errors.push(e.to_string()))
            .ok()
    };
    if let (Some(vat), Some(siren)) = (&tva, &siren) {
        if vat.french_siren().is_some_and(|s| s != *siren) {
            errors.push(DomainError::SirenVatMismatch.to_string());
        }
    }
    if nom.is_none() && errors.is_empty() {
        if !tva_raw.is_empty() {
            errors.push("Indiquez le nom de l'entreprise de ce numéro de TVA.".to_owned());
        } else if !siren_raw.is_empty() {
            errors.push("Indiquez le nom de l'entreprise de ce numéro SIREN.".to_owned());
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(nom.map(|nom| CompanyInput {
        nom,
        tva: tva.map(|v| v.as_str().to_owned()),
        siren: siren.map(|s| s.as_str().to_owned()),
    }))
}

/// Validates a whole address.
pub fn address(body: &AddressBody) -> Result<AddressInput, Vec<String>> {
    let mut errors = Vec::new();
    let mut push = |e: String| errors.push(e);
    let country = country_code(body.id_pays.as_ref());
    if country.is_none() {
        push("Choisissez un pays dans la liste.".to_owned());
    }
    let nom = Nom::parse(str_of(&body.nom))
        .map_err(|e| push(e.to_string()))
        .ok();
    let prenom = Prenom::parse(str_of(&body.prenom))
        .map_err(|e| push(e.to_string()))
        .ok();
    let rue = text::required(str_of(&body.rue), "adresse", 200)
        .map_err(|e| push(e.to_string()))
        .ok();
    let complement = text::optional(str_of(&body.complement), "complément d'adresse", 200)
        .map_err(|e| push(e.to_string()))
        .ok();
    let ville = text::required(str_of(&body.ville), "ville", 100)
        .map_err(|e| push(e.to_string()))
        .ok();
    let code_postal = match country.as_deref() {
        Some(c) => PostalCode::parse(str_of(&body.code_postal), c)
            .map_err(|e| push(e.to_string()))
            .ok(),
        None => None,
    };
    let tel = match str_of(&body.tel).trim() {
        "" => Some(String::new()),
        t => Phone::parse(t)
            .map(|p| p.as_str().to_owned())
            .map_err(|e| push(e.to_string()))
            .ok(),
    };
    let company = company(
        body.nom_entreprise.as_deref(),
        body.numero_tva.as_deref(),
        body.siren.as_deref(),
    )
    .map_err(|es| es.into_iter().for_each(&mut push))
    .ok();
    match (
        country,
        nom,
        prenom,
        rue,
        complement,
        ville,
        code_postal,
        tel,
        company,
    ) {
        (
            Some(country_code),
            Some(nom),
            Some(prenom),
            Some(rue),
            Some(complement),
            Some(ville),
            Some(cp),
            Some(tel),
            Some(company),
        ) if errors.is_empty() => Ok(AddressInput {
            country_code,
            ville,
            code_postal: cp.as_str().to_owned(),
            rue,
            complement: complement.unwrap_or_default(),
            nom: nom.as_str().to_owned(),
            prenom: prenom.as_str().to_owned(),
            tel,
            company,
        }),
        _ => Err(errors),
    }
}

#[cfg(test)]
#[path = "input_tests.rs"]
mod tests;
