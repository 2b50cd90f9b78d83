// quasirandom: the CUDA sample quasirandomGenerator's kernels
// (nvcc_quasirandom_kernels.cuh, the same text nvcc compiles): Niederreiter
// points in 3 dimensions from a 3x31 __constant__ table, then the inverse
// normal CDF (Moro) of 3M evenly spaced samples; one iteration runs both.
// The Alloy side: the kernels through the porting layer, the table set
// with gpu::copy_to_symbol, the sample's null input as an empty buffer.
#include "../common/alloy_bench.hpp"

#include <gpu/cuda_compat.hpp>
#include "nvcc_quasirandom_kernels.cuh"

int main(int, char **argv) {
  return bench::alloy_main(argv[0], [](gpu::context &ctx) {
    const unsigned n = 1048576, seed = 0;
    auto &s = ctx.default_stream();
    std::vector<unsigned> table(QRNG_DIMENSIONS * QRNG_RESOLUTION);
    uint32_t state = 12345;
    for (unsigned &t : table) // any table: the check uses the same one
      t = (state = state * 1664525u + 1013904223u) >> 1;
    gpu::copy_to_symbol(s, c_Table, table.data(),
                        table.size() * sizeof(unsigned))
        .value();
    auto points =
        gpu::device_buffer<float>::zeroed(s, QRNG_DIMENSIONS * n).value();
    auto normals =
        gpu::device_buffer<float>::zeroed(s, QRNG_DIMENSIONS * n).value();
    gpu::device_buffer<unsigned> no_input; // the sample's NULL
    auto launch = [&] {
      gpu::launch_unchecked<quasirandomGeneratorKernel>(
          s, gpu::launch_config_2d{{128, 1}, {128, QRNG_DIMENSIONS}}, points,
          seed, n)
          .value();
      gpu::launch_unchecked<inverseCNDKernel>(
          s, gpu::launch_config_1d{128, 128}, normals, no_input,
          QRNG_DIMENSIONS * n)
          .value();
    };
    launch();
    bool ok = bench::check_quasirandom(table, QRNG_DIMENSIONS, QRNG_RESOLUTION,
                                       points.to_host(s).value(), n, seed) &&
              bench::check_inverse_cnd(normals.to_host(s).value(),
                                       QRNG_DIMENSIONS * n);
    double us = bench::time_alloy(s, launch);
    return bench::report(bench::name("quasirandom"), "alloy", us,
                         "Gsamples/s", 2.0 * QRNG_DIMENSIONS * n / (us * 1e3),
                         ok);
  });
}
