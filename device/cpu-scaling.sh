#!/usr/bin/env bash
# The large-n route on every core of the machine it runs on (the GPU machine's 16 cores, CPU only): builds nothing,
# needs no Java and no network, runs from the repository root with what device/prepare-cpu.sh put in device/carry,
# and writes everything under $OUT. Usage: OUT=/some/folder device/cpu-scaling.sh BUDGET_SECONDS
#
# Steps, in this order, each run only when the time left covers its estimate (else listed as not run):
#   fit1m        okl bench stream_csv, n = 1,000,000, all cores: the fit from CSV (issue: <= 12 s on 16 cores)
#   scaling200k  okl bench --scaling stream_csv, n = 200,000, at 1, 2, 4, ... cores: time, speed-up, efficiency
#                per phase (parse, landmarks, features, sums, solves)
#   sklearn200k  okl bench --peer lowrank_cv, n = 200,000: OKL in memory against scikit-learn's Nystroem + Ridge
#                loop on the same cores (issue: >= 15x); only where python3 has scikit-learn
#   scaling1m    okl bench --scaling stream_csv, n = 1,000,000, at 4, 8, ... cores
#   java1m       the fit from CSV at n = 1,000,000 with the pure-Java back-end
# OKL_CPU_N and OKL_CPU_N_LARGE (200000 and 1000000) change the sizes for a quick try elsewhere; OKL_CPU_THREADS
# (a list such as 1,16) and OKL_CPU_SCALING_S (its estimate in seconds) shorten scaling200k when the budget is short;
# OKL_CPU_STEPS (names from the list above, space-separated) runs only those steps (a later call filling the gaps of
# an earlier one); the others are listed as not asked for.
set -uo pipefail
budget="${1:?usage: OUT=folder device/cpu-scaling.sh BUDGET_SECONDS}"
: "${OUT:?set OUT to the folder for the results}"
started=$(date +%s)
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
carry="$root/device/carry"
n="${OKL_CPU_N:-200000}"
large="${OKL_CPU_N_LARGE:-1000000}"
mkdir -p "$OUT"
work="$(mktemp -d "${TMPDIR:-/tmp}/okl-cpu.XXXXXX")"
trap 'rm -rf "$work"' EXIT
summary="$OUT/summary.txt"
: > "$summary"
say() { echo "$*" | tee -a "$summary"; }
left() { echo $(( budget - ($(date +%s) - started) )); }

for f in okl.jar okl-lab.jar jre25.txz openblas.txz; do
  if [[ ! -f "$carry/$f" ]]; then say "cpu-scaling: $carry/$f is missing: run device/prepare-cpu.sh first"; exit 2; fi
done
tar xJf "$carry/jre25.txz" -C "$work" && tar xJf "$carry/openblas.txz" -C "$work" || { say "cannot unpack"; exit 2; }
export PATH="$work/jre/bin:$PATH"
export LD_LIBRARY_PATH="$work/openblas${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export OKL_JAR="$carry/okl.jar"
export OKL_LAB_JAR="$carry/okl-lab.jar"
export OKL_TMPDIR="$work"
export TMPDIR="$work"
unset OPENBLAS_NUM_THREADS GOTO_NUM_THREADS OMP_NUM_THREADS OKL_THREADS
cores=$(nproc)
threads="1"; t=2; while (( t < cores )); do threads="$threads,$t"; t=$(( t * 2 )); done
(( cores > 1 )) && threads="$threads,$cores"
threads="${OKL_CPU_THREADS:-$threads}"   # e.g. OKL_CPU_THREADS=1,16 when the budget is short
big_threads=""; t=4; while (( t < cores )); do big_threads="${big_threads:+$big_threads,}$t"; t=$(( t * 2 )); done
big_threads="${big_threads:+$big_threads,}$cores"
export OKL_JAVA_OPTS="--enable-native-access=ALL-UNNAMED"
# the CPU route on the GPU machine: okl-gpu (in the okl JAR) would send large work to the card under okl.gpu=auto
export OKL_GPU=off
okl=(bash "$root/okl")

{
  echo "date: $(date -u +%FT%TZ)"; echo "commit: $(cd "$root" && git rev-parse --short HEAD 2>/dev/null)"
  echo "nproc: $cores"; lscpu 2>/dev/null | grep -E 'Model name|^CPU\(s\)|Thread|Core|Socket|NUMA node\(s\)|MHz|L2|L3'
  free -m 2>/dev/null | head -2; java -version 2>&1; uptime
} > "$OUT/machine.txt"
say "cpu-scaling on $cores cores ($(grep -m1 'Model name' <(lscpu 2>/dev/null) | sed 's/.*: *//')), budget ${budget}s"

# step NAME ESTIMATE_SECONDS COMMAND...: runs when the time left covers the estimate, limited to the time left
step() {
  local name="$1" estimate="$2"; shift 2
  if [[ -n "${OKL_CPU_STEPS:-}" && " $OKL_CPU_STEPS " != *" $name "* ]]; then
    say "$name: not asked for (OKL_CPU_STEPS=$OKL_CPU_STEPS)"; return
  fi
  local remaining; remaining=$(left)
  if (( remaining < estimate + 5 )); then
    say "$name: not run (${remaining}s left, about ${estimate}s needed)"; return
  fi
  local t0; t0=$(date +%s)
  timeout --signal=TERM --kill-after=10 $(( remaining - 5 )) "$@" > "$OUT/$name.txt" 2> "$OUT/$name.err"
  local rc=$?
  say "$name: exit $rc after $(( $(date +%s) - t0 ))s (estimate ${estimate}s): $OUT/$name.txt"
}

step fit1m 60 "${okl[@]}" bench --workloads stream_csv --n "$large" --repeat 1 --warmup 0 --markdown "$OUT/fit1m.md"
step scaling200k "${OKL_CPU_SCALING_S:-150}" "${okl[@]}" bench --scaling --workloads stream_csv --n "$n" --threads "$threads" \
    --markdown "$OUT/scaling200k.md"
if python3 -c 'import sklearn' 2>/dev/null; then
  step sklearn200k 240 "${okl[@]}" bench --peer --python "$(command -v python3)" --workloads lowrank_cv --n "$n" \
      --repeat 1 --warmup 0 --markdown "$OUT/sklearn200k.md"
else
  say "sklearn200k: not run (python3 has no scikit-learn here); OKL alone:"
  step lowrank200k 30 "${okl[@]}" bench --workloads lowrank_cv --n "$n" --repeat 1 --warmup 0 --markdown "$OUT/lowrank200k.md"
fi
step scaling1m 150 "${okl[@]}" bench --scaling --workloads stream_csv --n "$large" --threads "$big_threads" \
    --markdown "$OUT/scaling1m.md"
step java1m 150 env OKL_LINALG=java "${okl[@]}" bench --backend java --workloads stream_csv --n "$large" \
    --repeat 1 --warmup 0 --markdown "$OUT/java1m.md"

say "--- key lines"
for f in "$OUT"/fit1m.txt "$OUT"/sklearn200k.txt "$OUT"/lowrank200k.txt "$OUT"/java1m.txt; do
  [[ -f "$f" ]] && grep -E 'stream_csv|lowrank_cv|sklearn|ratio' "$f" | head -8 | tee -a "$summary"
done
for f in "$OUT"/scaling200k.txt "$OUT"/scaling1m.txt; do
  [[ -f "$f" ]] && grep -E '^(threads|[0-9]+ )' "$f" | tee -a "$summary"
done
say "cpu-scaling: done in $(( $(date +%s) - started ))s"
