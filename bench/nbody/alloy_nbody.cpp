// nbody: all-pairs gravitational accelerations of 65536 bodies (float4:
// position and mass), one thread per body, positions staged through shared
// memory in tiles of 256; softened, with rsqrt. 20 flops per interaction.
#include "../common/alloy_bench.hpp"

#include <cmath>

namespace kernels {
constexpr int TILE = 256;
constexpr float EPS2 = 0.01f;

// CUDA's float4: Alloy has no vector types, so a 16-byte aligned struct.
struct alignas(16) float4 {
  float x, y, z, w;
};

[[gpu::kernel, gpu::launch_contract(1, TILE)]]
void nbody(std::span<const float4> pos, gpu::disjoint_span<float4> acc) {
  [[gpu::shared]] float4 tile[TILE];
  auto idx = gpu::thread::index_1d();
  uint32_t t = gpu::thread_idx().x;
  float4 me = pos[idx.get()];
  float ax = 0.0f, ay = 0.0f, az = 0.0f;
  for (size_t base = 0; base < pos.size(); base += TILE) {
    tile[t] = pos[base + t];
    gpu::sync_threads();
#pragma unroll 8
    for (int j = 0; j < TILE; ++j) {
      float4 other = tile[j];
      float dx = other.x - me.x, dy = other.y - me.y, dz = other.z - me.z;
      float inv = gpu::rsqrt(dx * dx + dy * dy + dz * dz + EPS2);
      float s = other.w * inv * inv * inv;
      ax += dx * s;
      ay += dy * s;
      az += dz * s;
    }
    gpu::sync_threads();
  }
  if (float4 *a = acc.get_mut(idx))
    *a = {ax, ay, az, 0.0f};
}
} // namespace kernels

int main(int, char **argv) {
  return bench::alloy_main(argv[0], [](gpu::context &ctx) {
    using kernels::float4;
    const size_t n = 65536;
    auto &s = ctx.default_stream();
    auto r = bench::random_floats(4 * n, 0.0f, 1.0f, 11);
    std::vector<float4> host(n);
    for (size_t i = 0; i < n; ++i)
      host[i] = {2 * r[4 * i] - 1, 2 * r[4 * i + 1] - 1, 2 * r[4 * i + 2] - 1,
                 0.5f + 0.5f * r[4 * i + 3]};
    auto pos = gpu::device_buffer<float4>::from_host(s, host).value();
    auto acc = gpu::device_buffer<float4>::zeroed(s, n).value();
    auto p = gpu::prepare<kernels::nbody>(
                 ctx, gpu::launch_config_1d{n / kernels::TILE, kernels::TILE})
                 .value();
    gpu::launch(s, p, pos, acc).value();
    auto got = acc.to_host(s).value();
    bool ok = bench::check_nbody(&host[0].x, &got[0].x, n, kernels::EPS2);
    double us = bench::time_alloy(s, p, pos, acc);
    return bench::report(bench::name("nbody"), "alloy", us, "GFLOP/s",
                         bench::gflops(20.0 * n * n, us), ok);
  });
}
