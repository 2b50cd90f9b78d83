// residual_forward_bf16: llm.c's residual_forward_kernel (llmc/layernorm.cuh,
// as train_gpt2.cu runs it in bf16): out = inp1 + inp2, eight bf16 per
// thread through the 128-bit Packed128 (load128cs, store128), added in
// fp32, on B*T*C = 8*1024*768 elements, 256 threads per block.
// llm.c: https://github.com/karpathy/llm.c (MIT License, (c) 2024 Andrej
// Karpathy). "Alloy:" comments mark where the port differs.
// build.sh and run.sh also build it with -DBENCH_FAST --use_fast_math, as
// residual_forward_bf16_fast.
#include "alloy_llmc_bf16.hpp"

#include <cassert>

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void residual_forward_kernel(floatX *out, const floatX *inp1,
                             const floatX *inp2) {
  int idx = (gpu::block_idx().x * gpu::block_dim().x + gpu::thread_idx().x) *
            x128::size;

  x128 packed_out;
  x128 packed_inp1 = load128cs(inp1 + idx);
  x128 packed_inp2 = load128cs(inp2 + idx);
  for (int k = 0; k < packed_inp1.size; k++) {
    packed_out[k] = (floatX)((float)packed_inp1[k] + (float)packed_inp2[k]);
  }
  store128(out + idx, packed_out);
}
} // namespace kernels

int main(int, char **argv) {
  return bench::alloy_main(argv[0], [](gpu::context &ctx) {
    int B = 8, T = 1024, C = 768, N = B * T * C;
    const int block_size = 256;
    assert(N % (block_size * x128::size) == 0);
    const int grid_size = CEIL_DIV(N, (int)(block_size * x128::size));
    auto &s = ctx.default_stream();
    std::vector<float> h1, h2;
    auto inp1 = llmc_bf16::upload(
        s, llmc_bf16::random_bf16(N, -1.0f, 1.0f, 51, h1));
    auto inp2 = llmc_bf16::upload(
        s, llmc_bf16::random_bf16(N, -1.0f, 1.0f, 52, h2));
    auto out = llmc_bf16::poisoned<floatX>(s, N);
    auto p = gpu::prepare<kernels::residual_forward_kernel>(
                 ctx, gpu::launch_config_1d{grid_size, block_size})
                 .value();
    gpu::launch(s, p, out, inp1, inp2).value();
    bool ok = llmc_bf16::check_residual(
        llmc_bf16::to_bits(out.to_host(s).value()), h1, h2);
    double us = bench::time_alloy(s, p, out, inp1, inp2);
    // two inputs read once, the output written once
    return bench::report(bench::name("residual_forward_bf16"), "alloy", us,
                         "GB/s", bench::gbps(3.0 * N * sizeof(floatX), us),
                         ok);
  });
}
