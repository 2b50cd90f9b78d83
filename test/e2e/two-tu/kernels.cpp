#include "kernels.hpp"

namespace kernels {
void saxpy(std::span<const float> x, std::span<const float> y,
           gpu::disjoint_span<float> out, float a) {
  auto i = gpu::thread::index_1d();
  if (float *o = out.get_mut(i))
    *o = a * x[i.get()] + y[i.get()];
}

[[gpu::kernel, gpu::launch_contract(1, 64)]]
void square(gpu::disjoint_span<float> values) {
  auto i = gpu::thread::index_1d();
  if (float *v = values.get_mut(i))
    *v = *v * *v;
}
} // namespace kernels

gpu::result<void> run_square(gpu::context &ctx, gpu::stream &stream,
                             gpu::device_buffer<float> &values) {
  auto p = gpu::prepare<kernels::square>(
      ctx, gpu::launch_config_1d{(values.size() + 63) / 64, 64});
  if (!p)
    return std::unexpected(p.error());
  return gpu::launch(stream, *p, values);
}
