#!/bin/sh
# Runs, on the GPU machine, what build.sh built; prints one line per check
# and a closing 'N passed, N failed'.
# usage: sh run.sh DIR
set -u
dir=$(cd "$1" && pwd)
passed=0
failed=0
expect() { # NAME PATTERN COMMAND...
  name=$1 pattern=$2
  shift 2
  output=$(timeout 300 "$@" 2>&1) # a hang fails the check (exit 124)
  rc=$?
  printf '%s\n' "$output" | sed "s/^/  [$name] /"
  if printf '%s\n' "$output" | grep -q -- "$pattern"; then
    passed=$((passed + 1)); echo "ok   $name (exit $rc)"
  else
    failed=$((failed + 1)); echo "FAIL $name (exit $rc)"
  fi
}
nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader
expect vecadd_sm80 'PASSED: all 1024 elements correct' "$dir/vecadd_sm80"
expect vecadd_sm90 'PASSED: all 1024 elements correct' "$dir/vecadd_sm90"
expect vecadd_gpu_only 'PASSED: all 1024 elements correct on NVIDIA' "$dir/vecadd_gpu_only"
expect vecadd_multi 'kernels::vecadd: loading its cubin for sm_90' env ALLOY_TRACE_LAUNCHES=1 "$dir/vecadd_multi"
expect vecadd_multi_runs 'PASSED: all 1024 elements correct' "$dir/vecadd_multi"
expect vecadd_sm80_jit 'kernels::vecadd: loading its PTX for sm_80 (JIT-compiled by the driver)' env ALLOY_TRACE_LAUNCHES=1 "$dir/vecadd_sm80"
expect vecadd_noplugin "kernel 'kernels::vecadd' was not compiled for the GPU" "$dir/vecadd_noplugin"
expect two_tu 'PASSED: two translation units' "$dir/two_tu"
expect cxx_features 'PASSED: all checks' "$dir/cxx_features"
expect runtime_errors 'PASSED: all checks' "$dir/runtime_errors"
expect atomics_warp 'PASSED: all checks' "$dir/atomics_warp"
expect shared_memory 'PASSED: all checks' "$dir/shared_memory"
expect printf_assert 'PASSED: all checks' "$dir/printf_assert"
expect device_printf 'device printf: thread 5 of 128 says hello 2.50 -42' "$dir/printf_assert"
expect library_throw 'PASSED: all checks' "$dir/library_throw"
expect library_throw_message 'Assertion `std::bad_optional_access thrown in device code' "$dir/library_throw"
expect vector_access 'PASSED: all checks' "$dir/vector_access"
expect tensor_core 'PASSED: all checks' "$dir/tensor_core"
expect wmma 'PASSED: all checks' "$dir/wmma"
expect cuda_port 'PASSED: all checks' "$dir/cuda_port"
expect cuda_keywords 'PASSED: all checks' "$dir/cuda_keywords"
expect warp_redux 'PASSED: all checks' "$dir/warp_redux"
expect cooperative_groups 'PASSED: all checks' "$dir/cooperative_groups"
expect cooperative_groups_grid 'PASSED: all checks' "$dir/cooperative_groups_grid"
expect device_globals 'PASSED: all checks' "$dir/device_globals"
expect device_globals_sm80 'PASSED: all checks' "$dir/device_globals_sm80"
expect device_memory 'PASSED: all checks' "$dir/device_memory"
expect half_atomics 'PASSED: all checks' "$dir/half_atomics"
expect half_atomics_sm80 'PASSED: all checks' "$dir/half_atomics_sm80"
expect half_math 'PASSED: all checks' "$dir/half_math"
expect half_math_sm80 'PASSED: all checks' "$dir/half_math_sm80"
expect mbarrier 'PASSED: all checks' "$dir/mbarrier"
expect vecadd_sm90a 'kernels::vecadd: loading its cubin for sm_90a' env ALLOY_TRACE_LAUNCHES=1 "$dir/vecadd_sm90a"
expect vecadd_fat90a 'kernels::vecadd: loading its cubin for sm_90a' env ALLOY_TRACE_LAUNCHES=1 "$dir/vecadd_fat90a"
expect vecadd_fat90a_runs 'PASSED: all 1024 elements correct' "$dir/vecadd_fat90a"
expect tma 'PASSED: all checks' "$dir/tma"
expect tma_negative_store 'Assertion .*gpu::tma::store: negative coordinate' "$dir/tma_negative_store"
expect tma_multicast 'PASSED: all checks' "$dir/tma_multicast"
expect wgmma 'PASSED: all checks' "$dir/wgmma"
expect cluster 'PASSED: all checks' "$dir/cluster"
expect setmaxnreg 'PASSED: all checks' "$dir/setmaxnreg"
expect events_streams 'PASSED: all checks' "$dir/events_streams"
expect memory_ops 'PASSED: all checks' "$dir/memory_ops"
expect interop_wrap 'PASSED: all checks' "$dir/interop_wrap"
expect cublas_interop '^PASSED$\|^SKIPPED: libcublas not found$' "$dir/cublas_interop"
expect graph_replay 'PASSED: all checks' "$dir/graph_replay"
expect limits 'PASSED: all checks' "$dir/limits"
expect device_query 'PASSED: all checks' "$dir/device_query"
# Several GPUs through NCCL (one GPU without NCCL still passes); whether
# NCCL is installed, and the NCCL settings the machine gives the program:
ls /usr/lib/x86_64-linux-gnu/libnccl* 2>&1
ldconfig -p 2>/dev/null | grep libnccl
env | grep '^NCCL_' || true
expect multigpu_allreduce 'PASSED' "$dir/multigpu_allreduce"
expect fp_modes_default 'PASSED: all checks' "$dir/fp_modes_default"
expect fp_modes_nofma 'PASSED: all checks' "$dir/fp_modes_nofma"
expect fp_modes_fast 'PASSED: all checks' "$dir/fp_modes_fast"
sanitizer=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
expect fault_line_sanitizer 'fault-line.cpp:10' "$sanitizer" --print-limit 1 "$dir/fault_line"
expect llmc_layernorm 'PASSED: all' "$dir/llmc_layernorm"
expect shfl_scan 'PASSED: all' "$dir/shfl_scan"
expect differential '^PASSED$' "$dir/differential"
expect fuzz_differential '^PASSED$' "$dir/fuzz_differential"
# The benchmarks: every kernel in Alloy and in CUDA (nvcc -O3), one table.
if [ -d "$dir/bench" ]; then
  sh "$dir/bench/run.sh" "$dir/bench" >"$dir/bench.txt" 2>&1
  cat "$dir/bench.txt"
  if grep -q '^| ' "$dir/bench.txt" && ! grep -q 'FAIL' "$dir/bench.txt"; then
    passed=$((passed + 1)); echo "ok   bench (every benchmark ran and checked)"
  else
    failed=$((failed + 1)); echo "FAIL bench"
  fi
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
