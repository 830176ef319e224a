#!/usr/bin/env bash
# The measurements of okl-spark's cost model (BENCHMARKS.md, "The 100-million-row plan"), then the plan:
# spark_fit (per-fold sums, m = 2000) and spark_falkon (m = 500, 3 conjugate-gradient iterations) at 200,000 and
# 2,000,000 rows (each after an untimed fit of its first 20,000 rows in the same Spark application, so that the
# executors' JIT has compiled the passes), on local[2] and on a standalone cluster of one 2-core worker, interleaved, one run each, into DIR;
# then `okl bench --spark-plan DIR` prints the constants, the check (the 2,000,000-row fits predicted from the
# 200,000-row constants) and the plan for 100,000,000 rows.
#
#   bench/scripts/spark-cost-model.sh DIR     # from the repository root, okl-spark built (mvn -DskipTests package)
set -uo pipefail
cd "$(dirname "$0")/../.."
out="${1:?usage: $0 DIR}"
mkdir -p "$out"
bench/scripts/spark-standalone.sh stop
url=$(bench/scripts/spark-standalone.sh start 1 2 5g) || exit 1
trap 'bench/scripts/spark-standalone.sh stop' EXIT
for n in 200000 2000000; do
  for wl in spark_fit spark_falkon; do
    rank=2000; [ "$wl" = spark_falkon ] && rank=500
    for where in local cluster; do
      master="local[2]"; [ "$where" = cluster ] && master="$url"
      echo "$(date +%T) $wl n=$n $where (load $(cut -d' ' -f1-3 /proc/loadavg))"
      ./okl bench --workloads "$wl" --n "$n" --repeat 1 --warmup 0 --spark-alone --json --rank "$rank" \
        --backend native --child-heap 4g --falkon-iterations 3 --spark-warmup-rows 20000 --spark-master "$master" \
        > "$out/$wl-$n-$where.json" || exit 1
    done
  done
done
echo "$(date +%T) done (load $(cut -d' ' -f1-3 /proc/loadavg))"
./okl bench --spark-plan "$out"
