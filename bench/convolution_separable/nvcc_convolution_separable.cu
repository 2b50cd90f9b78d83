// convolution_separable: the CUDA sample convolutionSeparable's kernels
// (nvcc_convolution_separable_kernels.cuh, verbatim) on a 3072x3072 image
// with 17 taps in __constant__ memory: one row pass and one column pass per
// iteration, as the sample times them. The CUDA side: the sample's host
// code, with bench's timing and check.
#include "cuda_bench.hpp"

#include <cooperative_groups.h>
namespace cg = cooperative_groups;
#include "nvcc_convolution_separable_kernels.cuh"

int main() {
  const int w = 3072, h = 3072;
  const size_t n = size_t(w) * h;
  auto input = bench::random_floats(n, 0.0f, 16.0f, 31);
  auto taps = bench::random_floats(KERNEL_LENGTH, 0.0f, 1.0f, 32);
  CUDA_CHECK(cudaMemcpyToSymbol(c_Kernel, taps.data(),
                                KERNEL_LENGTH * sizeof(float)));
  bench::cuda_buffer<float> in(input), buffer(n), out(n);
  auto launch = [&] {
    convolutionRowsKernel<<<dim3(w / (ROWS_RESULT_STEPS * ROWS_BLOCKDIM_X),
                                 h / ROWS_BLOCKDIM_Y),
                            dim3(ROWS_BLOCKDIM_X, ROWS_BLOCKDIM_Y)>>>(
        buffer.get(), in.get(), w, h, w);
    convolutionColumnsKernel<<<
        dim3(w / COLUMNS_BLOCKDIM_X,
             h / (COLUMNS_RESULT_STEPS * COLUMNS_BLOCKDIM_Y)),
        dim3(COLUMNS_BLOCKDIM_X, COLUMNS_BLOCKDIM_Y)>>>(out.get(), buffer.get(),
                                                        w, h, w);
  };
  launch();
  bool ok = bench::check_convolution_separable(input, taps, out.to_host(), w,
                                               h, KERNEL_RADIUS);
  double us = bench::time_cuda(launch);
  return bench::report(bench::name("convolution_separable"), "nvcc", us,
                       "Mpix/s", double(n) / us, ok);
}
