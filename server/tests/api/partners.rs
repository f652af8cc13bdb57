//! The real partners some tests talk to (an SMTP server, localstripe, VIES), each a small Python
//! script of `server/tests/` started per test on a free port of 127.0.0.1 and stopped when
//! dropped.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

/// A running partner script.
pub struct Partner {
    child: Child,
    /// The port it listens on (127.0.0.1).
    pub port: u16,
}

impl Partner {
    /// Runs `python3 server/tests/{script} {args}` and reads the `PORT n` line it prints once
    /// listening; panics with `fix` when it does not start.
    pub fn start(script: &str, args: &[&str], fix: &str) -> Partner {
        let script = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests")
            .join(script);
        let mut child = Command::new("python3")
            .arg(&script)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap_or_else(|e| panic!("python3 must be installed ({fix}): {e}"));
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let port = line
            .strip_prefix("PORT ")
            .and_then(|p| p.trim().parse().ok());
        let port = port
            .unwrap_or_else(|| panic!("{} did not start ({fix}); said {line:?}", script.display()));
        Partner { child, port }
    }
}

impl Drop for Partner {
    fn drop(&mut self) {
        // Closing stdin stops it; kill it by its own handle in case it hangs.
        drop(self.child.stdin.take());
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
