//! The app shell (`index.html` of the built web app) kept in memory, cut around the build's nonce
//! placeholder so that each response splices in its own nonce without searching the file. The
//! file is looked at again (its modification time) at most once per [`CHECK_EVERY`], and read
//! again only when that time changed: a new build is served within a second.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant, SystemTime};

use bytes::{BufMut, Bytes, BytesMut};

use crate::middleware::security_headers::NONCE_PLACEHOLDER;

/// How often the file's modification time is looked at.
pub const CHECK_EVERY: Duration = Duration::from_secs(1);

/// Shown when the web app has not been built.
pub const NO_APP_HTML: &str = "<!doctype html><html lang=\"fr\"><head><meta charset=\"utf-8\">\
<title>Forme Additive</title></head><body><p>L'application web n'est pas construite \
(dossier WEB_DIST introuvable). Lancez <code>scripts/run.sh</code>.</p></body></html>";

/// One read of the file: its modification time and its text cut at each placeholder.
#[derive(Debug)]
struct Cut {
    /// `None` when the file was absent ([`NO_APP_HTML`] is served).
    modified: Option<SystemTime>,
    /// The text between placeholders (one more piece than placeholders).
    pieces: Vec<Bytes>,
    /// Total length of the pieces.
    len: usize,
}

impl Cut {
    fn of(text: &str, modified: Option<SystemTime>) -> Cut {
        let pieces: Vec<Bytes> = text
            .split(NONCE_PLACEHOLDER)
            .map(|p| Bytes::copy_from_slice(p.as_bytes()))
            .collect();
        let len = pieces.iter().map(Bytes::len).sum();
        Cut {
            modified,
            pieces,
            len,
        }
    }

    fn read(path: &std::path::Path) -> Cut {
        let modified = std::fs::metadata(path).and_then(|m| m.modified()).ok();
        match std::fs::read_to_string(path) {
            Ok(text) => Cut::of(&text, modified),
            Err(_) => Cut::of(NO_APP_HTML, None),
        }
    }
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

    /// The shell with `nonce` in place of every placeholder.
    pub fn render(&self, nonce: &str) -> Bytes {
        self.refresh_if_due();
        let cut = self
            .inner
            .cut
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        let mut out = BytesMut::with_capacity(cut.len + nonce.len() * cut.pieces.len());
        for (i, piece) in cut.pieces.iter().enumerate() {
            if i > 0 {
                out.put_slice(nonce.as_bytes());
            }
            out.put_slice(piece);
        }
        out.freeze()
    }

    /// Looks at the file's modification time once per [`CHECK_EVERY`] (one request does it), and
    /// reads the file again when it changed or appeared or went away.
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
        let modified = std::fs::metadata(&inner.path)
            .and_then(|m| m.modified())
            .ok();
        let held = inner.cut.read().unwrap_or_else(|e| e.into_inner()).modified;
        if modified != held {
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
            shell.render("abc"),
            html.replace(NONCE_PLACEHOLDER, "abc").as_bytes()
        );
        assert_eq!(
            shell.render("xyz"),
            html.replace(NONCE_PLACEHOLDER, "xyz").as_bytes()
        );
    }

    #[test]
    fn a_new_build_is_served_once_its_time_is_looked_at_and_a_missing_one_says_so() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("index.html");
        let shell = AppShell::load(path.clone());
        assert_eq!(shell.render("n"), NO_APP_HTML.as_bytes());
        std::fs::write(&path, "<p>__CSP_NONCE__ v1</p>").unwrap();
        // Not looked at before its time.
        assert_eq!(shell.render("n"), NO_APP_HTML.as_bytes());
        shell.inner.next_check.store(0, Ordering::Relaxed);
        assert_eq!(shell.render("n"), "<p>n v1</p>".as_bytes());
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
        assert_eq!(shell.render("n"), "<p>n v2</p>".as_bytes());
        std::fs::remove_file(&path).unwrap();
        shell.inner.next_check.store(0, Ordering::Relaxed);
        assert_eq!(shell.render("n"), NO_APP_HTML.as_bytes());
    }
}
