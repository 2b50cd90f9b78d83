// launch: a raw cuLaunchKernel of a tiny kernel, launched back to back (the
// reference for gpu::launch in alloy_launch.cpp); the <<<>>> launch of the
// same kernel is printed for information. The driver API is reached with
// dlopen, so no -lcuda is needed.
#include "cuda_bench.hpp"

#include <cuda.h>
#include <dlfcn.h>

#include <fstream>
#include <sstream>
#include <string>

__global__ void __launch_bounds__(32)
    touch(const int *__restrict__ in, int *__restrict__ out, int n, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[0] + v;
}

using launch_fn = CUresult (*)(CUfunction, unsigned, unsigned, unsigned,
                               unsigned, unsigned, unsigned, unsigned,
                               CUstream, void **, void **);
using stream_create_fn = CUresult (*)(CUstream *, unsigned);
using module_load_fn = CUresult (*)(CUmodule *, const void *);
using get_function_fn = CUresult (*)(CUfunction *, CUmodule, const char *);

// The raw cuLaunchKernel of Alloy's own compiled `touch` (build.sh keeps
// its PTX in ptx/alloy_launch.ptx), loaded with cuModuleLoadData as the
// Alloy runtime loads it and passed the same five parameters: the launch
// cost without Alloy's host code. Prints it; -1 if the PTX is missing.
double time_alloy_ptx_raw(void *driver, launch_fn cu_launch, const int *in_p,
                          int *out_p) {
  std::ifstream file("ptx/alloy_launch.ptx");
  if (!file)
    return -1;
  std::stringstream text;
  text << file.rdbuf();
  std::string ptx = text.str();
  size_t at = ptx.find(".entry ");
  if (at == std::string::npos)
    return -1;
  size_t end = ptx.find('(', at);
  std::string name = ptx.substr(at + 7, end - at - 7);
  auto load = reinterpret_cast<module_load_fn>(dlsym(driver, "cuModuleLoadData"));
  auto get = reinterpret_cast<get_function_fn>(dlsym(driver, "cuModuleGetFunction"));
  CUmodule module;
  CUfunction fn;
  if (!load || !get || load(&module, ptx.c_str()) != CUDA_SUCCESS ||
      get(&fn, module, name.c_str()) != CUDA_SUCCESS)
    return -1;
  unsigned long long in_size = 1, out_size = 32;
  int v = 7;
  void *args[] = {&in_p, &in_size, &out_p, &out_size, &v};
  return bench::median_us(
      [&] { cu_launch(fn, 1, 1, 1, 32, 1, 1, 0, nullptr, args, nullptr); },
      [] { CUDA_CHECK(cudaStreamSynchronize(0)); });
}

int main() {
  bench::cuda_buffer<int> in(std::vector<int>{5}), out(32);
  int n = 32, v = 7;
  const int *in_p = in.get();
  int *out_p = out.get();
  cudaFunction_t fn;
  CUDA_CHECK(cudaGetFuncBySymbol(&fn, reinterpret_cast<const void *>(touch)));
  void *driver = dlopen("libcuda.so.1", RTLD_NOW);
  auto cu_launch =
      driver ? reinterpret_cast<launch_fn>(dlsym(driver, "cuLaunchKernel"))
             : nullptr;
  if (!cu_launch) {
    std::fprintf(stderr, "no cuLaunchKernel: %s\n", dlerror());
    return 2;
  }
  void *args[] = {&in_p, &out_p, &n, &v};
  auto raw = [&] {
    cu_launch(reinterpret_cast<CUfunction>(fn), 1, 1, 1, 32, 1, 1, 0,
              nullptr, args, nullptr);
  };
  auto chevrons = [&] { touch<<<1, 32>>>(in_p, out_p, n, v); };
  // The same raw launch into a created stream, as Alloy's default stream is.
  auto create = reinterpret_cast<stream_create_fn>(dlsym(driver, "cuStreamCreate"));
  CUstream created = nullptr;
  if (create)
    create(&created, 0);
  auto raw_created = [&] {
    cu_launch(reinterpret_cast<CUfunction>(fn), 1, 1, 1, 32, 1, 1, 0,
              created, args, nullptr);
  };
  double us_created = bench::median_us(
      raw_created, [&] { CUDA_CHECK(cudaStreamSynchronize(created)); });
  std::printf("launch cuLaunchKernel into a created stream: median_us=%.3f\n",
              us_created);
  std::printf("launch cuLaunchKernel of Alloy's PTX module: median_us=%.3f\n",
              time_alloy_ptx_raw(driver, cu_launch, in_p, out_p));
  raw();
  bool ok = out.to_host()[31] == 12;
  double us_chevrons = bench::time_cuda_host(chevrons);
  std::printf("launch <<<>>>: median_us=%.3f\n", us_chevrons);
  double us = bench::time_cuda_host(raw);
  return bench::report("launch", "nvcc", us, "Mlaunch/s", 1.0 / us, ok);
}
