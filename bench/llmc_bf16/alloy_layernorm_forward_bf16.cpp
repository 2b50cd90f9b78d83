// layernorm_forward_bf16: llm.c's layernorm_forward_kernel6
// (llmc/layernorm.cuh, as train_gpt2.cu runs it in bf16): one warp per row
// (blocks of 32 x 8), the row read with 128-bit Packed128 streaming loads
// (load128cs) and kept in shared memory next to the block's copy of weight
// and bias, the mean and then the variance each by a pass and a warp
// reduction in fp32, the output written with store128cs; out, weight and
// bias bf16, mean and rstd float. B*T = 8*1024 rows of C = 768.
// llm.c: https://github.com/karpathy/llm.c (MIT License, (c) 2024 Andrej
// Karpathy). "Alloy:" comments mark where the port differs.
// build.sh and run.sh also build it with -DBENCH_FAST --use_fast_math, as
// layernorm_forward_bf16_fast.
#include "alloy_llmc_bf16.hpp"

#include <cassert>

namespace kernels {
// Alloy: __launch_bounds__(512, 2) is gpu::launch_bounds(512, 2); the
// block shape (32 x 8) is the launch contract.
[[gpu::kernel, gpu::launch_bounds(512, 2), gpu::launch_contract(2, 32, 8)]]
void layernorm_forward_kernel6(floatX *__restrict__ out,
                               float *__restrict__ mean,
                               float *__restrict__ rstd,
                               const floatX *__restrict__ inp,
                               const floatX *__restrict__ weight,
                               const floatX *__restrict__ bias, int N, int C) {
  assert(gpu::block_dim().x == WARP_SIZE);

  // load weights and biases into shared memory
  // do this before we allow any threads to exit!
  // Alloy: extern __shared__ is gpu::dynamic_shared, sized by the launch's
  // shared_bytes.
  x128 *params = gpu::dynamic_shared<x128>().data();
  // load128/store128 sometimes generated multiple instructions when the types here were floatX*, so
  // let's keep everything as x128
  x128 *s_weight = params;
  x128 *s_bias = params + (C / x128::size);
  x128 *s_in = params + ((2 + gpu::thread_idx().y) * C / x128::size);

  int sidx = (gpu::thread_idx().x + WARP_SIZE * gpu::thread_idx().y) *
             x128::size;
  for (int i = sidx; i < C;
       i += gpu::block_dim().y * WARP_SIZE * x128::size) {
    s_weight[i / x128::size] = load128(weight + i);
    s_bias[i / x128::size] = load128(bias + i);
  }
  gpu::sync_threads();

  int idx = gpu::block_idx().x * gpu::block_dim().y + gpu::thread_idx().y;
  if (idx >= N) { return; } // guard

  // adjust pointers to current token
  inp += idx * C;
  out += idx * C;

  const float eps = 1e-5f;
  float sum = 0.0f;
  for (int c = gpu::thread_idx().x * x128::size; c < C;
       c += WARP_SIZE * x128::size) {
    const x128 in_data = load128cs(inp + c);
    for (int k = 0; k < x128::size; ++k) {
      sum += (float)in_data[k];
    }
    s_in[c / x128::size] = in_data;
  }

  sum = warpReduceSum(sum);
  float m = sum / C;
  float v = 0.f;

  for (int c = gpu::thread_idx().x * x128::size; c < C;
       c += WARP_SIZE * x128::size) {
    const x128 in_data = s_in[c / x128::size];
    for (int k = 0; k < x128::size; ++k) {
      v += ((float)in_data[k] - m) * ((float)in_data[k] - m);
    }
  }

  v = warpReduceSum(v) / C;
  float s = gpu::rsqrt(v + eps); // rsqrtf

  for (int c = gpu::thread_idx().x * x128::size; c < C;
       c += WARP_SIZE * x128::size) {
    const x128 in_data = s_in[c / x128::size];
    const x128 w = s_weight[c / x128::size];
    const x128 b = s_bias[c / x128::size];
    x128 out_data;
    for (int k = 0; k < x128::size; ++k) {
      float n = s * ((float)in_data[k] - m); // normalized output
      float o = n * (float)w[k] + (float)b[k]; // scale and shift it
      out_data[k] = (floatX)o;
    }

    store128cs(out + c, out_data);
  }
  // cache the mean and rstd for the backward pass later
  if (gpu::thread_idx().x == 0 && mean != nullptr) {
    gpu::store_streaming(mean + idx, m); // __stcs
  }
  // store the rstd, no need to cache it
  if (gpu::thread_idx().x == 0 && rstd != nullptr) {
    gpu::store_streaming(rstd + idx, s);
  }
}
} // namespace kernels

int main(int, char **argv) {
  return bench::alloy_main(argv[0], [](gpu::context &ctx) {
    int B = 8, T = 1024, C = 768, N = B * T;
    // train_gpt2.cu's layernorm_forward: blocks of 32 x 8 (one row per
    // warp), the weight, the bias and each warp's row in shared memory.
    // (Its fallback to kernel 3 when the shared memory does not fit never
    // happens here: 15 KiB.)
    const int block_size = 256;
    int block_y = block_size / WARP_SIZE;
    const int grid_size = CEIL_DIV(N, block_y);
    size_t smem = (2 + block_y) * C * sizeof(floatX);
    auto &s = ctx.default_stream();
    std::vector<float> hinp, hweight, hbias;
    auto inp = llmc_bf16::upload(
        s, llmc_bf16::random_bf16(size_t(N) * C, -1.0f, 1.0f, 54, hinp));
    auto weight = llmc_bf16::upload(
        s, llmc_bf16::random_bf16(C, -1.0f, 1.0f, 55, hweight));
    auto bias = llmc_bf16::upload(
        s, llmc_bf16::random_bf16(C, -1.0f, 1.0f, 56, hbias));
    auto out = llmc_bf16::poisoned<floatX>(s, size_t(N) * C);
    auto mean = llmc_bf16::poisoned<float>(s, N);
    auto rstd = llmc_bf16::poisoned<float>(s, N);
    auto p = gpu::prepare<kernels::layernorm_forward_kernel6>(
                 ctx, gpu::launch_config_2d{{grid_size, 1},
                                            {int(WARP_SIZE), block_y},
                                            smem})
                 .value();
    gpu::launch(s, p, out, mean, rstd, inp, weight, bias, N, C).value();
    bool ok = llmc_bf16::check_layernorm(
        llmc_bf16::to_bits(out.to_host(s).value()), mean.to_host(s).value(),
        rstd.to_host(s).value(), hinp, hweight, hbias, C);
    double us =
        bench::time_alloy(s, p, out, mean, rstd, inp, weight, bias, N, C);
    // the rows read once and written once, mean and rstd written, weight
    // and bias read
    double bytes = 2.0 * N * C * sizeof(floatX) + 2.0 * N * sizeof(float) +
                   2.0 * C * sizeof(floatX);
    return bench::report(bench::name("layernorm_forward_bf16"), "alloy", us,
                         "GB/s", bench::gbps(bytes, us), ok);
  });
}
