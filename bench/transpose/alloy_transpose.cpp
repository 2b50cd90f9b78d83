// transpose: out = in^T for an 8192x8192 float matrix, through 32x32 tiles
// in shared memory padded to 32x33 (no bank conflicts); 32x8 threads per
// tile, each moving 4 elements.
#include "../common/alloy_bench.hpp"

namespace kernels {
constexpr int TILE = 32, ROWS = 8;

[[gpu::kernel, gpu::launch_contract(2, TILE, ROWS)]]
void transpose(std::span<const float> in, float *out, int width) {
  [[gpu::shared]] float tile[TILE][TILE + 1];
  auto t = gpu::thread_idx();
  auto b = gpu::block_idx();
  int x = b.x * TILE + t.x, y = b.y * TILE + t.y;
  for (int j = 0; j < TILE; j += ROWS)
    tile[t.y + j][t.x] = in[size_t(y + j) * width + x];
  gpu::sync_threads();
  x = b.y * TILE + t.x;
  y = b.x * TILE + t.y;
  for (int j = 0; j < TILE; j += ROWS)
    out[size_t(y + j) * width + x] = tile[t.x][t.y + j];
}
} // namespace kernels

int main(int, char **argv) {
  return bench::alloy_main(argv[0], [](gpu::context &ctx) {
    int n = 8192;
    const size_t elems = size_t(n) * n;
    auto &s = ctx.default_stream();
    auto host = bench::random_floats(elems, -1.0f, 1.0f, 3);
    auto in = gpu::device_buffer<float>::from_host(s, host).value();
    auto out = gpu::device_buffer<float>::zeroed(s, elems).value();
    using kernels::ROWS, kernels::TILE;
    auto p = gpu::prepare<kernels::transpose>(
                 ctx, gpu::launch_config_2d{{n / TILE, n / TILE}, {TILE, ROWS}})
                 .value();
    gpu::launch(s, p, in, out, n).value();
    auto got = out.to_host(s).value();
    bool ok = true;
    for (size_t r = 0; r < size_t(n) && ok; ++r)
      for (size_t c = 0; c < size_t(n) && ok; ++c)
        ok = got[r * n + c] == host[c * n + r];
    double us = bench::time_alloy(s, p, in, out, n);
    return bench::report(bench::name("transpose"), "alloy", us, "GB/s",
                         bench::gbps(2.0 * elems * sizeof(float), us), ok);
  });
}
