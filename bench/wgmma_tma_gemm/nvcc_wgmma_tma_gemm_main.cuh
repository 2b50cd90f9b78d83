// The main of nvcc_wgmma_tma_gemm_<type>_<size>.cu: WGMMA_T and WGMMA_SIZE
// come from the including file. The inputs, check and hashes are
// wgmma_gemm's (nvcc_wgmma_gemm_host.cuh); only the name differs.
#include "nvcc_wgmma_gemm_host.cuh"
#include "nvcc_wgmma_tma_gemm_kernel.cuh"

int main() {
  using T = WGMMA_T;
  const int size = WGMMA_SIZE;
  std::vector<float> a_host, b_host;
  bench::cuda_buffer<T> a(wgmma_gemm::random_matrix<T>(size_t(size) * size, 41, a_host));
  bench::cuda_buffer<T> b(wgmma_gemm::random_matrix<T>(size_t(size) * size, 42, b_host));
  bench::cuda_buffer<float> c(size_t(size) * size);
  CUDA_CHECK(cudaMemset(c.get(), 0xff, size_t(size) * size * sizeof(float)));
  CUDA_CHECK(wgmma_tma_gemm::setup<T>());
  CUtensorMap amap = bench::make_tensor_map(a.get(), size, size, wgmma_tma_gemm::BM);
  CUtensorMap bmap = bench::make_tensor_map(b.get(), size, size, wgmma_tma_gemm::BN);
  auto launch = [&] {
    wgmma_tma_gemm::wgmma_tma_gemm_kernel<T>
        <<<(size / wgmma_tma_gemm::BM) * (size / wgmma_tma_gemm::BN),
           wgmma_tma_gemm::THREADS, wgmma_tma_gemm::SMEM_BYTES>>>(
            size, size, size, amap, bmap, c.get());
  };
  const std::string name = std::string("wgmma_tma_gemm_") +
                           wgmma_gemm::type_name<T>() + "_" +
                           std::to_string(size);
  launch();
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  std::vector<float> c_host = c.to_host();
  bool ok = bench::check_half_gemm(a_host, b_host, c_host, size, size, size);
  bench::print_input_hash(a_host, b_host);
  bench::print_output_hash(name, "nvcc", c_host);
  double us = bench::time_cuda(launch);
  return bench::report(name, "nvcc", us, "GFLOP/s",
                       bench::gflops(2.0 * size * size * size, us), ok);
}
