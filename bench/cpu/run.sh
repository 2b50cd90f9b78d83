#!/bin/sh
# The CPU device against plain loops (docs/performance.md, "The CPU
# device"): builds bench/cpu/cpu_bench.cpp with alloy++ -O2 and runs it on
# all worker threads and on one.
# usage: sh bench/cpu/run.sh BUILD_DIR
set -eu
build=$(cd "${1:-build}" && pwd)
src=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$build/bin/alloy++" -O2 "$src/cpu_bench.cpp" -o "$out/cpu_bench"
echo "== all worker threads"
ALLOY_DEVICE=cpu "$out/cpu_bench"
echo "== one worker thread (ALLOY_CPU_THREADS=1)"
ALLOY_DEVICE=cpu ALLOY_CPU_THREADS=1 "$out/cpu_bench"
