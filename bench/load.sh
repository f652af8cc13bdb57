#!/usr/bin/env bash
# Load benchmark (never a test, never in CI): one release-built server on loopback with a fresh
# SQLite data folder (or DATABASE_URL when set), and axum's hello-world (server/examples/hello.rs)
# for scale, each loaded by wrk (Debian) for DURATION (default 60 s) with CONNECTIONS (default 64)
# connections on 2 threads:
#   hello      GET /                              (axum hello-world)
#   home       GET /                              (the home page, index.html)
#   catalog    GET /api/backend/Combinaison/full  (the public catalog)
#   price      POST /api/devis/calcul-prix {"index":0}  (a quoted cube.stl, signed quote cookie)
#   basket     GET /api/backend/ComptePiece       (a signed-in account's priced basket)
# Prints one Markdown table row per route (requests/s, p50, p99, errors) and the load average;
# raw wrk outputs go to bench/out/load-*.txt.
#
#   bench/load.sh                 # builds release binaries first (cargo build --release)
#   DURATION=10s bench/load.sh    # a quick look
#   NO_BUILD=1 CARGO_TARGET_DIR=/elsewhere bench/load.sh   # binaries built beforehand
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=bench/out
mkdir -p "$out"
DURATION=${DURATION:-60s}
CONNECTIONS=${CONNECTIONS:-64}

command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk; }
[ -f web/dist/index.html ] || { echo "web/dist/index.html absent : cd web && npx vite build"; exit 1; }
# NO_BUILD=1: use the release binaries already built (in $CARGO_TARGET_DIR or target/).
if [ -z "${NO_BUILD:-}" ]; then
  CARGO_BUILD_JOBS=${CARGO_BUILD_JOBS:-2} cargo build --release -p server --bin server --example hello
fi
rel=${CARGO_TARGET_DIR:-target}/release

tmp=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT

start() { # log-file command...: starts a server, waits for "listening on", prints its URL
  local log=$1
  shift
  "$@" >"$log" 2>"$log.err" &
  pids+=($!)
  for _ in $(seq 1 300); do
    if grep -qoE 'http://127\.0\.0\.1:[0-9]+' "$log"; then
      grep -oE 'http://127\.0\.0\.1:[0-9]+' "$log" | head -n 1
      return
    fi
    sleep 0.1
  done
  echo "server did not start: $(cat "$log.err")" >&2
  exit 1
}

export DATA_DIR=$tmp/data WEB_DIST=$root/web/dist RUST_LOG=error
email=bench@forme-additive.test
password=Bench-load-2026-secret
echo "$password" | "$rel"/server create-admin --email "$email" --password-stdin >/dev/null
hello=$(start "$tmp/hello.log" "$rel"/examples/hello 127.0.0.1:0)
site=$(start "$tmp/site.log" "$rel"/server serve --addr 127.0.0.1:0)

# A visitor with a quoted cube.stl (quote cookie) who is also signed in with a basket line.
jar=$tmp/cookies.txt
csrf() { curl -sf -b "$jar" -c "$jar" "$site/api/auth/csrf" | sed -E 's/.*"csrfToken":"([^"]+)".*/\1/'; }
token=$(csrf)
curl -sf -b "$jar" -c "$jar" -o /dev/null -X POST "$site/api/auth/callback/credentials" \
  --data-urlencode "email=$email" --data-urlencode "password=$password" \
  --data-urlencode "csrfToken=$token" --data-urlencode json=true --data-urlencode callbackUrl=/
token=$(csrf)
curl -sf -b "$jar" -c "$jar" -o /dev/null -H "x-csrf-token: $token" \
  -F type=models -F index=0 -F "file=@fixtures/cube.stl;type=model/stl" "$site/api/upload/file-temp"
curl -sf -b "$jar" -c "$jar" -o /dev/null -H "x-csrf-token: $token" -F index=0 "$site/api/devis/process-file"
curl -sf -b "$jar" -c "$jar" -o /dev/null -H "x-csrf-token: $token" -H 'content-type: application/json' \
  -d '{"dataFiles":[0]}' "$site/api/devis/panier"
cookie=$(awk -F'\t' '!/^#/ || /^#HttpOnly_/ { if (NF >= 7) printf "%s%s=%s", (n++ ? "; " : ""), $6, $7 }' "$jar")
check=$(curl -s -o /dev/null -w '%{http_code}' -b "$jar" -H "x-csrf-token: $token" -H 'content-type: application/json' \
  -d '{"index":0}' "$site/api/devis/calcul-prix")
[ "$check" = 200 ] || { echo "calcul-prix answers $check before the run"; exit 1; }

lua_get() { # cookie -> a wrk script sending it
  cat >"$tmp/$1.lua" <<EOF
wrk.headers["Cookie"] = "$2"
EOF
}
lua_get basket "$cookie"
cat >"$tmp/price.lua" <<EOF
wrk.method = "POST"
wrk.body = '{"index":0}'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["X-CSRF-Token"] = "$token"
wrk.headers["Cookie"] = "$cookie"
EOF

run() { # name url [script]
  local name=$1 url=$2 script=${3:-}
  local args=(-t2 "-c$CONNECTIONS" "-d$DURATION" --latency)
  [ -n "$script" ] && args+=(-s "$script")
  wrk "${args[@]}" "$url" >"$out/load-$name.txt"
  local rps p50 p99 non2xx sock total
  rps=$(awk '/^Requests\/sec/ { print $2 }' "$out/load-$name.txt")
  p50=$(awk '$1 == "50%" { print $2 }' "$out/load-$name.txt")
  p99=$(awk '$1 == "99%" { print $2 }' "$out/load-$name.txt")
  total=$(awk '/requests in/ { print $1 }' "$out/load-$name.txt")
  non2xx=$(awk '/Non-2xx or 3xx responses/ { print $NF }' "$out/load-$name.txt")
  sock=$(awk '/Socket errors/ { gsub(",", ""); print $4 + $6 + $8 + $10 }' "$out/load-$name.txt")
  printf '| %s | %s | %s | %s | %s | %s |\n' "$name" "${rps:-?}" "${total:-?}" "${p50:-?}" "${p99:-?}" "$(( ${non2xx:-0} + ${sock:-0} ))"
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; wrk -t2 -c$CONNECTIONS -d$DURATION --latency"
echo "| route | requests/s | requests | p50 | p99 | errors |"
echo "|---|---|---|---|---|---|"
run hello "$hello/"
run home "$site/"
run catalog "$site/api/backend/Combinaison/full"
run price "$site/api/devis/calcul-prix" "$tmp/price.lua"
run basket "$site/api/backend/ComptePiece" "$tmp/basket.lua"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
