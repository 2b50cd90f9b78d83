// The main of nvcc_flash_attention_d<D>[_causal].cu: FA_HEAD_DIM (64 or
// 128) and FA_CAUSAL (true or false) come from the including file. Random
// Q, K, V of [4, 16, 4096, D] in bf16, O poisoned with NaN; one launch, the
// check, the timing and the BENCH line (GFLOP/s counting 4 * batch * heads
// * seq^2 * D, halved with the causal mask). alloy_flash_attention.hpp has
// the same host code with Alloy's types; the inputs and the check are one
// template for both (common/flash_attention_check.hpp).
#include "cuda_bench.hpp"
#include "flash_attention_check.hpp"
#include "nvcc_flash_attention_kernel.cuh"

#include <cuda_bf16.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace fa {

constexpr int BATCH = 4, HEADS = 16, SEQ = 4096;

inline std::string bench_name(int d, bool causal) {
  return "flash_attention_d" + std::to_string(d) + (causal ? "_causal" : "");
}

// The inputs and the check: common/flash_attention_check.hpp, over
// __nv_bfloat16.
inline __nv_bfloat16 to_bf16(float x) { return __float2bfloat16_rn(x); }
inline float from_bf16(__nv_bfloat16 x) { return __bfloat162float(x); }

inline int run() {
  constexpr int D = FA_HEAD_DIM;
  constexpr bool CAUSAL = FA_CAUSAL;
  const size_t n = size_t(BATCH) * HEADS * SEQ * D;
  const std::vector<__nv_bfloat16>
      hq = bench::random_bf16<__nv_bfloat16>(n, 71, to_bf16),
      hk = bench::random_bf16<__nv_bfloat16>(n, 72, to_bf16),
      hv = bench::random_bf16<__nv_bfloat16>(n, 73, to_bf16);
  bench::cuda_buffer<__nv_bfloat16> q(hq), k(hk), v(hv), o(n);
  CUDA_CHECK(cudaMemset(o.get(), 0xff, n * sizeof(__nv_bfloat16)));
  CUDA_CHECK((setup<D, CAUSAL>()));
  auto launch_once = [&] {
    launch<D, CAUSAL>(q.get(), k.get(), v.get(), o.get(), BATCH * HEADS, SEQ);
  };
  launch_once();
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  const bool ok = bench::check_flash_attention(hq, hk, hv, o.to_host(),
                                               BATCH * HEADS, SEQ, D, CAUSAL,
                                               from_bf16);
  const double us = bench::time_cuda(launch_once);
  const double flops =
      4.0 * BATCH * HEADS * double(SEQ) * SEQ * D * (CAUSAL ? 0.5 : 1.0);
  return bench::report(bench_name(D, CAUSAL), "nvcc", us, "GFLOP/s",
                       bench::gflops(flops, us), ok);
}

} // namespace fa

int main() { return fa::run(); }
