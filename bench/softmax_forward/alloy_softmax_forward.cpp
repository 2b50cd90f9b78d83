// softmax_forward: llm.c's dev/cuda/softmax_forward.cu, online kernel 8
// (one warp per row; max and sum of exp in one pass, combined across the
// warp with shuffles), on B*NH*T = 8*12*1024 rows of T = 1024 floats
// (attention scores), 256 threads per block.
// llm.c: https://github.com/karpathy/llm.c (MIT License, (c) 2024 Andrej
// Karpathy). "Alloy:" comments mark where the port differs.
// build.sh and run.sh also build it with -DBENCH_FAST --use_fast_math, as
// softmax_forward_fast.
#include "../common/alloy_bench.hpp"

#include <cmath>

// Alloy: CUDA's warpSize is a built-in variable.
constexpr int warpSize = gpu::warp::size;

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void softmax_forward_online_kernel8(float *out, const float *inp, int N,
                                    int C) {
  // online softmax paper: http://arxiv.org/abs/1805.02867
  // online softmax reduces loops from 3 to 2
  // which is done by calculating sumval and maxval in one loop
  const int warpsPerBlock = gpu::block_dim().x / warpSize;
  int tid = gpu::thread_idx().x;

  if (tid >= C) {
    return;
  }

  int warpId = tid / warpSize;
  int laneId = tid % warpSize;
  // one warp one row
  int row = gpu::block_idx().x * warpsPerBlock + warpId;

  if (row >= N) {
    return;
  }

  const float *x = inp + row * C;
  float *const y = out + row * C;

  // merge calculating maxval and sumval in one loop
  // which is an arithmetic improvment from online softmax over normal softmax
  float maxval = -INFINITY, sumval = 0.0f, bigger;
  for (int i = laneId; i < C; i += warpSize) {
    // when updating the maxval, dynamically updates the previous sumval by
    // multiplying e^{previous_maxval - current_maxval}
    bigger = fmaxf(maxval, x[i]);
    sumval = sumval * expf(maxval - bigger) + expf(x[i] - bigger);
    maxval = bigger;
  }

  // use warp functions instead of cooperative groups for better readibility
  // calculate the warp wised maxval and sumval
  float offsetMaxval, offsetSumval;
  for (int offset = warpSize / 2; offset > 0; offset >>= 1) {
    gpu::warp::sync();
    offsetMaxval = gpu::warp::shfl_down(maxval, offset);
    offsetSumval = gpu::warp::shfl_down(sumval, offset);
    if (offsetMaxval > maxval) {
      sumval *= expf(maxval - offsetMaxval);
      maxval = offsetMaxval;
    } else {
      offsetSumval *= expf(offsetMaxval - maxval);
    }
    sumval += offsetSumval;
  }

  // sync the warp wised maxval and sumval
  // which are also the maxval and sumval of one row in C
  maxval = gpu::warp::shfl(maxval, 0);
  sumval = gpu::warp::shfl(sumval, 0);

  for (int i = laneId; i < C; i += warpSize) {
    y[i] = expf(x[i] - maxval) / sumval;
  }
}
} // namespace kernels

int main(int, char **argv) {
  return bench::alloy_main(argv[0], [](gpu::context &ctx) {
    int B = 8, NH = 12, T = 1024, N = B * NH * T, C = T;
    const int block_size = 256;
    auto &s = ctx.default_stream();
    auto host = bench::softmax_input(N, C);
    auto inp = gpu::device_buffer<float>::from_host(s, host).value();
    auto out = gpu::device_buffer<float>::zeroed(s, size_t(N) * C).value();
    int grid_size = (N * 32 + block_size - 1) / block_size;
    auto p = gpu::prepare<kernels::softmax_forward_online_kernel8>(
                 ctx, gpu::launch_config_1d{grid_size, block_size})
                 .value();
    gpu::launch(s, p, out, inp, N, C).value();
    bool ok = bench::check_softmax(host, out.to_host(s).value(), C);
    double us = bench::time_alloy(s, p, out, inp, N, C);
    return bench::report(bench::name("softmax_forward"), "alloy", us, "GB/s",
                         bench::gbps(2.0 * N * C * sizeof(float), us), ok);
  });
}
