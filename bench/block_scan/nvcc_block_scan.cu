// block_scan: inclusive prefix sum of each 1024-element block of 2^26 ints
// (one element per thread, 1024 threads), plus each block's total. A warp
// scan with shuffles, the warp totals scanned by warp 0 through shared
// memory, then added back.
#include "cuda_bench.hpp"

__device__ int warp_inclusive_scan(int v) {
  unsigned lane = threadIdx.x % 32;
  for (unsigned offset = 1; offset < 32; offset *= 2) {
    int other = __shfl_up_sync(0xffffffffu, v, offset);
    if (lane >= offset)
      v += other;
  }
  return v;
}

__global__ void block_scan(const int *__restrict__ in, size_t n,
                           int *__restrict__ out,
                           int *__restrict__ block_sums) {
  __shared__ int warp_sums[32];
  size_t i = size_t(blockIdx.x) * 1024 + threadIdx.x;
  unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;
  int v = i < n ? in[i] : 0;
  v = warp_inclusive_scan(v);
  if (lane == 31)
    warp_sums[warp] = v;
  __syncthreads();
  if (warp == 0)
    warp_sums[lane] = warp_inclusive_scan(warp_sums[lane]);
  __syncthreads();
  if (warp > 0)
    v += warp_sums[warp - 1];
  if (i < n)
    out[i] = v;
  if (t == 1023)
    block_sums[blockIdx.x] = v;
}

int main() {
  const size_t n = size_t(1) << 26, blocks = n / 1024;
  std::vector<int> host(n);
  bench::rng r(8);
  for (int &x : host)
    x = int(r.below(201)) - 100;
  bench::cuda_buffer<int> in(host), out(n), sums(blocks);
  auto launch = [&] {
    block_scan<<<unsigned(blocks), 1024>>>(in.get(), n, out.get(), sums.get());
  };
  launch();
  auto got = out.to_host();
  auto got_sums = sums.to_host();
  bool ok = true;
  for (size_t b = 0; b < blocks && ok; ++b) {
    int acc = 0;
    for (size_t i = b * 1024; i < (b + 1) * 1024 && ok; ++i)
      ok = got[i] == (acc += host[i]);
    ok = ok && got_sums[b] == acc;
  }
  double us = bench::time_cuda(launch);
  return bench::report(bench::name("block_scan"), "nvcc", us, "GB/s",
                       bench::gbps((2.0 * n + blocks) * sizeof(int), us), ok);
}
