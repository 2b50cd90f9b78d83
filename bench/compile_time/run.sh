#!/bin/sh
# Compile time (processor seconds) of the vecadd sample, median of N runs
# each: alloy++ (with
# its precompiled <gpu/gpu.hpp>, and without), nvcc on the same program in
# CUDA C++, plain clang++ (no plugin, no GPU code). Then a kernel-heavy
# file: cuda-samples' reduction_kernel.cu (198 kernel instances), as
# `alloy port` leaves it, against nvcc on the original. Prints Markdown
# tables.
# usage: sh bench/compile_time/run.sh BUILD_DIR [N] [ARCH]
set -eu
src=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "$1" && pwd)
n=${2:-5}
arch=${3:-sm_90}
alloyxx=$build/bin/alloy++
clangxx=$("$alloyxx" --print-clang)
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export ALLOY_CACHE_DIR="$work/cache"
sample=$src/examples/vecadd/vecadd.cpp

# Seconds of processor time (user and system, the command and its
# children: cc1, ptxas, cicc), median of $n runs. Processor time rather
# than wall time: on a shared machine the wall time of one command moved
# by 1.6x between runs, its processor time by much less.
median() { # COMMAND...
  for _ in $(seq "$n"); do
    python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL,
               stderr=subprocess.DEVNULL)
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print(r.ru_utime + r.ru_stime)' "$@" || { echo "failed: $*" >&2; exit 1; }
  done | sort -n | awk '{ a[NR] = $1 } END { printf "%.3f", a[int((NR + 1) / 2)] }'
}

# The first compile builds the PCH; it is not counted.
"$alloyxx" -O2 --gpu-arch="$arch" -c "$sample" -o "$work/warm.o"
t_alloy=$(median "$alloyxx" -O2 --gpu-arch="$arch" -c "$sample" -o "$work/a.o")
t_nopch=$(median env ALLOY_PCH=0 "$alloyxx" -O2 --gpu-arch="$arch" -c "$sample" -o "$work/b.o")
t_clang=$(median "$clangxx" -std=c++23 -O2 -I"$src/include" -Wno-unknown-attributes -c "$sample" -o "$work/c.o")
if [ -x "$nvcc" ]; then
  t_nvcc=$(median "$nvcc" -O3 -arch="$arch" -c "$src/bench/compile_time/vecadd.cu" -o "$work/n.o")
else
  t_nvcc=""
fi
ratio() { if [ -n "$2" ]; then awk "BEGIN { printf \"%.2f\", $1 / $2 }"; else echo "n/a"; fi; }
echo "| compile of the vecadd sample ($arch), median of $n | seconds | / nvcc | / clang++ |"
echo "|---|---|---|---|"
echo "| alloy++ -O2 -c (precompiled <gpu/gpu.hpp>) | $t_alloy | $(ratio "$t_alloy" "$t_nvcc") | $(ratio "$t_alloy" "$t_clang") |"
echo "| alloy++ -O2 -c, ALLOY_PCH=0 | $t_nopch | $(ratio "$t_nopch" "$t_nvcc") | $(ratio "$t_nopch" "$t_clang") |"
echo "| nvcc -O3 -c (same program in CUDA C++) | ${t_nvcc:-n/a} | 1.00 | $(ratio "${t_nvcc:-}" "$t_clang") |"
echo "| clang++ -O2 -c (host only, no plugin) | $t_clang | $(ratio "$t_clang" "$t_nvcc") | 1.00 |"

# The kernel-heavy file.
red=$src/test/Port/Inputs/cuda-samples/reduction
common=$src/test/Port/Inputs/cuda-samples/Common
mkdir -p "$work/red"
cp "$red"/* "$work/red/"
"$build/bin/alloy-port" "$work/red/reduction_kernel.cu" -o "$work/red/reduction_kernel.cpp" \
  -- -I"$common" -I"$work/red" >/dev/null 2>&1
"$alloyxx" -O2 --gpu-arch="$arch" -I"$common" -I"$work/red" -c "$work/red/reduction_kernel.cpp" -o "$work/warm.o"
t_red=$(median "$alloyxx" -O2 --gpu-arch="$arch" -I"$common" -I"$work/red" -c "$work/red/reduction_kernel.cpp" -o "$work/r.o")
t_red_gpu=$(median "$alloyxx" -O2 --gpu-arch="$arch" --no-cpu-device -I"$common" -I"$work/red" -c "$work/red/reduction_kernel.cpp" -o "$work/rg.o")
if [ -x "$nvcc" ]; then
  t_red_nvcc=$(median "$nvcc" -O3 -arch="$arch" -I"$common" -I"$red" -c "$red/reduction_kernel.cu" -o "$work/rn.o")
else
  t_red_nvcc=""
fi
echo
echo "| compile of cuda-samples' reduction_kernel.cu, 198 kernel instances ($arch), median of $n | seconds | / nvcc |"
echo "|---|---|---|"
echo "| alloy++ -O2 -c (the file as alloy port leaves it) | $t_red | $(ratio "$t_red" "$t_red_nvcc") |"
echo "| alloy++ -O2 --no-cpu-device -c (GPU only, as nvcc builds it) | $t_red_gpu | $(ratio "$t_red_gpu" "$t_red_nvcc") |"
echo "| nvcc -O3 -c (the original) | ${t_red_nvcc:-n/a} | 1.00 |"
