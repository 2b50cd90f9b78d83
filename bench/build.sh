#!/bin/sh
# Builds, on this machine, the Alloy side of every benchmark into OUT_DIR,
# and copies there what run.sh needs on the GPU machine (the CUDA sources
# and the .cuh headers they include, common/ and run.sh itself). A source
# that mentions BENCH_FAST is also built with -DBENCH_FAST --use_fast_math,
# as alloy_<name>_fast; one that mentions BENCH_PTX with -DBENCH_PTX
# --gpu-arch=sm_80 (PTX only on sm_90); one that mentions BENCH_SM90A is
# built for sm_90a alone (wgmma).
# The PTX of each Alloy program goes to OUT_DIR/ptx/, for sass.sh.
# usage: bench/build.sh BUILD_DIR OUT_DIR
set -eu
if [ $# -ne 2 ]; then
  echo "usage: $0 BUILD_DIR OUT_DIR" >&2
  exit 2
fi
build=$(cd "$1" && pwd)
mkdir -p "$2"
out=$(cd "$2" && pwd)
bench=$(cd "$(dirname "$0")" && pwd)
cxx="$build/bin/alloy++"
failed=0
compile() { # OUTPUT SOURCE FLAGS...
  output=$1 source=$2
  shift 2
  echo "alloy++ $(basename "$output")"
  if ! "$cxx" -O2 --gpu-arch=sm_90 -I"$bench/common" "$@" "$source" \
    --trace="$out/trace.$output" -o "$out/$output"; then
    echo "FAILED: $output" >&2
    failed=$((failed + 1))
  fi
  # Keep the PTX, for sass.sh.
  mkdir -p "$out/ptx"
  mv "$out/trace.$output"/*.ptx "$out/ptx/$output.ptx" 2>/dev/null || true
  rm -rf "$out/trace.$output"
}
for source in "$bench"/*/alloy_*.cpp; do
  name=$(basename "$source" .cpp)
  if grep -q BENCH_SM90A "$source"; then
    compile "$name" "$source" --gpu-arch=sm_90a
    continue
  fi
  compile "$name" "$source"
  if grep -q BENCH_FAST "$source"; then
    compile "${name}_fast" "$source" -DBENCH_FAST --use_fast_math
  fi
  if grep -q BENCH_PTX "$source"; then # PTX only: the driver compiles it
    compile "${name}_ptx" "$source" -DBENCH_PTX --gpu-arch=sm_80
  fi
done
cp "$bench"/*/nvcc_*.cu "$bench"/*/nvcc_*.cuh "$bench/run.sh" "$bench/table.sh" \
  "$bench/sass.sh" "$out/"
rm -rf "$out/common"
cp -R "$bench/common" "$out/common"
du -sh "$out"
[ "$failed" -eq 0 ]
