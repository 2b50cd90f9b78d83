#!/bin/sh
# Runs, on the GPU machine, the benchmarks that build.sh put in OUT_DIR:
# builds each nvcc_<name>.cu (and nvcc_<name>_fast where the source
# mentions BENCH_FAST), runs each pair and prints their BENCH lines, then
# (table.sh) a Markdown table and the geometric mean of the nvcc/Alloy time
# ratios (above 1: Alloy is faster). A program that fails or prints no
# BENCH line shows as FAIL; the rest still run.
# Each pair runs BENCH_ROUNDS times (default 1; the 8192 GEMMs at least 3),
# the two sides taking turns (Alloy first in odd rounds, nvcc first in even
# ones), and each side's median run counts. BENCH_ONLY="name ..." runs
# only those pairs (and their _fast/_ptx variants). An nvcc program newer
# than its source is not built again, so a second call on the same copy
# goes straight to the runs; its results.txt and a first call's can be
# joined with table.sh.
# Each nvcc_cublas_<x>.cu is a cuBLAS reference, built with -lcublas
# -lcublasLt (and skipped, saying so, where that fails) and run after the
# pairs; it prints
# "BENCH <name> cublas ...", and the table is followed by Alloy's (and
# nvcc's) share of cuBLAS's metric for <name>. cuBLAS is not in the
# geometric mean.
# The pairs whose programs print "output hash: <hex>" (common/
# output_hash.hpp: hgemm_*, wmma_gemm, wgmma_*gemm_*) are
# compared element by element: the last lines say, per pair,
# "<name>: outputs bit-identical (hash ...)" or "<name>: outputs DIFFER:
# <n> of <total> elements ..." (counted from the raw outputs, which the
# programs write to OUT_DIR/outputs/ and this script deletes after
# comparing).
# usage: [BENCH_ROUNDS=N] [BENCH_ONLY="name ..."] sh run.sh OUT_DIR
set -u
dir=$(cd "${1:-.}" && pwd)
nvcc=${NVCC:-nvcc}
command -v "$nvcc" >/dev/null 2>&1 || nvcc=/usr/local/cuda/bin/nvcc
order="vecadd vecadd4 reduce reduce_int saxpy transpose sgemm_naive sgemm_tiled
  sgemm_regblock hgemm_f16_4096 hgemm_f16_8192 hgemm_bf16_4096 hgemm_bf16_8192
  wmma_gemm wgmma_gemm_f16_4096 wgmma_gemm_f16_8192 wgmma_gemm_bf16_4096
  wgmma_gemm_bf16_8192 wgmma_tma_gemm_f16_8192 wgmma_tma_gemm_bf16_8192
  wgmma_ws_gemm_f16_4096 wgmma_ws_gemm_f16_8192 wgmma_ws_gemm_bf16_4096
  wgmma_ws_gemm_bf16_8192 wgmma_ws_gemm_e4m3_4096 wgmma_ws_gemm_e4m3_8192
  histogram block_scan softmax nbody blackscholes stencil2d
  convolution_separable quasirandom binomial_options
  gelu_forward softmax_forward softmax_rowblock layernorm_forward matmul_forward
  attention_forward encoder_forward_bf16 gelu_forward_bf16
  residual_forward_bf16 layernorm_forward_bf16 flash_attention_d64
  flash_attention_d64_causal flash_attention_d128 flash_attention_d128_causal
  wgmma_attention_d64 wgmma_attention_d64_causal wgmma_attention_d128
  wgmma_attention_d128_causal
  launch startup"
names=$order
for source in "$dir"/nvcc_*.cu; do
  name=$(basename "$source" .cu | sed 's/^nvcc_//')
  case $name in cublas_*) continue ;; esac # cuBLAS references: below
  case " $(echo $order) " in *" $name "*) ;; *) names="$names $name" ;; esac
done
only=${BENCH_ONLY:-}
if [ -n "$only" ]; then
  for name in $only; do
    case " $(echo $names) " in *" $name "*) ;; *)
      echo "BENCH_ONLY: no benchmark $name" >&2
      exit 2
      ;;
    esac
  done
  names=$only
fi
rounds=${BENCH_ROUNDS:-1}
case $rounds in '' | *[!0-9]* | 0)
  echo "BENCH_ROUNDS must be a positive number, not '$rounds'" >&2
  exit 2
  ;;
esac
# build OUTPUT LOG NVCC-ARGS...: in the background, unless OUTPUT is newer
# than its source (the last argument).
build() {
  output=$1 log=$2
  shift 2
  for source; do :; done
  [ "$output" -nt "$source" ] && return
  ("$nvcc" "$@" -o "$output" >"$log" 2>&1 ||
    echo "nvcc FAILED: $(basename "$output")" >>"$log") &
}

# Build the CUDA side, in parallel.
for name in $names; do
  source="$dir/nvcc_$name.cu"
  [ -f "$source" ] || continue
  flags="-O3 -arch=sm_90 -I$dir/common"
  if grep -q BENCH_SM90A "$source"; then # wgmma: the arch-specific target
    flags="-O3 -gencode arch=compute_90a,code=sm_90a -I$dir/common"
  fi
  build "$dir/nvcc_$name" "$dir/nvcc_$name.log" $flags "$source"
  if grep -q BENCH_PTX "$source"; then
    build "$dir/nvcc_${name}_ptx" "$dir/nvcc_${name}_ptx.log" -O3 \
      -gencode arch=compute_80,code=compute_80 -I"$dir/common" -DBENCH_PTX \
      "$source"
  fi
  if grep -q BENCH_FAST "$source"; then
    build "$dir/nvcc_${name}_fast" "$dir/nvcc_${name}_fast.log" $flags \
      -DBENCH_FAST --use_fast_math "$source"
  fi
done
# The cuBLAS references (all runs only); a failed build (no cuBLAS) leaves
# no program.
for source in "$dir"/nvcc_cublas_*.cu; do
  [ -f "$source" ] && [ -z "$only" ] || continue
  program=$(basename "$source" .cu)
  [ "$dir/$program" -nt "$source" ] && continue
  rm -f "$dir/$program"
  ("$nvcc" -O3 -arch=sm_90 -I"$dir/common" "$source" -o "$dir/$program" \
    -lcublas -lcublasLt >"$dir/$program.log" 2>&1 ||
    echo "nvcc -lcublas FAILED: $program (cuBLAS missing?); skipping it" \
      >>"$dir/$program.log") &
done
wait
cat "$dir"/nvcc_*.log 2>/dev/null
nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader

# One BENCH line per program; "BENCH <name> <impl> FAIL" when it gave none.
results="$dir/results.txt"
: >"$results"
# The whole stdout of each goes to $dir/<impl>_<name>.out, for
# compare_outputs.
mkdir -p "$dir/outputs"
run_one() { # NAME IMPL [FILE: where the line goes besides stdout]
  program="$dir/$2_$1"
  rm -f "$dir/$2_$1.out" "$dir/outputs/$2_$1.f32"
  if [ -x "$program" ]; then
    line=$(cd "$dir" && BENCH_DUMP_DIR="$dir/outputs" timeout 600 "$program" \
      2>"$dir/$2_$1.err" | tee "$dir/$2_$1.out" | grep '^BENCH ' | tail -n 1)
  else
    echo "missing: $program" >"$dir/$2_$1.err"
    line=
  fi
  if [ -z "$line" ]; then
    sed "s/^/  [$2_$1] /" "$dir/$2_$1.err" | tail -n 5
    line="BENCH $1 $2 FAIL"
  fi
  echo "$line" | tee -a "${3:-$results}"
}
# The launch rate depends on which core the process lands on (medians from
# 2.8 to 4.4 us between runs of one program): each program runs 7 times,
# pinned to one core where taskset exists, and its median run
# counts.
launch_median() { # IMPL
  : >"$dir/launch_$1.runs"
  for i in 1 2 3 4 5 6 7; do
    (cd "$dir" && $pin "./$1_launch" 2>/dev/null | grep '^BENCH ' | tail -n 1) \
      >>"$dir/launch_$1.runs"
  done
  sed 's/.*median_us=\([0-9.]*\).*/\1 &/' "$dir/launch_$1.runs" | sort -n |
    sed -n 4p | cut -d' ' -f2-
}
# Alloy's and nvcc's outputs of pair NAME, when its programs print their
# hash (output_hash.hpp): one line into $dir/outputs.txt. When the hashes
# differ, the raw outputs give the number of differing elements (cmp -l:
# one line per differing byte) and the first one's values.
compare_outputs() { # NAME
  a_out="$dir/outputs/alloy_$1.f32" v_out="$dir/outputs/nvcc_$1.f32"
  a=$(sed -n 's/^output hash: //p' "$dir/alloy_$1.out" 2>/dev/null | tail -n 1)
  v=$(sed -n 's/^output hash: //p' "$dir/nvcc_$1.out" 2>/dev/null | tail -n 1)
  if [ -z "$a" ] && [ -z "$v" ]; then # not a compared pair
    rm -f "$a_out" "$v_out"
    return
  fi
  if [ -z "$a" ] || [ -z "$v" ]; then
    echo "$1: outputs not compared (no output hash from" \
      "$([ -z "$a" ] && echo alloy || echo nvcc))"
  elif [ "$a" = "$v" ]; then
    echo "$1: outputs bit-identical (hash $a)"
  else
    ai=$(sed -n 's/^input hash: //p' "$dir/alloy_$1.out" | tail -n 1)
    vi=$(sed -n 's/^input hash: //p' "$dir/nvcc_$1.out" | tail -n 1)
    inputs=", same inputs (hash $ai)"
    [ "$ai" = "$vi" ] || inputs=", and the INPUTS differ too (input hash alloy $ai, nvcc $vi)"
    if [ -f "$a_out" ] && [ -f "$v_out" ] &&
      [ "$(wc -c <"$a_out")" -eq "$(wc -c <"$v_out")" ]; then
      total=$(($(wc -c <"$a_out") / 4))
      set -- "$1" $(cmp -l "$a_out" "$v_out" | awk '
        { e = int(($1 - 1) / 4); if (e != last) { if (!n) first = e; n++; last = e } }
        BEGIN { last = -1 } END { print n + 0, first + 0 }')
      at=$(od -A n -t f4 -t x4 -j $(($3 * 4)) -N 4 "$a_out" | tr -d ' ' |
        paste -sd' ')
      vt=$(od -A n -t f4 -t x4 -j $(($3 * 4)) -N 4 "$v_out" | tr -d ' ' |
        paste -sd' ')
      echo "$1: outputs DIFFER: $2 of $total elements (the first, element" \
        "$3: alloy $at, nvcc $vt; output hash alloy $a, nvcc $v)$inputs"
    else
      echo "$1: outputs DIFFER (output hash alloy $a, nvcc $v; no raw" \
        "outputs of the same size to count the elements)$inputs"
    fi
  fi
  rm -f "$a_out" "$v_out"
}
# Times of one program move between runs (the 8192 GEMMs by 5-11%: the
# card's clocks and heat over a 1.5 ms kernel), so the two programs of a
# pair take turns N times, each going first in every other round, and each
# side's median run counts.
pair_median() { # NAME N
  : >"$dir/rounds_alloy"; : >"$dir/rounds_nvcc"
  round=1
  while [ "$round" -le "$2" ]; do
    turns="alloy nvcc"
    [ $((round % 2)) -eq 0 ] && turns="nvcc alloy"
    for impl in $turns; do
      if [ "$2" -eq 1 ]; then
        run_one "$1" "$impl"
      else
        run_one "$1" "$impl" "$dir/rounds_$impl" | sed 's/^BENCH /  round: BENCH /'
      fi
    done
    round=$((round + 1))
  done
  [ "$2" -eq 1 ] && return
  for impl in alloy nvcc; do
    grep 'median_us=' "$dir/rounds_$impl" >"$dir/rounds_ok"
    line=$(sed 's/.*median_us=\([0-9.]*\).*/\1 &/' "$dir/rounds_ok" | sort -n |
      sed -n "$((($(wc -l <"$dir/rounds_ok") + 1) / 2))p" | cut -d' ' -f2-)
    [ -n "$line" ] || line="BENCH $1 $impl FAIL"
    echo "$line" | tee -a "$results"
  done
}
: >"$dir/outputs.txt"
pin=
command -v taskset >/dev/null 2>&1 && pin="taskset -c 2"
for name in $names; do
  for variant in "$name" "${name}_fast" "${name}_ptx"; do
    [ -e "$dir/alloy_$variant" ] || [ -e "$dir/nvcc_$variant" ] || continue
    if [ "$variant" = launch ] && [ -x "$dir/alloy_launch" ] &&
      [ -x "$dir/nvcc_launch" ]; then
      for impl in alloy nvcc; do
        line=$(launch_median $impl)
        [ -n "$line" ] || line="BENCH launch $impl FAIL"
        echo "$line" | tee -a "$results"
      done
      continue
    fi
    case $variant in
    *_8192*) pair_median "$variant" $((rounds > 3 ? rounds : 3)) ;;
    *) pair_median "$variant" "$rounds" ;;
    esac
    compare_outputs "$variant" >>"$dir/outputs.txt"
  done
done
for source in "$dir"/nvcc_cublas_*.cu; do
  [ -f "$source" ] && [ -z "$only" ] || continue
  program=$(basename "$source" .cu)
  if [ ! -x "$dir/$program" ]; then
    echo "skipped: $program (it did not build with -lcublas: $dir/$program.log)"
    continue
  fi
  line=$(cd "$dir" && timeout 600 "./$program" 2>"$dir/$program.err" |
    grep '^BENCH ' | tail -n 1)
  if [ -z "$line" ]; then
    sed "s/^/  [$program] /" "$dir/$program.err" | tail -n 5
    line="BENCH ${program#nvcc_} cublas FAIL"
  fi
  echo "$line" | tee -a "$results"
done

echo
sh "$dir/table.sh" "$results"
if [ -s "$dir/outputs.txt" ]; then
  printf '\nOutputs, Alloy against nvcc, element by element:\n'
  cat "$dir/outputs.txt"
fi
rmdir "$dir/outputs" 2>/dev/null || true
