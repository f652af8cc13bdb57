//! The documents the tests render: a B2B invoice of a Lyon company (two lines, a discount,
//! shipping, French VAT) and its seller, buyer, lines and totals, for the other documents to
//! reuse.

use crate::documents::{DocLine, DocTotals, InvoiceData, Party, Seller, VatRegime};
use crate::domain::Cents;

/// 2026-11-22 10:00 UTC (11:00 in Paris).
pub(crate) const NOV_22: i64 = 1_795_341_600;
/// 2026-12-22 10:00 UTC.
pub(crate) const DEC_22: i64 = 1_797_933_600;
/// 2026-12-31 23:30 UTC: already 1 January 2027 in Paris.
pub(crate) const NEW_YEAR_IN_PARIS: i64 = 1_798_759_800;

pub(crate) fn seller() -> Seller {
    Seller {
        legal_name: "Forme Additive SAS".to_owned(),
        legal_form: "Société par actions simplifiée au capital de 10\u{202f}000\u{a0}€".to_owned(),
        address_lines: vec![
            "12 rue de l’Exemple".to_owned(),
            "69003 Lyon".to_owned(),
            "France".to_owned(),
        ],
        rcs: "RCS Lyon 912 345 678".to_owned(),
        siren: "912 345 678".to_owned(),
        siret: "912 345 678 00014".to_owned(),
        vat_number: "FR32 912345678".to_owned(),
        email: "contact@forme-additive.example".to_owned(),
        phone: "+33 (0)4 72 00 00 00".to_owned(),
        bank_holder: "Forme Additive SAS".to_owned(),
        iban: "FR76 3000 6000 0112 3456 7890 189".to_owned(),
        bic: "AGRIFRPPXXX".to_owned(),
        late_penalty_rate_bp: 1000,
    }
}

pub(crate) fn company_buyer() -> Party {
    Party {
        name: "Élodie Marchand".to_owned(),
        company: Some("Ateliers Mécaniques du Rhône".to_owned()),
        address_lines: vec![
            "4 quai Perrache".to_owned(),
            "69002 Lyon".to_owned(),
            "France".to_owned(),
        ],
        vat_number: Some("FR83 404833048".to_owned()),
        email: Some("achats@amr.example".to_owned()),
        postal: None,
        siren: None,
    }
}

pub(crate) fn line(designation: &str, details: &[&str], quantity: i64, total: i64) -> DocLine {
    DocLine {
        designation: designation.to_owned(),
        details: details.iter().map(|d| (*d).to_owned()).collect(),
        quantity,
        unit_price_ht: Cents(total / quantity),
        vat_rate_bp: 2000,
        total_ht: Cents(total),
    }
}

pub(crate) fn two_lines() -> Vec<DocLine> {
    vec![
        line(
            "support-moteur.stl · Frittage laser (SLS), PA12",
            &[
                "Couleur\u{a0}: noir · Finition\u{a0}: microbillage",
                "84,2 × 51,0 × 33,7 mm",
            ],
            10,
            12_350,
        ),
        line(
            "boîtier-capteur.3mf · Dépôt de fil (FDM), PETG",
            &["Couleur\u{a0}: blanc", "120,0 × 80,0 × 45,5 mm"],
            2,
            118_000,
        ),
    ]
}

/// 1 303,50 − 10 % (130,35) + 12,90 of shipping = 1 186,05 HT; VAT 237,21; 1 423,26 TTC.
pub(crate) fn france_totals() -> DocTotals {
    DocTotals {
        subtotal_ht: Cents(130_350),
        discount: Cents(13_035),
        discount_label: Some("code BIENVENUE10, -10\u{a0}%".to_owned()),
        shipping: Cents(1_290),
        total_ht: Cents(118_605),
        vat_rate_bp: 2000,
        vat: Cents(23_721),
        total_ttc: Cents(142_326),
    }
}

pub(crate) fn b2b_invoice() -> InvoiceData {
    InvoiceData {
        number: "FA-2026-000042".to_owned(),
        issued_at: NOV_22,
        due_at: DEC_22,
        paid_at: None,
        payment_method: "virement".to_owned(),
        order_number: "CO-2026-000105".to_owned(),
        buyer_reference: None,
        seller: seller(),
        buyer: company_buyer(),
        delivery: Party {
            name: "Service réception".to_owned(),
            company: Some("Ateliers Mécaniques du Rhône".to_owned()),
            address_lines: vec![
                "ZI des Platières, bâtiment C".to_owned(),
                "69800 Saint-Priest".to_owned(),
            ],
            vat_number: None,
            email: None,
            postal: None,
            siren: None,
        },
        lines: two_lines(),
        totals: france_totals(),
        vat_regime: VatRegime::France,
        vat_exemption: None,
        business: true,
        factur_x: false,
    }
}
