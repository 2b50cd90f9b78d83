#!/bin/sh
# Runs, on the GPU machine, the benchmarks that build.sh put in OUT_DIR:
# builds each nvcc_<name>.cu (and nvcc_<name>_fast where the source
# mentions BENCH_FAST), runs each pair (Alloy first, then nvcc), and prints
# their BENCH lines, then a Markdown table and the geometric mean of the
# nvcc/Alloy time ratios (above 1: Alloy is faster). A program that fails
# or prints no BENCH line shows as FAIL; the rest still run.
# usage: sh run.sh OUT_DIR
set -u
dir=$(cd "${1:-.}" && pwd)
nvcc=${NVCC:-nvcc}
command -v "$nvcc" >/dev/null 2>&1 || nvcc=/usr/local/cuda/bin/nvcc
order="vecadd vecadd4 reduce saxpy transpose sgemm_naive sgemm_tiled
  sgemm_regblock histogram block_scan softmax nbody blackscholes stencil2d
  gelu_forward softmax_forward launch startup"
names=$order
for source in "$dir"/nvcc_*.cu; do
  name=$(basename "$source" .cu | sed 's/^nvcc_//')
  case " $(echo $order) " in *" $name "*) ;; *) names="$names $name" ;; esac
done

# Build the CUDA side, in parallel.
for name in $names; do
  source="$dir/nvcc_$name.cu"
  [ -f "$source" ] || continue
  flags="-O3 -arch=sm_90 -I$dir/common"
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
wait
cat "$dir"/nvcc_*.log 2>/dev/null
nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader

# One BENCH line per program; "BENCH <name> <impl> FAIL" when it gave none.
results="$dir/results.txt"
: >"$results"
run_one() { # NAME IMPL
  program="$dir/$2_$1"
  if [ -x "$program" ]; then
    line=$(cd "$dir" && timeout 600 "$program" 2>"$dir/$2_$1.err" |
      grep '^BENCH ' | tail -n 1)
  else
    echo "missing: $program" >"$dir/$2_$1.err"
    line=
  fi
  if [ -z "$line" ]; then
    sed "s/^/  [$2_$1] /" "$dir/$2_$1.err" | tail -n 5
    line="BENCH $1 $2 FAIL"
  fi
  echo "$line" | tee -a "$results"
}
for name in $names; do
  for variant in "$name" "${name}_fast" "${name}_ptx"; do
    [ -e "$dir/alloy_$variant" ] || [ -e "$dir/nvcc_$variant" ] || continue
    run_one "$variant" alloy
    run_one "$variant" nvcc
  done
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
}' "$results"
