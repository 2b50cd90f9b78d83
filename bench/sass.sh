#!/bin/sh
# Compares, on a machine with the CUDA toolkit, the machine code (SASS) of
# each named benchmark's kernels: the Alloy side from the PTX that build.sh
# kept (OUT_DIR/ptx/alloy_NAME.ptx), the nvcc side from nvcc_NAME.cu, both
# assembled by the same ptxas for sm_90 (sm_90a for the programs whose
# source mentions BENCH_SM90A). Prints, per side, the registers
# and stack (ptxas -v) and the 16 commonest SASS opcodes with their counts.
# usage: sh sass.sh OUT_DIR NAME...
set -u
dir=$(cd "$1" && pwd)
shift
bin=$(dirname "$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)")
histogram() { # CUBIN
  "$bin/cuobjdump" -sass "$1" |
    sed -n 's|^ */\*[0-9a-f]*\*/ *\(@!*U*P[0-9T] *\)*\([A-Z0-9_]*\).*|\2|p' |
    sort | uniq -c | sort -rn | head -n 16 | awk '{printf "%s %s, ", $2, $1}'
  echo
}
for name in "$@"; do
  echo "== $name"
  ptx="$dir/ptx/alloy_$name.ptx"
  arch=sm_90 gencode="-arch=sm_90"
  if grep -q BENCH_SM90A "$dir/nvcc_$name.cu" 2>/dev/null; then
    arch=sm_90a gencode="-gencode arch=compute_90a,code=sm_90a"
  fi
  if [ -f "$ptx" ]; then
    "$bin/ptxas" -arch=$arch -O3 -v "$ptx" -o "$dir/alloy_$name.cubin" 2>&1 |
      grep -E 'registers|stack' | sed 's/^/alloy: /'
    printf 'alloy SASS: '
    histogram "$dir/alloy_$name.cubin"
  fi
  "$bin/nvcc" -O3 $gencode -I"$dir/common" -cubin -Xptxas -v \
    "$dir/nvcc_$name.cu" -o "$dir/nvcc_$name.cubin" 2>&1 |
    grep -E 'registers|stack' | sed 's/^/nvcc:  /'
  printf 'nvcc SASS:  '
  histogram "$dir/nvcc_$name.cubin"
done
