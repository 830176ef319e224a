#!/usr/bin/env bash
# Prepares, on this machine, what device/cpu-scaling.sh needs on the GPU machine (16 cores, no Java, no network):
# device/carry/ (git-ignored) gets
#   okl.jar       the okl command's JAR, built here, without native code for other platforms than x86-64 Linux
#   okl-lab.jar   the lab JAR beside it (okl bench), without the PDF and chart libraries (figures of experiments)
#   jre25.txz     a jlinked Java 25 runtime with the modules that JAR uses (jdeps), no java.desktop
#   openblas.txz  OpenBLAS 0.3.21 (pthread) of this machine with its LAPACK and Fortran run-time libraries
# and prints their sizes (the working tree and the carry travel together: at most 64 MiB in all).
# Usage: device/prepare-cpu.sh            (JDK25=/path/to/jdk overrides /usr/lib/jvm/temurin-25-jdk-amd64)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
carry="$root/device/carry"
jdk="${JDK25:-/usr/lib/jvm/temurin-25-jdk-amd64}"
blas="${OPENBLAS_DIR:-/usr/lib/x86_64-linux-gnu/openblas-pthread}"
mkdir -p "$carry"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "prepare-cpu: building the okl and lab JARs..." >&2
(cd "$root" && mvn -B -q -DskipTests -Dmaven.javadoc.skip -Dmaven.source.skip package -pl app,lab -am >&2)
jar="$(ls "$root"/app/target/okl-app-*-all.jar | head -1)"
cp "$jar" "$work/okl.jar"
cp "$(ls "$root"/lab/target/okl-lab-*-all.jar | head -1)" "$work/okl-lab.jar"
# what the large-n route never loads: PDF/font libraries and the chart library (experiment figures, in the lab JAR),
# native code for other platforms (netlib's JNI stubs, JNA's dispatch libraries)
zip -q -d "$work/okl-lab.jar" 'org/apache/pdfbox/*' 'org/apache/fontbox/*' >/dev/null
zip -q -d "$work/okl.jar" 'resources/native/Linux-aarch64/*' 'resources/native/Linux-riscv64/*' >/dev/null
for p in $(unzip -Z1 "$work/okl.jar" 'com/sun/jna/*/libjnidispatch*' | grep -v 'com/sun/jna/linux-x86-64/'); do
  zip -q -d "$work/okl.jar" "$p" >/dev/null
done
mv "$work/okl.jar" "$carry/okl.jar"
mv "$work/okl-lab.jar" "$carry/okl-lab.jar"

echo "prepare-cpu: linking a Java 25 runtime..." >&2
modules="java.base,java.logging,java.management,java.naming,java.net.http,java.sql,jdk.incubator.vector,jdk.management,jdk.unsupported"
"$jdk/bin/jlink" --add-modules "$modules" --strip-debug --no-header-files --no-man-pages --output "$work/jre" >/dev/null
(cd "$work" && tar cf - jre | xz -9 -T0 > "$carry/jre25.txz")

echo "prepare-cpu: packing OpenBLAS..." >&2
mkdir -p "$work/openblas"
cp -L "$blas/libblas.so.3" "$blas/liblapack.so.3" "$blas/libopenblas.so.0" "$work/openblas/"
for lib in libgfortran.so.5 libquadmath.so.0; do
  cp -L "$(ldconfig -p | awk -v l="$lib" '$1 == l && /x86-64/ {print $NF; exit}')" "$work/openblas/"
done
(cd "$work" && tar cf - openblas | xz -9 -T0 > "$carry/openblas.txz")

tree=$(cd "$root" && git ls-files -co --exclude-standard -z | xargs -0 cat 2>/dev/null | wc -c)
carried=$(cat "$carry"/okl.jar "$carry"/okl-lab.jar "$carry"/jre25.txz "$carry"/openblas.txz | wc -c)
ls -l "$carry"
printf 'working tree %.1f MiB + carry %.1f MiB = %.1f MiB (limit 64 MiB)\n' "$(echo "$tree / 1048576" | bc -l)" \
    "$(echo "$carried / 1048576" | bc -l)" "$(echo "($tree + $carried) / 1048576" | bc -l)"
