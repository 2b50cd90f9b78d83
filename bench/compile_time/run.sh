#!/bin/sh
# Compile time (processor seconds) of the vecadd sample, median of N rounds
# in which the compiles take turns: alloy++ (with its precompiled
# <gpu/gpu.hpp>, and without), nvcc on the same program in CUDA C++, plain
# clang++ (no plugin, no GPU code). Then a kernel-heavy file: cuda-samples'
# reduction_kernel.cu (198 kernel instances), as `alloy port` leaves it,
# against nvcc on the original, and each round's ratios. Prints Markdown
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
# children: cc1, ptxas, cicc) of one run. Processor time rather than wall
# time: on a shared machine the wall time of one command moved by 1.6x
# between runs, its processor time by much less.
cpu_seconds() { # COMMAND...
  python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL,
               stderr=subprocess.DEVNULL)
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print(r.ru_utime + r.ru_stime)' "$@" || { echo "failed: $*" >&2; exit 1; }
}
median_of() { # FILE
  sort -n "$1" | awk '{ a[NR] = $1 } END { printf "%.3f", a[int((NR + 1) / 2)] }'
}

# The first compile builds the PCH; it is not counted.
"$alloyxx" -O2 --gpu-arch="$arch" -c "$sample" -o "$work/warm.o"
# The machine's speed drifts by a third within minutes, so the compiles
# of a table take turns in each round rather than running one row after
# the other.
: >"$work/t_alloy"; : >"$work/t_nopch"; : >"$work/t_clang"; : >"$work/t_nvcc"
for _ in $(seq "$n"); do
  cpu_seconds "$alloyxx" -O2 --gpu-arch="$arch" -c "$sample" -o "$work/a.o" >>"$work/t_alloy"
  cpu_seconds env ALLOY_PCH=0 "$alloyxx" -O2 --gpu-arch="$arch" -c "$sample" -o "$work/b.o" >>"$work/t_nopch"
  cpu_seconds "$clangxx" -std=c++23 -O2 -I"$src/include" -Wno-unknown-attributes -c "$sample" -o "$work/c.o" >>"$work/t_clang"
  if [ -x "$nvcc" ]; then
    cpu_seconds "$nvcc" -O3 -arch="$arch" -c "$src/bench/compile_time/vecadd.cu" -o "$work/n.o" >>"$work/t_nvcc"
  fi
done
t_alloy=$(median_of "$work/t_alloy")
t_nopch=$(median_of "$work/t_nopch")
t_clang=$(median_of "$work/t_clang")
t_nvcc=""
[ -x "$nvcc" ] && t_nvcc=$(median_of "$work/t_nvcc")
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
# Taking turns again.
: >"$work/t_red"; : >"$work/t_red_gpu"; : >"$work/t_red_nvcc"
for _ in $(seq "$n"); do
  cpu_seconds "$alloyxx" -O2 --gpu-arch="$arch" -I"$common" -I"$work/red" -c "$work/red/reduction_kernel.cpp" -o "$work/r.o" >>"$work/t_red"
  cpu_seconds "$alloyxx" -O2 --gpu-arch="$arch" --no-cpu-device -I"$common" -I"$work/red" -c "$work/red/reduction_kernel.cpp" -o "$work/rg.o" >>"$work/t_red_gpu"
  if [ -x "$nvcc" ]; then
    cpu_seconds "$nvcc" -O3 -arch="$arch" -I"$common" -I"$red" -c "$red/reduction_kernel.cu" -o "$work/rn.o" >>"$work/t_red_nvcc"
  fi
done
t_red=$(median_of "$work/t_red")
t_red_gpu=$(median_of "$work/t_red_gpu")
t_red_nvcc=""
[ -x "$nvcc" ] && t_red_nvcc=$(median_of "$work/t_red_nvcc")
echo
echo "| compile of cuda-samples' reduction_kernel.cu, 198 kernel instances ($arch), median of $n | seconds | / nvcc |"
echo "|---|---|---|"
echo "| alloy++ -O2 -c (the file as alloy port leaves it) | $t_red | $(ratio "$t_red" "$t_red_nvcc") |"
echo "| alloy++ -O2 --no-cpu-device -c (GPU only, as nvcc builds it) | $t_red_gpu | $(ratio "$t_red_gpu" "$t_red_nvcc") |"
echo "| nvcc -O3 -c (the original) | ${t_red_nvcc:-n/a} | 1.00 |"
if [ -n "$t_red_nvcc" ]; then
  echo
  echo "Each round (default, GPU only, nvcc seconds):"
  paste -d' ' "$work/t_red" "$work/t_red_gpu" "$work/t_red_nvcc" |
    awk '{ printf "  %.2f %.2f %.2f: %.2fx %.2fx\n", $1, $2, $3, $1 / $3, $2 / $3 }'
fi
