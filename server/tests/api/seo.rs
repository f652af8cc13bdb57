//! What a crawler gets without running any script: each public page's head from the build's
//! table (`seo-pages.json`), `robots.txt` and `sitemap.xml` on the public address.

use std::time::Duration;

use crate::helpers::spawn_app_with;

const INDEX: &str = "<!doctype html><html lang=\"fr\"><head><meta charset=\"UTF-8\">\
<meta name=\"csp-nonce\" content=\"__CSP_NONCE__\">\
<!--page-head--><title>Défaut</title><!--/page-head-->\
<script type=\"module\" src=\"/assets/app.js\" nonce=\"__CSP_NONCE__\"></script>\
</head><body><div id=\"root\"></div></body></html>";

const TABLE: &str = r#"{
  "site": {"name": "Forme Additive", "title": "Forme Additive - votre expert en impression 3D",
           "description": "Le site.", "locale": "fr_FR", "image": "/og-image.png", "imageAlt": "Des pièces"},
  "pages": [
    {"path": "/", "index": null, "default": true, "title": "Accueil | Forme Additive", "description": "L'accueil.",
     "canonical": "/", "indexed": true, "structured": [{"@context": "https://schema.org", "@type": "Organization", "url": "/"}]},
    {"path": "/impression_3D", "index": 0, "default": true, "title": "Impression 3D SLA | Forme Additive", "description": "SLA.",
     "canonical": "/impression_3D?index=0", "indexed": true},
    {"path": "/impression_3D", "index": 2, "default": false, "title": "Impression 3D MJF | Forme Additive", "description": "MJF.",
     "canonical": "/impression_3D?index=2", "indexed": true},
    {"path": "/connexion_compte", "index": null, "default": true, "title": "Connexion | Forme Additive", "description": "Connexion.",
     "canonical": "/connexion_compte", "indexed": false}
  ],
  "disallow": ["/compte", "/checkout", "/api/"]
}"#;

const BASE: &str = "https://www.forme-additive.example";

/// The `content` of the first `<meta {attribute}="{name}">`.
fn meta<'a>(html: &'a str, attribute: &str, name: &str) -> Option<&'a str> {
    let at = html.find(&format!("<meta {attribute}=\"{name}\" content=\""))?;
    let rest = &html[at..];
    let start = rest.find("content=\"")? + "content=\"".len();
    Some(&rest[start..start + rest[start..].find('"')?])
}

fn title(html: &str) -> &str {
    let start = html.find("<title>").unwrap() + "<title>".len();
    &html[start..start + html[start..].find("</title>").unwrap()]
}

#[tokio::test]
async fn each_public_page_is_served_with_its_own_head_and_crawlers_get_the_sitemap() {
    let app = spawn_app_with(|s| s.public_url = Some(format!("{BASE}/"))).await;
    let web = app.dir.path().join("web");
    std::fs::write(web.join("index.html"), INDEX).unwrap();
    std::fs::write(web.join("seo-pages.json"), TABLE).unwrap();
    // The shell looks at its files once a second.
    tokio::time::sleep(Duration::from_millis(1_100)).await;
    let c = app.client();

    let html = c.get("/impression_3D?index=2").await.text().await.unwrap();
    assert_eq!(title(&html), "Impression 3D MJF | Forme Additive", "{html}");
    assert_eq!(meta(&html, "name", "description"), Some("MJF."));
    assert!(html.contains(&format!(
        "<link rel=\"canonical\" href=\"{BASE}/impression_3D?index=2\">"
    )));
    assert_eq!(
        meta(&html, "property", "og:image"),
        Some(format!("{BASE}/og-image.png").as_str())
    );
    assert_eq!(meta(&html, "name", "robots"), None);
    assert!(!html.contains("Défaut"));
    // The nonce is written in the rest of the shell, and in the head's JSON-LD.
    assert!(!html.contains("__CSP_NONCE__"));

    // No or a wrong index: the path's default.
    let sla = c.get("/impression_3D?index=zz").await.text().await.unwrap();
    assert_eq!(title(&sla), "Impression 3D SLA | Forme Additive");

    let home = c.get("/").await;
    let csp = home.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_owned();
    let home = home.text().await.unwrap();
    let nonce = meta(&home, "name", "csp-nonce").unwrap();
    assert!(csp.contains(&format!("'nonce-{nonce}'")), "{csp}");
    let ld = format!("<script type=\"application/ld+json\" nonce=\"{nonce}\">");
    let json = home.split(&ld).nth(1).expect("JSON-LD on the home page");
    let json: serde_json::Value =
        serde_json::from_str(json.split("</script>").next().unwrap()).unwrap();
    assert_eq!(json["@type"], "Organization");
    assert_eq!(json["url"], format!("{BASE}/"));

    // Sign-in and pages outside the table (account, unknown): not indexed.
    let sign_in = c.get("/connexion_compte").await.text().await.unwrap();
    assert_eq!(meta(&sign_in, "name", "robots"), Some("noindex"));
    let unknown = c.get("/pas/une/page").await;
    assert_eq!(unknown.status(), 404);
    let unknown = unknown.text().await.unwrap();
    assert_eq!(
        title(&unknown),
        "Forme Additive - votre expert en impression 3D"
    );
    assert_eq!(meta(&unknown, "name", "robots"), Some("noindex"));

    let robots = c.get("/robots.txt").await;
    assert_eq!(robots.status(), 200);
    assert!(robots.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/plain"));
    assert_eq!(
        robots.text().await.unwrap(),
        format!("User-agent: *\nDisallow: /compte\nDisallow: /checkout\nDisallow: /api/\n\nSitemap: {BASE}/sitemap.xml\n")
    );
    let sitemap = c.get("/sitemap.xml").await;
    assert_eq!(sitemap.status(), 200);
    assert!(sitemap.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("application/xml"));
    let sitemap = sitemap.text().await.unwrap();
    let locs: Vec<&str> = sitemap
        .split("<loc>")
        .skip(1)
        .map(|s| s.split("</loc>").next().unwrap())
        .collect();
    assert_eq!(
        locs,
        [
            format!("{BASE}/"),
            format!("{BASE}/impression_3D?index=0"),
            format!("{BASE}/impression_3D?index=2"),
        ]
    );
}

#[tokio::test]
async fn without_a_table_the_build_s_own_head_stays_and_there_is_no_sitemap() {
    let app = spawn_app_with(|_| {}).await;
    let web = app.dir.path().join("web");
    std::fs::write(web.join("index.html"), INDEX).unwrap();
    tokio::time::sleep(Duration::from_millis(1_100)).await;
    let c = app.client();
    let html = c.get("/contact").await.text().await.unwrap();
    assert_eq!(title(&html), "Défaut");
    assert_eq!(c.get("/sitemap.xml").await.status(), 404);
    assert_eq!(c.get("/robots.txt").await.status(), 404);
}
