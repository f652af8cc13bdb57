#!/usr/bin/env bash
# Compares the quote engine with its peers on a generated 1,000,000-triangle binary STL (50 MB,
# under bench/out/, never committed). Installs the peers when missing (apt: admesh, hyperfine,
# time; PyPI in bench/out/venv: numpy-stl, trimesh), times every step, and writes the figures and
# the ratios the issue asks for to bench/out/results.md (and the raw JSON beside it).
#
#   bench/compare.sh            # everything except numpy-stl's get_mass_properties (minutes)
#   bench/compare.sh --mass     # also numpy-stl's get_mass_properties, run once
#
# Times are minima over several runs (the machine is shared: the minimum is the run least
# disturbed by other processes). In-process times exclude the Python interpreter's start and
# imports; process times (hyperfine) include everything.
set -euo pipefail
cd "$(dirname "$0")/.."
out=bench/out
file=$out/torus_1m.stl
mkdir -p "$out"

with_mass=0
[ "${1:-}" = "--mass" ] && with_mass=1

echo "== Outils"
missing=()
command -v admesh >/dev/null || missing+=(admesh)
command -v hyperfine >/dev/null || missing+=(hyperfine)
[ -x /usr/bin/time ] || missing+=(time)
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}"
fi
if [ ! -x "$out/venv/bin/python" ]; then
  python3 -m venv "$out/venv"
fi
"$out/venv/bin/python" -c "import stl, trimesh" 2>/dev/null ||
  "$out/venv/bin/pip" install -q numpy-stl trimesh
py=$out/venv/bin/python

echo "== Fichier de test"
[ -f "$file" ] || python3 bench/gen_stl.py "$file" 1000000
ls -l "$file"

echo "== Compilation (release)"
cargo build --release -p quote-cli --bins
bin=target/release

echo "== Temps des processus (hyperfine)"
hf() { # name, runs, command
  hyperfine --style basic --warmup 1 --runs "$2" --export-json "$out/hf_$1.json" "$3" >/dev/null
  echo "$1 : $(python3 -c "import json;r=json.load(open('$out/hf_$1.json'))['results'][0];print(f\"min {r['min']*1000:.0f} ms, médiane {r['median']*1000:.0f} ms\")")"
}
hf cat 10 "cat $file > /dev/null"
hf admesh_c 5 "admesh -c $file"
hf admesh_e 3 "admesh -e $file"
hf admesh_all 3 "admesh $file"
hf quote_read 10 "$bin/quote-bench read $file 1"
hf quote_map 10 "$bin/quote-bench map $file 1"
hf quote_quick 10 "$bin/quote-bench quick $file 1"
hf quote_analyze 5 "$bin/quote-bench analyze $file 1"
hf quote_json 5 "$bin/quote --json $file > /dev/null"

echo "== Temps internes (dans le processus)"
for mode in read map quick analyze full; do
  "$bin/quote-bench" "$mode" "$file" 5 | tee "$out/in_$mode.json"
done
"$py" bench/peers.py numpy_vec "$file" 5 | tee "$out/in_numpy_vec.json"
"$py" bench/peers.py trimesh "$file" 3 | tee "$out/in_trimesh.json"
if [ "$with_mass" = 1 ]; then
  "$py" bench/peers.py numpy_mass "$file" 1 | tee "$out/in_numpy_mass.json"
fi

echo "== Mémoire maximale (/usr/bin/time -v)"
peak() { # name, command...
  local name=$1
  shift
  /usr/bin/time -v "$@" >/dev/null 2>"$out/time_$name.txt"
  echo "$name : $(grep 'Maximum resident' "$out/time_$name.txt" | awk '{print $NF}') Ko"
}
peak quote_json "$bin/quote" --json "$file"
peak quote_analyze "$bin/quote-bench" analyze "$file" 1
peak quote_quick "$bin/quote-bench" quick "$file" 1
peak admesh_e admesh -e "$file"
peak trimesh "$py" bench/peers.py trimesh "$file" 1

echo "== Résultats"
python3 bench/report.py "$out" "$file" | tee "$out/results.md"
