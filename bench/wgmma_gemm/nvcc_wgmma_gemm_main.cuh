// The main of nvcc_wgmma_gemm_<type>_<size>.cu: WGMMA_T (__half or
// __nv_bfloat16) and WGMMA_SIZE (M = N = K) come from the including file.
#include "nvcc_wgmma_gemm_host.cuh"
#include "nvcc_wgmma_gemm_kernel.cuh"

int main() {
  wgmma_gemm::problem<WGMMA_T> p(WGMMA_SIZE);
  CUDA_CHECK(wgmma_gemm::setup<WGMMA_T>());
  return p.run("nvcc", [&] {
    wgmma_gemm::launch<WGMMA_T>(p.M, p.N, p.K, p.a.get(), p.b.get(),
                                p.c.get());
  });
}
