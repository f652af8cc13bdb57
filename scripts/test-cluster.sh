#!/usr/bin/env bash
# Several servers, one shop: runs, against the built server (SERVER_BIN, default target/debug/server)
# and web app (web/dist),
# - the fault test on SQLite (web/e2e/fault.mjs sqlite): the single server killed with SIGKILL and
#   restarted while customers order in a loop with idempotency keys;
# - when PostgreSQL answers (TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres;
#   required when CI=true): the cluster test (web/e2e/cluster.mjs: two instances behind nginx in
#   round robin, the browser journey, the purge run once, backup and restore) and the fault test on
#   PostgreSQL through nginx (each instance killed and restarted in turn).
# Object storage: the instances share one DATA_DIR. Once STORAGE_URL exists, export it (and its
# endpoint and keys) before calling this script: every instance inherits it.
# Ends with "instances: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
export SERVER_BIN=${SERVER_BIN:-$PWD/target/debug/server}
logdir=$(mktemp -d)
trap 'rm -rf "$logdir"' EXIT
passed=0
failed=0
status=0

run() { # name, command...: runs a suite, adds its closing "N passed, N failed" line
  local name=$1 line
  shift
  "$@" 2>&1 | tee "$logdir/$name.log"
  [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
  line=$(grep -E '[0-9]+ passed, [0-9]+ failed$' "$logdir/$name.log" | tail -n 1 || true)
  if [ -z "$line" ]; then
    failed=$((failed + 1))
    status=1
  else
    passed=$((passed + $(echo "$line" | grep -oE '[0-9]+ passed' | grep -oE '[0-9]+')))
    failed=$((failed + $(echo "$line" | grep -oE '[0-9]+ failed' | grep -oE '[0-9]+')))
  fi
}

echo "== Panne : serveur unique sur SQLite tué (kill -9) et relancé"
run fault-sqlite node web/e2e/fault.mjs sqlite

pg_url=${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}
if command -v psql >/dev/null && psql -X -Atq -d "$pg_url" -c 'SELECT 1' >/dev/null 2>&1; then
  export TEST_POSTGRES_URL=$pg_url
  echo "== Deux instances derrière nginx sur PostgreSQL : parcours, tâche unique, sauvegarde et restauration"
  run cluster node web/e2e/cluster.mjs
  echo "== Panne : chaque instance tuée (kill -9) et relancée derrière nginx, sur PostgreSQL"
  run fault-postgres node web/e2e/fault.mjs postgres
elif [ "${CI:-}" = "true" ]; then
  echo "PostgreSQL ne répond pas sur $pg_url : la CI doit lancer les tests à plusieurs instances."
  failed=$((failed + 1))
  status=1
else
  echo "== PostgreSQL absent ($pg_url) : tests à plusieurs instances non lancés."
fi

echo "instances: $passed passed, $failed failed"
exit $status
