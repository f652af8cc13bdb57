#!/usr/bin/env bash
# Builds quote-wasm into web/src/wasm/pkg with wasm-pack (--target web), offline-safe.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -x web/node_modules/.bin/wasm-opt ]; then
  export PATH="$PWD/web/node_modules/.bin:$PATH"
fi
wasm-pack build quote-wasm --release --target web --out-dir ../web/src/wasm/pkg --no-pack
