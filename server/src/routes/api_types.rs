//! TypeScript declarations of the API's JSON answers, generated from the server's Rust view types
//! by ts-rs (feature `ts`) so that the web app's types cannot drift from them (docs/api-types.md).
//! `examples/api-types.rs` writes them to `web/src/lib/api-types.generated.ts`; `scripts/test.sh`
//! regenerates that file and fails when the committed one differs. The engine's types that the
//! answers embed (`PriceOptions`, `Unit`, `Catalog`, `Analysis`, `DeliveryRange`) are imported from
//! `web/src/wasm/types.ts`, generated the same way from quote-core.

use ts_rs::{Config, TS};

use crate::auth::captcha::Challenge;
use crate::commerce::order_status::OrderStatus;
use crate::commerce::quote_links::LinkView as QuoteLink;
use crate::commerce::quote_order::QuoteOrdered;
use crate::commerce::reorder::{Reordered, ReorderedLine};
use crate::commerce::ship_dates::ShipDate;
use crate::commerce::statistics::{MonthView, Report, ShareView, TotalsView};
use crate::db::accounts::Role;
use crate::db::addresses::{AddressView, CompanyView, CountryView};
use crate::db::companies::Company;
use crate::db::vies_checks::ViesState;
use crate::payment::transfer::TransferDetails;
use crate::payment::CardPayment;
use crate::routes::admin::catalogue::{CatalogueView, VersionView};
use crate::routes::admin::comptes::{
    AccountDetailView, AccountOrderView, AccountPageView, AccountPartView, AccountRowsPage,
};
use crate::routes::admin::journal::{ActionView, EntryView, JournalPage};
use crate::routes::admin::paiement_terme::{OpenInvoiceView, RequestView as TermsRequestView};
use crate::routes::admin::tableau::DashboardView;
use crate::routes::auth::login::LoggedIn;
use crate::routes::commande::recap::{RecapLine, RecapView};
use crate::routes::commande::view::{
    ClientView, CommandeView, HistoryView, LineView, LivraisonView,
};
use crate::routes::commande::{
    DocumentLink, FraisPort, ListPage, PaymentView, PlacedView, StatusView,
};
use crate::routes::compte_piece::view::LineView as CartLine;
use crate::routes::comptes::deletion::Deleted;
use crate::routes::comptes::export::ExportStatus;
use crate::routes::comptes::password_change::Changed;
use crate::routes::comptes::payment_terms::TermsView;
use crate::routes::comptes::sessions::{SessionView, SessionsEnded};
use crate::routes::comptes::{AccountView, MeView};
use crate::routes::conditions_paiement::ConditionsView as PaymentConditions;
use crate::routes::contact::SentView;
use crate::routes::devis::entry::EntryView as QuoteEntry;
use crate::routes::devis_partage::{ForwardBody, SharedQuote, SharedQuoteLine};
use crate::routes::email::email_reset::ResetDone;
use crate::routes::email::Done;
use crate::routes::factures::{DocClient, FactureView, FacturesPage};
use crate::routes::mes_devis::MyQuoteView;
use crate::routes::pieces::view::{ClientView as PartClient, HistoryView as PartHistory, PartView};
use crate::routes::pieces::{ReviewPage, StatusView as PartStatus};
use crate::routes::reduction::view::{
    CompteView, ReductionView, UtilisationView, UtilisationsPage,
};
use crate::routes::reduction_compte::CodeAnswer;
use crate::routes::two_factor::setup::{Setup, Toggled};
use crate::routes::two_factor::VerifyAnswer;

const HEADER: &str = "\
// Generated from the server's Rust view types by ts-rs: do not edit.
// Regenerate with `cargo run --features server/ts --example api-types` (docs/api-types.md).
// Types of the JSON the server's API answers with; the engine's types come from ../wasm/types.

import type { Analysis, Catalog, DeliveryRange, PriceOptions, Unit } from '../wasm/types';
";

fn push<T: TS>(cfg: &Config, out: &mut String) {
    out.push('\n');
    if let Some(docs) = T::docs() {
        out.push_str(&docs);
    }
    tidy(&format!("export {}", T::decl(cfg)), out);
}

/// Lays out ts-rs's one-line-per-field object types as a person would write them: fields
/// indented, no trailing spaces, the closing brace on its own line.
fn tidy(decl: &str, out: &mut String) {
    let mut inside = false;
    for line in decl.lines().map(str::trim_end) {
        if !inside {
            out.push_str(line);
            out.push('\n');
            inside = line.ends_with("= {") || line.ends_with("& {");
        } else if let Some(last) = line.strip_suffix(" };") {
            out.push_str("  ");
            out.push_str(last);
            out.push_str("\n};\n");
            inside = false;
        } else {
            out.push_str("  ");
            out.push_str(line);
            out.push('\n');
        }
    }
}

/// The whole `api-types.generated.ts`: every answer type in a fixed order, integers as `number`
/// (every id, count and amount in cents is far below 2^53).
pub fn declarations() -> String {
    let cfg = Config::new().with_large_int("number");
    let mut out = String::from(HEADER);
    macro_rules! declare {
        ($($t:ty),* $(,)?) => { $( push::<$t>(&cfg, &mut out); )* };
    }
    declare!(
        // Accounts, sign-in, two-factor, e-mail and contact.
        Role,
        AccountView,
        CountryView,
        ViesState,
        CompanyView,
        AddressView,
        MeView,
        Company,
        LoggedIn,
        VerifyAnswer,
        Setup,
        Toggled,
        Changed,
        SessionView,
        SessionsEnded,
        Deleted,
        ExportStatus,
        Done,
        ResetDone,
        SentView,
        Challenge,
        // The instant quote and the basket.
        QuoteEntry,
        CartLine,
        MyQuoteView,
        QuoteLink,
        ForwardBody,
        SharedQuoteLine,
        SharedQuote,
        // Checkout and orders.
        OrderStatus,
        FraisPort,
        ShipDate,
        RecapLine,
        RecapView,
        ReductionView,
        CodeAnswer,
        TransferDetails,
        CardPayment,
        PaymentView,
        PlacedView,
        DocumentLink,
        HistoryView,
        LineView,
        LivraisonView,
        ClientView,
        CommandeView,
        ListPage,
        StatusView,
        ReorderedLine,
        Reordered,
        QuoteOrdered,
        TermsView,
        PaymentConditions,
        // Administration.
        TermsRequestView,
        OpenInvoiceView,
        DashboardView,
        AccountPageView,
        AccountDetailView,
        AccountOrderView,
        AccountPartView,
        AccountRowsPage<AccountOrderView>,
        PartStatus,
        PartHistory,
        PartClient,
        PartView,
        ReviewPage,
        CompteView,
        UtilisationView,
        UtilisationsPage,
        DocClient,
        FactureView,
        FacturesPage,
        ActionView,
        EntryView,
        JournalPage,
        VersionView,
        CatalogueView,
        MonthView,
        TotalsView,
        ShareView,
        Report,
    );
    out
}
