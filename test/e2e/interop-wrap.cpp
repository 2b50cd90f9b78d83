// Interop both ways on the GPU, against memory and a stream made by "other
// CUDA code" (the driver API called directly here): Alloy wraps them,
// launches on them, and leaves them alone when the wrappers go; Alloy's own
// buffer and stream are used through their native handles; memory of
// another context is refused.
#include <gpu/gpu.hpp>

#include "check.hpp"

#include <dlfcn.h>

#include <cstdio>
#include <numeric>
#include <string>
#include <vector>

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void triple(std::span<const int> in, gpu::disjoint_span<int> out) {
  auto i = gpu::thread::index_1d();
  if (int *o = out.get_mut(i))
    *o = in[i.get()] * 3;
}
} // namespace kernels

// The driver calls "other code" makes (cuda.h's signatures).
struct driver {
  using ptr = unsigned long long;
  int (*mem_alloc)(ptr *, size_t);
  int (*mem_free)(ptr);
  int (*copy_to_host)(void *, ptr, size_t);
  int (*stream_create)(void **, unsigned);
  int (*stream_destroy)(void *);
  int (*stream_synchronize)(void *);
  int (*ctx_create_v2)(void **, unsigned, int);
  int (*ctx_create_v4)(void **, void *, unsigned, int);
  int (*ctx_destroy)(void *);
  int (*ctx_set_current)(void *);
};

template <class F> static void bind(void *lib, F &slot, const char *name) {
  slot = reinterpret_cast<F>(dlsym(lib, name));
}

int main() {
  auto ctx = gpu::context::create(0);
  if (!ctx) {
    std::fprintf(stderr, "%s\n", ctx.error().message().c_str());
    return 2;
  }
  void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    std::fprintf(stderr, "libcuda.so.1: %s\n", dlerror());
    return 2;
  }
  driver cu{};
  bind(lib, cu.mem_alloc, "cuMemAlloc_v2");
  bind(lib, cu.mem_free, "cuMemFree_v2");
  bind(lib, cu.copy_to_host, "cuMemcpyDtoH_v2");
  bind(lib, cu.stream_create, "cuStreamCreate");
  bind(lib, cu.stream_destroy, "cuStreamDestroy_v2");
  bind(lib, cu.stream_synchronize, "cuStreamSynchronize");
  bind(lib, cu.ctx_create_v2, "cuCtxCreate_v2");
  bind(lib, cu.ctx_create_v4, "cuCtxCreate_v4");
  bind(lib, cu.ctx_destroy, "cuCtxDestroy_v2");
  bind(lib, cu.ctx_set_current, "cuCtxSetCurrent");
  int failures = 0;
  constexpr size_t n = 4096;

  // Foreign memory and stream, in the primary context (current after
  // context::create, as cudart's would be).
  driver::ptr theirs = 0;
  void *their_stream = nullptr;
  cu.mem_alloc(&theirs, n * sizeof(int));
  cu.stream_create(&their_stream, 0);
  std::vector<int> input(n);
  std::iota(input.begin(), input.end(), 1);
  {
    auto s = gpu::stream::wrap(*ctx, their_stream).value();
    auto out = gpu::device_buffer<int>::wrap(*ctx, theirs, n).value();
    failures += check(!out.owns_memory() && !s.owns_handle(),
                      "wrappers own nothing", "owns_memory() == false");
    auto in = gpu::device_buffer<int>::from_host(s, input).value();
    auto p = gpu::prepare<kernels::triple>(*ctx, gpu::launch_config_1d{n / 256, 256}).value();
    gpu::launch(s, p, in, out).value();
    s.synchronize().value();
    // Alloy's buffer read by the driver directly through its handle.
    std::vector<int> back(n);
    int rc = cu.copy_to_host(back.data(), in.native_handle(), n * sizeof(int));
    failures += check(rc == 0 && back == input, "an Alloy buffer through native_handle",
                      "cuMemcpyDtoH returned " + std::to_string(rc));
    rc = cu.stream_synchronize(ctx->create_stream().value().native_handle());
    failures += check(rc == 0, "an Alloy stream through native_handle",
                      "cuStreamSynchronize returned " + std::to_string(rc));
    auto too_long = gpu::device_buffer<int>::wrap(*ctx, theirs, n + 1);
    failures += check(!too_long && too_long.error().code() == gpu::errc::out_of_range,
                      "wrapping more than the allocation", describe(too_long));
  } // the wrappers go; the memory and stream stay
  std::vector<int> result(n);
  int rc = cu.copy_to_host(result.data(), theirs, n * sizeof(int));
  size_t bad = 0;
  for (size_t i = 0; i < n; ++i)
    bad += result[i] != input[i] * 3;
  failures += check(rc == 0 && bad == 0, "the kernel wrote foreign memory, still allocated",
                    std::to_string(bad) + " wrong, rc " + std::to_string(rc));
  rc = cu.stream_synchronize(their_stream);
  failures += check(rc == 0, "the foreign stream is still alive",
                    "cuStreamSynchronize returned " + std::to_string(rc));
  cu.stream_destroy(their_stream);
  cu.mem_free(theirs);

  // Memory of another (non-primary) context is refused.
  void *other = nullptr;
  int created = cu.ctx_create_v2 ? cu.ctx_create_v2(&other, 0, 0)
                                 : cu.ctx_create_v4 ? cu.ctx_create_v4(&other, nullptr, 0, 0)
                                                    : -1;
  if (created == 0) {
    driver::ptr foreign = 0;
    cu.mem_alloc(&foreign, 1024);
    auto wrapped = gpu::device_buffer<float>::wrap(*ctx, foreign, 256);
    failures += check(!wrapped && wrapped.error().code() == gpu::errc::invalid_handle,
                      "memory of another context refused", describe(wrapped));
    cu.ctx_set_current(other);
    cu.mem_free(foreign);
    cu.ctx_destroy(other);
  } else {
    failures += check(false, "creating a second context", "rc " + std::to_string(created));
  }
  // Alloy still works after the other code's context came and went.
  auto again = gpu::device_buffer<int>::from_host(ctx->default_stream(), input);
  failures += check(again && again->to_host(ctx->default_stream()).value() == input,
                    "Alloy after the foreign context", describe(again));
  if (failures) {
    std::printf("FAILED: %d checks\n", failures);
    return 1;
  }
  std::printf("PASSED: all checks\n");
}
