// gpu::launch of a kernel taking a gpu::tensor_map<float, 2> with a map of
// another element type or rank is a compile error naming the parameter.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not='internal error' --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/gpu.hpp>
#include <gpu/tma.hpp>

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 128)]]
void tile(const gpu::tensor_map<float, 2> map, int32_t x) {}
} // namespace kernels

void run(gpu::context &ctx, gpu::stream &stream,
         const gpu::tensor_map<gpu::half, 2> &halves,
         const gpu::tensor_map<float, 3> &cube,
         const gpu::tensor_map<float, 2> &ok) {
  auto p = gpu::prepare<kernels::tile>(ctx, gpu::launch_config_1d{1, 128})
               .value();
  // CHECK-DAG: tensor-map-launch-mismatch.cpp:[[@LINE+1]]:{{[0-9]+}}: error: argument for parameter 'map' of kernels::tile: the parameter is a 'gpu::tensor_map<float, 2>' (its element type and rank must match), not 'gpu::tensor_map<gpu::half, 2>'
  (void)gpu::launch(stream, p, halves, int32_t(0));
  // CHECK-DAG: tensor-map-launch-mismatch.cpp:[[@LINE+1]]:{{[0-9]+}}: error: argument for parameter 'map' of kernels::tile: the parameter is a 'gpu::tensor_map<float, 2>' (its element type and rank must match), not 'gpu::tensor_map<float, 3>'
  (void)gpu::launch(stream, p, cube, int32_t(0));
  (void)gpu::launch(stream, p, ok, int32_t(0)); // accepted
}
