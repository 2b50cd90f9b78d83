// A kernel with an input span and an output span, for the launch tests.
#include <gpu/gpu.hpp>

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 128)]]
void scale(std::span<const float> in, gpu::disjoint_span<float> out) {
  auto idx = gpu::thread::index_1d();
  if (float *p = out.get_mut(idx)) *p = 2 * in[idx.get()];
}
}  // namespace kernels
