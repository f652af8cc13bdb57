//! What a page shows, as French text: the renderers turn an [`InvoiceData`], a
//! [`CreditNoteData`] or a [`QuoteData`] into a [`View`] (every amount, date, label and legal
//! mention already written out), and the layout (`render`) only places those strings.

use super::vat_regime::{self, VatRegime};
use super::{CreditNoteData, DocLine, DocTotals, InvoiceData, Party, QuoteData, Seller};
use crate::domain::paris_time::{fr_date, fr_date_long};
use crate::domain::Cents;

/// No-break space (before a colon, as French typography wants).
const NBSP: char = '\u{a0}';

/// Which document: the layout adds the signature box of a quote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Invoice,
    CreditNote,
    Quote,
}

/// A labelled value (`Date`, `22/11/2026`).
#[derive(Debug, Clone)]
pub struct Field {
    pub label: String,
    pub value: String,
}

/// A boxed party (`Facturé à`, then its lines).
#[derive(Debug, Clone)]
pub struct PartyView {
    pub heading: String,
    pub lines: Vec<String>,
}

/// One row of the lines table.
#[derive(Debug, Clone)]
pub struct LineView {
    pub designation: String,
    pub details: Vec<String>,
    pub quantity: String,
    pub unit: String,
    pub vat: String,
    pub total: String,
}

/// One row of the totals block; `strong` rows are the totals excl. and incl. VAT.
#[derive(Debug, Clone)]
pub struct TotalRow {
    pub label: String,
    pub value: String,
    pub strong: bool,
}

/// A titled box of lines (the bank details of a transfer).
#[derive(Debug, Clone)]
pub struct Panel {
    pub heading: String,
    pub lines: Vec<String>,
}

/// Everything one document prints, as text.
#[derive(Debug, Clone)]
pub struct View {
    pub kind: Kind,
    /// `FACTURE`, `AVOIR`, `DEVIS`.
    pub title: String,
    pub number: String,
    /// Under the number (dates, order number).
    pub meta: Vec<Field>,
    pub seller_name: String,
    /// Address, identifiers and contact of the seller.
    pub seller_lines: Vec<String>,
    pub parties: Vec<PartyView>,
    /// A highlighted notice above the lines (what a credit note cancels, that a quote is not an
    /// invoice).
    pub notice: Vec<String>,
    pub lines: Vec<LineView>,
    pub totals: Vec<TotalRow>,
    /// Legal mentions under the totals.
    pub mentions: Vec<String>,
    pub panel: Option<Panel>,
    /// The seller's legal identity, repeated at the foot of every page (one printed line each).
    pub footer: Vec<String>,
}

/// `20 %`, `5,5 %`: a rate in basis points, the French way.
pub fn rate_fr(bp: i64) -> String {
    let whole = bp / 100;
    let frac = (bp % 100).abs();
    let mut s = if frac == 0 {
        whole.to_string()
    } else if frac % 10 == 0 {
        format!("{whole},{}", frac / 10)
    } else {
        format!("{whole},{frac:02}")
    };
    if bp < 0 && whole == 0 {
        s.insert(0, '-');
    }
    format!("{s}{NBSP}%")
}

/// `Label : value` with the no-break space French puts before a colon.
fn labelled(label: &str, value: &str) -> String {
    format!("{label}{NBSP}: {value}")
}

fn field(label: &str, value: String) -> Field {
    Field {
        label: label.to_owned(),
        value,
    }
}

fn seller_lines(s: &Seller) -> Vec<String> {
    let mut lines = s.address_lines.clone();
    lines.push(labelled("SIRET", &s.siret));
    lines.push(labelled("TVA intracommunautaire", &s.vat_number));
    lines.push(format!("{} · {}", s.email, s.phone));
    lines
}

fn footer(s: &Seller) -> Vec<String> {
    vec![
        format!("{} · {} · {}", s.legal_name, s.legal_form, s.rcs),
        format!(
            "SIREN {} · SIRET {} · TVA intracommunautaire {}",
            s.siren, s.siret, s.vat_number
        ),
    ]
}

/// The reform's mentions of a Factur-X document (CGI art. 242 nonies A as amended for
/// e-invoicing): the category of operation, and that VAT is not paid on debits (for goods it is
/// due on delivery, CGI art. 269; the option exists for services only).
fn reform_mentions() -> Vec<String> {
    vec![
        labelled("Catégorie de l’opération", "livraison de biens"),
        labelled(
            "Option pour le paiement de la TVA d’après les débits",
            "non (TVA exigible à la livraison)",
        ),
    ]
}

/// `Votre référence : …`: the buyer's own order reference, highlighted above the lines.
fn buyer_reference(reference: Option<&str>) -> Option<String> {
    reference
        .filter(|r| !r.trim().is_empty())
        .map(|r| labelled("Votre référence", r))
}

/// A buyer with its SIREN printed (a company's) when `with_siren`: on Factur-X documents and on
/// quotes; documents frozen before Factur-X render as they were.
fn party_fx(heading: &str, p: &Party, with_siren: bool) -> PartyView {
    let mut view = party(heading, p);
    if let Some(siren) = p.siren.as_deref().filter(|s| with_siren && !s.is_empty()) {
        let at = view.lines.len()
            - usize::from(p.email.as_deref().is_some_and(|e| !e.trim().is_empty()));
        view.lines.insert(at, labelled("SIREN", siren));
    }
    view
}

fn party(heading: &str, p: &Party) -> PartyView {
    let mut lines = Vec::new();
    if let Some(company) = p.company.as_deref().filter(|c| !c.trim().is_empty()) {
        lines.push(company.to_owned());
    }
    lines.push(p.name.clone());
    lines.extend(p.address_lines.iter().cloned());
    if let Some(vat) = p.vat_number.as_deref().filter(|v| !v.trim().is_empty()) {
        lines.push(labelled("N° TVA intracommunautaire", vat));
    }
    if let Some(email) = p.email.as_deref().filter(|e| !e.trim().is_empty()) {
        lines.push(email.to_owned());
    }
    PartyView {
        heading: heading.to_owned(),
        lines,
    }
}

/// The lines; `sign` is -1 on a credit note, whose amounts are credits.
fn lines(lines: &[DocLine], sign: i64) -> Vec<LineView> {
    lines
        .iter()
        .map(|l| LineView {
            designation: l.designation.clone(),
            details: l.details.clone(),
            quantity: l.quantity.to_string(),
            unit: Cents(l.unit_price_ht.get() * sign).fr(),
            vat: rate_fr(l.vat_rate_bp),
            total: Cents(l.total_ht.get() * sign).fr(),
        })
        .collect()
}

/// Subtotal, discount, shipping, total excl. VAT, the VAT breakdown, total incl. VAT.
fn totals(t: &DocTotals, regime: VatRegime, sign: i64, ttc_label: &str) -> Vec<TotalRow> {
    let amount = |c: Cents| Cents(c.get() * sign).fr();
    let row = |label: String, value: String, strong: bool| TotalRow {
        label,
        value,
        strong,
    };
    let mut rows = vec![row(
        "Sous-total HT".to_owned(),
        amount(t.subtotal_ht),
        false,
    )];
    if t.discount != Cents::ZERO {
        let label = match t.discount_label.as_deref() {
            Some(l) if !l.trim().is_empty() => format!("Remise ({l})"),
            _ => "Remise".to_owned(),
        };
        rows.push(row(label, amount(Cents(-t.discount.get())), false));
    }
    rows.push(row(
        "Frais de port HT".to_owned(),
        amount(t.shipping),
        false,
    ));
    rows.push(row("Total HT".to_owned(), amount(t.total_ht), true));
    let vat_label = match regime.zero_rated_label() {
        Some(label) => label.to_owned(),
        None => format!("TVA {} sur {}", rate_fr(t.vat_rate_bp), amount(t.total_ht)),
    };
    rows.push(row(vat_label, amount(t.vat), false));
    rows.push(row(ttc_label.to_owned(), amount(t.total_ttc), true));
    rows
}

/// Late-payment penalties, the 40 € indemnity and no early-payment discount (C. com. L441-10).
pub(super) fn business_terms(s: &Seller) -> Vec<String> {
    vec![
        format!(
            "Pénalités de retard{NBSP}: taux annuel de {}, exigibles dès le lendemain de la date \
             d’échéance (art. L441-10 du Code de commerce).",
            rate_fr(s.late_penalty_rate_bp)
        ),
        format!(
            "Indemnité forfaitaire pour frais de recouvrement{NBSP}: 40{NBSP}€ \
             (art. L441-10 et D441-5 du Code de commerce)."
        ),
        format!("Escompte pour paiement anticipé{NBSP}: néant."),
    ]
}

fn bank_panel(s: &Seller, heading: &str, reference: Option<&str>) -> Panel {
    let mut lines = vec![
        labelled("Titulaire", &s.bank_holder),
        labelled("IBAN", &s.iban),
        labelled("BIC", &s.bic),
    ];
    if let Some(r) = reference {
        lines.push(labelled("Référence à indiquer", r));
    }
    Panel {
        heading: heading.to_owned(),
        lines,
    }
}

pub(super) fn payment_method_fr(method: &str) -> &'static str {
    match method {
        "carte" => "carte bancaire",
        "virement" => "virement bancaire",
        _ => "autre moyen",
    }
}

/// The page of an invoice.
pub fn invoice(d: &InvoiceData) -> View {
    let s = &d.seller;
    let mut mentions = Vec::new();
    match d.paid_at {
        Some(paid) => mentions.push(format!(
            "Facture acquittée le {} par {}.",
            fr_date(paid),
            payment_method_fr(&d.payment_method)
        )),
        None => mentions.push(format!(
            "Date d’échéance{NBSP}: {}. Règlement par {}.",
            fr_date_long(d.due_at),
            payment_method_fr(&d.payment_method)
        )),
    }
    if d.factur_x {
        mentions.extend(reform_mentions());
    }
    mentions.extend(vat_regime::mentions(d.vat_regime, d.vat_exemption.as_ref()));
    if d.business {
        mentions.extend(business_terms(s));
    }
    let panel = (d.payment_method == "virement")
        .then(|| bank_panel(s, "Règlement par virement bancaire", Some(&d.order_number)));
    View {
        kind: Kind::Invoice,
        title: "FACTURE".to_owned(),
        number: d.number.clone(),
        meta: vec![
            field("Date", fr_date(d.issued_at)),
            field("Échéance", fr_date(d.due_at)),
            field("Commande", d.order_number.clone()),
            field("Paiement", payment_method_fr(&d.payment_method).to_owned()),
        ],
        seller_name: s.legal_name.clone(),
        seller_lines: seller_lines(s),
        parties: vec![
            party_fx("Facturé à", &d.buyer, d.factur_x),
            party("Livré à", &d.delivery),
        ],
        notice: buyer_reference(d.buyer_reference.as_deref())
            .into_iter()
            .collect(),
        lines: lines(&d.lines, 1),
        totals: totals(&d.totals, d.vat_regime, 1, "Total TTC"),
        mentions,
        panel,
        footer: footer(s),
    }
}

/// The page of a credit note: the invoice's lines and totals, as credits.
pub fn credit_note(d: &CreditNoteData) -> View {
    let s = &d.seller;
    let mut mentions = vec![format!(
        "Le montant de cet avoir vient en déduction de la facture n°{NBSP}{}{NBSP}; il est remboursé \
         par le moyen de paiement de la commande {}.",
        d.invoice_number, d.order_number
    )];
    let mut parties = vec![party_fx("Client", &d.buyer, d.factur_x)];
    if d.factur_x {
        mentions.extend(reform_mentions());
        parties.extend(d.delivery.as_ref().map(|p| party("Livré à", p)));
    }
    mentions.extend(vat_regime::mentions(d.vat_regime, d.vat_exemption.as_ref()));
    View {
        kind: Kind::CreditNote,
        title: "AVOIR".to_owned(),
        number: d.number.clone(),
        meta: vec![
            field("Date", fr_date(d.issued_at)),
            field("Facture annulée", d.invoice_number.clone()),
            field("Du", fr_date(d.invoice_issued_at)),
            field("Commande", d.order_number.clone()),
        ],
        seller_name: s.legal_name.clone(),
        seller_lines: seller_lines(s),
        parties,
        notice: [
            format!(
                "Cet avoir annule la facture n°{NBSP}{} du {}.",
                d.invoice_number,
                fr_date_long(d.invoice_issued_at)
            ),
            labelled("Motif", &d.reason),
        ]
        .into_iter()
        .chain(buyer_reference(d.buyer_reference.as_deref()))
        .collect(),
        lines: lines(&d.lines, -1),
        totals: totals(&d.totals, d.vat_regime, -1, "Total TTC de l’avoir"),
        mentions,
        panel: None,
        footer: footer(s),
    }
}

/// « jeudi 7 janvier 2027 » for `AAAA-MM-JJ` (non-breaking spaces, as the other dates).
fn long_date(iso: &str) -> Option<String> {
    let date = quote_core::calendar::Date::parse(iso)?;
    Some(quote_core::calendar::french_date(date).replace(' ', "\u{a0}"))
}

/// The page of a quote: valid until a date, and plainly not an invoice.
pub fn quote(d: &QuoteData) -> View {
    let s = &d.seller;
    let business = d
        .buyer
        .company
        .as_deref()
        .is_some_and(|c| !c.trim().is_empty());
    let mut meta = vec![
        field("Date", fr_date(d.issued_at)),
        field("Valable jusqu’au", fr_date(d.valid_until)),
    ];
    if let Some(days) = d.lead_time_days {
        meta.push(field("Délai", format!("{days} jours ouvrés")));
    }
    let ship = d.ship_date.as_deref().and_then(long_date);
    if let Some(ship) = &ship {
        meta.push(field("Expédition", ship.clone()));
    }
    if let Some((from, to)) = &d.delivery {
        if let (Some(from), Some(to)) = (long_date(from), long_date(to)) {
            meta.push(field("Livraison estimée", format!("du {from} au {to}")));
        }
    }
    let means = if d.card_payment {
        "par carte bancaire ou par virement"
    } else {
        "par virement bancaire"
    };
    let mut mentions = vec![format!(
        "Paiement à la commande, {means}. La commande se passe sur le site, qui recalcule les \
         prix au jour de la commande."
    )];
    if ship.is_some() {
        mentions.push(format!(
            "Dates d’expédition et de livraison pour une commande payée à l’heure de ce \
             devis{NBSP}; elles sont fixées au paiement, selon le délai de chaque pièce et les \
             jours ouvrés."
        ));
    }
    mentions.extend(d.notes.iter().cloned());
    mentions.extend(vat_regime::mentions(d.vat_regime, d.vat_exemption.as_ref()));
    if business {
        mentions.extend(business_terms(s));
    }
    mentions.push(format!(
        "Pièces fabriquées d’après le fichier du client{NBSP}: biens personnalisés, exclus du \
         droit de rétractation (art. L221-28 3° du Code de la consommation)."
    ));
    View {
        kind: Kind::Quote,
        title: "DEVIS".to_owned(),
        number: d.number.clone(),
        meta,
        seller_name: s.legal_name.clone(),
        seller_lines: seller_lines(s),
        parties: vec![party_fx("Client", &d.buyer, true)],
        notice: [
            format!("Devis valable jusqu’au {}.", fr_date_long(d.valid_until)),
            format!(
                "Ce document est un devis, pas une facture{NBSP}: il ne vaut pas demande de \
                 paiement."
            ),
        ]
        .into_iter()
        .chain(buyer_reference(d.buyer_reference.as_deref()))
        .collect(),
        lines: lines(&d.lines, 1),
        totals: totals(&d.totals, d.vat_regime, 1, "Total TTC"),
        mentions,
        panel: Some(bank_panel(s, "Coordonnées bancaires (virement)", None)),
        footer: footer(s),
    }
}

#[cfg(test)]
mod tests {
    use super::rate_fr;

    #[test]
    fn rates_are_written_the_french_way() {
        assert_eq!(rate_fr(2000), "20\u{a0}%");
        assert_eq!(rate_fr(550), "5,5\u{a0}%");
        assert_eq!(rate_fr(1025), "10,25\u{a0}%");
        assert_eq!(rate_fr(0), "0\u{a0}%");
    }
}
