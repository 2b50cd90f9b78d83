// nbody: all-pairs gravitational accelerations of 65536 bodies (float4:
// position and mass), one thread per body, positions staged through shared
// memory in tiles of 256; softened, with rsqrtf. 20 flops per interaction.
#include "cuda_bench.hpp"

#include <cmath>

constexpr int TILE = 256;
constexpr float EPS2 = 0.01f;

__global__ void nbody(const float4 *__restrict__ pos, size_t n,
                      float4 *__restrict__ acc) {
  __shared__ float4 tile[TILE];
  size_t i = size_t(blockIdx.x) * TILE + threadIdx.x;
  unsigned t = threadIdx.x;
  float4 me = pos[i];
  float ax = 0.0f, ay = 0.0f, az = 0.0f;
  for (size_t base = 0; base < n; base += TILE) {
    tile[t] = pos[base + t];
    __syncthreads();
#pragma unroll 8
    for (int j = 0; j < TILE; ++j) {
      float4 other = tile[j];
      float dx = other.x - me.x, dy = other.y - me.y, dz = other.z - me.z;
      float inv = rsqrtf(dx * dx + dy * dy + dz * dz + EPS2);
      float s = other.w * inv * inv * inv;
      ax += dx * s;
      ay += dy * s;
      az += dz * s;
    }
    __syncthreads();
  }
  if (i < n)
    acc[i] = make_float4(ax, ay, az, 0.0f);
}

int main() {
  const size_t n = 65536;
  auto r = bench::random_floats(4 * n, 0.0f, 1.0f, 11);
  std::vector<float4> host(n);
  for (size_t i = 0; i < n; ++i)
    host[i] = make_float4(2 * r[4 * i] - 1, 2 * r[4 * i + 1] - 1,
                          2 * r[4 * i + 2] - 1, 0.5f + 0.5f * r[4 * i + 3]);
  bench::cuda_buffer<float4> pos(host), acc(n);
  auto launch = [&] {
    nbody<<<unsigned(n / TILE), TILE>>>(pos.get(), n, acc.get());
  };
  launch();
  auto got = acc.to_host();
  bool ok = bench::check_nbody(&host[0].x, &got[0].x, n, EPS2);
  double us = bench::time_cuda(launch);
  return bench::report(bench::name("nbody"), "nvcc", us, "GFLOP/s",
                       bench::gflops(20.0 * n * n, us), ok);
}
