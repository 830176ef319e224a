#!/usr/bin/env bash
# A Spark standalone cluster on 127.0.0.1 for `okl bench --spark-master`: one master and W workers of C cores each,
# separate JVMs started from the Spark class path the okl-spark build writes (spark/target/spark-classpath.txt; no
# Spark installation needed), as the okl-spark cluster test starts them.
#
#   bench/scripts/spark-standalone.sh start [WORKERS] [CORES] [WORKER_MEMORY]   # prints the master's URL
#   bench/scripts/spark-standalone.sh stop
#
# State (logs, pids, work folders) lives in ${OKL_CLUSTER_DIR:-/tmp/okl-standalone}.
set -euo pipefail
cd "$(dirname "$0")/../.."
dir="${OKL_CLUSTER_DIR:-/tmp/okl-standalone}"
cp_file="spark/target/spark-classpath.txt"
opens=()
for p in java.lang java.lang.invoke java.lang.reflect java.io java.net java.nio java.util java.util.concurrent \
  java.util.concurrent.atomic jdk.internal.ref sun.nio.ch sun.nio.cs sun.security.action sun.util.calendar; do
  opens+=("--add-opens=java.base/$p=ALL-UNNAMED")
done

wait_for() { # log pattern
  for _ in $(seq 1 300); do
    if grep -qE "$2" "$1" 2>/dev/null; then return 0; fi
    sleep 0.2
  done
  echo "spark-standalone: no '$2' in $1 within 60 s" >&2; tail -20 "$1" >&2; return 1
}

case "${1:-}" in
  start)
    workers="${2:-1}"; cores="${3:-2}"; memory="${4:-3g}"
    [ -f "$cp_file" ] || { echo "spark-standalone: build okl-spark first (mvn -DskipTests package -pl spark -am)" >&2; exit 2; }
    rm -rf "$dir"; mkdir -p "$dir/spark-home"
    # SPARK_TESTING: executors take their class path from spark.executor.extraClassPath, not from $SPARK_HOME/jars
    export SPARK_HOME="$dir/spark-home" SPARK_SCALA_VERSION="${SPARK_SCALA_VERSION:-2.13}" SPARK_LOCAL_IP=127.0.0.1 \
      SPARK_TESTING=1
    cp="$(cat "$cp_file")"
    java -Xmx256m "${opens[@]}" -cp "$cp" org.apache.spark.deploy.master.Master --host 127.0.0.1 --port 0 \
      --webui-port 0 > "$dir/master.log" 2>&1 &
    echo $! > "$dir/pids"
    wait_for "$dir/master.log" "New state: ALIVE"
    url="$(grep -oE 'spark://[0-9.]+:[0-9]+' "$dir/master.log" | head -1)"
    for i in $(seq 1 "$workers"); do
      mkdir -p "$dir/worker-$i"
      java -Xmx256m "${opens[@]}" -cp "$cp" org.apache.spark.deploy.worker.Worker --host 127.0.0.1 --cores "$cores" \
        --memory "$memory" --webui-port 0 --work-dir "$dir/worker-$i" "$url" > "$dir/worker-$i.log" 2>&1 &
      echo $! >> "$dir/pids"
      wait_for "$dir/worker-$i.log" "Successfully registered with master"
    done
    echo "$url"
    ;;
  stop)
    if [ -f "$dir/pids" ]; then
      while read -r pid; do
        pkill -9 -P "$pid" 2>/dev/null || true   # the executors a worker launched
        kill -9 "$pid" 2>/dev/null || true
      done < "$dir/pids"
      rm -f "$dir/pids"
    fi
    ;;
  *)
    echo "usage: $0 start [WORKERS] [CORES] [WORKER_MEMORY] | stop" >&2; exit 2 ;;
esac
