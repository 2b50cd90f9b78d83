// binomial_options: the CUDA sample binomialOptions' kernel
// (nvcc_binomial_options_kernels.cuh, the same text nvcc compiles): 1024
// European options on 2048-step binomial trees, one block of 128 threads
// per option; the options go in by gpu::copy_to_symbol into a static
// __constant__ array, the prices come back by gpu::copy_from_symbol from a
// static __device__ array. One iteration: copy in, kernel, copy out.
// The Alloy side.
#include "../common/alloy_bench.hpp"

#include <gpu/cooperative_groups.hpp>
#include <gpu/cuda_compat.hpp>
namespace cg = cooperative_groups;
#include "nvcc_binomial_options_kernels.cuh"

#include "binomial_options_inputs.hpp"

int main(int, char **argv) {
  return bench::alloy_main(argv[0], [](gpu::context &ctx) {
    const int n = MAX_OPTIONS;
    auto &s = ctx.default_stream();
    auto opts = binomial::options(n);
    auto data = binomial::preprocess<__TOptionData>(opts, NUM_STEPS);
    std::vector<float> calls(n);
    auto launch = [&] {
      gpu::copy_to_symbol(s, d_OptionData, data.data(),
                          n * sizeof(__TOptionData))
          .value();
      gpu::launch_unchecked<binomialOptionsKernel>(
          s, gpu::launch_config_1d{n, THREADBLOCK_SIZE})
          .value();
      gpu::copy_from_symbol(s, calls.data(), d_CallValue, n * sizeof(real))
          .value();
    };
    launch();
    bool ok = bench::check_binomial_options(opts, calls, NUM_STEPS);
    double us = bench::time_alloy(s, launch);
    return bench::report(bench::name("binomial_options"), "alloy", us,
                         "options/ms", n / (us * 1e-3), ok);
  });
}
