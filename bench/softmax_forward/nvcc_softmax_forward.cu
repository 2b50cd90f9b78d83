// softmax_forward: llm.c's dev/cuda/softmax_forward.cu, online kernel 8
// (one warp per row; max and sum of exp in one pass, combined across the
// warp with shuffles), on B*NH*T = 8*12*1024 rows of T = 1024 floats
// (attention scores), 256 threads per block.
// llm.c: https://github.com/karpathy/llm.c (MIT License, (c) 2024 Andrej
// Karpathy).
// build.sh and run.sh also build it with -DBENCH_FAST --use_fast_math, as
// softmax_forward_fast.
#include "cuda_bench.hpp"

#include <cmath>

__global__ void softmax_forward_online_kernel8(float *out, const float *inp,
                                               int N, int C) {
  // online softmax paper: http://arxiv.org/abs/1805.02867
  // online softmax reduces loops from 3 to 2
  // which is done by calculating sumval and maxval in one loop
  const int warpsPerBlock = blockDim.x / warpSize;
  int tid = threadIdx.x;

  if (tid >= C) {
    return;
  }

  int warpId = tid / warpSize;
  int laneId = tid % warpSize;
  // one warp one row
  int row = blockIdx.x * warpsPerBlock + warpId;

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
    __syncwarp();
    offsetMaxval = __shfl_down_sync(0xFFFFFFFF, maxval, offset);
    offsetSumval = __shfl_down_sync(0xFFFFFFFF, sumval, offset);
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
  maxval = __shfl_sync(0xFFFFFFFF, maxval, 0);
  sumval = __shfl_sync(0xFFFFFFFF, sumval, 0);

  for (int i = laneId; i < C; i += warpSize) {
    y[i] = expf(x[i] - maxval) / sumval;
  }
}

int main() {
  int B = 8, NH = 12, T = 1024, N = B * NH * T, C = T;
  const int block_size = 256;
  auto host = bench::softmax_input(N, C);
  bench::cuda_buffer<float> inp(host), out(size_t(N) * C);
  int grid_size = (N * 32 + block_size - 1) / block_size;
  auto launch = [&] {
    softmax_forward_online_kernel8<<<grid_size, block_size>>>(out.get(),
                                                              inp.get(), N, C);
  };
  launch();
  bool ok = bench::check_softmax(host, out.to_host(), C);
  double us = bench::time_cuda(launch);
  return bench::report(bench::name("softmax_forward"), "nvcc", us, "GB/s",
                       bench::gbps(2.0 * N * C * sizeof(float), us), ok);
}
