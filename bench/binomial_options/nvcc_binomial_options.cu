// binomial_options: the CUDA sample binomialOptions' kernel
// (nvcc_binomial_options_kernels.cuh, verbatim): 1024 European options on
// 2048-step binomial trees, one block of 128 threads per option; the
// options go in by cudaMemcpyToSymbol into a static __constant__ array,
// the prices come back by cudaMemcpyFromSymbol from a static __device__
// array. One iteration: copy in, kernel, copy out, as the sample times it.
// The CUDA side.
#include "cuda_bench.hpp"

#include <cooperative_groups.h>
namespace cg = cooperative_groups;
#include "nvcc_binomial_options_kernels.cuh"

#include "binomial_options_inputs.hpp"

int main() {
  const int n = MAX_OPTIONS;
  auto opts = binomial::options(n);
  auto data = binomial::preprocess<__TOptionData>(opts, NUM_STEPS);
  std::vector<float> calls(n);
  auto launch = [&] {
    CUDA_CHECK(cudaMemcpyToSymbol(d_OptionData, data.data(),
                                  n * sizeof(__TOptionData)));
    binomialOptionsKernel<<<n, THREADBLOCK_SIZE>>>();
    CUDA_CHECK(cudaMemcpyFromSymbol(calls.data(), d_CallValue,
                                    n * sizeof(real)));
  };
  launch();
  bool ok = bench::check_binomial_options(opts, calls, NUM_STEPS);
  double us = bench::time_cuda(launch);
  return bench::report(bench::name("binomial_options"), "nvcc", us,
                       "options/ms", n / (us * 1e-3), ok);
}
