// encoder_forward_bf16: llm.c's encoder_forward_kernel3 (llmc/encoder.cuh,
// as train_gpt2.cu runs it in bf16): out[b][t] = wte[inp[b][t]] + wpe[t],
// eight bf16 channels per thread through the 128-bit Packed128 (load128cs
// of the token's and the position's embedding, store128), added in fp32;
// B = 8, T = 1024, C = 768, a vocabulary of 50257 random tokens, 256
// threads per block.
// llm.c: https://github.com/karpathy/llm.c (MIT License, (c) 2024 Andrej
// Karpathy). "Alloy:" comments mark where the port differs.
// build.sh and run.sh also build it with -DBENCH_FAST --use_fast_math, as
// encoder_forward_bf16_fast.
#include "alloy_llmc_bf16.hpp"

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void encoder_forward_kernel3(floatX *out, const int *inp, const floatX *wte,
                             const floatX *wpe, int B, int T, int C) {
  int idx = (gpu::block_idx().x * gpu::block_dim().x + gpu::thread_idx().x) *
            x128::size;
  int N = B * T * C;
  if (idx >= N) { return; }

  int bt = idx / C;
  int b = bt / T;
  int t = bt % T;
  int c = idx % C;

  int ix = inp[b * T + t];

  floatX *out_btc = out + b * T * C + t * C + c;
  const floatX *wte_ix = wte + ix * C + c;
  const floatX *wpe_tc = wpe + t * C + c;

  x128 packed_out;
  x128 wte128 = load128cs(wte_ix);
  x128 wpe128 = load128cs(wpe_tc);
  for (int k = 0; k < x128::size; k++) {
    packed_out[k] = (floatX)((float)wte128[k] + (float)wpe128[k]);
  }
  store128(out_btc, packed_out);
}
} // namespace kernels

int main(int, char **argv) {
  return bench::alloy_main(argv[0], [](gpu::context &ctx) {
    int B = 8, T = 1024, C = 768, V = 50257;
    const int block_size = 256;
    const int N = B * T * C;
    const int grid_size = CEIL_DIV(N, (int)(block_size * x128::size));
    auto &s = ctx.default_stream();
    std::vector<int> hinp(B * T);
    bench::rng r(57);
    for (int &token : hinp)
      token = int(r.below(uint32_t(V)));
    std::vector<float> hwte, hwpe;
    auto inp = gpu::device_buffer<int>::from_host(s, hinp).value();
    auto wte = llmc_bf16::upload(
        s, llmc_bf16::random_bf16(size_t(V) * C, -1.0f, 1.0f, 58, hwte));
    auto wpe = llmc_bf16::upload(
        s, llmc_bf16::random_bf16(size_t(T) * C, -1.0f, 1.0f, 59, hwpe));
    auto out = llmc_bf16::poisoned<floatX>(s, N);
    auto p = gpu::prepare<kernels::encoder_forward_kernel3>(
                 ctx, gpu::launch_config_1d{grid_size, block_size})
                 .value();
    gpu::launch(s, p, out, inp, wte, wpe, B, T, C).value();
    bool ok = llmc_bf16::check_encoder(
        llmc_bf16::to_bits(out.to_host(s).value()), hinp, hwte, hwpe, B, T,
        C);
    double us = bench::time_alloy(s, p, out, inp, wte, wpe, B, T, C);
    // per token: its id, its wte row and its wpe row read, its out row
    // written
    double bytes = double(B) * T * (sizeof(int) + 3.0 * C * sizeof(floatX));
    return bench::report(bench::name("encoder_forward_bf16"), "alloy", us,
                         "GB/s", bench::gbps(bytes, us), ok);
  });
}
