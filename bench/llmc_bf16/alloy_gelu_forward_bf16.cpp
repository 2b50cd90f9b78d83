// gelu_forward_bf16: llm.c's gelu_forward_kernel2 (llmc/gelu.cuh, as
// train_gpt2.cu runs it in bf16): the tanh approximation of GELU, eight
// bf16 per thread through the 128-bit Packed128 (load128cs, store128),
// computed in fp32, on B*T*4C = 8*1024*3072 elements, 512 threads per
// block.
// llm.c: https://github.com/karpathy/llm.c (MIT License, (c) 2024 Andrej
// Karpathy). "Alloy:" comments mark where the port differs.
// build.sh and run.sh also build it with -DBENCH_FAST --use_fast_math, as
// gelu_forward_bf16_fast.
#include "alloy_llmc_bf16.hpp"

#include <cassert>
#include <cmath>

#define GELU_SCALING_FACTOR sqrtf(2.0f / M_PI)

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 512)]]
void gelu_forward_kernel2(floatX *out, const floatX *inp) {
  int idx = (gpu::block_idx().x * gpu::block_dim().x + gpu::thread_idx().x) *
            x128::size;

  x128 packed_out;
  x128 packed_inp = load128cs(inp + idx); // load and do not keep in cache
  for (int k = 0; k < packed_inp.size; ++k) {
    float xi = (float)packed_inp[k];
    float cube = 0.044715f * xi * xi * xi;
    packed_out[k] =
        (floatX)(0.5f * xi * (1.0f + tanhf(GELU_SCALING_FACTOR * (xi + cube))));
  }
  // store instead of storecs (without cache streaming) in case it is useful
  // for the data to be in the cache for the next operation after this GeLU
  store128(out + idx, packed_out);
}
} // namespace kernels

int main(int, char **argv) {
  return bench::alloy_main(argv[0], [](gpu::context &ctx) {
    int B = 8, T = 1024, C = 768, N = B * T * 4 * C;
    const int block_size = 512;
    assert(N % (block_size * x128::size) == 0);
    const int grid_size = CEIL_DIV(N, (int)(block_size * x128::size));
    auto &s = ctx.default_stream();
    std::vector<float> host;
    auto inp =
        llmc_bf16::upload(s, llmc_bf16::random_bf16(N, -4.0f, 4.0f, 53, host));
    auto out = llmc_bf16::poisoned<floatX>(s, N);
    auto p = gpu::prepare<kernels::gelu_forward_kernel2>(
                 ctx, gpu::launch_config_1d{grid_size, block_size})
                 .value();
    gpu::launch(s, p, out, inp).value();
    bool ok = llmc_bf16::check_gelu(
        llmc_bf16::to_bits(out.to_host(s).value()), host);
    double us = bench::time_alloy(s, p, out, inp);
    // the input read once, the output written once
    return bench::report(bench::name("gelu_forward_bf16"), "alloy", us,
                         "GB/s", bench::gbps(2.0 * N * sizeof(floatX), us),
                         ok);
  });
}
