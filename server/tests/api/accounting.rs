//! The accountant's exports (admin, `GET Factures/fec`, `Factures/etat-recapitulatif`,
//! `Factures/archive`), on documents issued through the real routes: a consumer in France, a
//! French company, a German company verified in VIES and an export, each paid, and the French
//! company's order cancelled (credit note and refund). The FEC has its 18 columns, every entry
//! balances, entries are numbered without a gap per journal, and its totals are the documents';
//! the statement lists the German company's supply; the archive holds every PDF as issued.

use std::collections::BTreeMap;
use std::io::Read;

use serde_json::Value;

use crate::builders::{a_customer, an_admin, cube, CH, FR};
use crate::helpers::TestClient;
use crate::vat::{munich, order};
use crate::vies_helpers::{app_on_vies, VALID_DE};

/// Cents of a FEC amount (`1234,50`).
fn cents(amount: &str) -> i64 {
    let (euros, cents) = amount.split_once(',').expect("decimal comma");
    assert_eq!(cents.len(), 2, "{amount}");
    euros.parse::<i64>().unwrap() * 100 + cents.parse::<i64>().unwrap()
}

async fn download(admin: &TestClient, path: &str) -> (String, Vec<u8>) {
    let res = admin.get(&format!("/api/backend/{path}")).await;
    assert_eq!(res.status(), 200, "{path}");
    assert_eq!(
        res.headers()["cache-control"].to_str().unwrap(),
        "private, no-store"
    );
    let disposition = res.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .to_owned();
    (disposition, res.bytes().await.unwrap().to_vec())
}

async fn refused(admin: &TestClient, path: &str) -> Value {
    let res = admin.get(&format!("/api/backend/{path}")).await;
    assert_eq!(res.status(), 400, "{path}");
    res.json().await.unwrap()
}

#[tokio::test]
async fn the_fec_the_intra_eu_statement_and_the_archive_agree_with_the_documents() {
    let (_vies, app) = app_on_vies().await;
    let admin = an_admin(&app).await;
    let kinds = [
        ("particulier", FR),
        (
            "entreprise",
            FR.company("Ateliers Dupont SARL", "FR40303265045"),
        ),
        ("ue", munich(VALID_DE)),
        ("export", CH),
    ];
    let mut invoices = Vec::new();
    for (name, addr) in kinds {
        let c = a_customer(&app)
            .email(&format!("{name}@compta.example"))
            .with_basket(cube())
            .with_address(addr)
            .await;
        let a = c.address();
        let placed = order(&c, &format!("compta-{name}"), a, a).await;
        let id = placed["id_commande"].as_i64().unwrap();
        assert_eq!(admin.set_order_status(id, "payée").await.status(), 200);
        invoices.push((name, id));
    }
    let cancelled = invoices[1].1;
    let res = admin
        .set_order_status_noted(cancelled, "annulée", "Annulée avant fabrication")
        .await;
    assert_eq!(res.status(), 200);

    // The documents as the admin list prints them.
    let page: Value = admin.get_json("Factures?par_page=50").await;
    let docs = page["items"].as_array().unwrap();
    assert_eq!(docs.len(), 5);
    let sum = |kind: &str, field: &str| -> i64 {
        docs.iter()
            .filter(|d| d["type"] == kind)
            .map(|d| d[field].as_i64().unwrap())
            .sum()
    };
    let today = server::domain::paris_time::paris_date(server::clock::now());
    let day = today.to_string();

    // FEC.
    let (disposition, bytes) = download(&admin, &format!("Factures/fec?du={day}&au={day}")).await;
    let compact = day.replace('-', "");
    assert!(
        disposition.contains(&format!("000000000FEC{compact}.txt")),
        "{disposition}"
    );
    let text = String::from_utf8(bytes).unwrap();
    assert!(text.ends_with("\r\n"));
    let lines: Vec<&str> = text.trim_end_matches("\r\n").split("\r\n").collect();
    assert_eq!(
        lines[0],
        "JournalCode|JournalLib|EcritureNum|EcritureDate|CompteNum|CompteLib|CompAuxNum|\
         CompAuxLib|PieceRef|PieceDate|EcritureLib|Debit|Credit|EcritureLet|DateLet|ValidDate|\
         Montantdevise|Idevise"
    );
    let rows: Vec<Vec<&str>> = lines[1..].iter().map(|l| l.split('|').collect()).collect();
    let mut balance: BTreeMap<String, (i64, i64)> = BTreeMap::new();
    let mut per_account: BTreeMap<(String, String), (i64, i64)> = BTreeMap::new();
    let mut numbers: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for r in &rows {
        assert_eq!(r.len(), 18, "{r:?}");
        assert_eq!(r[3], compact, "EcritureDate {r:?}");
        assert_eq!(r[15], compact, "ValidDate {r:?}");
        let (debit, credit) = (cents(r[11]), cents(r[12]));
        assert!((debit == 0) != (credit == 0), "one side: {r:?}");
        let e = balance.entry(r[2].to_owned()).or_default();
        e.0 += debit;
        e.1 += credit;
        let a = per_account
            .entry((r[0].to_owned(), r[4].to_owned()))
            .or_default();
        a.0 += debit;
        a.1 += credit;
        let seq = numbers.entry(r[0].to_owned()).or_default();
        if seq.last().map(String::as_str) != Some(r[2]) {
            seq.push(r[2].to_owned());
        }
        if r[4] == "411000" {
            assert!(r[6].starts_with('C') && !r[7].is_empty(), "auxiliary {r:?}");
        }
    }
    for (number, (debit, credit)) in &balance {
        assert_eq!(debit, credit, "entry {number} balances");
    }
    // Five documents, each a sale and a payment (or refund): 5 + 5 entries, numbered 1..=5.
    for journal in ["VE", "BQ"] {
        let expected: Vec<String> = (1..=5).map(|n| format!("{journal}{n:06}")).collect();
        assert_eq!(numbers[journal], expected, "{journal}");
    }
    let acct = |journal: &str, account: &str| {
        per_account
            .get(&(journal.to_owned(), account.to_owned()))
            .copied()
            .unwrap_or_default()
    };
    let invoiced_ttc = sum("facture", "total_ttc_cents");
    let credited_ttc = sum("avoir", "total_ttc_cents");
    assert_eq!(acct("VE", "411000"), (invoiced_ttc, credited_ttc));
    assert_eq!(
        acct("VE", "445710"),
        (sum("avoir", "tva_cents"), sum("facture", "tva_cents"))
    );
    let sales: (i64, i64) = ["701000", "701200", "701300", "708500", "709000"]
        .iter()
        .map(|a| acct("VE", a))
        .fold((0, 0), |s, a| (s.0 + a.0, s.1 + a.1));
    assert_eq!(
        sales.1 - sales.0,
        sum("facture", "total_ht_cents") - sum("avoir", "total_ht_cents")
    );
    assert!(acct("VE", "701200").1 > 0, "the intra-EU sale");
    assert!(acct("VE", "701300").1 > 0, "the export");
    assert_eq!(acct("BQ", "512000"), (invoiced_ttc, credited_ttc));
    assert_eq!(acct("BQ", "411000"), (credited_ttc, invoiced_ttc));

    // État récapitulatif of the month.
    let month = &day[..7];
    let (disposition, bytes) =
        download(&admin, &format!("Factures/etat-recapitulatif?mois={month}")).await;
    assert!(
        disposition.contains(&format!("etat-recapitulatif-clients-{month}.csv")),
        "{disposition}"
    );
    let csv = String::from_utf8(bytes).unwrap();
    let csv_lines: Vec<&str> = csv
        .trim_start_matches('\u{feff}')
        .trim_end()
        .split("\r\n")
        .collect();
    assert_eq!(csv_lines.len(), 2, "{csv}");
    let ue = docs
        .iter()
        .find(|d| d["id_commande"] == invoices[2].1)
        .unwrap();
    let ht = ue["total_ht_cents"].as_i64().unwrap();
    let fields: Vec<&str> = csv_lines[1].split(';').collect();
    assert_eq!(fields[0], "DE123456789");
    assert_eq!(fields[1], "DE");
    assert_eq!(fields[3], format!("{},{:02}", ht / 100, ht % 100));
    assert_eq!(fields[5], ue["numero"].as_str().unwrap());

    // Archive.
    let (disposition, bytes) =
        download(&admin, &format!("Factures/archive?du={day}&au={day}")).await;
    assert!(disposition.contains(".zip"), "{disposition}");
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
    let mut names: Vec<String> = zip.file_names().map(|n| n.unwrap().into_owned()).collect();
    names.sort();
    let mut expected: Vec<String> = docs
        .iter()
        .map(|d| {
            let folder = if d["type"] == "facture" {
                "factures"
            } else {
                "avoirs"
            };
            format!("{folder}/{}.pdf", d["numero"].as_str().unwrap())
        })
        .collect();
    expected.sort();
    assert_eq!(names, expected);
    // Each PDF of the archive is the document as downloaded, byte for byte.
    for d in docs {
        let folder = if d["type"] == "facture" {
            "factures"
        } else {
            "avoirs"
        };
        let mut archived = Vec::new();
        zip.by_name(&format!("{folder}/{}.pdf", d["numero"].as_str().unwrap()))
            .unwrap()
            .read_to_end(&mut archived)
            .unwrap();
        assert!(archived.starts_with(b"%PDF-"));
        let kept = admin.get(d["url"].as_str().unwrap()).await;
        assert_eq!(kept.status(), 200);
        assert_eq!(
            archived,
            kept.bytes().await.unwrap().to_vec(),
            "{}",
            d["numero"]
        );
    }

    // A period with nothing: the header alone.
    let (_, empty) = download(&admin, "Factures/fec?du=2020-01-01&au=2020-12-31").await;
    assert_eq!(String::from_utf8(empty).unwrap().matches("\r\n").count(), 1);
}

#[tokio::test]
async fn a_bad_period_is_refused_in_french_under_its_field() {
    let (_vies, app) = app_on_vies().await;
    let admin = an_admin(&app).await;
    let cases = [
        (
            "Factures/fec?au=2026-01-31",
            "du",
            "Indiquez le premier jour",
        ),
        (
            "Factures/fec?du=2026-01-01",
            "au",
            "Indiquez le dernier jour",
        ),
        (
            "Factures/archive?du=2026-02-30&au=2026-03-31",
            "du",
            "n’existe pas",
        ),
        (
            "Factures/fec?du=2026-03-01&au=2026-02-01",
            "au",
            "précède le premier",
        ),
        ("Factures/fec?du=2024-01-01&au=2026-01-01", "au", "24 mois"),
        (
            "Factures/etat-recapitulatif?mois=2026-13",
            "mois",
            "AAAA-MM",
        ),
        ("Factures/etat-recapitulatif", "mois", "AAAA-MM"),
    ];
    for (path, field, words) in cases {
        let body = refused(&admin, path).await;
        let reason = body["errors"][field][0].as_str().unwrap_or_default();
        assert!(reason.contains(words), "{path}: {body}");
    }
}
