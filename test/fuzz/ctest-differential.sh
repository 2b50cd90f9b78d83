#!/bin/sh
# ctest fuzz-differential (README.md): a fixed-seed small batch of generated
# functions (the first 60 functions of the GPU batch's tu0 and tu1, seed 1)
#  1. compiled with alloy++ -O2 --gpu-arch=sm_90 (ptxas assembles every
#     kernel into the embedded cubin) and linked; the host side run twice
#     (--self-check);
#  2. built without the plugin with UBSan and ASan and run (--self-check):
#     the generated code has no undefined behaviour on these inputs.
# usage: ctest-differential.sh BUILD_DIR
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "$1" && pwd)
out="$build/test/fuzz-differential"
rm -rf "$out"
mkdir -p "$out"
export ALLOY_CACHE_DIR="${ALLOY_CACHE_DIR:-$build/test/alloy-cache}"

sh "$here/build.sh" --seed 1 --tus 2 --functions 60 "$build" "$out/gpu"
readelf=$(command -v llvm-readelf-22 || command -v llvm-readelf || echo /usr/lib/llvm-22/bin/llvm-readelf)
if "$readelf" -S "$out/gpu/fuzz_differential" | grep -q '\.alloy_cubin'; then
  echo "ctest-differential: the program embeds cubins (ptxas accepted the PTX)"
else
  echo "ctest-differential: FAILED: no .alloy_cubin section (was ptxas run?)"
  exit 1
fi
"$out/gpu/fuzz_differential" --self-check --inputs 256 | tee "$out/gpu.txt"
grep -q '^PASSED$' "$out/gpu.txt"

sh "$here/build.sh" --host-only --sanitize --seed 1 --tus 2 --functions 60 \
  --src "$out/host-src" "$build" "$out/host"
"$out/host/fuzz_differential" --self-check --inputs 2048 | tee "$out/host.txt"
grep -q '^PASSED$' "$out/host.txt"
echo "ctest-differential: PASSED"
