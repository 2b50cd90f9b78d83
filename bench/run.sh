#!/bin/sh
# Runs, on the GPU machine, the benchmarks that build.sh put in OUT_DIR:
# builds each nvcc_<name>.cu (and nvcc_<name>_fast where the source
# mentions BENCH_FAST), runs each pair (Alloy first, then nvcc), and prints
# their BENCH lines (the 8192 GEMMs: three alternating rounds, each side's
# median run), then a Markdown table and the geometric mean of the
# nvcc/Alloy time ratios (above 1: Alloy is faster). A program that fails
# or prints no BENCH line shows as FAIL; the rest still run.
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
# usage: sh run.sh OUT_DIR
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

# Build the CUDA side, in parallel.
for name in $names; do
  source="$dir/nvcc_$name.cu"
  [ -f "$source" ] || continue
  flags="-O3 -arch=sm_90 -I$dir/common"
  if grep -q BENCH_SM90A "$source"; then # wgmma: the arch-specific target
    flags="-O3 -gencode arch=compute_90a,code=sm_90a -I$dir/common"
  fi
  ("$nvcc" $flags "$source" -o "$dir/nvcc_$name" >"$dir/nvcc_$name.log" 2>&1 ||
    echo "nvcc FAILED: nvcc_$name" >>"$dir/nvcc_$name.log") &
  if grep -q BENCH_PTX "$source"; then
    ("$nvcc" -O3 -gencode arch=compute_80,code=compute_80 -I"$dir/common" \
      -DBENCH_PTX "$source" -o "$dir/nvcc_${name}_ptx" \
      >"$dir/nvcc_${name}_ptx.log" 2>&1 ||
      echo "nvcc FAILED: nvcc_${name}_ptx" >>"$dir/nvcc_${name}_ptx.log") &
  fi
  if grep -q BENCH_FAST "$source"; then
    ("$nvcc" $flags -DBENCH_FAST --use_fast_math "$source" \
      -o "$dir/nvcc_${name}_fast" >"$dir/nvcc_${name}_fast.log" 2>&1 ||
      echo "nvcc FAILED: nvcc_${name}_fast" >>"$dir/nvcc_${name}_fast.log") &
  fi
done
# The cuBLAS references; a failed build (no cuBLAS) leaves no program.
for source in "$dir"/nvcc_cublas_*.cu; do
  [ -f "$source" ] || continue
  program=$(basename "$source" .cu)
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
# The 8192 GEMMs' times moved by 5-8% between runs of one program (the
# card's clocks and heat over a 1.5 ms kernel): their two programs take
# turns three times, and each side's median run counts.
pair_median() { # NAME
  : >"$dir/rounds_alloy"; : >"$dir/rounds_nvcc"
  for _ in 1 2 3; do
    for impl in alloy nvcc; do
      run_one "$1" "$impl" "$dir/rounds_$impl" | sed 's/^BENCH /  round: BENCH /'
    done
  done
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
    *_8192*) pair_median "$variant" ;;
    *)
      run_one "$variant" alloy
      run_one "$variant" nvcc
      ;;
    esac
    compare_outputs "$variant" >>"$dir/outputs.txt"
  done
done
for source in "$dir"/nvcc_cublas_*.cu; do
  [ -f "$source" ] || continue
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
awk '
function field(line, key,   n, i, parts, kv) {
  n = split(line, parts, " ")
  for (i = 4; i <= n; ++i) {
    if (split(parts[i], kv, "=") != 2) continue
    if (key == "" && kv[1] != "median_us" && kv[1] != "check") return kv[1]
    if (kv[1] == key) return kv[2]
  }
  return ""
}
$3 == "cublas" {
  if (!($2 in cublas)) cublas_order[++cublas_count] = $2
  cublas[$2] = $0
  next
}
{
  name = $2; impl = $3
  if (!(name in seen)) { seen[name] = 1; order[++count] = name }
  line[name, impl] = $0
}
END {
  print "| kernel | Alloy us | nvcc us | nvcc/Alloy ratio | metric Alloy | metric nvcc | checks |"
  print "|---|---|---|---|---|---|---|"
  for (k = 1; k <= count; ++k) {
    name = order[k]; a = line[name, "alloy"]; v = line[name, "nvcc"]
    au = field(a, "median_us"); vu = field(v, "median_us")
    ac = field(a, "check"); vc = field(v, "check")
    if (ac == "") ac = "FAIL"
    if (vc == "") vc = "FAIL"
    metric = field(a, ""); if (metric == "") metric = field(v, "")
    am = field(a, metric); vm = field(v, metric)
    ratio = "-"
    if (au + 0 > 0 && vu + 0 > 0) {
      r = vu / au; ratio = sprintf("%.2fx", r)
      if (ac == "ok" && vc == "ok" && name != "launch" && name !~ /^startup/) { logsum += log(r); n += 1 }
    }
    printf "| %s | %s | %s | %s | %s | %s | %s |\n", name,
      au == "" ? "FAIL" : au, vu == "" ? "FAIL" : vu, ratio,
      am == "" ? "-" : am " " metric, vm == "" ? "-" : vm " " metric,
      "alloy " ac ", nvcc " vc
  }
  if (n > 0)
    printf "\nGeometric mean of nvcc/Alloy over %d kernels with both checks ok: %.3fx\n", n, exp(logsum / n)
  # Share of cuBLAS: metric / cuBLAS metric (GFLOP/s: higher is better).
  for (k = 1; k <= cublas_count; ++k) {
    name = cublas_order[k]; c = cublas[name]
    metric = field(c, ""); cm = field(c, metric); cc = field(c, "check")
    if (metric == "" || cm + 0 <= 0 || cc != "ok") {
      printf "\nShare of cuBLAS for %s: - (cuBLAS FAIL)\n", name
      continue
    }
    text = ""
    split("alloy nvcc", impls, " ")
    for (j = 1; j <= 2; ++j) {
      l = line[name, impls[j]]; m = field(l, metric)
      share = (m + 0 > 0 && field(l, "check") == "ok") ? \
        sprintf("%.1f%% (%s %s)", 100 * m / cm, m, metric) : "FAIL"
      text = text sprintf("%s%s %s", j > 1 ? ", " : "", impls[j] == "alloy" ? "Alloy" : "nvcc", share)
    }
    printf "\nShare of cuBLAS for %s (cuBLAS %s %s, %s us): %s\n", name, cm, metric, field(c, "median_us"), text
  }
}' "$results"
if [ -s "$dir/outputs.txt" ]; then
  printf '\nOutputs, Alloy against nvcc, element by element:\n'
  cat "$dir/outputs.txt"
fi
rmdir "$dir/outputs" 2>/dev/null || true
