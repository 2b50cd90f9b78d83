// Misuses of an N-major B tile (gpu::wgmma::mn_major_tile): a tile of a
// type wgmma cannot transpose (tf32, fp8) is a compile error saying which
// types can, and so is a column count that is not whole 64-column panels.
// (wgmma-tile-not-shared.cpp: a tile outside shared memory.)
// RUN: not %alloy_cc1 -fsyntax-only %s -fplugin-arg-alloy-gpu-arch=sm_90a 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/gpu.hpp>
#include <gpu/wgmma.hpp>

using namespace gpu::wgmma;

// CHECK: error: static assertion failed{{.*}}wgmma reads an N-major B only for gpu::half and gpu::bfloat16
constexpr auto tf32_tile = sizeof(mn_major_tile<float, 16, 64>);
// CHECK: error: static assertion failed{{.*}}an N-major tile's columns fill whole 64-element panels
constexpr auto partial_panel = sizeof(mn_major_tile<gpu::half, 16, 96>);
