// wgmma with B stored N-major (sm_90a): an mn_major_tile (B as K x N
// row-major, 64-column panels, 128-byte swizzle) gives descriptors whose
// leading byte offset is the panel stride (K rows of 128 bytes) and whose
// mma_async sets B's transpose flag, with A from a tile and from
// registers; a fragment's registers come from one packed conversion each
// (cvt.rn.f16x2.f32), not reassembled with prmt.
// REQUIRES: ptxas
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-gpu-arch=sm_90a -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s < %t/wgmma-n-major.ptx
// RUN: %ptxas -arch=sm_90a -v %t/wgmma-n-major.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
#include <gpu/gpu.hpp>
#include <gpu/hopper.hpp>
#include <gpu/wgmma.hpp>

using namespace gpu::wgmma;

// PTXAS: 0 bytes spill stores
// CHECK-LABEL: .entry _Z7productPf(
// CHECK-NOT: .local
// CHECK: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{[{]}}{{(%r[0-9]+, ){63}%r[0-9]+}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p, 1, 1, 0, 1;
// CHECK-NOT: prmt
// CHECK: cvt.rn.f16x2.f32
// CHECK-NOT: prmt
// CHECK: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{[{]}}{{(%r[0-9]+, ){63}%r[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1, 1;
// CHECK: wgmma.wait_group.sync.aligned 0;
[[gpu::kernel, gpu::launch_contract(1, 128)]] void product(float *out) {
  [[gpu::shared]] tile<gpu::half, 64, 64> a;
  [[gpu::shared]] mn_major_tile<gpu::half, 64, 128> b;
  accumulator<128> o;
  fence(o);
  mma_async(o, a.desc(0, 0), b.desc(0), false);
  commit();
  wait<0>(o);
  a_fragment<gpu::half> p[2] = {a_fragment<gpu::half>::from(o, 0),
                                a_fragment<gpu::half>::from(o, 1)};
  fence(o);
  mma_async(o, p[0], b.desc(16));
  mma_async(o, p[1], b.desc(32));
  commit();
  wait<0>(o);
#pragma unroll
  for (int i = 0; i < o.size; ++i)
    out[o.row(i) * 128 + o.col(i)] = o[i];
}

// The layout: row k at 128 k bytes, 64-column panels 64 rows x 128 bytes
// apart, 16-byte chunks XOR-swizzled by the row within its 8-row group.
static_assert(mn_major_tile<gpu::half, 64, 128>::offset(1, 0) == 128 + 16);
static_assert(mn_major_tile<gpu::half, 64, 128>::offset(0, 64) == 64 * 128);
static_assert(mn_major_tile<gpu::half, 64, 128>::offset(1, 8) == 128);
static_assert(mn_major_tile<gpu::half, 64, 128>::offset(8, 0) == 8 * 128);
