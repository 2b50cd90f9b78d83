// The main of nvcc_hgemm_<type>_<size>.cu: HGEMM_T (__half or
// __nv_bfloat16) and HGEMM_SIZE (M = N = K) come from the including file.
#include "nvcc_hgemm_host.cuh"
#include "nvcc_hgemm_kernel.cuh"

int main() {
  hgemm::problem<HGEMM_T> p(HGEMM_SIZE);
  CUDA_CHECK(hgemm::setup<HGEMM_T>());
  return p.run("nvcc", [&] {
    hgemm::launch<HGEMM_T>(p.M, p.N, p.K, p.a.get(), p.b.get(), p.c.get());
  });
}
