// A wgmma tile (K-major or N-major) exists only in shared memory, where
// TMA writes it and wgmma reads it: a local one is an error naming the fix.
// RUN: not %alloy_cc1 -fsyntax-only %s -fplugin-arg-alloy-gpu-arch=sm_90a 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/gpu.hpp>
#include <gpu/wgmma.hpp>

using namespace gpu::wgmma;

[[gpu::kernel, gpu::launch_contract(1, 128)]] void local_tiles(float *out) {
  // CHECK: wgmma-tile-not-shared.cpp:[[@LINE+1]]:36: error: 'mn_major_tile<gpu::half, 16, 64>' {{.*}}is an object of shared memory (an mbarrier or a wgmma tile): declare the variable {{\[\[}}gpu::shared{{\]\]}} (a local 'b' would be in thread-private memory, which mbarrier, TMA and wgmma instructions cannot use)
  mn_major_tile<gpu::half, 16, 64> b;
  // CHECK: wgmma-tile-not-shared.cpp:[[@LINE+1]]:27: error: 'tile<gpu::half, 64, 64>' {{.*}}is an object of shared memory
  tile<gpu::half, 64, 64> a;
  [[gpu::shared]] tile<gpu::half, 64, 64> ok; // accepted
  out[0] = float(b.at(0, 0)) + float(a.at(0, 0)) + float(ok.at(0, 0));
}
