#!/usr/bin/env bash
# Sets up and runs every test: format, lints, Rust tests on SQLite (and PostgreSQL when one
# answers on 127.0.0.1:5432, always in CI), with the object storage tests against a real
# S3-compatible server (s3s-fs on 127.0.0.1, scripts/s3-test-server.sh), the generated TypeScript
# types of the engine and of the API's answers (current with the Rust types), the WASM build and
# its parity test, the web app's type check, lint, unit tests and build, the end-to-end tests in
# Debian's Chromium, then the several-servers tests (scripts/test-cluster.sh: kill -9 fault test on
# SQLite; on PostgreSQL two instances behind nginx with the browser journey, backup and restore,
# and the fault test).
# Ends with one line "N passed, N failed" adding up every suite.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
# s3_test_server_start / s3_test_server_stop (the S3 server of the storage tests).
# shellcheck source=scripts/s3-test-server.sh
source scripts/s3-test-server.sh
# In CI (CI=true), Cargo builds into a folder outside the clone that is kept from one run to the
# next: a build cache, so that a clean clone does not rebuild the ~500 dependency crates (Cargo's
# fingerprints still rebuild whatever changed, and a first run, with the folder empty, builds
# everything). Elsewhere, or when CARGO_TARGET_DIR is set, the usual target folder.
if [ "${CI:-}" = "true" ] && [ -z "${CARGO_TARGET_DIR:-}" ]; then
  export CARGO_TARGET_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/forme-additive/cargo-target"
  mkdir -p "$CARGO_TARGET_DIR"
  echo "Dossier de compilation (cache hors du clone) : $CARGO_TARGET_DIR"
fi
target_dir=$(realpath -m "${CARGO_TARGET_DIR:-$root/target}")
logdir=$(mktemp -d)
passed=0
failed=0

count_cargo() { # sums "test result: ... N passed; M failed" lines of a cargo test log
  local p f
  p=$(grep -E '^test result:' "$1" | sed -E 's/.* ([0-9]+) passed; ([0-9]+) failed.*/\1/' | paste -sd+ | bc || true)
  f=$(grep -E '^test result:' "$1" | sed -E 's/.* ([0-9]+) passed; ([0-9]+) failed.*/\2/' | paste -sd+ | bc || true)
  passed=$((passed + ${p:-0})); failed=$((failed + ${f:-0}))
}
count_plain() { # reads the closing "N passed, N failed" line of our own runners
  local line
  line=$(grep -E '^([A-Za-z]+: )?[0-9]+ passed, [0-9]+ failed' "$1" | tail -n 1 || true)
  if [ -n "$line" ]; then
    passed=$((passed + $(echo "$line" | grep -oE '[0-9]+ passed' | grep -oE '[0-9]+')))
    failed=$((failed + $(echo "$line" | grep -oE '[0-9]+ failed' | grep -oE '[0-9]+')))
  fi
}
# Each stage's wall-clock duration, printed as the stage ends and again in the summary.
stage_name=""
stage_start=$SECONDS
durations=()
stage() { # closes the running stage (prints its duration) and opens the next one
  if [ -n "$stage_name" ]; then
    local took=$((SECONDS - stage_start))
    echo "   -- $stage_name : $((took / 60)) min $((took % 60)) s"
    durations+=("$(printf '%4d s  %s' "$took" "$stage_name")")
  fi
  stage_name=$1
  stage_start=$SECONDS
  [ -n "$1" ] && echo "== $1"
  return 0
}
finish() {
  local status=$?
  s3_test_server_stop
  stage ""
  echo
  echo "Durées des étapes :"
  printf '%s\n' "${durations[@]}"
  echo "Total : $((SECONDS / 60)) min $((SECONDS % 60)) s"
  echo
  echo "$passed passed, $failed failed"
  rm -rf "$logdir"
  exit $status
}
trap finish EXIT

# The test programs of the server package (unit and integration tests) that `cargo test
# --workspace` built, without building anything.
server_test_programs() {
  cargo test --workspace --no-run --message-format=json 2>/dev/null |
    python3 -c '
import json, sys
for line in sys.stdin:
    try:
        m = json.loads(line)
    except ValueError:
        continue
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["profile"]["test"] \
            and m["manifest_path"] == sys.argv[1]:
        print(m["executable"])
' "$root/server/Cargo.toml"
}

command -v bc >/dev/null || { echo "bc manquant : apt-get install -y bc"; exit 1; }

stage "Outils"
scripts/setup-tools.sh

stage "Serveur S3 de test (s3s-fs) pour les tests du stockage objet"
s3_test_server_start

stage "Format et lints Rust"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets -- -D warnings
cargo clippy -p quote-wasm --features ts --all-targets -- -D warnings
# The server with its `ts` feature (the generator of web/src/lib/api-types.generated.ts), in the
# workspace's feature resolution so that only the server is checked again.
cargo clippy --workspace --lib --examples --features server/ts -- -D warnings

stage "Types TypeScript du moteur (web/src/wasm/types.ts, générés par ts-rs)"
cargo run -q -p quote-wasm --features ts --example ts-types
if ! git diff --exit-code -- web/src/wasm/types.ts; then
  echo "web/src/wasm/types.ts ne correspond plus aux types Rust du moteur (quote-core, quote-wasm)."
  echo "Régénérez-le avec « cargo run -p quote-wasm --features ts --example ts-types » et committez-le."
  exit 1
fi

stage "Types TypeScript de l'API (web/src/lib/api-types.generated.ts, générés par ts-rs)"
# Built in the workspace's feature resolution (no `-p server`: it would rebuild ~80 crates).
cargo run -q --features server/ts --example api-types
if ! git diff --exit-code -- web/src/lib/api-types.generated.ts; then
  echo "web/src/lib/api-types.generated.ts ne correspond plus aux types Rust des réponses du serveur."
  echo "Régénérez-le avec « cargo run --features server/ts --example api-types » et committez-le (docs/api-types.md)."
  exit 1
fi

# The server depends on quote-core with `step`: Cargo unifies the feature over the workspace, so
# this run also holds quote-core's STEP tests and the STEP corpus (tests/step_corpus.rs), and the
# clippy run above lints the STEP code.
stage "Tests Rust (SQLite, import STEP compris)"
set +e
cargo test --workspace 2>&1 | tee "$logdir/cargo.log"
status=${PIPESTATUS[0]}
set -e
count_cargo "$logdir/cargo.log"
[ "$status" -eq 0 ] || exit "$status"

# quote-core alone resolves its own features: `step` off, as in the browser's default WASM module
# (the workspace run above always has it on), so its refusal of a STEP file runs here.
stage "Moteur sans l'import STEP (module WASM par défaut)"
set +e
cargo test -p quote-core --lib 2>&1 | tee "$logdir/cargo-nostep.log"
status=${PIPESTATUS[0]}
set -e
count_cargo "$logdir/cargo-nostep.log"
[ "$status" -eq 0 ] || exit "$status"

pg_url=${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}
if command -v pg_isready >/dev/null && pg_isready -q -h 127.0.0.1 -p 5432; then
  stage "Tests du serveur sur PostgreSQL ($pg_url)"
  set +e
  # The server's test programs built by the workspace run above, run again on PostgreSQL
  # (`cargo test -p server` would resolve features apart from the workspace and rebuild ~80 crates).
  status=0
  : >"$logdir/cargo-pg.log"
  for exe in $(server_test_programs); do
    echo "     Running $exe" | tee -a "$logdir/cargo-pg.log"
    (cd server && CARGO_MANIFEST_DIR="$root/server" TEST_POSTGRES_URL=$pg_url "$exe") 2>&1 | tee -a "$logdir/cargo-pg.log"
    [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
  done
  set -e
  count_cargo "$logdir/cargo-pg.log"
  [ "$status" -eq 0 ] || exit "$status"
elif [ "${CI:-}" = "true" ]; then
  echo "PostgreSQL ne répond pas sur 127.0.0.1:5432 : la CI doit tester PostgreSQL."
  exit 1
else
  echo "== PostgreSQL absent sur 127.0.0.1:5432 : tests sur SQLite seulement."
fi

if [ -f web/package.json ]; then
  stage "WASM"
  scripts/build-wasm.sh
  stage "Parité WASM / natif (quote --json, STEP compris)"
  # The debug quote as the workspace test run built it (with `step`, unified through the server).
  cargo test --workspace --no-run -q
  set +e
  QUOTE_BIN="$target_dir/debug/quote" node web/e2e/wasm-parity.mjs 2>&1 | tee "$logdir/parity.log"
  status=${PIPESTATUS[0]}
  set -e
  count_plain "$logdir/parity.log"
  [ "$status" -eq 0 ] || exit "$status"
  stage "Application web"
  cd web
  npx tsc --noEmit
  npx eslint .
  set +e
  npx vitest run 2>&1 | tee "$logdir/vitest.log"
  status=${PIPESTATUS[0]}
  set -e
  p=$(grep -E '^ +Tests +' "$logdir/vitest.log" | grep -oE '[0-9]+ passed' | grep -oE '[0-9]+' || echo 0)
  f=$(grep -E '^ +Tests +' "$logdir/vitest.log" | grep -oE '[0-9]+ failed' | grep -oE '[0-9]+' || echo 0)
  passed=$((passed + p)); failed=$((failed + f))
  [ "$status" -eq 0 ] || exit "$status"
  npx vite build
  cd "$root"
  if [ -f web/e2e/run.mjs ]; then
    stage "Tests de bout en bout (Chromium)"
    # The server program that the workspace test run built (with the same features: a separate
    # `cargo build -p server` would rebuild part of the dependency tree).
    cargo test --workspace --no-run -q
    # The hostile STEP files the quote page must refuse or read in its worker (issue 22), written
    # by quote-core's example that the same test build compiled (with `step`).
    hostile_dir="$logdir/hostile-step"
    rm -rf "$hostile_dir" && mkdir -p "$hostile_dir"
    "$target_dir/debug/examples/hostile_step_files" "$hostile_dir" >/dev/null
    set +e
    HOSTILE_STEP_DIR="$hostile_dir" SERVER_BIN="$target_dir/debug/server" node web/e2e/run.mjs 2>&1 | tee "$logdir/e2e.log"
    status=${PIPESTATUS[0]}
    set -e
    count_plain "$logdir/e2e.log"
    [ "$status" -eq 0 ] || exit "$status"
    stage "Plusieurs instances : panne (SQLite, PostgreSQL), deux serveurs derrière nginx"
    set +e
    SERVER_BIN="$target_dir/debug/server" TEST_POSTGRES_URL=$pg_url scripts/test-cluster.sh 2>&1 | tee "$logdir/cluster.log"
    status=${PIPESTATUS[0]}
    set -e
    count_plain "$logdir/cluster.log"
    [ "$status" -eq 0 ] || exit "$status"
  fi
fi
