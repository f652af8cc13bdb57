//! Status changes of an order and the documents they issue, inside the caller's transaction:
//! "payée" from "en attente de paiement" records the payment and issues the invoice
//! (`FA-YYYY-NNNNNN`, Paris year, from the `counters` row: no gap, no duplicate, never `MAX + 1`),
//! frozen as `InvoiceData` JSON; "annulée" after payment issues the credit note
//! (`AV-YYYY-NNNNNN`) that references the invoice. An invoice is never edited.

use serde_json::Value;
use sqlx::AnyConnection;

use super::error::CommerceError;
use super::order_status::{Machine, OrderStatus};
use crate::db::counters;
use crate::db::invoices::{self, NewDocument};
use crate::db::orders::{self, OrderRow};
use crate::documents::{
    CreditNoteData, DocLine, DocTotals, InvoiceData, Party, PostalAddress, Seller, VatRegime,
    ViesProof,
};
use crate::domain::paris_time::paris_year;
use crate::domain::Cents;

/// Answer for an unknown order.
pub const ORDER_NOT_FOUND: &str = "Cette commande est introuvable.";

/// What a status change did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// The order's number.
    pub order_number: String,
    /// Status before.
    pub from: OrderStatus,
    /// Status after.
    pub to: OrderStatus,
    /// Number of the invoice issued by this change.
    pub invoice: Option<String>,
    /// Number of the credit note issued by this change.
    pub credit_note: Option<String>,
    /// The customer's e-mail at ordering.
    pub customer_email: String,
    /// Total incl. VAT, cents.
    pub total_ttc_cents: i64,
}

/// Who changes the order and why.
#[derive(Debug, Clone, Copy)]
pub struct Actor<'a> {
    /// The admin's account, `None` for the payment provider.
    pub account_id: Option<i64>,
    /// Note kept in the history (and the credit note's reason).
    pub note: &'a str,
}

/// Moves the order `order_id` to `to` in the caller's transaction, issuing the invoice or the
/// credit note the move calls for. `lock` is `Db::for_update()`. An illegal move is a 409 with the
/// French reason, and nothing is written.
pub async fn change_status(
    tx: &mut AnyConnection,
    lock: &str,
    order_id: i64,
    to: OrderStatus,
    actor: Actor<'_>,
    seller: &Seller,
    now: i64,
) -> Result<Change, CommerceError> {
    let order = orders::find_row(tx, order_id, lock)
        .await?
        .ok_or_else(|| CommerceError::NotFound(ORDER_NOT_FOUND.to_owned()))?;
    let from = OrderStatus::parse(&order.head.status).ok_or_else(|| {
        CommerceError::Internal(anyhow::anyhow!(
            "order {order_id}: status {:?}",
            order.head.status
        ))
    })?;
    let machine = Machine::of(order.due_at);
    from.check_in(to, machine)
        .map_err(CommerceError::Conflict)?;
    let mut change = Change {
        order_number: order.head.numero.clone(),
        from,
        to,
        invoice: None,
        credit_note: None,
        customer_email: order.customer_email.clone(),
        total_ttc_cents: order.head.total_ttc_cents,
    };
    let paid_at = (to == OrderStatus::Paid).then_some(now);
    orders::set_status(tx, order_id, to.as_str(), paid_at, now).await?;
    orders::insert_status(
        tx,
        order_id,
        Some(from.as_str()),
        to.as_str(),
        actor.note,
        actor.account_id,
        now,
    )
    .await?;
    if to == OrderStatus::Paid {
        change.invoice = Some(match machine {
            Machine::PaidFirst => issue_invoice(tx, &order, seller, now, None).await?,
            // Its invoice was issued when it was placed.
            Machine::OnTerms => invoices::invoice_of_order(tx, order_id)
                .await?
                .map(|(_, number, _)| number)
                .ok_or_else(|| {
                    CommerceError::internal(format!("order {order_id} on terms without invoice"))
                })?,
        });
    }
    if to == OrderStatus::Cancelled {
        if let Some((invoice_id, _, data)) = invoices::invoice_of_order(tx, order_id).await? {
            let invoice: InvoiceData = serde_json::from_str(&data)
                .map_err(|e| CommerceError::Internal(anyhow::anyhow!("invoice data: {e}")))?;
            change.credit_note =
                Some(issue_credit_note(tx, invoice_id, &invoice, actor.note, seller, now).await?);
        }
    }
    Ok(change)
}

/// A printed party from an address snapshot (`AddressView` JSON).
pub fn party(snapshot: &str, email: Option<&str>) -> Party {
    let v: Value = serde_json::from_str(snapshot).unwrap_or(Value::Null);
    let s = |k: &str| v[k].as_str().unwrap_or_default().trim().to_owned();
    let mut lines = vec![s("rue")];
    if !s("complement").is_empty() {
        lines.push(s("complement"));
    }
    lines.push(
        format!("{} {}", s("codePostal"), s("ville"))
            .trim()
            .to_owned(),
    );
    if let Some(country) = v["idPays"]["name"].as_str() {
        lines.push(country.to_owned());
    }
    let company = &v["entreprise"];
    let postal = PostalAddress {
        street: s("rue"),
        complement: s("complement"),
        postcode: s("codePostal"),
        city: s("ville"),
        country_code: v["idPays"]["code"]
            .as_str()
            .unwrap_or_default()
            .trim()
            .to_ascii_uppercase(),
    };
    let party = Party {
        name: format!("{} {}", s("prenom"), s("nom")).trim().to_owned(),
        company: company["nom_Entreprise"].as_str().map(str::to_owned),
        address_lines: lines.into_iter().filter(|l| !l.is_empty()).collect(),
        vat_number: company["numero_Tva"]
            .as_str()
            .filter(|n| !n.is_empty())
            .map(str::to_owned),
        email: email.map(str::to_owned),
        postal: Some(postal),
        siren: company["siren"]
            .as_str()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned),
    };
    with_siren(party)
}

/// The SIREN in a French VAT number: its nine digits after `FR` and the key (`FRkk` + SIREN).
pub fn siren_of_vat(vat: &str) -> Option<String> {
    let compact: String = vat.chars().filter(|c| !c.is_whitespace()).collect();
    let digits = compact.strip_prefix("FR")?.get(2..)?;
    (digits.len() == 9 && digits.bytes().all(|b| b.is_ascii_digit())).then(|| digits.to_owned())
}

/// The SIREN of a company: the one it gave, else the one of its French VAT number; none for a
/// consumer.
fn with_siren(mut p: Party) -> Party {
    let company = p.company.as_deref().is_some_and(|c| !c.trim().is_empty());
    p.siren = if company {
        p.siren
            .take()
            .or_else(|| p.vat_number.as_deref().and_then(siren_of_vat))
    } else {
        None
    };
    p
}

fn doc_totals(order: &OrderRow) -> DocTotals {
    DocTotals {
        subtotal_ht: Cents(order.subtotal_cents),
        discount: Cents(order.discount_cents),
        discount_label: (!order.discount_code.is_empty())
            .then(|| format!("Code {}", order.discount_code)),
        shipping: Cents(order.shipping_cents),
        total_ht: Cents(order.total_ht_cents),
        vat_rate_bp: order.vat_rate_bp,
        vat: Cents(order.vat_cents),
        total_ttc: Cents(order.head.total_ttc_cents),
    }
}

/// The VIES consultation an order's intra-EU supply rests on.
fn vies_proof(order: &OrderRow) -> Option<ViesProof> {
    order.vies_checked_at.map(|checked_at| ViesProof {
        request_identifier: order.vies_request_identifier.clone(),
        checked_at,
    })
}

/// The invoice data of a paid order, as frozen at issue.
pub fn invoice_data(
    order: &OrderRow,
    lines: &[orders::LineRow],
    number: &str,
    seller: &Seller,
    now: i64,
) -> InvoiceData {
    let mut buyer = party(&order.billing_address, Some(&order.customer_email));
    if !order.buyer_vat_number.is_empty() {
        // The number VIES confirmed is the one the exemption rests on.
        buyer.vat_number = Some(order.buyer_vat_number.clone());
        buyer = with_siren(buyer);
    }
    let business = buyer.company.is_some();
    let regime = VatRegime::parse(&order.vat_regime).unwrap_or(VatRegime::France);
    InvoiceData {
        number: number.to_owned(),
        issued_at: now,
        due_at: now,
        paid_at: Some(now),
        payment_method: order.head.payment_method.clone(),
        order_number: order.head.numero.clone(),
        buyer_reference: (!order.buyer_reference.is_empty()).then(|| order.buyer_reference.clone()),
        seller: seller.clone(),
        delivery: party(&order.shipping_address, None),
        buyer,
        lines: lines
            .iter()
            .map(|l| DocLine {
                designation: l.designation.clone(),
                details: Vec::new(),
                quantity: l.quantite,
                unit_price_ht: DocLine::unit_price_of(Cents(l.line_total_cents), l.quantite),
                vat_rate_bp: order.vat_rate_bp,
                total_ht: Cents(l.line_total_cents),
            })
            .collect(),
        totals: doc_totals(order),
        vat_regime: regime,
        vat_exemption: regime.exemption(vies_proof(order)),
        business,
        factur_x: true,
    }
}

/// Issues the invoice of the order `order_id` on payment terms when it is placed, in the order's
/// transaction: not paid, due on `due_at`. Returns its number.
pub async fn issue_on_terms(
    tx: &mut AnyConnection,
    order_id: i64,
    seller: &Seller,
    now: i64,
    due_at: i64,
) -> Result<String, CommerceError> {
    let order = orders::find_row(tx, order_id, "")
        .await?
        .ok_or_else(|| CommerceError::NotFound(ORDER_NOT_FOUND.to_owned()))?;
    issue_invoice(tx, &order, seller, now, Some(due_at)).await
}

/// Issues the invoice of `order`: paid at `now`, or due on `due_at` (an order on terms).
async fn issue_invoice(
    tx: &mut AnyConnection,
    order: &OrderRow,
    seller: &Seller,
    now: i64,
    due_at: Option<i64>,
) -> Result<String, CommerceError> {
    let year = paris_year(now);
    let seq = counters::next(tx, "FA", year).await?;
    let number = counters::format_number("FA", year, seq);
    let lines = orders::lines(tx, order.head.id).await?;
    let mut data = invoice_data(order, &lines, &number, seller, now);
    if let Some(due) = due_at {
        data.due_at = due;
        data.paid_at = None;
    }
    let json = serde_json::to_string(&data).map_err(|e| CommerceError::Internal(e.into()))?;
    invoices::insert_invoice(
        tx,
        order.head.id,
        &NewDocument {
            number: &number,
            year,
            seq,
            issued_at: now,
            total_ttc_cents: order.head.total_ttc_cents,
            data: &json,
        },
    )
    .await?;
    Ok(number)
}

async fn issue_credit_note(
    tx: &mut AnyConnection,
    invoice_id: i64,
    invoice: &InvoiceData,
    reason: &str,
    seller: &Seller,
    now: i64,
) -> Result<String, CommerceError> {
    let year = paris_year(now);
    let seq = counters::next(tx, "AV", year).await?;
    let number = counters::format_number("AV", year, seq);
    let reason = if reason.trim().is_empty() {
        "Annulation de la commande".to_owned()
    } else {
        reason.trim().to_owned()
    };
    let data = CreditNoteData {
        number: number.clone(),
        issued_at: now,
        invoice_number: invoice.number.clone(),
        invoice_issued_at: invoice.issued_at,
        reason: reason.clone(),
        order_number: invoice.order_number.clone(),
        buyer_reference: invoice.buyer_reference.clone(),
        seller: seller.clone(),
        buyer: invoice.buyer.clone(),
        lines: invoice.lines.clone(),
        totals: invoice.totals.clone(),
        vat_regime: invoice.vat_regime,
        vat_exemption: invoice.vat_exemption.clone(),
        delivery: Some(invoice.delivery.clone()),
        business: invoice.business,
        // A credit note of an invoice issued before Factur-X is a Factur-X credit note too: the
        // new format starts with the next number of each series.
        factur_x: true,
    };
    let json = serde_json::to_string(&data).map_err(|e| CommerceError::Internal(e.into()))?;
    invoices::insert_credit_note(
        tx,
        invoice_id,
        &reason,
        &NewDocument {
            number: &number,
            year,
            seq,
            issued_at: now,
            total_ttc_cents: invoice.totals.total_ttc.get(),
            data: &json,
        },
    )
    .await?;
    Ok(number)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_party_is_read_from_the_address_snapshot() {
        let snapshot = r#"{"idAdresse":1,"idPays":{"code":"de","name":"Allemagne"},"ville":"Berlin",
            "codePostal":"10115","rue":"1 Hauptstraße","complement":"","nom":"Muster","prenom":"Max",
            "tel":"+49301234567","entreprise":{"id_entreprise":2,"nom_Entreprise":"Muster GmbH","numero_Tva":"DE123456789"}}"#;
        let p = party(snapshot, Some("max@muster.de"));
        assert_eq!(p.name, "Max Muster");
        assert_eq!(p.company.as_deref(), Some("Muster GmbH"));
        assert_eq!(p.vat_number.as_deref(), Some("DE123456789"));
        assert_eq!(
            p.address_lines,
            ["1 Hauptstraße", "10115 Berlin", "Allemagne"]
        );
        assert_eq!(p.email.as_deref(), Some("max@muster.de"));
        let postal = p.postal.unwrap();
        assert_eq!(
            (postal.postcode.as_str(), postal.city.as_str()),
            ("10115", "Berlin")
        );
        assert_eq!(postal.country_code, "DE");
        assert_eq!(p.siren, None);
    }

    fn french_company(entreprise: &str) -> String {
        format!(
            r#"{{"idPays":{{"code":"fr","name":"France"}},"ville":"Lyon","codePostal":"69003",
            "rue":"12 rue de la Part-Dieu","complement":"","nom":"Dupont","prenom":"Jeanne",
            "tel":"","entreprise":{entreprise}}}"#
        )
    }

    #[test]
    fn a_company_s_own_siren_is_taken_before_its_vat_number_s() {
        let given = french_company(
            r#"{"id_entreprise":1,"nom_Entreprise":"Atelier","numero_Tva":null,"siren":"732829320"}"#,
        );
        assert_eq!(party(&given, None).siren.as_deref(), Some("732829320"));
        let from_vat = french_company(
            r#"{"id_entreprise":1,"nom_Entreprise":"Atelier","numero_Tva":"FR40303265045","siren":null}"#,
        );
        assert_eq!(party(&from_vat, None).siren.as_deref(), Some("303265045"));
        // A snapshot taken before companies had a SIREN has no key.
        let old = french_company(
            r#"{"id_entreprise":1,"nom_Entreprise":"Atelier","numero_Tva":"FR40303265045"}"#,
        );
        assert_eq!(party(&old, None).siren.as_deref(), Some("303265045"));
        let neither =
            french_company(r#"{"id_entreprise":1,"nom_Entreprise":"Atelier","numero_Tva":null}"#);
        assert_eq!(party(&neither, None).siren, None);
        assert_eq!(party(&french_company("null"), None).siren, None);
    }

    #[test]
    fn a_french_company_s_siren_comes_from_its_vat_number() {
        assert_eq!(siren_of_vat("FR40 303265045").as_deref(), Some("303265045"));
        assert_eq!(siren_of_vat("DE123456789"), None);
        assert_eq!(siren_of_vat("FR4030326504"), None);
    }
}
