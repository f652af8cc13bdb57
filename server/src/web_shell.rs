//! The app shell (`index.html` of the built web app) kept in memory, cut around the build's nonce
//! placeholder so that each response splices in its own nonce without searching the file. The
//! file is looked at again (its modification time) at most once per [`CHECK_EVERY`], and read
//! again only when that time changed: a new build is served within a second.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant, SystemTime};

use bytes::{BufMut, Bytes, BytesMut};

use crate::middleware::security_headers::NONCE_PLACEHOLDER;
use crate::seo::{SeoTable, HEAD_END, HEAD_START};

/// How often the file's modification time is looked at.
pub const CHECK_EVERY: Duration = Duration::from_secs(1);

/// Shown when the web app has not been built.
pub const NO_APP_HTML: &str = "<!doctype html><html lang=\"fr\"><head><meta charset=\"utf-8\">\
<title>Forme Additive</title></head><body><p>L'application web n'est pas construite \
(dossier WEB_DIST introuvable). Lancez <code>scripts/run.sh</code>.</p></body></html>";

/// One piece of the shell.
#[derive(Debug)]
enum Piece {
    Text(Bytes),
    /// The build's nonce placeholder.
    Nonce,
    /// The head region between [`HEAD_START`] and [`HEAD_END`], kept for a page without its own.
    Head(Bytes),
}

/// One read of the files: their modification times, the shell cut at each placeholder and the
/// search engines' table.
#[derive(Debug)]
struct Cut {
    /// `None` when `index.html` was absent ([`NO_APP_HTML`] is served).
    modified: Option<SystemTime>,
    /// The modification time of `seo-pages.json`.
    seo_modified: Option<SystemTime>,
    pieces: Vec<Piece>,
    /// Total length of the text pieces.
    len: usize,
    /// `None` when the build wrote no table (or an unreadable one: logged).
    seo: Option<Arc<SeoTable>>,
}

impl Cut {
    fn of(text: &str, modified: Option<SystemTime>, seo: Option<SeoTable>) -> Cut {
        let mut pieces = Vec::new();
        let push_text = |pieces: &mut Vec<Piece>, text: &str| {
            for (i, part) in text.split(NONCE_PLACEHOLDER).enumerate() {
                if i > 0 {
                    pieces.push(Piece::Nonce);
                }
                pieces.push(Piece::Text(Bytes::copy_from_slice(part.as_bytes())));
            }
        };
        let head = text.find(HEAD_START).and_then(|start| {
            let inner = start + HEAD_START.len();
            text[inner..]
                .find(HEAD_END)
                .map(|end| (start, inner, inner + end))
        });
        match head {
            Some((start, inner, end)) => {
                push_text(&mut pieces, &text[..start]);
                pieces.push(Piece::Head(Bytes::copy_from_slice(
                    &text.as_bytes()[inner..end],
                )));
                push_text(&mut pieces, &text[end + HEAD_END.len()..]);
            }
            None => push_text(&mut pieces, text),
        }
        let len = pieces
            .iter()
            .map(|p| match p {
                Piece::Text(b) | Piece::Head(b) => b.len(),
                Piece::Nonce => 0,
            })
            .sum();
        Cut {
            modified,
            seo_modified: None,
            pieces,
            len,
            seo: seo.map(Arc::new),
        }
    }

    fn read(path: &Path) -> Cut {
        let seo_path = seo_path(path);
        let seo_modified = modified(&seo_path);
        let modified = modified(path);
        let seo = std::fs::read_to_string(&seo_path)
            .ok()
            .and_then(|json| match SeoTable::parse(&json) {
                Ok(table) => Some(table),
                Err(error) => {
                    tracing::error!(%error, path = %seo_path.display(), "unreadable seo-pages.json");
                    None
                }
            });
        let mut cut = match std::fs::read_to_string(path) {
            Ok(text) => Cut::of(&text, modified, seo),
            Err(_) => Cut::of(NO_APP_HTML, None, None),
        };
        cut.seo_modified = seo_modified;
        cut
    }
}

/// `seo-pages.json`, beside `index.html`.
fn seo_path(index: &Path) -> PathBuf {
    index.with_file_name("seo-pages.json")
}

fn modified(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

/// `index.html` in memory (cheap to clone: one shared copy).
#[derive(Debug, Clone)]
pub struct AppShell {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    path: PathBuf,
    cut: RwLock<Arc<Cut>>,
    /// Milliseconds after `born` at which the modification time is looked at again.
    next_check: AtomicU64,
    born: Instant,
}

impl AppShell {
    /// Reads `path` (the built app's `index.html`) now.
    pub fn load(path: PathBuf) -> AppShell {
        let cut = Cut::read(&path);
        AppShell {
            inner: Arc::new(Inner {
                path,
                cut: RwLock::new(Arc::new(cut)),
                next_check: AtomicU64::new(CHECK_EVERY.as_millis() as u64),
                born: Instant::now(),
            }),
        }
    }

    /// The shell with `nonce` in place of every placeholder, and the head of the page at `path`
    /// with `query` written from the build's table ([`SeoTable::head`]; `base` is the public
    /// address). Without a table the build's own head stays.
    pub fn render(&self, nonce: &str, path: &str, query: Option<&str>, base: &str) -> Bytes {
        self.refresh_if_due();
        let cut = self.current();
        let head = cut
            .seo
            .as_ref()
            .map(|seo| seo.head(seo.page(path, query), base, nonce));
        let extra = head.as_ref().map_or(0, String::len);
        let mut out = BytesMut::with_capacity(cut.len + extra + nonce.len() * cut.pieces.len());
        for piece in &cut.pieces {
            match piece {
                Piece::Text(text) => out.put_slice(text),
                Piece::Nonce => out.put_slice(nonce.as_bytes()),
                Piece::Head(own) => match &head {
                    Some(head) => out.put_slice(head.as_bytes()),
                    None => out.put_slice(own),
                },
            }
        }
        out.freeze()
    }

    /// The search engines' table of the build being served, if it wrote one.
    pub fn seo(&self) -> Option<Arc<SeoTable>> {
        self.refresh_if_due();
        self.current().seo.clone()
    }

    fn current(&self) -> Arc<Cut> {
        self.inner
            .cut
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Looks at the files' modification times once per [`CHECK_EVERY`] (one request does it), and
    /// reads them again when one changed or appeared or went away.
    fn refresh_if_due(&self) {
        let inner = &self.inner;
        let now = inner.born.elapsed().as_millis() as u64;
        let due = inner.next_check.load(Ordering::Relaxed);
        if now < due
            || inner
                .next_check
                .compare_exchange(
                    due,
                    now + CHECK_EVERY.as_millis() as u64,
                    Ordering::AcqRel,
                    Ordering::Relaxed,
                )
                .is_err()
        {
            return;
        }
        let times = (modified(&inner.path), modified(&seo_path(&inner.path)));
        let held = {
            let cut = inner.cut.read().unwrap_or_else(|e| e.into_inner());
            (cut.modified, cut.seo_modified)
        };
        if times != held {
            let cut = Arc::new(Cut::read(&inner.path));
            *inner.cut.write().unwrap_or_else(|e| e.into_inner()) = cut;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_placeholder_gets_the_nonce_and_nothing_else_changes() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("index.html");
        let html = "<meta content=\"__CSP_NONCE__\"><script nonce=\"__CSP_NONCE__\"></script>end";
        std::fs::write(&path, html).unwrap();
        let shell = AppShell::load(path);
        assert_eq!(
            shell.render("abc", "/", None, "http://x"),
            html.replace(NONCE_PLACEHOLDER, "abc").as_bytes()
        );
        assert_eq!(
            shell.render("xyz", "/", None, "http://x"),
            html.replace(NONCE_PLACEHOLDER, "xyz").as_bytes()
        );
    }

    #[test]
    fn the_head_region_is_the_page_s_own_when_the_build_wrote_a_table() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("index.html");
        let html = "<head><!--page-head--><title>Défaut</title><!--/page-head--><meta content=\"__CSP_NONCE__\"></head>";
        std::fs::write(&path, html).unwrap();
        let shell = AppShell::load(path.clone());
        // No table: the build's own head.
        assert_eq!(
            shell.render("n", "/", None, "http://x"),
            "<head><title>Défaut</title><meta content=\"n\"></head>".as_bytes()
        );
        std::fs::write(
            dir.path().join("seo-pages.json"),
            r#"{"site": {"name": "FA", "title": "FA", "description": "Site", "locale": "fr_FR", "image": "/og.png", "imageAlt": "x"},
                "pages": [{"path": "/contact", "index": null, "default": true, "title": "Contact | FA",
                           "description": "Écrivez-nous", "canonical": "/contact", "indexed": true}],
                "disallow": []}"#,
        )
        .unwrap();
        shell.inner.next_check.store(0, Ordering::Relaxed);
        let page =
            String::from_utf8(shell.render("n", "/contact", None, "http://x").to_vec()).unwrap();
        assert!(page.starts_with("<head><title>Contact | FA</title><meta name=\"description\" content=\"Écrivez-nous\">"), "{page}");
        assert!(page.contains("<link rel=\"canonical\" href=\"http://x/contact\">"));
        assert!(page.ends_with("<meta content=\"n\"></head>"));
        assert!(!page.contains("Défaut"));
        let other = String::from_utf8(
            shell
                .render("n", "/compte/panier", None, "http://x")
                .to_vec(),
        )
        .unwrap();
        assert!(
            other.contains("<title>FA</title>") && other.contains("noindex"),
            "{other}"
        );
        assert_eq!(shell.seo().unwrap().pages.len(), 1);
    }

    #[test]
    fn a_new_build_is_served_once_its_time_is_looked_at_and_a_missing_one_says_so() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("index.html");
        let shell = AppShell::load(path.clone());
        assert_eq!(
            shell.render("n", "/", None, "http://x"),
            NO_APP_HTML.as_bytes()
        );
        std::fs::write(&path, "<p>__CSP_NONCE__ v1</p>").unwrap();
        // Not looked at before its time.
        assert_eq!(
            shell.render("n", "/", None, "http://x"),
            NO_APP_HTML.as_bytes()
        );
        shell.inner.next_check.store(0, Ordering::Relaxed);
        assert_eq!(
            shell.render("n", "/", None, "http://x"),
            "<p>n v1</p>".as_bytes()
        );
        // A rewrite with another modification time.
        std::fs::write(&path, "<p>__CSP_NONCE__ v2</p>").unwrap();
        let later = SystemTime::now() + Duration::from_secs(5);
        std::fs::File::options()
            .write(true)
            .open(&path)
            .unwrap()
            .set_modified(later)
            .unwrap();
        shell.inner.next_check.store(0, Ordering::Relaxed);
        assert_eq!(
            shell.render("n", "/", None, "http://x"),
            "<p>n v2</p>".as_bytes()
        );
        std::fs::remove_file(&path).unwrap();
        shell.inner.next_check.store(0, Ordering::Relaxed);
        assert_eq!(
            shell.render("n", "/", None, "http://x"),
            NO_APP_HTML.as_bytes()
        );
    }
}
