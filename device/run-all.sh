#!/usr/bin/env bash
# The one device call of a session: the CPU scaling runs on the GPU machine's 16 cores (issue 24), then OKL's GPU
# suite (issue 21), in one budget. Builds nothing; runs what device/prepare-cpu.sh and then device/prepare-gpu.sh put
# in the git-ignored device/carry/ (in that order: both write the shared runtime and OpenBLAS). With the device tool:
#   command "OUT=\$OUT device/run-all.sh 440", carry ["device/carry"], timeout_s 470
# CPU_SECONDS (default 150) goes to cpu-scaling.sh (the 1,000,000-row fit from CSV on every core, then --scaling at
# 200,000 rows on OKL_CPU_THREADS, default 1 and all cores), the rest to gpu-suite.sh.
# OKL_CPU_STEPS and OKL_GPU_STEPS (see each script) run only the named steps, to fill the gaps of an earlier call.
# Results: $OUT/cpu (summary.txt, one file per step) and $OUT/gpu (report.md, results.jsonl, log.txt, tests.txt).
set -uo pipefail
cd "$(dirname "$0")/.."
budget="${1:?usage: OUT=folder device/run-all.sh BUDGET_SECONDS}"
: "${OUT:?set OUT to the folder for the results}"
started=$(date +%s)
cpu_budget="${CPU_SECONDS:-150}"
mkdir -p "$OUT/gpu" "$OUT/cpu"
echo "run-all: budget ${budget}s: CPU scaling ${cpu_budget}s, then the GPU suite"
OUT="$OUT/cpu" OKL_CPU_THREADS="${OKL_CPU_THREADS:-1,$(nproc)}" OKL_CPU_SCALING_S="${OKL_CPU_SCALING_S:-60}" \
  timeout --kill-after=10 "$cpu_budget" bash device/cpu-scaling.sh "$(( cpu_budget - 20 ))" > "$OUT/cpu/stdout.txt" 2>&1
echo "run-all: cpu-scaling exit $? after $(( $(date +%s) - started ))s"
tail -25 "$OUT/cpu/stdout.txt"
left=$(( budget - ($(date +%s) - started) - 5 ))
if (( left > 40 )); then
  OUT="$OUT/gpu" timeout --kill-after=10 "$left" bash device/gpu-suite.sh "$(( left - 15 ))" > "$OUT/gpu/stdout.txt" 2>&1
  echo "run-all: gpu-suite exit $? after $(( $(date +%s) - started ))s"
  tail -60 "$OUT/gpu/stdout.txt"
  echo "run-all: the GPU suite's results.jsonl (each step's record, also when the device tool returns few files):"
  cat "$OUT/gpu/results.jsonl"
else
  echo "run-all: gpu-suite not run (${left}s left)"
fi
