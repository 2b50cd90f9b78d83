// <gpu/tma.hpp>: a gpu::tensor_map kernel parameter is one 128-byte,
// 128-aligned PTX parameter (as CUDA 13 aligns CUtensorMap) that TMA reads in place (cvta.param of its
// address; nothing copied to local memory or loaded from param space), and
// the bulk tensor copies, their bulk groups and the tensor map prefetch
// are in the PTX for sm_90 (ptxas checks it). The metadata passes the map
// as one 128-byte leaf. (Below sm_90: Sema/must-fail/tma-below-sm90.cpp.)
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-gpu-arch=sm_90 -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s < %t/tma.ptx
// RUN: FileCheck %s --check-prefix=META < %t/tma.kernels.txt
#include <gpu/gpu.hpp>
#include <gpu/tma.hpp>

// META: param in scalar 128 0:128
// META-NEXT: param out scalar 128 0:128
// META-NEXT: param cube scalar 128 0:128
// META-NEXT: param x scalar 4 0:4

// CHECK-LABEL: .entry {{.*}}copy_tile
// CHECK-NEXT: .param .align 128 .b8 {{.*}}_param_0[128],
// CHECK-NEXT: .param .align 128 .b8 {{.*}}_param_1[128],
// CHECK-NEXT: .param .align 128 .b8 {{.*}}_param_2[128],
// CHECK-NOT: .local
// CHECK-NOT: ld.param.b64
// CHECK: mov.b64 [[IN:%rd[0-9]+]], {{.*}}_param_0;
// CHECK-NOT: .local
// CHECK-NOT: ld.param.b64
// CHECK: mov.b64 [[OUT:%rd[0-9]+]], {{.*}}_param_1;
// CHECK-NOT: .local
// CHECK-NOT: ld.param.b64
// CHECK-DAG: cvta.param.u64 [[INP:%rd[0-9]+]], [[IN]];
// CHECK-DAG: cvta.param.u64 [[OUTP:%rd[0-9]+]], [[OUT]];
// CHECK: prefetch{{(.param)?}}.tensormap
// CHECK: mbarrier.arrive.expect_tx.shared.b64
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r{{[0-9]+}}], [[[INP]], {%r{{[0-9]+}}, %r{{[0-9]+}}}], [{{.*}}bar{{.*}}];
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK: fence.proxy.async.shared::cta;
// CHECK: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [[[OUTP]], {%r{{[0-9]+}}, %r{{[0-9]+}}}], [{{.*}}tile{{.*}}];
// CHECK: cp.async.bulk.commit_group;
// CHECK: cp.async.bulk.wait_group.read 0;
// CHECK: cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK: cp.async.bulk.tensor.3d.global.shared::cta.tile.bulk_group
// CHECK: cp.async.bulk.commit_group;
// CHECK: cp.async.bulk.wait_group 0;
namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 128)]]
void copy_tile(const gpu::tensor_map<float, 2> in,
               const gpu::tensor_map<float, 2> out,
               const gpu::tensor_map<gpu::half, 3> cube, int32_t x,
               int32_t y) {
  [[gpu::shared]] alignas(128) float tile[32][32];
  [[gpu::shared]] alignas(128) gpu::half box[4][8][64];
  [[gpu::shared]] gpu::mbarrier bar;
  bool leader = gpu::thread_idx().x == 0;
  if (leader) {
    bar.init(1);
    gpu::fence_mbarrier_init();
  }
  gpu::sync_threads();
  if (leader) {
    gpu::tma::prefetch(in);
    bar.arrive_expect_tx(sizeof(tile));
    gpu::tma::load(&tile[0][0], in, x, y, bar);
  }
  bar.wait_parity(0);
  gpu::fence_proxy_async();
  gpu::sync_threads();
  if (leader) {
    gpu::tma::store(out, x, y, &tile[0][0]);
    gpu::tma::store_commit();
    gpu::tma::store_wait<0>();
    bar.arrive_expect_tx(sizeof(box));
    gpu::tma::load(&box[0][0][0], cube, x, y, 2, bar);
  }
  bar.wait_parity(1);
  if (leader) {
    gpu::tma::store(cube, x, y, 3, &box[0][0][0]);
    gpu::tma::store_commit();
    gpu::tma::store_wait_writes<0>();
  }
}
} // namespace kernels
