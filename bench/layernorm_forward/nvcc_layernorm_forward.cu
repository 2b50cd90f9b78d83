// layernorm_forward: llm.c's dev/cuda/layernorm_forward.cu, kernel 3 (one
// warp per row: the mean and then the variance each by a strided pass over
// the row and a warp reduction, then the normalization with streaming
// loads and stores), in fp32, on B*T = 64*1024 rows of C = 768 floats,
// 512 threads per block (as llm.c's train_gpt2_fp32.cu launches it).
// llm.c: https://github.com/karpathy/llm.c (MIT License, (c) 2024 Andrej
// Karpathy).
// build.sh and run.sh also build it with -DBENCH_FAST --use_fast_math, as
// layernorm_forward_fast.
#include "cuda_bench.hpp"

#include <cmath>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

// From llm.c's dev/cuda/common.h: the parts used here.
template <class T> __host__ __device__ T ceil_div(T dividend, T divisor) {
  return (dividend + divisor - 1) / divisor;
}

__global__ void layernorm_forward_kernel3(float *__restrict__ out,
                                          float *__restrict__ mean,
                                          float *__restrict__ rstd,
                                          const float *__restrict__ inp,
                                          const float *__restrict__ weight,
                                          const float *__restrict__ bias,
                                          int N, int C) {
  namespace cg = cooperative_groups;
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  // meta_group_size is the number of warps in a block, and meta_group_rank is the warp index
  int idx = blockIdx.x * warp.meta_group_size() + warp.meta_group_rank();
  if (idx >= N) {
    return;
  }

  // the row of input that this group of threads is responsible for
  const float *x = inp + idx * C;

  // mean
  float sum = 0.0f;
  for (int i = warp.thread_rank(); i < C; i += warp.size()) {
    sum += x[i];
  }
  sum = cg::reduce(warp, sum, cg::plus<float>{});
  float m = sum / C;
  if (warp.thread_rank() == 0 && mean != nullptr) {
    __stcs(mean + idx, m);
  }

  // rstd
  sum = 0.0f;
  for (int i = warp.thread_rank(); i < C; i += warp.size()) {
    float diff = x[i] - m;
    sum += diff * diff;
  }
  sum = cg::reduce(warp, sum, cg::plus<float>{});
  float s = rsqrtf(sum / C + 1e-5f);
  if (warp.thread_rank() == 0 && rstd != nullptr) {
    __stcs(rstd + idx, s);
  }

  // final normalization and scaling by weight/bias
  float *o = out + idx * C;
  for (int c = warp.thread_rank(); c < C; c += warp.size()) {
    // load and store using the .cs "streaming" hint to the compiler,
    // indicating that this data will not be reused soon, and can be streamed through the caches
    // this allows the threads to get more cache-hits for the (shared) weight and bias parameters
    float n = s * (__ldcs(x + c) - m);
    __stcs(o + c, n * weight[c] + bias[c]);
  }
}

int main() {
  int B = 64, T = 1024, C = 768, N = B * T;
  const int block_size = 512;
  auto hinp = bench::random_floats(size_t(N) * C, -1.0f, 1.0f, 20);
  auto hweight = bench::random_floats(C, -1.0f, 1.0f, 21);
  auto hbias = bench::random_floats(C, -1.0f, 1.0f, 22);
  bench::cuda_buffer<float> inp(hinp), weight(hweight), bias(hbias);
  bench::cuda_buffer<float> out(size_t(N) * C), mean(N), rstd(N);
  const int grid_size = ceil_div(N * 32, block_size);
  auto launch = [&] {
    layernorm_forward_kernel3<<<grid_size, block_size>>>(
        out.get(), mean.get(), rstd.get(), inp.get(), weight.get(), bias.get(),
        N, C);
  };
  launch();
  bool ok = bench::check_layernorm(hinp, hweight, hbias, out.to_host(),
                                   mean.to_host(), rstd.to_host(), C);
  double us = bench::time_cuda(launch);
  // llm.c's napkin math: the row is read once and written once
  return bench::report(bench::name("layernorm_forward"), "nvcc", us, "GB/s",
                       bench::gbps(2.0 * N * C * sizeof(float), us), ok);
}
