// A TMA store at a negative coordinate is an illegal instruction on the
// H200 (it kills the context); gpu::tma::store asserts the coordinates
// first, so a debug build names the cause. Expected output: the device
// assertion "gpu::tma::store: negative coordinate", then the launch error.
#include <gpu/gpu.hpp>
#include <gpu/tma.hpp>

#include <cstdio>
#include <vector>

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 32)]]
void store_at(const gpu::tensor_map<float, 2> dst, int32_t x, int32_t y) {
  [[gpu::shared]] alignas(128) float tile[16 * 32];
  for (uint32_t i = gpu::thread_idx().x; i < 16 * 32; i += 32)
    tile[i] = 1.0f;
  gpu::fence_proxy_async();
  gpu::sync_threads();
  if (gpu::thread_idx().x == 0) {
    gpu::tma::store(dst, x, y, tile);
    gpu::tma::store_commit();
    gpu::tma::store_wait_writes<0>();
  }
}
} // namespace kernels

int main() {
  auto ctx = gpu::context::create(0);
  if (!ctx) {
    std::fprintf(stderr, "%s\n", ctx.error().message().c_str());
    return 2;
  }
  auto &s = ctx->default_stream();
  auto buf = gpu::device_buffer<float>::zeroed(s, 64 * 64).value();
  auto map = gpu::tensor_map<float, 2>::tiled(buf, {64, 64}, {32, 16}).value();
  auto p = gpu::prepare<kernels::store_at>(*ctx, gpu::launch_config_1d{1, 32})
               .value();
  auto launched = gpu::launch(s, p, map, -8, 0);
  auto synced = launched ? ctx->synchronize() : launched;
  std::printf("launch: %s\n",
              synced ? "no error" : synced.error().message().c_str());
  return synced ? 1 : 0;
}
