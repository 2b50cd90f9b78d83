// CUDA's own headers in an Alloy file are an error naming Alloy's
// replacement, not a silent software emulation (Inputs/ stands in for
// /usr/local/cuda/include).
// RUN: not %alloy_cc1 -fsyntax-only -I %S/Inputs/cuda-headers %s 2>&1 | FileCheck %s --implicit-check-not=error:
// Without CUDA's include directory the same errors, not "file not found".
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not='not found'
// CHECK: cuda-headers.cpp:[[@LINE+1]]:10: error: <cuda_fp16.h> is CUDA's header, which Alloy does not use (its types and intrinsics would be emulated on the host's terms); include <gpu/cuda_compat.hpp> (__half, __nv_bfloat16, __hfma2, ...; Alloy's own types are in <gpu/half.hpp>) [alloy:cuda-header]
#include <cuda_fp16.h>
// CHECK: cuda-headers.cpp:[[@LINE+1]]:10: error: <mma.h> is CUDA's header, {{.*}}; include <gpu/cuda_compat.hpp> (nvcuda::wmma) or <gpu/tensor_core.hpp> (gpu::mma fragments) [alloy:cuda-header]
#include <mma.h>
// CHECK: cuda-headers.cpp:[[@LINE+1]]:10: error: <cooperative_groups.h> is CUDA's header, {{.*}}; include <gpu/cooperative_groups.hpp> (namespace cooperative_groups, the same names) [alloy:cuda-header]
#include <cooperative_groups.h>
#include <gpu/gpu.hpp>
