#!/bin/sh
# The porting suite's steps for one CUDA sample (Inputs/cuda-samples/NAME):
# `alloy port` on each CUDA file (X.cu to X.cpp beside it; headers, .cpp
# files and included .cu files in place), alloy++ on the .cpp files, and the program run on the
# CPU device with ARGS (--no-run: not run). Prints alloy port's reports,
# then the output. ALLOY_PORT_CXXFLAGS: more alloy++ options.
# usage: port-sample.sh SAMPLE_DIR WORK_DIR [ARGS... | --no-run]
set -eu
src=$1 work=$2
shift 2
common=$(cd "$(dirname "$src")/Common" && pwd)
rm -rf "$work"
mkdir -p "$work"
cp -R "$src"/. "$work"/
cd "$work"
for f in *.cu *.cuh *.h *.cpp; do
  [ -f "$f" ] || continue
  grep -qE 'cuda|<<<|__global__|__device__|checkCudaErrors' "$f" || continue
  out=$f
  # A .cu that another file includes stays a .cu (and no unit of its own).
  case $f in *.cu) grep -q "#include \"$f\"" ./* || out=${f%.cu}.cpp ;; esac
  [ "$out" = "$f" ] || [ ! -e "$out" ] || { echo "$out exists" >&2; exit 1; }
  alloy-port "$f" -o "$f.ported" -- -I"$common" -I.
  mv "$f.ported" "$out"
done
alloy++ -O2 ${ALLOY_PORT_CXXFLAGS:-} -I"$common" -I. *.cpp -o program
echo "built $(basename "$src")"
[ "${1:-}" = --no-run ] && exit 0
env ALLOY_DEVICE=cpu ./program "$@"
