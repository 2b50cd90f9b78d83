// The main of nvcc_wgmma_attention_d<D>[_causal].cu: FA_HEAD_DIM and
// FA_CAUSAL come from the including file; bench/flash_attention's problem
// ([4, 16, 4096, D] bf16), inputs and check.
#include "flash_attention_check.hpp"
#include "nvcc_wgmma_attention_kernel.cuh"

#include <string>
#include <vector>

inline __nv_bfloat16 to_bf16(float x) { return __float2bfloat16_rn(x); }
inline float from_bf16(__nv_bfloat16 x) { return __bfloat162float(x); }

int main() {
  constexpr int D = FA_HEAD_DIM;
  constexpr bool CAUSAL = FA_CAUSAL;
  constexpr int BATCH = 4, HEADS = 16, SEQ = 4096;
  using fa3::BM;
  using fa3::BN;
  const size_t n = size_t(BATCH) * HEADS * SEQ * D;
  const std::vector<__nv_bfloat16>
      hq = bench::random_bf16<__nv_bfloat16>(n, 71, to_bf16),
      hk = bench::random_bf16<__nv_bfloat16>(n, 72, to_bf16),
      hv = bench::random_bf16<__nv_bfloat16>(n, 73, to_bf16);
  bench::cuda_buffer<__nv_bfloat16> q(hq), k(hk), v(hv), o(n);
  CUDA_CHECK(cudaMemset(o.get(), 0xff, n * sizeof(__nv_bfloat16)));
  const uint64_t rows = uint64_t(BATCH) * HEADS * SEQ;
  CUtensorMap qmap = bench::make_tensor_map(q.get(), rows, D, BM);
  CUtensorMap kmap = bench::make_tensor_map(k.get(), rows, D, BN);
  CUtensorMap vmap = bench::make_tensor_map(v.get(), rows, D, BN);
  constexpr int SMEM = fa3::layout<D>::SMEM_BYTES;
  CUDA_CHECK(cudaFuncSetAttribute(fa3::wgmma_attention_kernel<D, CAUSAL>,
                                  cudaFuncAttributeMaxDynamicSharedMemorySize,
                                  SMEM));
  const float scale_log2 = float(M_LOG2E / std::sqrt(double(D)));
  auto launch = [&] {
    fa3::wgmma_attention_kernel<D, CAUSAL>
        <<<BATCH * HEADS * (SEQ / BM), fa3::THREADS, SMEM>>>(
            qmap, kmap, vmap, o.get(), SEQ, scale_log2);
  };
  launch();
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  const bool ok = bench::check_flash_attention(hq, hk, hv, o.to_host(),
                                               BATCH * HEADS, SEQ, D, CAUSAL,
                                               from_bf16);
  const double us = bench::time_cuda(launch);
  const double flops =
      4.0 * BATCH * HEADS * double(SEQ) * SEQ * D * (CAUSAL ? 0.5 : 1.0);
  const std::string name = "wgmma_attention_d" + std::to_string(D) +
                           (CAUSAL ? "_causal" : "");
  return bench::report(name, "nvcc", us, "GFLOP/s", bench::gflops(flops, us),
                       ok);
}
