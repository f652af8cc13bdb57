#!/usr/bin/env bash
# Sets up and runs the site on 127.0.0.1:8080 with a SQLite file under data/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup-tools.sh
if [ -f web/package.json ]; then
  scripts/build-wasm.sh
  (cd web && npx vite build)
fi
exec cargo run --release -p server -- serve "$@"
