// The main of nvcc_wgmma_ws_gemm_<type>_<size>.cu: WGMMA_T and WGMMA_SIZE
// come from the including file. Inputs, check and hashes are wgmma_gemm's
// (nvcc_wgmma_gemm_host.cuh); the grid is one block per multiprocessor.
#include "nvcc_wgmma_gemm_host.cuh"
#include "nvcc_wgmma_ws_gemm_kernel.cuh"

int main() {
  using T = WGMMA_T;
  wgmma_gemm::problem<T> p(WGMMA_SIZE, "wgmma_ws_gemm");
  CUDA_CHECK(wgmma_ws_gemm::setup<T>());
  CUtensorMap amap =
      bench::make_tensor_map(p.a.get(), p.M, p.K, wgmma_ws_gemm::BM);
  CUtensorMap bmap =
      bench::make_tensor_map(p.b.get(), p.N, p.K, wgmma_ws_gemm::BN);
  int sms = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const int tiles = (p.M / wgmma_ws_gemm::BM) * (p.N / wgmma_ws_gemm::BN);
  const int blocks = tiles < sms ? tiles : sms;
  return p.run("nvcc", [&] {
    wgmma_ws_gemm::wgmma_ws_gemm_kernel<T>
        <<<blocks, wgmma_ws_gemm::THREADS, wgmma_ws_gemm::SMEM_BYTES>>>(
            p.M, p.N, p.K, amap, bmap, p.c.get());
  });
}
