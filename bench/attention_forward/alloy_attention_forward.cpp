// attention_forward: llm.c's dev/cuda/attention_forward.cu, kernel 1 (the
// naive port of the CPU code, fp32, no cuBLAS, three kernels:
// attention_query_key_kernel1, one thread per (b, h, t, t2) score, masked
// with -INFINITY above the diagonal; attention_softmax_kernel1, one thread
// per (b, t, h) row; attention_value_kernel1, one thread per (b, t, h)
// head output), causal self-attention with B = 8, T = 1024, C = 768,
// NH = 12, 256 threads per block for all three (the block size llm.c's
// main checks first). Timed: the whole forward, the three launches.
// llm.c: https://github.com/karpathy/llm.c (MIT License, (c) 2024 Andrej
// Karpathy). "Alloy:" comments mark where the port differs.
// build.sh and run.sh also build it with -DBENCH_FAST --use_fast_math, as
// attention_forward_fast.
#include "../common/alloy_bench.hpp"

#include <cfloat>
#include <cmath>

// From llm.c's dev/cuda/common.h: the parts used here.
template <class T> T ceil_div(T dividend, T divisor) {
  return (dividend + divisor - 1) / divisor;
}

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void attention_query_key_kernel1(float *preatt, const float *inp, int B, int T,
                                 int C, int NH) {
  int idx = gpu::block_idx().x * gpu::block_dim().x + gpu::thread_idx().x;
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

[[gpu::kernel, gpu::launch_contract(1, 256)]]
void attention_softmax_kernel1(float *att, const float *preatt, int B, int T,
                               int NH) {
  int idx = gpu::block_idx().x * gpu::block_dim().x + gpu::thread_idx().x;
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

[[gpu::kernel, gpu::launch_contract(1, 256)]]
void attention_value_kernel1(float *out, const float *att, const float *inp,
                             int B, int T, int C, int NH) {
  int idx = gpu::block_idx().x * gpu::block_dim().x + gpu::thread_idx().x;
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
} // namespace kernels

int main(int, char **argv) {
  return bench::alloy_main(argv[0], [](gpu::context &ctx) {
    int B = 8, T = 1024, C = 768, NH = 12;
    const int block_size = 256;
    auto &s = ctx.default_stream();
    auto hinp = bench::random_floats(size_t(B) * T * 3 * C, -1.0f, 1.0f, 28);
    auto inp = gpu::device_buffer<float>::from_host(s, hinp).value();
    auto out = gpu::device_buffer<float>::zeroed(s, size_t(B) * T * C).value();
    auto preatt =
        gpu::device_buffer<float>::zeroed(s, size_t(B) * NH * T * T).value();
    auto att =
        gpu::device_buffer<float>::zeroed(s, size_t(B) * NH * T * T).value();
    // attention calculation
    int total_threads = B * NH * T * T;
    int num_blocks = ceil_div(total_threads, block_size);
    auto query_key = gpu::prepare<kernels::attention_query_key_kernel1>(
                         ctx, gpu::launch_config_1d{num_blocks, block_size})
                         .value();
    // softmax and value accumulation
    total_threads = B * T * NH;
    num_blocks = ceil_div(total_threads, block_size);
    auto softmax = gpu::prepare<kernels::attention_softmax_kernel1>(
                       ctx, gpu::launch_config_1d{num_blocks, block_size})
                       .value();
    auto value = gpu::prepare<kernels::attention_value_kernel1>(
                     ctx, gpu::launch_config_1d{num_blocks, block_size})
                     .value();
    auto launch = [&] {
      gpu::launch(s, query_key, preatt, inp, B, T, C, NH).value();
      gpu::launch(s, softmax, att, preatt, B, T, NH).value();
      gpu::launch(s, value, out, att, inp, B, T, C, NH).value();
    };
    launch();
#ifdef BENCH_FAST
    const double tol = 1e-3;
#else
    const double tol = 1e-4;
#endif
    bool ok = bench::check_attention(hinp, att.to_host(s).value(),
                                     out.to_host(s).value(), B, T, C, NH, tol);
    double us = bench::time_alloy(s, launch);
    // q.k for t2 <= t and att @ v, 2 FLOP per multiply-add each
    double flops = 2.0 * 2.0 * B * NH * (C / NH) * (T * (T + 1.0) / 2);
    return bench::report(bench::name("attention_forward"), "alloy", us,
                         "GFLOP/s", bench::gflops(flops, us), ok);
  });
}
