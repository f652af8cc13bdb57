#!/usr/bin/env bash
# Builds quote-wasm with wasm-pack (--target web), offline-safe, into two modules with the same JS
# exports: web/src/wasm/pkg (STL, OBJ, 3MF) and web/src/wasm/pkg-step (the same plus STEP, feature
# `step`: the truck crates make it several times larger, so the page loads it only for a STEP file).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -x web/node_modules/.bin/wasm-opt ]; then
  export PATH="$PWD/web/node_modules/.bin:$PATH"
fi
wasm-pack build quote-wasm --release --target web --out-dir ../web/src/wasm/pkg --no-pack
wasm-pack build quote-wasm --release --target web --out-dir ../web/src/wasm/pkg-step --no-pack -- --features step
for dir in pkg pkg-step; do
  wasm="web/src/wasm/$dir/quote_wasm_bg.wasm"
  echo "$wasm: $(stat -c %s "$wasm") octets, $(gzip -9 -c "$wasm" | wc -c) octets gzip -9"
done
