#!/usr/bin/env bash
# A real S3-compatible server for the tests: s3s-fs (crates.io, installed by
# scripts/setup-tools.sh) on 127.0.0.1, on a free port, storing in a temporary folder that holds one
# bucket, with signed requests (access key and secret). Source this file, then:
#
#   s3_test_server_start   # starts it and exports
#                          #   TEST_S3_URL=http://KEY:SECRET@127.0.0.1:PORT/BUCKET  (the Rust tests)
#                          #   S3_TEST_ENDPOINT, S3_TEST_BUCKET, S3_TEST_ACCESS_KEY, S3_TEST_SECRET_KEY
#                          #   (for a `server` process: STORAGE_URL=s3://$S3_TEST_BUCKET
#                          #   S3_ENDPOINT=$S3_TEST_ENDPOINT AWS_ACCESS_KEY_ID=$S3_TEST_ACCESS_KEY
#                          #   AWS_SECRET_ACCESS_KEY=$S3_TEST_SECRET_KEY)
#                          #   S3_TEST_PID, S3_TEST_ROOT
#   s3_test_server_stop    # stops it by its PID and removes its folder
#
# Several servers (instances of the site) may share the bucket; the tests use one prefix each.

S3_TEST_BUCKET=forme-additive-test
S3_TEST_ACCESS_KEY=forme-additive-test
S3_TEST_SECRET_KEY=forme-additive-test-secret

s3_test_server_start() {
  if ! command -v s3s-fs >/dev/null; then
    echo "s3s-fs manquant : lancez scripts/setup-tools.sh (cargo install s3s-fs)." >&2
    return 1
  fi
  S3_TEST_ROOT=$(mktemp -d)
  mkdir -p "$S3_TEST_ROOT/data/$S3_TEST_BUCKET"
  # Port 0: the system picks a free port, which s3s-fs logs ("server is running at ...").
  RUST_LOG=s3s_fs=info s3s-fs --host 127.0.0.1 --port 0 \
    --access-key "$S3_TEST_ACCESS_KEY" --secret-key "$S3_TEST_SECRET_KEY" \
    "$S3_TEST_ROOT/data" >"$S3_TEST_ROOT/s3s-fs.log" 2>&1 &
  S3_TEST_PID=$!
  local port="" _
  for _ in $(seq 1 100); do
    port=$(grep -oE 'running at http://127\.0\.0\.1:[0-9]+' "$S3_TEST_ROOT/s3s-fs.log" | grep -oE '[0-9]+$' | head -n 1 || true)
    [ -n "$port" ] && break
    if ! kill -0 "$S3_TEST_PID" 2>/dev/null; then
      echo "s3s-fs s'est arrêté au démarrage :" >&2
      cat "$S3_TEST_ROOT/s3s-fs.log" >&2
      return 1
    fi
    sleep 0.1
  done
  if [ -z "$port" ]; then
    echo "s3s-fs n'a pas annoncé son port en 10 s :" >&2
    cat "$S3_TEST_ROOT/s3s-fs.log" >&2
    s3_test_server_stop
    return 1
  fi
  S3_TEST_ENDPOINT="http://127.0.0.1:$port"
  export S3_TEST_PID S3_TEST_ROOT S3_TEST_ENDPOINT S3_TEST_BUCKET S3_TEST_ACCESS_KEY S3_TEST_SECRET_KEY
  export TEST_S3_URL="http://$S3_TEST_ACCESS_KEY:$S3_TEST_SECRET_KEY@127.0.0.1:$port/$S3_TEST_BUCKET"
  echo "s3s-fs (PID $S3_TEST_PID) sur $S3_TEST_ENDPOINT, seau $S3_TEST_BUCKET, dossier $S3_TEST_ROOT/data"
}

s3_test_server_stop() {
  if [ -n "${S3_TEST_PID:-}" ]; then
    kill "$S3_TEST_PID" 2>/dev/null || true
    wait "$S3_TEST_PID" 2>/dev/null || true
    S3_TEST_PID=""
  fi
  if [ -n "${S3_TEST_ROOT:-}" ]; then
    rm -rf "$S3_TEST_ROOT"
    S3_TEST_ROOT=""
  fi
  unset TEST_S3_URL
}
