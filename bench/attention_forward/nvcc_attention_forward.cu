// attention_forward: llm.c's dev/cuda/attention_forward.cu, kernel 1 (the
// naive port of the CPU code, fp32, no cuBLAS, three kernels:
// attention_query_key_kernel1, one thread per (b, h, t, t2) score, masked
// with -INFINITY above the diagonal; attention_softmax_kernel1, one thread
// per (b, t, h) row; attention_value_kernel1, one thread per (b, t, h)
// head output), causal self-attention with B = 8, T = 1024, C = 768,
// NH = 12, 256 threads per block for all three (the block size llm.c's
// main checks first). Timed: the whole forward, the three launches.
// llm.c: https://github.com/karpathy/llm.c (MIT License, (c) 2024 Andrej
// Karpathy).
// build.sh and run.sh also build it with -DBENCH_FAST --use_fast_math, as
// attention_forward_fast.
#include "cuda_bench.hpp"

#include <cfloat>
#include <cmath>

// From llm.c's dev/cuda/common.h: the parts used here.
template <class T> __host__ __device__ T ceil_div(T dividend, T divisor) {
  return (dividend + divisor - 1) / divisor;
}

__global__ void attention_query_key_kernel1(float *preatt, const float *inp,
                                            int B, int T, int C, int NH) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  int total_threads = B * NH * T * T;

  if (idx < total_threads) {
    int t2 = idx % T;
    int t = (idx / T) % T;
    if (t2 > t) {
      // autoregressive mask
      preatt[idx] = -INFINITY;
      return;
    }
    int h = (idx / (T * T)) % NH;
    int b = idx / (NH * T * T);

    int C3 = C * 3;
    int hs = C / NH; // head size
    const float *query_t = inp + b * T * C3 + t * C3 + h * hs;
    const float *key_t2 = inp + b * T * C3 + t2 * C3 + h * hs + C; // +C because it's key

    // (query_t) dot (key_t2)
    float val = 0.0f;
    for (int i = 0; i < hs; i++) {
      val += query_t[i] * key_t2[i];
    }
    val *= 1.0 / sqrtf(hs);

    preatt[idx] = val;
  }
}

__global__ void attention_softmax_kernel1(float *att, const float *preatt,
                                          int B, int T, int NH) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  int total_threads = B * T * NH;

  if (idx < total_threads) {
    int h = idx % NH;
    int t = (idx / NH) % T;
    int b = idx / (NH * T);

    const float *preatt_bth = preatt + b * NH * T * T + h * T * T + t * T;
    float *att_bth = att + b * NH * T * T + h * T * T + t * T;

    // find maxval
    float maxval = -FLT_MAX;
    for (int t2 = 0; t2 <= t; t2++) {
      if (preatt_bth[t2] > maxval) {
        maxval = preatt_bth[t2];
      }
    }

    // calculate the exp and keep track of sum
    float expsum = 0.0f;
    for (int t2 = 0; t2 <= t; t2++) {
      float expv = expf(preatt_bth[t2] - maxval);
      expsum += expv;
      att_bth[t2] = expv;
    }
    float expsum_inv = expsum == 0.0f ? 0.0f : 1.0f / expsum;

    // normalize to get the softmax
    for (int t2 = 0; t2 < T; t2++) {
      if (t2 <= t) {
        att_bth[t2] *= expsum_inv;
      } else {
        // causal attention mask. not strictly necessary to set to zero here
        // only doing this explicitly for debugging and checking to PyTorch
        att_bth[t2] = 0.0f;
      }
    }
  }
}

__global__ void attention_value_kernel1(float *out, const float *att,
                                        const float *inp, int B, int T, int C,
                                        int NH) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  int total_threads = B * T * NH;

  if (idx < total_threads) {
    int h = idx % NH;
    int t = (idx / NH) % T;
    int b = idx / (NH * T);

    int C3 = C * 3;
    int hs = C / NH; // head size

    float *out_bth = out + b * T * C + t * C + h * hs;
    const float *att_bth = att + b * NH * T * T + h * T * T + t * T;

    for (int i = 0; i < hs; i++) { out_bth[i] = 0.0f; }
    for (int t2 = 0; t2 <= t; t2++) {
      const float *value_t2 = inp + b * T * C3 + t2 * C3 + h * hs + C * 2; // +C*2 because it's value
      float att_btht2 = att_bth[t2];
      for (int i = 0; i < hs; i++) {
        out_bth[i] += att_btht2 * value_t2[i];
      }
    }
  }
}

int main() {
  int B = 8, T = 1024, C = 768, NH = 12;
  const int block_size = 256;
  auto hinp = bench::random_floats(size_t(B) * T * 3 * C, -1.0f, 1.0f, 28);
  bench::cuda_buffer<float> inp(hinp), out(size_t(B) * T * C);
  bench::cuda_buffer<float> preatt(size_t(B) * NH * T * T);
  bench::cuda_buffer<float> att(size_t(B) * NH * T * T);
  auto launch = [&] {
    // attention calculation
    int total_threads = B * NH * T * T;
    int num_blocks = ceil_div(total_threads, block_size);
    attention_query_key_kernel1<<<num_blocks, block_size>>>(
        preatt.get(), inp.get(), B, T, C, NH);
    // softmax and value accumulation
    total_threads = B * T * NH;
    num_blocks = ceil_div(total_threads, block_size);
    attention_softmax_kernel1<<<num_blocks, block_size>>>(
        att.get(), preatt.get(), B, T, NH);
    attention_value_kernel1<<<num_blocks, block_size>>>(
        out.get(), att.get(), inp.get(), B, T, C, NH);
  };
  launch();
#ifdef BENCH_FAST
  const double tol = 1e-3;
#else
  const double tol = 1e-4;
#endif
  bool ok = bench::check_attention(hinp, att.to_host(), out.to_host(), B, T, C,
                                   NH, tol);
  double us = bench::time_cuda(launch);
  // q.k for t2 <= t and att @ v, 2 FLOP per multiply-add each
  double flops = 2.0 * 2.0 * B * NH * (C / NH) * (T * (T + 1.0) / 2);
  return bench::report(bench::name("attention_forward"), "nvcc", us, "GFLOP/s",
                       bench::gflops(flops, us), ok);
}
