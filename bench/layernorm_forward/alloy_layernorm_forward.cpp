// layernorm_forward: llm.c's dev/cuda/layernorm_forward.cu, kernel 3 (one
// warp per row: the mean and then the variance each by a strided pass over
// the row and a warp reduction, then the normalization with streaming
// loads and stores), in fp32, on B*T = 64*1024 rows of C = 768 floats,
// 512 threads per block (as llm.c's train_gpt2_fp32.cu launches it).
// llm.c: https://github.com/karpathy/llm.c (MIT License, (c) 2024 Andrej
// Karpathy). "Alloy:" comments mark where the port differs; the kernel is
// the one of examples/llmc_layernorm.
// build.sh and run.sh also build it with -DBENCH_FAST --use_fast_math, as
// layernorm_forward_fast.
#include "../common/alloy_bench.hpp"

#include <cmath>

// From llm.c's dev/cuda/common.h: the parts used here.
template <class T> T ceil_div(T dividend, T divisor) {
  return (dividend + divisor - 1) / divisor;
}

constexpr unsigned WARP_SIZE = 32U;

namespace kernels {
// Alloy: CUDA's cooperative groups do not exist here. The kernel uses the
// tile only for its index queries, which are one line each; the reduction
// itself is gpu::warp::reduce.
struct warp_tile {
  // meta_group_size is the number of warps in a block, and meta_group_rank is the warp index
  unsigned meta_group_size() const {
    return ceil_div(gpu::block_dim().x, WARP_SIZE);
  }
  unsigned meta_group_rank() const { return gpu::thread_idx().x / WARP_SIZE; }
  unsigned thread_rank() const { return gpu::warp::lane_id(); }
  unsigned size() const { return gpu::warp::size; }
};

// Alloy: CUDA's __restrict__ is kept; Alloy marks every kernel pointer
// noalias anyway (the runtime refuses overlapping outputs).
[[gpu::kernel, gpu::launch_contract(1, 512)]]
void layernorm_forward_kernel3(float *__restrict__ out,
                               float *__restrict__ mean,
                               float *__restrict__ rstd,
                               const float *__restrict__ inp,
                               const float *__restrict__ weight,
                               const float *__restrict__ bias, int N, int C) {
  // cg::thread_block block = cg::this_thread_block();
  // cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  warp_tile warp;
  // meta_group_size is the number of warps in a block, and meta_group_rank is the warp index
  int idx = gpu::block_idx().x * warp.meta_group_size() + warp.meta_group_rank();
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
  sum = gpu::warp::reduce(sum, gpu::plus{}); // cg::reduce(warp, sum, cg::plus<float>{})
  float m = sum / C;
  if (warp.thread_rank() == 0 && mean != nullptr) {
    gpu::store_streaming(mean + idx, m); // __stcs
  }

  // rstd
  sum = 0.0f;
  for (int i = warp.thread_rank(); i < C; i += warp.size()) {
    float diff = x[i] - m;
    sum += diff * diff;
  }
  sum = gpu::warp::reduce(sum, gpu::plus{});
  float s = gpu::rsqrt(sum / C + 1e-5f); // rsqrtf
  if (warp.thread_rank() == 0 && rstd != nullptr) {
    gpu::store_streaming(rstd + idx, s);
  }

  // final normalization and scaling by weight/bias
  float *o = out + idx * C;
  for (int c = warp.thread_rank(); c < C; c += warp.size()) {
    // load and store using the .cs "streaming" hint to the compiler,
    // indicating that this data will not be reused soon, and can be streamed through the caches
    // this allows the threads to get more cache-hits for the (shared) weight and bias parameters
    float n = s * (gpu::load_streaming(x + c) - m); // __ldcs
    gpu::store_streaming(o + c, n * weight[c] + bias[c]);
  }
}
} // namespace kernels

int main(int, char **argv) {
  return bench::alloy_main(argv[0], [](gpu::context &ctx) {
    int B = 64, T = 1024, C = 768, N = B * T;
    const int block_size = 512;
    auto &s = ctx.default_stream();
    auto hinp = bench::random_floats(size_t(N) * C, -1.0f, 1.0f, 20);
    auto hweight = bench::random_floats(C, -1.0f, 1.0f, 21);
    auto hbias = bench::random_floats(C, -1.0f, 1.0f, 22);
    auto inp = gpu::device_buffer<float>::from_host(s, hinp).value();
    auto weight = gpu::device_buffer<float>::from_host(s, hweight).value();
    auto bias = gpu::device_buffer<float>::from_host(s, hbias).value();
    auto out = gpu::device_buffer<float>::zeroed(s, size_t(N) * C).value();
    auto mean = gpu::device_buffer<float>::zeroed(s, N).value();
    auto rstd = gpu::device_buffer<float>::zeroed(s, N).value();
    const int grid_size = ceil_div(N * 32, block_size);
    auto p = gpu::prepare<kernels::layernorm_forward_kernel3>(
                 ctx, gpu::launch_config_1d{grid_size, block_size})
                 .value();
    gpu::launch(s, p, out, mean, rstd, inp, weight, bias, N, C).value();
    bool ok = bench::check_layernorm(hinp, hweight, hbias,
                                     out.to_host(s).value(),
                                     mean.to_host(s).value(),
                                     rstd.to_host(s).value(), C);
    double us =
        bench::time_alloy(s, p, out, mean, rstd, inp, weight, bias, N, C);
    // llm.c's napkin math: the row is read once and written once
    return bench::report(bench::name("layernorm_forward"), "alloy", us, "GB/s",
                         bench::gbps(2.0 * N * C * sizeof(float), us), ok);
  });
}
