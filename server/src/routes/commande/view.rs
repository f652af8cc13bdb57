//! An order as `GET Commande/mes-commandes`, `GET Commande` and `GET Commande/{id}` return it
//! (docs/commerce-api.md): lines, totals, status and its history, addresses as snapshotted,
//! deliveries, and the invoice and credit note with their download links.

use std::sync::Arc;

use quote_core::calendar::Date;
use quote_core::pricing::DeliveryRange;
use quote_core::Catalog;
use serde::Serialize;
use serde_json::Value;
use sqlx::AnyConnection;

use super::DocumentLink;
use crate::clock;
use crate::commerce::order_status::{Machine, OrderStatus};
use crate::commerce::payment_terms;
use crate::commerce::ship_dates::{self, ShipDate};
use crate::db::deliveries::{self, DeliveryRow};
use crate::db::invoices;
use crate::db::orders::{self, OrderRow};
use crate::db::payment_terms as payment_terms_db;
use crate::documents::{Seller, VatRegime, ViesProof};
use crate::error::ApiError;
use crate::payment::transfer::{transfer_details, TransferDetails};
use crate::state::AppState;

/// One status change.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "OrderHistory"))]
pub struct HistoryView {
    /// Status before.
    pub de: Option<String>,
    /// Status after.
    pub vers: String,
    /// ISO date.
    pub date: String,
    /// Note.
    pub note: String,
}

/// One line.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "OrderLine"))]
pub struct LineView {
    /// The part.
    #[serde(rename = "Id_Piece")]
    pub id_piece: i64,
    /// As printed.
    pub designation: String,
    /// Number of parts.
    #[serde(rename = "Quantite")]
    pub quantite: i64,
    /// Price of one part.
    pub prix_unitaire_cents: i64,
    /// Line total excl. VAT.
    pub total_ht_cents: i64,
}

/// A parcel.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Delivery"))]
pub struct LivraisonView {
    /// Id.
    pub id: i64,
    /// Order id.
    pub id_commande: i64,
    /// Order number.
    pub numero: String,
    /// Carrier.
    pub transporteur: String,
    /// Tracking number.
    pub numero_suivi: String,
    /// Tracking link (empty when the carrier has none).
    pub lien_suivi: String,
    /// ISO date.
    pub date: String,
}

impl From<DeliveryRow> for LivraisonView {
    fn from(d: DeliveryRow) -> Self {
        LivraisonView {
            id: d.id,
            id_commande: d.order_id,
            numero: d.numero,
            transporteur: d.carrier,
            numero_suivi: d.tracking_number,
            lien_suivi: d.tracking_url,
            date: clock::iso8601(d.created_at),
        }
    }
}

/// The customer of an order, for the admin list.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "OrderClient"))]
pub struct ClientView {
    /// Account id.
    pub id: i64,
    /// E-mail at ordering.
    pub email: String,
}

/// An order.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Order"))]
pub struct CommandeView {
    /// Id.
    pub id_commande: i64,
    /// Number.
    pub numero: String,
    /// ISO date placed.
    pub date: String,
    /// Status.
    pub statut: String,
    /// Ship date (`AAAA-MM-JJ`), fixed when the order was paid (by card, or the transfer
    /// received) from its slowest line; `null` until then.
    pub expedition: Option<String>,
    /// Whether the order is late: its ship date has passed (Paris date by the server's clock,
    /// `AppState::dates_now`) and it is still paid or in production, not shipped.
    pub en_retard: bool,
    /// A late order's revised ship date (`AAAA-MM-JJ`): the earliest it can now leave, the
    /// business day after today's day 0 by the workshop's calendar; `null` when on time.
    pub expedition_revue: Option<String>,
    /// Delivery range of a paid order to its delivery zone, from its ship date (its revised one
    /// when late) and the carrier's business days; `null` until the ship date is fixed.
    #[cfg_attr(feature = "ts", ts(type = "DeliveryRange | null"))]
    pub livraison_estimee: Option<DeliveryRange>,
    /// While the order waits for its payment: its ship date and delivery range if it were paid
    /// now (its slowest line, by the server's clock for dates); `null` otherwise.
    pub expedition_si_paiement: Option<ShipDate>,
    /// Status history, oldest first.
    pub historique: Vec<HistoryView>,
    /// Lines.
    pub lignes: Vec<LineView>,
    /// Σ lines.
    #[serde(rename = "sous_total_cents")]
    pub sous_total_cents: i64,
    /// Discount.
    #[serde(rename = "remise_cents")]
    pub remise_cents: i64,
    /// Code used.
    #[serde(rename = "code_reduction")]
    pub code_reduction: Option<String>,
    /// Shipping.
    #[serde(rename = "frais_port_cents")]
    pub frais_port_cents: i64,
    /// Total excl. VAT.
    #[serde(rename = "total_ht_cents")]
    pub total_ht_cents: i64,
    /// VAT rate.
    #[serde(rename = "tva_taux_bp")]
    pub tva_taux_bp: i64,
    /// VAT.
    #[serde(rename = "tva_cents")]
    pub tva_cents: i64,
    /// Total incl. VAT.
    #[serde(rename = "total_ttc_cents")]
    pub total_ttc_cents: i64,
    /// Reverse charge (orders placed before issue 23 only: parts are goods).
    pub autoliquidation: bool,
    /// Intra-EU supply of goods (0 %, CGI art. 262 ter I).
    pub intracommunautaire: bool,
    /// The VAT mention of the order (intra-EU supply, export).
    #[serde(rename = "mention_tva")]
    pub mention_tva: Option<&'static str>,
    /// The VIES consultation an intra-EU supply rests on (« Consultation VIES n° … du … »).
    #[serde(rename = "consultation_vies")]
    pub consultation_vies: Option<String>,
    /// What the customer was told about the VAT at checkout.
    #[serde(rename = "avis_tva")]
    pub avis_tva: Option<String>,
    /// `virement` or `carte`.
    #[serde(rename = "mode_paiement")]
    pub mode_paiement: String,
    /// The buyer's own order reference (purchase-order number), as given at checkout or
    /// corrected by an admin before the invoice.
    #[serde(rename = "reference_commande_client")]
    pub reference_commande_client: Option<String>,
    /// Delivery address as ordered.
    #[serde(rename = "adresse_livraison")]
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub adresse_livraison: Value,
    /// Billing address as ordered.
    #[serde(rename = "adresse_facturation")]
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub adresse_facturation: Value,
    /// Parcels.
    pub livraisons: Vec<LivraisonView>,
    /// The invoice.
    pub facture: Option<DocumentLink>,
    /// The credit note.
    pub avoir: Option<DocumentLink>,
    /// Bank details while a transfer is awaited.
    pub paiement: Option<TransferDetails>,
    /// On payment terms (`virement_30_jours`): the invoice's due date, `AAAA-MM-JJ` (Paris).
    pub echeance: Option<String>,
    /// On payment terms: ISO date the transfer was received (`null` while owed).
    pub reglee_le: Option<String>,
    /// On payment terms: whole days past the due date while owed (0 otherwise).
    pub jours_retard: i64,
    /// The customer (admin views).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub client: Option<ClientView>,
    /// The statuses the state machine allows next (admin views).
    #[serde(rename = "statuts_suivants", skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub statuts_suivants: Option<Vec<&'static str>>,
}

/// Whether an order of `status` to ship on `ship_date` is late on `today` (`AAAA-MM-JJ`, Paris):
/// the date has passed and the order is not shipped yet (paid, in production, or on terms).
pub fn is_late(status: &str, ship_date: Option<&str>, today: &str) -> bool {
    // An order on terms has its ship date while it still awaits its payment.
    let waiting = [
        OrderStatus::AwaitingPayment,
        OrderStatus::Paid,
        OrderStatus::InProduction,
    ]
    .iter()
    .any(|s| s.as_str() == status);
    waiting && ship_date.is_some_and(|d| d < today)
}

/// Today's date in Paris by the server's clock for dates (`AAAA-MM-JJ`).
pub fn paris_today(now: i64) -> String {
    quote_core::calendar::paris_local(now).0.to_string()
}

/// What an order's dates are read against: the catalog's calendar and carriers, and the server's
/// clock for dates (`AppState::dates_now`).
pub struct OrderDates {
    catalog: Arc<Catalog>,
    now: i64,
    today: String,
}

impl OrderDates {
    /// The current catalog and clock.
    pub fn of(state: &AppState) -> Self {
        let now = state.dates_now();
        Self {
            catalog: state.catalog(),
            now,
            today: paris_today(now),
        }
    }
}

/// Builds the view of an order (`with_client` for the admin); `dates` says whether it is late,
/// its delivery range and, unpaid, its dates if paid now.
pub async fn commande_view(
    conn: &mut AnyConnection,
    o: OrderRow,
    seller: &Seller,
    with_client: bool,
    dates: &OrderDates,
) -> Result<CommandeView, ApiError> {
    let id = o.head.id;
    let zone = o.shipping_zone.as_str();
    let late = is_late(&o.head.status, o.ship_date.as_deref(), &dates.today);
    let revised = if late {
        Some(ship_dates::ship_date(&dates.catalog, dates.now, 1)?)
    } else {
        None
    };
    let livraison_estimee = revised
        .or_else(|| o.ship_date.as_deref().and_then(Date::parse))
        .map(|shipped| ship_dates::delivery(&dates.catalog, shipped, zone));
    let expedition_si_paiement =
        if o.head.status == OrderStatus::AwaitingPayment.as_str() && o.ship_date.is_none() {
            let days = orders::line_lead_times(&mut *conn, id).await?;
            ship_dates::slowest(&dates.catalog, days, dates.now, Some(zone))?
        } else {
            None
        };
    let historique = orders::history(&mut *conn, id)
        .await?
        .into_iter()
        .map(|h| HistoryView {
            de: h.from,
            vers: h.to,
            date: clock::iso8601(h.at),
            note: h.note,
        })
        .collect();
    let lignes = orders::lines(&mut *conn, id)
        .await?
        .into_iter()
        .map(|l| LineView {
            id_piece: l.part_id,
            designation: l.designation,
            quantite: l.quantite,
            prix_unitaire_cents: l.unit_price_cents,
            total_ht_cents: l.line_total_cents,
        })
        .collect();
    let livraisons = deliveries::for_order(&mut *conn, id)
        .await?
        .into_iter()
        .map(LivraisonView::from)
        .collect();
    let facture = invoices::invoice_of_order(&mut *conn, id)
        .await?
        .map(|(_, numero, _)| DocumentLink {
            numero,
            url: format!("/api/backend/Commande/{id}/facture.pdf"),
        });
    let avoir = invoices::credit_note_of_order(&mut *conn, id)
        .await?
        .map(|(numero, _)| DocumentLink {
            numero,
            url: format!("/api/backend/Commande/{id}/avoir.pdf"),
        });
    let machine = Machine::of(o.due_at);
    let cancelled = o.head.status == OrderStatus::Cancelled.as_str();
    let awaiting_transfer = match machine {
        Machine::OnTerms => o.settled_at.is_none() && !cancelled,
        Machine::PaidFirst => {
            o.head.payment_method == "virement"
                && o.head.status == OrderStatus::AwaitingPayment.as_str()
        }
    };
    let owed_due = o.due_at.filter(|_| o.settled_at.is_none() && !cancelled);
    let snapshot = |s: &str| serde_json::from_str(s).unwrap_or(Value::Null);
    let regime = VatRegime::parse(&o.vat_regime).unwrap_or(VatRegime::France);
    let statuts_suivants = with_client.then(|| {
        OrderStatus::parse(&o.head.status)
            .map(|s| {
                s.next_in(machine)
                    .into_iter()
                    .map(OrderStatus::as_str)
                    .collect()
            })
            .unwrap_or_default()
    });
    Ok(CommandeView {
        id_commande: id,
        paiement: awaiting_transfer.then(|| transfer_details(&o.head, seller)),
        echeance: o
            .due_at
            .map(|d| quote_core::calendar::paris_local(d).0.to_string()),
        reglee_le: o.settled_at.map(clock::iso8601),
        jours_retard: owed_due.map_or(0, |d| payment_terms::days_late(d, clock::now())),
        numero: o.head.numero,
        date: clock::iso8601(o.created_at),
        en_retard: late,
        expedition_revue: revised.map(|d| d.to_string()),
        livraison_estimee,
        expedition_si_paiement,
        statut: o.head.status,
        expedition: o.ship_date,
        historique,
        lignes,
        sous_total_cents: o.subtotal_cents,
        remise_cents: o.discount_cents,
        code_reduction: (!o.discount_code.is_empty()).then_some(o.discount_code),
        frais_port_cents: o.shipping_cents,
        total_ht_cents: o.total_ht_cents,
        tva_taux_bp: o.vat_rate_bp,
        tva_cents: o.vat_cents,
        total_ttc_cents: o.head.total_ttc_cents,
        autoliquidation: regime == VatRegime::ReverseCharge,
        intracommunautaire: regime == VatRegime::IntraEu,
        mention_tva: regime.mention(),
        consultation_vies: o.vies_checked_at.map(|checked_at| {
            ViesProof {
                request_identifier: o.vies_request_identifier.clone(),
                checked_at,
            }
            .line()
        }),
        avis_tva: (!o.vat_notice.is_empty()).then(|| o.vat_notice.clone()),
        mode_paiement: match machine {
            Machine::OnTerms => payment_terms_db::METHOD.to_owned(),
            Machine::PaidFirst => o.head.payment_method,
        },
        reference_commande_client: (!o.buyer_reference.is_empty()).then_some(o.buyer_reference),
        adresse_livraison: snapshot(&o.shipping_address),
        adresse_facturation: snapshot(&o.billing_address),
        livraisons,
        facture,
        avoir,
        client: with_client.then_some(ClientView {
            id: o.head.account_id,
            email: o.customer_email,
        }),
        statuts_suivants,
    })
}
