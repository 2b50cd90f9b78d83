// quasirandom: the CUDA sample quasirandomGenerator's kernels
// (nvcc_quasirandom_kernels.cuh, verbatim): Niederreiter points in 3
// dimensions from a 3x31 __constant__ table (set with cudaMemcpyToSymbol),
// then the inverse normal CDF (Moro) of 3M evenly spaced samples; one
// iteration runs both, with the sample's launch shapes. The CUDA side.
#include "cuda_bench.hpp"

#include "nvcc_quasirandom_kernels.cuh"

int main() {
  const unsigned n = 1048576, seed = 0;
  std::vector<unsigned> table(QRNG_DIMENSIONS * QRNG_RESOLUTION);
  uint32_t state = 12345;
  for (unsigned &t : table) // any table: the check uses the same one
    t = (state = state * 1664525u + 1013904223u) >> 1;
  CUDA_CHECK(cudaMemcpyToSymbol(c_Table, table.data(),
                                table.size() * sizeof(unsigned)));
  bench::cuda_buffer<float> points(QRNG_DIMENSIONS * n),
      normals(QRNG_DIMENSIONS * n);
  auto launch = [&] {
    quasirandomGeneratorKernel<<<128, dim3(128, QRNG_DIMENSIONS)>>>(
        points.get(), seed, n);
    inverseCNDKernel<<<128, 128>>>(normals.get(), nullptr, QRNG_DIMENSIONS * n);
  };
  launch();
  bool ok = bench::check_quasirandom(table, QRNG_DIMENSIONS, QRNG_RESOLUTION,
                                     points.to_host(), n, seed) &&
            bench::check_inverse_cnd(normals.to_host(), QRNG_DIMENSIONS * n);
  double us = bench::time_cuda(launch);
  return bench::report(bench::name("quasirandom"), "nvcc", us, "Gsamples/s",
                       2.0 * QRNG_DIMENSIONS * n / (us * 1e3), ok);
}
