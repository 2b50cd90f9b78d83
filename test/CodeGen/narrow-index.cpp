// alloy-narrow-index on C++: gpu::thread_idx().x is one register read, so
// the ranges reach the index arithmetic; under a 16x16 contract the 2-D
// index of a tile is computed in 32 bits and widened once for the address.
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-gpu-arch=sm_90 -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s --check-prefix=IR < %t/narrow-index.alloy.opt.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t/narrow-index.ptx
#include <gpu/gpu.hpp>

#include <cstddef>

namespace kernels {
// IR-LABEL: alloy.kernel @{{.*}}4tile
// IR: %[[Y:.*]] = alloy.thread_id y
// IR: arith.muli %[[Y]], %{{.*}} : i32
// IR: %[[X:.*]] = alloy.thread_id x
// IR: %[[I:.*]] = arith.{{addi|ori}} {{.*}} : i32
// IR: arith.extui %[[I]] : i32 to i64
// PTX-LABEL: .entry {{.*}}4tile
// PTX: mov.u32 %[[Y:r[0-9]+]], %tid.y;
// PTX: shl.b32 %[[ROW:r[0-9]+]], %[[Y]], 4;
// PTX: mov.u32 %[[X:r[0-9]+]], %tid.x;
// PTX: or.b32 %[[I:r[0-9]+]], %[[ROW]], %[[X]];
// PTX: mul.wide.u32 %{{rd[0-9]+}}, %[[I]], 4;
// PTX-NOT: cvt.u64.u32
// PTX: ret;
[[gpu::kernel, gpu::launch_contract(2, 16, 16)]]
void tile(float *out, const float *in) {
  out[gpu::block_idx().x] =
      in[std::size_t(gpu::thread_idx().y) * 16 + gpu::thread_idx().x];
}

// The contract makes block_dim().x the constant 128 and the test true.
// IR-LABEL: alloy.kernel @{{.*}}5fixed
// IR-NOT: alloy.block_dim
// IR: return
// PTX-LABEL: .entry {{.*}}5fixed
// PTX-NOT: %ntid
// PTX-NOT: setp
// PTX: ret;
[[gpu::kernel, gpu::launch_contract(1, 128)]]
void fixed(float *out) {
  if (gpu::block_dim().x == 128 && gpu::thread_idx().x < 128)
    out[std::size_t(gpu::block_idx().x) * gpu::block_dim().x +
        gpu::thread_idx().x] = 1.0f;
}
} // namespace kernels
