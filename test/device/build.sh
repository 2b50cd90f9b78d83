#!/bin/sh
# Builds, on this machine, every program the GPU machine runs, into OUT.
# usage: test/device/build.sh [--no-bench] BUILD_DIR OUT_DIR
# (--no-bench leaves out the benchmarks: the rest fits the device tool's
# 64 MiB carry limit on its own.)
set -eu
bench=yes
if [ "${1:-}" = --no-bench ]; then
  bench=no
  shift
fi
build=$(cd "$1" && pwd)
mkdir -p "$2"
out=$(cd "$2" && pwd)
src=$(cd "$(dirname "$0")/../.." && pwd)
cxx="$build/bin/alloy++"
# The spec's sample: PTX for sm_80 (the driver JITs it on newer GPUs) and a
# cubin for sm_90.
"$cxx" -O2 "$src/examples/vecadd/vecadd.cpp" -o "$out/vecadd_sm80"
"$cxx" -O2 --gpu-arch=sm_90 "$src/examples/vecadd/vecadd.cpp" -o "$out/vecadd_sm90"
# GPU only: no host copies of the kernels.
"$cxx" -O2 --gpu-arch=sm_90 --no-cpu-device "$src/examples/vecadd/vecadd.cpp" -o "$out/vecadd_gpu_only"
# One binary for two architectures: the runtime picks the sm_90 cubin.
"$cxx" -O2 --gpu-arch=sm_80,sm_90 "$src/examples/vecadd/vecadd.cpp" -o "$out/vecadd_multi"
# The same file without the plugin.
clang++-22 -std=c++23 -O2 -Wno-unknown-attributes -I"$src/include" \
  "$src/examples/vecadd/vecadd.cpp" "$build/lib/liballoy_runtime.a" -ldl \
  -o "$out/vecadd_noplugin"
# Two translation units.
"$cxx" -O2 --gpu-arch=sm_90 -c "$src/test/e2e/two-tu/kernels.cpp" -o "$out/kernels.o"
"$cxx" -O2 --gpu-arch=sm_90 -c "$src/test/e2e/two-tu/main.cpp" -o "$out/main.o"
"$cxx" "$out/kernels.o" "$out/main.o" -o "$out/two_tu"
rm -f "$out/kernels.o" "$out/main.o"
"$cxx" -O2 --gpu-arch=sm_90 "$src/test/e2e/cxx-features.cpp" -o "$out/cxx_features"
"$cxx" -O2 --gpu-arch=sm_90 "$src/test/e2e/runtime-errors.cpp" -o "$out/runtime_errors"
"$cxx" -O2 --gpu-arch=sm_90 "$src/test/e2e/atomics-warp.cpp" -o "$out/atomics_warp"
"$cxx" -O2 --gpu-arch=sm_90 "$src/test/e2e/shared-memory.cpp" -o "$out/shared_memory"
"$cxx" -O2 --gpu-arch=sm_90 "$src/test/e2e/printf-assert.cpp" -o "$out/printf_assert"
"$cxx" -O2 --gpu-arch=sm_90 "$src/test/e2e/library-throw.cpp" -o "$out/library_throw"
"$cxx" -O2 --gpu-arch=sm_90 "$src/test/e2e/vector-access.cpp" -o "$out/vector_access"
# Tensor cores: every mma.sync shape and type, ldmatrix/stmatrix, cp.async.
"$cxx" -O2 --gpu-arch=sm_90 "$src/test/e2e/tensor-core.cpp" -o "$out/tensor_core"
# CUDA's WMMA API (nvcuda::wmma) on gpu::mma: every shape, type and layout.
"$cxx" -O2 --gpu-arch=sm_90 "$src/test/e2e/wmma.cpp" -o "$out/wmma"
# CUDA code through <gpu/cuda_compat.hpp>: inline-PTX cp.async, ldmatrix and
# mma.sync, and cuda_fp16.h's intrinsics.
"$cxx" -O2 --gpu-arch=sm_90 -fmad=false "$src/test/e2e/cuda-port.cpp" -o "$out/cuda_port"
# CUDA's keywords, built-ins, warp functions, atomics and vector types.
"$cxx" -O2 --gpu-arch=sm_90 "$src/test/e2e/cuda-keywords.cpp" -o "$out/cuda_keywords"
"$cxx" -O2 --gpu-arch=sm_90 "$src/test/e2e/warp-redux.cpp" -o "$out/warp_redux"
"$cxx" -O2 --gpu-arch=sm_90 "$src/test/e2e/cooperative-groups.cpp" -o "$out/cooperative_groups"
"$cxx" -O2 --gpu-arch=sm_90 "$src/test/e2e/cooperative-groups-grid.cpp" -o "$out/cooperative_groups_grid"
# Device globals: __constant__/__device__ and the symbol copies (PTX for
# sm_80 JIT-compiled, and the sm_90 cubin).
"$cxx" -O2 --gpu-arch=sm_90 "$src/test/e2e/device-globals.cpp" -o "$out/device_globals"
"$cxx" -O2 --gpu-arch=sm_90 "$src/test/e2e/device-memory.cpp" -o "$out/device_memory"
"$cxx" -O2 "$src/test/e2e/device-globals.cpp" -o "$out/device_globals_sm80"
# Atomic addition of halves and pairs (sm_80 PTX too: bf16 as a CAS loop).
"$cxx" -O2 --gpu-arch=sm_90 "$src/test/e2e/half-atomics.cpp" -o "$out/half_atomics"
"$cxx" -O2 --gpu-arch=sm_80 "$src/test/e2e/half-atomics.cpp" -o "$out/half_atomics_sm80"
# Approximate half functions over every 16-bit input (sm_80: bfloat16's
# exp2 and tanh through f32).
"$cxx" -O2 --gpu-arch=sm_90 "$src/test/e2e/half-math.cpp" -o "$out/half_math"
"$cxx" -O2 --gpu-arch=sm_80 "$src/test/e2e/half-math.cpp" -o "$out/half_math_sm80"
# Hopper (issue 17): mbarriers, and the arch-specific sm_90a target.
"$cxx" -O2 --gpu-arch=sm_90 "$src/test/e2e/mbarrier.cpp" -o "$out/mbarrier"
"$cxx" -O2 --gpu-arch=sm_90a "$src/examples/vecadd/vecadd.cpp" -o "$out/vecadd_sm90a"
"$cxx" -O2 --gpu-arch=sm_80,sm_90,sm_90a "$src/examples/vecadd/vecadd.cpp" -o "$out/vecadd_fat90a"
# TMA (sm_90) and warpgroup MMA (sm_90a only).
"$cxx" -O2 --gpu-arch=sm_90 "$src/test/e2e/tma.cpp" -o "$out/tma"
"$cxx" -O2 --gpu-arch=sm_90 "$src/test/e2e/tma-negative-store.cpp" -o "$out/tma_negative_store"
"$cxx" -O2 --gpu-arch=sm_90 "$src/test/e2e/tma-multicast.cpp" -o "$out/tma_multicast"
"$cxx" -O2 --gpu-arch=sm_90a "$src/test/e2e/wgmma.cpp" -o "$out/wgmma"
# Clusters (sm_90) and warpgroup register reallocation (sm_90a).
"$cxx" -O2 --gpu-arch=sm_90 "$src/test/e2e/cluster.cpp" -o "$out/cluster"
"$cxx" -O2 --gpu-arch=sm_90a "$src/test/e2e/setmaxnreg.cpp" -o "$out/setmaxnreg"
# The runtime for real programs (issue 8): events, memory, interop, graphs,
# limits, device queries.
"$cxx" -O2 --gpu-arch=sm_90 "$src/test/e2e/events-streams.cpp" -o "$out/events_streams"
"$cxx" -O2 --gpu-arch=sm_90 "$src/test/e2e/memory-ops.cpp" -o "$out/memory_ops"
"$cxx" -O2 --gpu-arch=sm_90 "$src/test/e2e/interop-wrap.cpp" -o "$out/interop_wrap"
"$cxx" -O2 --gpu-arch=sm_90 "$src/examples/cublas_interop/cublas_interop.cpp" -o "$out/cublas_interop"
"$cxx" -O2 --gpu-arch=sm_90 "$src/test/e2e/graph-replay.cpp" -o "$out/graph_replay"
"$cxx" -O2 --gpu-arch=sm_90 "$src/test/e2e/limits.cpp" -o "$out/limits"
"$cxx" -O2 --gpu-arch=sm_90 "$src/test/e2e/device-query.cpp" -o "$out/device_query"
# Several GPUs: Alloy kernels per GPU, NCCL all-reduce (loaded at run time).
"$cxx" -O2 --gpu-arch=sm_90 "$src/examples/multigpu_allreduce/multigpu_allreduce.cpp" -o "$out/multigpu_allreduce"
# Floating-point modes: default (FMA contraction), -fmad=false, fast math.
"$cxx" -O2 --gpu-arch=sm_90 -DFP_MODE=0 "$src/test/e2e/fp-modes.cpp" -o "$out/fp_modes_default"
"$cxx" -O2 --gpu-arch=sm_90 -DFP_MODE=1 -fmad=false "$src/test/e2e/fp-modes.cpp" -o "$out/fp_modes_nofma"
"$cxx" -O2 --gpu-arch=sm_90 -DFP_MODE=2 --use_fast_math "$src/test/e2e/fp-modes.cpp" -o "$out/fp_modes_fast"
# Line info: compute-sanitizer names the faulting C++ line.
"$cxx" -O2 --gpu-arch=sm_90 -lineinfo "$src/test/e2e/fault-line.cpp" -o "$out/fault_line"
"$cxx" -O2 --gpu-arch=sm_90 "$src/examples/llmc_layernorm/layernorm_forward.cpp" -o "$out/llmc_layernorm"
"$cxx" -O2 --gpu-arch=sm_90 "$src/examples/llmc_layernorm/shfl_scan.cpp" -o "$out/shfl_scan"
# The differential corpus (test/differential): GPU against host, function by
# function.
sh "$src/test/differential/build.sh" "$build" "$out/differential.build" >/dev/null
mv "$out/differential.build/differential" "$out/differential"
rm -rf "$out/differential.build"
# The differential fuzzer (test/fuzz): 10,000 generated functions (seed 1),
# GPU against host; kept gzipped (about 15 MB), unpacked by its launcher.
sh "$src/test/fuzz/build.sh" --pack --seed 1 --src "$build/test/fuzz-differential-src" "$build" "$out/fuzz_differential.build" >/dev/null
mv "$out/fuzz_differential.build/fuzz_differential" "$out/fuzz_differential.build/fuzz_differential.gz" "$out/"
rm -rf "$out/fuzz_differential.build"
# The benchmarks against nvcc (bench/): the Alloy side, and what bench/run.sh
# needs to build the CUDA side there.
if [ "$bench" = yes ]; then
  sh "$src/bench/build.sh" "$build" "$out/bench" >/dev/null
fi
cp "$src/test/device/run.sh" "$out/"
ls -la "$out"
