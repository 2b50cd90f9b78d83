// residual_forward_bf16: llm.c's residual_forward_kernel (llmc/layernorm.cuh,
// as train_gpt2.cu runs it in bf16): out = inp1 + inp2, eight bf16 per
// thread through the 128-bit Packed128 (load128cs, store128), added in
// fp32, on B*T*C = 8*1024*768 elements, 256 threads per block.
// llm.c: https://github.com/karpathy/llm.c (MIT License, (c) 2024 Andrej
// Karpathy).
// build.sh and run.sh also build it with -DBENCH_FAST --use_fast_math, as
// residual_forward_bf16_fast.
#include "nvcc_llmc_bf16.cuh"

#include <cassert>

__global__ void residual_forward_kernel(floatX *out, const floatX *inp1,
                                        const floatX *inp2) {
  int idx = (blockIdx.x * blockDim.x + threadIdx.x) * x128::size;

  x128 packed_out;
  x128 packed_inp1 = load128cs(inp1 + idx);
  x128 packed_inp2 = load128cs(inp2 + idx);
  for (int k = 0; k < packed_inp1.size; k++) {
    packed_out[k] = (floatX)((float)packed_inp1[k] + (float)packed_inp2[k]);
  }
  store128(out + idx, packed_out);
}

int main() {
  int B = 8, T = 1024, C = 768, N = B * T * C;
  const int block_size = 256;
  assert(N % (block_size * x128::size) == 0);
  const int grid_size = CEIL_DIV(N, (int)(block_size * x128::size));
  std::vector<float> h1, h2;
  auto bits1 = llmc_bf16::random_bf16(N, -1.0f, 1.0f, 51, h1);
  auto bits2 = llmc_bf16::random_bf16(N, -1.0f, 1.0f, 52, h2);
  bench::cuda_buffer<floatX> inp1(N), inp2(N), out(N);
  llmc_bf16::upload(inp1, bits1);
  llmc_bf16::upload(inp2, bits2);
  llmc_bf16::poison(out, N);
  auto launch = [&] {
    residual_forward_kernel<<<grid_size, block_size>>>(out.get(), inp1.get(),
                                                       inp2.get());
  };
  launch();
  CUDA_CHECK(cudaGetLastError());
  bool ok = llmc_bf16::check_residual(llmc_bf16::to_bits(out.to_host()), h1,
                                      h2);
  double us = bench::time_cuda(launch);
  // two inputs read once, the output written once
  return bench::report(bench::name("residual_forward_bf16"), "nvcc", us,
                       "GB/s", bench::gbps(3.0 * N * sizeof(floatX), us), ok);
}
