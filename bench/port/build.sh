#!/bin/sh
# Builds, on this machine, the Alloy ports of the porting suite's
# programs (samples.txt) into OUT_DIR, and copies there what run.sh needs on
# the GPU machine: the unchanged sources (for the nvcc builds), samples.txt
# and run.sh.
# usage: bench/port/build.sh BUILD_DIR OUT_DIR
set -eu
build=$(cd "$1" && pwd)
mkdir -p "$2"
out=$(cd "$2" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
inputs=$here/../../test/Port/Inputs/cuda-samples
export PATH="$build/bin:$PATH" ALLOY_PORT_CXXFLAGS=--gpu-arch=sm_90
grep -v '^#' "$here/samples.txt" | while IFS='|' read -r name args pattern; do
  echo "alloy port + alloy++: $name"
  sh "$here/../../test/Port/port-sample.sh" "$inputs/$name" "$out/work/$name" \
    --no-run >/dev/null
  cp "$out/work/$name/program" "$out/alloy_$name"
done
rm -rf "$out/src"
cp -R "$inputs" "$out/src"
cp "$here/samples.txt" "$here/run.sh" "$out/"
rm -rf "$out/work"
