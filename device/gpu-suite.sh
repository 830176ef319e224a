#!/usr/bin/env bash
# OKL's GPU test suite and benchmarks, on the GPU machine, within a time budget. Builds nothing: it runs what
# device/prepare-gpu.sh put in device/carry/ (a Java 25 runtime, OKL's classes, OpenBLAS for the CPU routes).
#
#   device/gpu-suite.sh BUDGET_SECONDS [smoke|local]
#
# From the repository root, with the device tool: command "device/gpu-suite.sh 520", carry ["device/carry"],
# timeout_s 540 (about 520 s runs every step on an H100 with 16 cores; a smaller budget drops steps from the end of the
# list below). Steps run in order of priority; a step whose estimate exceeds what is left of the budget is not run
# and the report says so; every step is also stopped at what is left. Every GPU result is compared with the CPU
# route on the same data (predictions to 1e-8 relative, the same chosen values); where the CPU route would not fit
# the budget at the issue's size it is run at a smaller size, and the report says which. "smoke" runs everything
# at small sizes (a check of the scripts and the binding, not the benchmark); "local" runs tiny sizes, for trying
# the script where there is no card (OKL_GPU_SIMULATE=2g then runs the device routes on the CPU device).
# OKL_GPU_STEPS (step names, space-separated: tests, sums_gpu, ..., csv_compare, calibrate) runs only those steps, and
# OKL_GPU_N_EXACT_CPU sets the size at which the exact path is compared with the CPU route (a later call filling the
# gaps of an earlier one).
#
# Writes to $OUT (else /tmp/okl-gpu-out): report.md (the tables and verdicts), results.jsonl (one JSON object per
# step), log.txt (every program's standard error), tests.txt (the JUnit tree).
set -uo pipefail
cd "$(dirname "$0")/.."
budget="${1:?usage: device/gpu-suite.sh BUDGET_SECONDS [smoke|local]}"
kind="${2:-full}"
started=$(date +%s)
out="${OUT:-/tmp/okl-gpu-out}"
work=/tmp/okl-gpu
rm -rf "$work"
mkdir -p "$out" "$work"
log="$out/log.txt"
results="$out/results.jsonl"
: > "$log"
: > "$results"

left() { echo $(( budget - ($(date +%s) - started) )); }
# seconds kept free at the end: a stopped step's 5 s to die (timeout --kill-after) and the report
reserve=12
note() { echo "[$(( $(date +%s) - started ))s] $*" | tee -a "$log" >&2; }

# the report, also when the suite stops early (a missing archive, the budget spent while unpacking)
report() {
  if ! timeout 20 python3 device/gpu_report.py "$results" > "$out/report.md" 2>> "$log"; then
    { echo "# OKL on a GPU: the suite's report"; echo; echo "device/gpu_report.py failed (log.txt); the raw results:"
      echo; echo '```'; cat "$results"; echo '```'; } > "$out/report.md"
  fi
  note "done: $out/report.md"
  cat "$out/report.md"
}

note "unpacking device/carry"
for archive in jre25 okl-lib openblas; do
  if ! timeout "$(( $(left) > 10 ? $(left) - 10 : 1 ))" tar xJf "device/carry/$archive.txz" -C "$work"; then
    note "cannot unpack device/carry/$archive.txz (run device/prepare-gpu.sh here and carry device/carry)"
    echo "{\"step\": \"unpack\", \"rc\": 1, \"not_run\": \"device/carry/$archive.txz could not be unpacked\"}" \
      >> "$results"
    report
    exit 1
  fi
done
if ! "$work/jre/bin/java" --list-modules 2>/dev/null | grep -q '^java.xml@'; then
  note "the carried runtime lacks java.xml (JUnit's reports, logback): device/prepare-gpu.sh links it"
fi
cores=$(nproc)
export LD_LIBRARY_PATH="$work/openblas:${LD_LIBRARY_PATH:-}"
export OPENBLAS_NUM_THREADS="$cores"
# ParallelGC as ./okl runs the commands that compute (README), so the CPU route is timed as users run it
java=("$work/jre/bin/java" --enable-native-access=ALL-UNNAMED --add-modules jdk.incubator.vector -Xss4m
  -XX:+UseParallelGC --sun-misc-unsafe-memory-access=allow
  -Ddev.ludovic.netlib.blas.nativeLib="$work/openblas/libblas.so.3"
  -Ddev.ludovic.netlib.lapack.nativeLib="$work/openblas/liblapack.so.3"
  -Dlogback.configurationFile=/dev/null -cp "$work/lib/*")
bench=org.okl.bench.GpuBenchMain
peer=bench/src/main/resources/org/okl/bench/peer_torch.py

{
  echo "{\"step\": \"machine\", \"cores\": $cores, \"budget_s\": $budget, \"kind\": \"$kind\","
  echo " \"gpu\": \"$(nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader 2>/dev/null | head -1)\","
  echo " \"cpu\": \"$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)\","
  echo " \"memory_gib\": $(awk '/MemTotal/ {printf "%.0f", $2 / 1048576}' /proc/meminfo),"
  echo " \"java\": \"$("$work/jre/bin/java" -version 2>&1 | head -1 | tr -d '"')\","
  echo " \"torch\": \"$(python3 -c 'import torch; print(torch.__version__, torch.version.cuda)' 2>/dev/null)\"}"
} | tr -d '\n' >> "$results"
echo >> "$results"

# step NAME ESTIMATE TIMEOUT command...: runs when the estimate fits what is left, stopped at what is left; the
# command's last JSON line goes to results.jsonl with the step's name, exit code and wall time.
step() {
  local name=$1 estimate=$2 limit=$3
  shift 3
  if [[ -n "${OKL_GPU_STEPS:-}" && " $OKL_GPU_STEPS " != *" $name "* ]]; then
    echo "{\"step\": \"$name\", \"not_run\": \"not asked for (OKL_GPU_STEPS)\"}" >> "$results"
    return 1
  fi
  local needed
  for needed in ${NEEDS:-}; do
    if ! grep -q "^{\"step\": \"$needed\", \"rc\": 0," "$results"; then
      note "$name: not run ($needed did not succeed)"
      echo "{\"step\": \"$name\", \"not_run\": \"it compares the result of $needed, which did not succeed\"}" \
        >> "$results"
      return 1
    fi
  done
  local remaining
  remaining=$(left)
  estimate=$(( estimate / ${scale:-1} ))
  if (( remaining < estimate + reserve )); then
    note "$name: not run (needs about ${estimate} s, ${remaining} s left)"
    echo "{\"step\": \"$name\", \"not_run\": \"the budget: it needs about $estimate s and $remaining s were left\"}" \
      >> "$results"
    return 1
  fi
  (( limit > remaining - reserve )) && limit=$(( remaining - reserve ))
  note "$name: running (estimate ${estimate} s, stopped at ${limit} s)"
  local t0 rc line
  t0=$(date +%s.%N)
  timeout --kill-after=5 "$limit" "$@" > "$work/$name.out" 2>> "$log"
  rc=$?
  line=$(grep '^{' "$work/$name.out" | tail -1)
  [[ -z "$line" ]] && line="{}"
  python3 - "$name" "$rc" "$t0" "$line" >> "$results" <<'PY'
import json, sys, time
name, rc, t0, line = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
try:
    record = json.loads(line)
except ValueError:
    record = {"unparsed": line[:500]}
record = {"step": name, "rc": rc, "wall_s": round(time.time() - t0, 2), **record}
if rc == 124 or rc == 137:
    record["stopped"] = "it ran past its time limit"
print(json.dumps(record))
PY
  note "$name: exit $rc"
  return "$rc"
}

gpu=("${java[@]}" -Dokl.gpu=on ${OKL_GPU_SIMULATE:+-Dokl.gpu.simulate=$OKL_GPU_SIMULATE})
cpu=("${java[@]}" -Dokl.gpu=off)
data="$work/data"
mkdir -p "$data"

m=2000
t_tests=300
scale=1
if [[ "$kind" == smoke ]]; then
  t_tests=80; scale=4
  n_sums=100000; n_csv=100000; n_exact=12000; n_exact_cpu=3000; decode_c=200000; decode_c_cpu=50000
  n_falkon=300000; m_falkon=4000; n_falkon_cpu=10000; m_small=500; heap=16g
elif [[ "$kind" == local ]]; then
  scale=2; m=300; n_sums=20000; n_csv=20000; n_exact=1500; n_exact_cpu=800; decode_c=20000; decode_c_cpu=5000
  n_falkon=20000; m_falkon=500; n_falkon_cpu=5000; m_small=200; heap=4g
else
  n_sums=1000000; n_csv=1000000; n_exact=40000; n_exact_cpu=8000; decode_c=1000000; decode_c_cpu=100000
  n_falkon=10000000; m_falkon=20000; n_falkon_cpu=20000; m_small=1000; heap=64g
fi
n_exact_cpu="${OKL_GPU_N_EXACT_CPU:-$n_exact_cpu}"
lambdas=1e-7,1e-6,1e-5,1e-4,1e-3

# Steps in order of priority, so that a smaller budget keeps the most (estimates at the issue's sizes, 16 cores and
# an H100; cumulative about 35, 70, 105, 205, 250, 390, 495, 505 s after each group, plus 12 s kept for the end):
# 1. the GPU test suite: every primitive against naive computations, every route against the CPU route
[[ "$kind" == local ]] || export OKL_GPU_REQUIRED=1
step tests 25 120 "${java[@]}" -Xmx8g org.junit.platform.console.ConsoleLauncher execute \
  --select-class org.okl.gpu.cuda.CudaPrimitivesTest --select-class org.okl.gpu.cuda.CudaRoutesTest \
  --select-class org.okl.gpu.cuda.CudaBackendTest --details=tree --details-theme=ascii --disable-banner \
  --reports-dir="$work/junit"
cp "$work/tests.out" "$out/tests.txt" 2>/dev/null
grep -E "tests (successful|failed|skipped|aborted)" "$work/tests.out" 2>/dev/null | sed 's/^/    /' >&2
python3 - "$work/tests.out" "$results" <<'PY' 2>> "$log"
import json, re, sys
counts = {}
try:
    for line in open(sys.argv[1]):
        m = re.search(r"(\d+) tests (successful|failed|skipped|aborted)", line)
        if m:
            counts["tests_" + m.group(2)] = int(m.group(1))
except OSError:
    pass
if counts:
    lines = open(sys.argv[2]).read().splitlines()
    for i in range(len(lines) - 1, -1, -1):
        record = json.loads(lines[i])
        if record.get("step") == "tests":
            record.update(counts)
            lines[i] = json.dumps(record)
            break
    open(sys.argv[2], "w").write("\n".join(lines) + "\n")
PY

# 2. the large-n sums from memory on the card, then PyTorch on the same rows, landmarks and folds
step sums_gpu 20 180 "${gpu[@]}" -Xmx$heap $bench sums $n_sums $m "$data/sums-gpu.pred" peer "$data/peer"
step sums_torch 15 180 python3 $peer sums "$data/peer" $n_sums 20 5 $m 5 4.47213595499958 1e-7 1e-6 1e-5 1e-4 1e-3

# 3. candidate decoding, top-5 of 64-column candidates; the same rankings as the CPU route at a smaller size
step decode_gpu 10 120 "${gpu[@]}" -Xmx$heap $bench decode 10000 $decode_c 64 5 "$data/decode-gpu.rank"
step decode_small_gpu 6 60 "${gpu[@]}" -Xmx8g $bench decode 10000 $decode_c_cpu 64 5 "$data/decode-small-gpu.rank"
step decode_small_cpu 12 120 "${cpu[@]}" -Xmx8g $bench decode 10000 $decode_c_cpu 64 5 "$data/decode-small-cpu.rank"
NEEDS="decode_small_gpu decode_small_cpu" step decode_compare 5 60 "${cpu[@]}" $bench compare \
  "$data/decode-small-cpu.rank" "$data/decode-small-gpu.rank"

# 4. the exact 30-lambda path; against the CPU route where it finishes within the budget
step exact_gpu 60 200 "${gpu[@]}" -Xmx$heap $bench exact $n_exact "$data/exact-gpu.pred"
step exact_small_cpu 30 150 "${cpu[@]}" -Xmx$heap $bench exact $n_exact_cpu "$data/exact-small-cpu.pred"
step exact_small_gpu 6 120 "${gpu[@]}" -Xmx$heap $bench exact $n_exact_cpu "$data/exact-small-gpu.pred"
NEEDS="exact_small_cpu exact_small_gpu" step exact_compare 5 60 "${cpu[@]}" $bench compare \
  "$data/exact-small-cpu.pred" "$data/exact-small-gpu.pred"

# 5. Falkon against the CPU route (5 lambdas, 5-fold, a size the CPU route finishes), then at the issue's size
step falkon_small_gpu 8 120 "${gpu[@]}" -Xmx8g $bench falkon $n_falkon_cpu $m_small $lambdas 5 \
  "$data/falkon-small-gpu.pred" 1e-9
step falkon_small_cpu 30 120 "${cpu[@]}" -Xmx8g $bench falkon $n_falkon_cpu $m_small $lambdas 5 \
  "$data/falkon-small-cpu.pred" 1e-9
NEEDS="falkon_small_gpu falkon_small_cpu" step falkon_compare 5 60 "${cpu[@]}" $bench compare \
  "$data/falkon-small-cpu.pred" "$data/falkon-small-gpu.pred"
step falkon_gpu 140 180 "${gpu[@]}" -Xmx$heap $bench falkon $n_falkon $m_falkon 1e-6 0 "$data/falkon-gpu.pred"

# 6. the large-n problem from a CSV file: the card against the CPU route on all the machine's cores
step csv_write 12 120 "${cpu[@]}" -Xmx$heap $bench write-csv $n_csv $m "$data/csv"
NEEDS="csv_write" step csv_gpu 25 240 "${gpu[@]}" -Xmx8g $bench fit-csv "$data/csv" "$data/csv-gpu.okl"
NEEDS="csv_write" step csv_cpu 65 300 "${cpu[@]}" -Xmx8g $bench fit-csv "$data/csv" "$data/csv-cpu.okl"
NEEDS="csv_gpu csv_cpu" step csv_compare 5 60 "${cpu[@]}" $bench compare "$data/csv-cpu.okl.pred" \
  "$data/csv-gpu.okl.pred"

# 7. the card's primitives at benchmark sizes (what explains the times above)
[[ "$kind" == local ]] || step calibrate 10 90 "${gpu[@]}" -Xmx4g $bench calibrate

report
