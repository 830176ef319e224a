#!/usr/bin/env bash
# Builds what device/gpu-suite.sh carries to the GPU machine (which has no Java, no Maven and no network) into
# device/carry/ (git-ignored), and prints the size of everything that travels:
#   jre25.txz      a jlinked Java 25 runtime (only the modules OKL uses)
#   okl-lib.txz    OKL's classes and their dependencies (bench, okl-gpu and its tests, JUnit's console launcher)
#   openblas.txz   this machine's OpenBLAS and its Fortran runtime, for the CPU routes the GPU is compared with
# Run from the repository root:  device/prepare-gpu.sh   (--no-build: package what the last build left); where
# device/prepare-cpu.sh is run too, run it first: both write jre25.txz and openblas.txz, and this one's runtime holds
# the modules of both.
# Then, on the GPU machine (the device tool's run, carry ["device/carry"]):  device/gpu-suite.sh BUDGET_SECONDS
set -euo pipefail
cd "$(dirname "$0")/.."
jdk="${OKL_FFM_JDK:-/usr/lib/jvm/temurin-25-jdk-amd64}"
[[ -x "$jdk/bin/jlink" ]] || { echo "prepare-gpu: no JDK 22+ at $jdk (set OKL_FFM_JDK)" >&2; exit 1; }
carry=device/carry
# the carry is shared with device/prepare-cpu.sh (issue 24: okl.jar; the same jre25.txz and openblas.txz names):
# only this script's files are replaced
mkdir -p "$carry"
rm -f "$carry/okl-lib.txz" "$carry/jre-modules.txt"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

if [[ "${1:-}" != --no-build ]]; then
  echo "prepare-gpu: building (okl-gpu with its CUDA binding, bench and their tests' classes)..." >&2
  mvn -B -q -DskipTests -Dmaven.javadoc.skip -Dmaven.source.skip -Dokl.ffm.jdk="$jdk" install -pl bench,gpu -am >&2
  mvn -B -q -Dokl.ffm.jdk="$jdk" test-compile -pl gpu >&2
fi

lib="$work/lib"
mkdir -p "$lib"
# runtime class path of the bench (okl modules, okl-gpu, their dependencies) and the gpu module's test class path
(cd bench && mvn -B -q dependency:build-classpath -Dmdep.outputFile="$work/bench.cp" >&2)
(cd gpu && mvn -B -q dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$work/gpu.cp" >&2)
tr ':' '\n' < "$work/bench.cp" > "$work/jars"
tr ':' '\n' < "$work/gpu.cp" >> "$work/jars"
sort -u "$work/jars" | while read -r jar; do
  [[ -n "$jar" && -f "$jar" ]] && cp "$jar" "$lib/"
done
cp bench/target/okl-bench-*[0-9T].jar "$lib/" 2>/dev/null || cp bench/target/okl-bench-0.1.0-SNAPSHOT.jar "$lib/"
(cd gpu/target/test-classes && "$jdk/bin/jar" cf "$lib/okl-gpu-tests.jar" .)
(cd gpu/target/classes && "$jdk/bin/jar" cf "$lib/okl-gpu-0.1.0-SNAPSHOT.jar" .)
mvn -B -q dependency:copy -Dartifact=org.junit.platform:junit-platform-console-standalone:1.11.3 \
  -DoutputDirectory="$lib" >&2
# no source or javadoc JARs; not byte-buddy (AssertJ's soft assertions, unused)
rm -f "$lib"/*-sources.jar "$lib"/*-javadoc.jar "$lib"/byte-buddy-*.jar
# every JAR re-stored without compression (xz then compresses the classes far better than deflate did), the
# data sets bundled in okl-datasets-plugin left out (the benchmarks generate their data)
python3 - "$lib" <<'PY'
import pathlib, sys, zipfile
for jar in pathlib.Path(sys.argv[1]).glob("*.jar"):
    stored = jar.with_suffix(".stored")
    with zipfile.ZipFile(jar) as src, zipfile.ZipFile(stored, "w", zipfile.ZIP_STORED) as dst:
        for info in src.infolist():
            if jar.name.startswith("okl-datasets-plugin") and "/datasets/data/" in info.filename \
                    and not info.filename.endswith("/"):
                continue
            dst.writestr(info.filename, src.read(info.filename), zipfile.ZIP_STORED)
    stored.replace(jar)
PY
(cd "$work" && tar cf - lib | xz -9 -T2 > "$OLDPWD/$carry/okl-lib.txz")

# the runtime: the modules OKL's classes and libraries use on this path (jdeps lists more: AWT for Jackson's optional
# java.beans support, the HTTP server of testkit's download tests), the Vector API for netlib's Java BLAS, and
# jdk.unsupported (Guava's, netlib's Unsafe), with jdk.management for device/cpu-scaling.sh, which runs on the same
# runtime (so run this script after device/prepare-cpu.sh); uncompressed inside, so that xz compresses the whole
mods=java.base,java.logging,java.management,java.naming,java.net.http,java.sql,java.xml,jdk.incubator.vector
mods=$mods,jdk.management,jdk.unsupported
"$jdk/bin/jlink" --add-modules "$mods" --strip-debug --no-header-files --no-man-pages --compress=zip-0 \
  --output "$work/jre" >&2
(cd "$work" && tar cf - jre | xz -9 -T2 > "$OLDPWD/$carry/jre25.txz")
echo "$mods" > "$carry/jre-modules.txt"

blas="$work/openblas"
mkdir -p "$blas"
src=/usr/lib/x86_64-linux-gnu
cp -L "$src/openblas-pthread/libblas.so.3" "$src/openblas-pthread/liblapack.so.3" \
  "$src/openblas-pthread/libopenblas.so.0" "$src/libgfortran.so.5" "$src/libquadmath.so.0" "$blas/"
(cd "$work" && tar cf - openblas | xz -9 -T2 > "$OLDPWD/$carry/openblas.txz")

tree=$(git ls-files -z | xargs -0 du -cb 2>/dev/null | tail -1 | cut -f1)
untracked=$(git ls-files -z --others --exclude-standard | xargs -0 -r du -cb 2>/dev/null | tail -1 | cut -f1)
carried=$(du -cb "$carry" | tail -1 | cut -f1)
ls -l "$carry" >&2
printf 'prepare-gpu: tree %.1f MiB + untracked %.1f MiB + carry %.1f MiB = %.1f MiB (limit 64 MiB)\n' \
  "$(echo "$tree/1048576" | bc -l)" "$(echo "${untracked:-0}/1048576" | bc -l)" "$(echo "$carried/1048576" | bc -l)" \
  "$(echo "($tree+${untracked:-0}+$carried)/1048576" | bc -l)"
