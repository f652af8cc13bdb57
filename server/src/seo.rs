//! What search engines and link previews read of the public pages: the table the web build writes
//! (`seo-pages.json`, from `web/src/app/seo-pages.ts`), each page's head written into the app
//! shell before any script runs (title, description, canonical address, Open Graph, `noindex`,
//! schema.org JSON-LD), `robots.txt` and `sitemap.xml`.

use std::fmt::Write as _;

use serde::Deserialize;

use crate::mail::templates::escape;

/// Where the web build marks the head the server replaces (`web/index.html`).
pub const HEAD_START: &str = "<!--page-head-->";
/// The end of that region.
pub const HEAD_END: &str = "<!--/page-head-->";

/// The whole table, as `web/src/app/seo-pages.ts` writes it.
#[derive(Debug, Clone, Deserialize)]
pub struct SeoTable {
    /// The site's name, default title and description, and share image.
    pub site: Site,
    /// One row per public page state.
    pub pages: Vec<SeoPage>,
    /// Path prefixes closed to crawlers.
    pub disallow: Vec<String>,
}

/// The defaults of the site.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Site {
    /// The brand.
    pub name: String,
    /// The title of a page outside the table.
    pub title: String,
    /// The description of a page outside the table.
    pub description: String,
    /// `fr_FR`.
    pub locale: String,
    /// The share image's path.
    pub image: String,
    /// Its text alternative.
    pub image_alt: String,
}

/// One page state: a path and, for the pages with topics, its `?index=`.
#[derive(Debug, Clone, Deserialize)]
pub struct SeoPage {
    /// The path (`/` for the home page).
    pub path: String,
    /// The topic shown, if the page has topics (or `None` for its "all" view).
    pub index: Option<u32>,
    /// Whether the path shows this state without a valid `index`.
    pub default: bool,
    /// The document title, template applied.
    pub title: String,
    /// The meta description.
    pub description: String,
    /// The address to keep for this content (a path, with its query).
    pub canonical: String,
    /// Open to indexing and listed in the sitemap.
    pub indexed: bool,
    /// schema.org objects, written as JSON-LD.
    #[serde(default)]
    pub structured: Vec<serde_json::Value>,
}

impl SeoTable {
    /// Reads the build's JSON.
    pub fn parse(json: &str) -> Result<SeoTable, serde_json::Error> {
        serde_json::from_str(json)
    }

    /// The page state shown at `path` with `query`: the row of its `index` when the query holds a
    /// valid one (digits only, as the app reads it), else the path's default row.
    pub fn page(&self, path: &str, query: Option<&str>) -> Option<&SeoPage> {
        let index = query.and_then(index_param);
        let rows = || self.pages.iter().filter(|p| p.path == path);
        index
            .and_then(|i| rows().find(|p| p.index == Some(i)))
            .or_else(|| rows().find(|p| p.default))
    }

    /// The head of a page: its row's, or the site's defaults with `noindex` for any other page
    /// (account, checkout, admin, 404). `base` is the public address without its final `/`;
    /// `nonce` the response's CSP nonce, on the JSON-LD scripts.
    pub fn head(&self, page: Option<&SeoPage>, base: &str, nonce: &str) -> String {
        let site = &self.site;
        let (title, description) = match page {
            Some(p) => (p.title.as_str(), p.description.as_str()),
            None => (site.title.as_str(), site.description.as_str()),
        };
        let mut out = String::with_capacity(2048);
        let _ = write!(out, "<title>{}</title>", escape(title));
        meta(&mut out, "name", "description", description);
        match page {
            Some(p) if p.indexed => {}
            _ => meta(&mut out, "name", "robots", "noindex"),
        }
        if let Some(p) = page {
            let url = absolute(base, &p.canonical);
            let _ = write!(out, "<link rel=\"canonical\" href=\"{}\">", escape(&url));
            meta(&mut out, "property", "og:url", &url);
        }
        meta(&mut out, "property", "og:type", "website");
        meta(&mut out, "property", "og:site_name", &site.name);
        meta(&mut out, "property", "og:locale", &site.locale);
        meta(&mut out, "property", "og:title", title);
        meta(&mut out, "property", "og:description", description);
        meta(
            &mut out,
            "property",
            "og:image",
            &absolute(base, &site.image),
        );
        meta(&mut out, "property", "og:image:width", "1200");
        meta(&mut out, "property", "og:image:height", "630");
        meta(&mut out, "property", "og:image:alt", &site.image_alt);
        meta(&mut out, "name", "twitter:card", "summary_large_image");
        for object in page.map(|p| p.structured.as_slice()).unwrap_or_default() {
            let mut object = object.clone();
            absolute_urls(&mut object, base);
            // `</` cannot end the script early: JSON allows `<\/`.
            let json = object.to_string().replace("</", "<\\/");
            let _ = write!(
                out,
                "<script type=\"application/ld+json\" nonce=\"{nonce}\">{json}</script>"
            );
        }
        out
    }

    /// `robots.txt`: the closed prefixes and the sitemap's address.
    pub fn robots(&self, base: &str) -> String {
        let mut out = String::from("User-agent: *\n");
        for prefix in &self.disallow {
            let _ = writeln!(out, "Disallow: {prefix}");
        }
        let _ = writeln!(out, "\nSitemap: {base}/sitemap.xml");
        out
    }

    /// `sitemap.xml`: every indexed page state at its canonical address, once.
    pub fn sitemap(&self, base: &str) -> String {
        let mut out = String::from(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
             <urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
        );
        let mut seen = std::collections::HashSet::new();
        for page in self.pages.iter().filter(|p| p.indexed) {
            if seen.insert(page.canonical.as_str()) {
                let _ = writeln!(
                    out,
                    "  <url><loc>{}</loc></url>",
                    escape(&absolute(base, &page.canonical))
                );
            }
        }
        out.push_str("</urlset>\n");
        out
    }
}

/// `index=` of a query, as the app's `parseIndex` reads it: ASCII digits, blanks around allowed.
fn index_param(query: &str) -> Option<u32> {
    let raw = query
        .split('&')
        .filter_map(|pair| pair.split_once('=').or(Some((pair, ""))))
        .find(|(key, _)| *key == "index")?
        .1;
    let decoded = raw.replace('+', " ").replace("%20", " ");
    let value = decoded.trim();
    if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    value.parse().ok()
}

fn meta(out: &mut String, attribute: &str, name: &str, content: &str) {
    let _ = write!(
        out,
        "<meta {attribute}=\"{name}\" content=\"{}\">",
        escape(content)
    );
}

/// A path made absolute on the public address.
fn absolute(base: &str, path: &str) -> String {
    if path.starts_with('/') {
        format!("{base}{path}")
    } else {
        path.to_owned()
    }
}

/// The site-relative `url`, `logo` and `image` fields of schema.org data made absolute.
fn absolute_urls(value: &mut serde_json::Value, base: &str) {
    match value {
        serde_json::Value::Object(map) => {
            for (key, field) in map.iter_mut() {
                match field {
                    serde_json::Value::String(s)
                        if matches!(key.as_str(), "url" | "logo" | "image") =>
                    {
                        *s = absolute(base, s);
                    }
                    other => absolute_urls(other, base),
                }
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(|v| absolute_urls(v, base)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> SeoTable {
        SeoTable::parse(
            r#"{
  "site": {"name": "Forme Additive", "title": "Forme Additive - votre expert", "description": "Le site.",
           "locale": "fr_FR", "image": "/og-image.png", "imageAlt": "Des pièces"},
  "pages": [
    {"path": "/", "index": null, "default": true, "title": "Accueil | FA", "description": "Accueil \"&\" <b>",
     "canonical": "/", "indexed": true,
     "structured": [{"@type": "Organization", "url": "/", "logo": "/favicon.svg", "name": "FA</script>"}]},
    {"path": "/impression_3D", "index": 0, "default": true, "title": "SLA", "description": "d0", "canonical": "/impression_3D?index=0", "indexed": true},
    {"path": "/impression_3D", "index": 1, "default": false, "title": "SLS", "description": "d1", "canonical": "/impression_3D?index=1", "indexed": true},
    {"path": "/innovation", "index": null, "default": true, "title": "Toutes", "description": "d", "canonical": "/innovation", "indexed": true},
    {"path": "/innovation", "index": 0, "default": false, "title": "Aéro", "description": "d", "canonical": "/innovation?index=0", "indexed": true},
    {"path": "/mention_legales", "index": null, "default": true, "title": "ML", "description": "d", "canonical": "/mentions_legales", "indexed": false},
    {"path": "/mentions_legales", "index": null, "default": true, "title": "ML", "description": "d", "canonical": "/mentions_legales", "indexed": true}
  ],
  "disallow": ["/compte", "/checkout"]
}"#,
        )
        .unwrap()
    }

    #[test]
    fn a_page_with_topics_is_found_by_its_index_and_falls_back_to_its_default() {
        let t = table();
        let title = |path, query| t.page(path, query).map(|p| p.title.as_str());
        assert_eq!(title("/impression_3D", Some("index=1")), Some("SLS"));
        assert_eq!(
            title("/impression_3D", Some("x=2&index=%201+")),
            Some("SLS")
        );
        assert_eq!(title("/impression_3D", None), Some("SLA"));
        assert_eq!(title("/impression_3D", Some("index=abc")), Some("SLA"));
        assert_eq!(title("/impression_3D", Some("index=7")), Some("SLA"));
        assert_eq!(title("/impression_3D", Some("index=-1")), Some("SLA"));
        assert_eq!(title("/innovation", Some("index=0")), Some("Aéro"));
        assert_eq!(title("/innovation", Some("index=9")), Some("Toutes"));
        assert_eq!(title("/compte/panier", None), None);
    }

    #[test]
    fn the_head_escapes_the_text_and_makes_addresses_absolute() {
        let t = table();
        let head = t.head(t.page("/", None), "https://fa.example", "N0NCE");
        assert!(head.starts_with("<title>Accueil | FA</title>"), "{head}");
        assert!(head.contains(
            "<meta name=\"description\" content=\"Accueil &quot;&amp;&quot; &lt;b&gt;\">"
        ));
        assert!(head.contains("<link rel=\"canonical\" href=\"https://fa.example/\">"));
        assert!(head
            .contains("<meta property=\"og:image\" content=\"https://fa.example/og-image.png\">"));
        assert!(!head.contains("noindex"));
        let script = head
            .split("<script type=\"application/ld+json\" nonce=\"N0NCE\">")
            .nth(1)
            .unwrap();
        let json = script.split("</script>").next().unwrap();
        let value: serde_json::Value = serde_json::from_str(json).unwrap();
        assert_eq!(value["url"], "https://fa.example/");
        assert_eq!(value["logo"], "https://fa.example/favicon.svg");
        assert_eq!(value["name"], "FA</script>");
    }

    #[test]
    fn a_page_outside_the_table_and_a_duplicate_are_not_indexed() {
        let t = table();
        let account = t.head(None, "http://x", "n");
        assert!(account.contains("<title>Forme Additive - votre expert</title>"));
        assert!(account.contains("<meta name=\"robots\" content=\"noindex\">"));
        assert!(!account.contains("canonical"));
        let duplicate = t.head(t.page("/mention_legales", None), "http://x", "n");
        assert!(duplicate.contains("noindex"));
        assert!(duplicate.contains("<link rel=\"canonical\" href=\"http://x/mentions_legales\">"));
    }

    #[test]
    fn the_sitemap_lists_each_indexed_address_once_and_robots_points_to_it() {
        let t = table();
        let sitemap = t.sitemap("https://fa.example");
        let locs: Vec<&str> = sitemap
            .lines()
            .filter_map(|l| l.trim().strip_prefix("<url><loc>"))
            .map(|l| l.trim_end_matches("</loc></url>"))
            .collect();
        assert_eq!(
            locs,
            [
                "https://fa.example/",
                "https://fa.example/impression_3D?index=0",
                "https://fa.example/impression_3D?index=1",
                "https://fa.example/innovation",
                "https://fa.example/innovation?index=0",
                "https://fa.example/mentions_legales",
            ]
        );
        assert_eq!(
            t.robots("https://fa.example"),
            "User-agent: *\nDisallow: /compte\nDisallow: /checkout\n\nSitemap: https://fa.example/sitemap.xml\n"
        );
    }
}
