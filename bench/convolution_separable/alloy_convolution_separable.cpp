// convolution_separable: the CUDA sample convolutionSeparable's kernels
// (nvcc_convolution_separable_kernels.cuh, the same text nvcc compiles) on
// a 3072x3072 image with 17 taps in __constant__ memory: one row pass and
// one column pass per iteration. The Alloy side: the kernels through the
// porting layer, the host code in Alloy's API (gpu::copy_to_symbol for
// the sample's cudaMemcpyToSymbol).
#include "../common/alloy_bench.hpp"

#include <gpu/cooperative_groups.hpp>
#include <gpu/cuda_compat.hpp>
namespace cg = cooperative_groups;
#include "nvcc_convolution_separable_kernels.cuh"

int main(int, char **argv) {
  return bench::alloy_main(argv[0], [](gpu::context &ctx) {
    const int w = 3072, h = 3072;
    const size_t n = size_t(w) * h;
    auto &s = ctx.default_stream();
    auto input = bench::random_floats(n, 0.0f, 16.0f, 31);
    auto taps = bench::random_floats(KERNEL_LENGTH, 0.0f, 1.0f, 32);
    gpu::copy_to_symbol(s, c_Kernel, taps.data(), KERNEL_LENGTH * sizeof(float))
        .value();
    auto in = gpu::device_buffer<float>::from_host(s, input).value();
    auto buffer = gpu::device_buffer<float>::zeroed(s, n).value();
    auto out = gpu::device_buffer<float>::zeroed(s, n).value();
    const gpu::launch_config_2d rows{
        {w / (ROWS_RESULT_STEPS * ROWS_BLOCKDIM_X), h / ROWS_BLOCKDIM_Y},
        {ROWS_BLOCKDIM_X, ROWS_BLOCKDIM_Y}};
    const gpu::launch_config_2d columns{
        {w / COLUMNS_BLOCKDIM_X, h / (COLUMNS_RESULT_STEPS * COLUMNS_BLOCKDIM_Y)},
        {COLUMNS_BLOCKDIM_X, COLUMNS_BLOCKDIM_Y}};
    auto launch = [&] {
      gpu::launch_unchecked<convolutionRowsKernel>(s, rows, buffer, in, w, h, w)
          .value();
      gpu::launch_unchecked<convolutionColumnsKernel>(s, columns, out, buffer,
                                                      w, h, w)
          .value();
    };
    launch();
    bool ok = bench::check_convolution_separable(
        input, taps, out.to_host(s).value(), w, h, KERNEL_RADIUS);
    double us = bench::time_alloy(s, launch);
    return bench::report(bench::name("convolution_separable"), "alloy", us,
                         "Mpix/s", double(n) / us, ok);
  });
}
