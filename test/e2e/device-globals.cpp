// Device globals: [[gpu::constant]] tables and [[gpu::device]] variables
// (and CUDA's __constant__ / __device__ spellings) read and written by
// kernels, set and read by the host with gpu::copy_to_symbol and
// gpu::copy_from_symbol, reached through gpu::symbol_address; and the
// errors for a variable that is not a device global and for a range
// outside one.
#include <gpu/cuda_compat.hpp>
#include <gpu/gpu.hpp>

#include "check.hpp"

#include <cstdio>
#include <vector>

namespace tables {
[[gpu::constant]] float weights[4] = {1.0f, 2.0f, 3.0f, 4.0f};
[[gpu::constant]] int scale; // zero until the host sets it
} // namespace tables

struct limits_t {
  float lo, hi;
  int steps;
};
[[gpu::constant]] limits_t limits = {0.5f, 8.5f, 3};

[[gpu::device]] unsigned counter;
[[gpu::device]] static int history[8] = {1, 1, 1, 1, 1, 1, 1, 1};

struct config {
  [[gpu::device]] static int offset;
};
[[gpu::device]] int config::offset = 100;

// CUDA's spellings.
__constant__ float c_filter[5];
__device__ int d_flag = -1;
static __device__ unsigned d_calls; // after another specifier
namespace cuda_ns {
struct counters {
  __device__ static int hits;
};
__device__ int counters::hits;
} // namespace cuda_ns

int host_only = 5;

[[gpu::kernel]] void weigh(gpu::disjoint_span<float> out) {
  auto i = gpu::thread::index_1d();
  if (float *o = out.get_mut(i)) {
    size_t k = i.get();
    *o = tables::weights[k % 4] * float(tables::scale) + limits.lo +
         float(config::offset);
    gpu::atomic_add(&counter, 1u);
  }
}

// Each launch doubles the history: a device global keeps its value
// between launches.
[[gpu::kernel]] void double_history() {
  unsigned t = gpu::thread_idx().x;
  if (t < 8)
    history[t] *= 2;
}

// __device__ on functions and lambdas means nothing (CUDA's extended
// lambdas parse).
template <class F> __host__ __device__ __forceinline__ float tap(F f, int k) {
  return f(k);
}

__global__ void cuda_filter(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  auto weight = [] __device__(int k) { return c_filter[k]; };
  auto at = [=] __host__ __device__(int k) -> float { return in[(i + k) % n]; };
  float acc = 0;
  for (int k = 0; k < 5; ++k)
    acc += tap(weight, k) * at(k);
  out[i] = acc;
  if (i == 0)
    d_flag = n;
  atomicAdd(&d_calls, 1u);
  atomicAdd(&cuda_ns::counters::hits, 2);
}

int main() {
  auto ctx = gpu::context::create(0);
  if (!ctx) {
    std::printf("FAILED: context: %s\n", ctx.error().message().c_str());
    return 1;
  }
  auto &s = ctx->default_stream();
  bool cpu = ctx->device().is_cpu();
  int failures = 0;

  // Constants: the initializer, a whole-value copy and a partial one.
  {
    int scale = 10;
    auto set = gpu::copy_to_symbol(s, tables::scale, scale);
    float two[2] = {20.f, 30.f};
    auto part = gpu::copy_to_symbol(s, tables::weights, two, sizeof two,
                                    sizeof(float));
    failures += check(set && part, "copy_to_symbol",
                      describe(set) + ", " + describe(part));
    auto out = gpu::device_buffer<float>::zeroed(s, 256).value();
    auto launched =
        gpu::launch_unchecked<weigh>(s, gpu::launch_config_1d{4, 64}, out);
    auto got = out.to_host(s).value();
    float w[4] = {1, 20, 30, 4};
    int wrong = 0;
    for (int i = 0; i < 256; ++i)
      wrong += got[i] != w[i % 4] * 10 + 0.5f + 100;
    failures += check(launched && wrong == 0, "kernel reads constants",
                      describe(launched) + ", " + std::to_string(wrong) +
                          " wrong");
    unsigned count = 0;
    auto read = gpu::copy_from_symbol(s, count, counter);
    failures += check(read && count == 256, "atomics on a device global",
                      describe(read) + ", " + std::to_string(count));
    float back[4] = {};
    auto whole = gpu::copy_from_symbol(s, back, tables::weights);
    failures += check(whole && back[0] == 1 && back[1] == 20 &&
                          back[2] == 30 && back[3] == 4,
                      "copy_from_symbol of an array", describe(whole));
    // The host's own copies are separate on a GPU (one with them on the
    // CPU device).
    bool host_kept = cpu ? counter == 256 && tables::scale == 10
                         : counter == 0 && tables::scale == 0;
    failures += check(host_kept, "the host's copies",
                      "counter " + std::to_string(counter) + ", scale " +
                          std::to_string(tables::scale));
  }

  // A [[gpu::device]] array keeps its value between launches.
  {
    bool ok = true;
    for (int r = 0; r < 3; ++r)
      ok = ok && gpu::launch_unchecked<double_history>(
                     s, gpu::launch_config_1d{1, 32})
                     .has_value();
    int h[8] = {};
    auto read = gpu::copy_from_symbol(s, h, history);
    int wrong = 0;
    for (int v : h)
      wrong += v != 8;
    failures += check(ok && read && wrong == 0, "device global across launches",
                      describe(read) + ", " + std::to_string(wrong) +
                          " wrong");
    // Its device address, wrapped as a buffer.
    auto address = gpu::symbol_address(s, history);
    std::string detail = describe(address);
    bool same = false;
    if (address) {
      auto view = gpu::device_buffer<int>::wrap(*ctx, *address, 8);
      detail += ", wrap: " + describe(view);
      if (view) {
        auto host = view->to_host(s);
        same = host && host->size() == 8 && (*host)[5] == 8;
      }
    }
    failures += check(address && same, "symbol_address", detail);
  }

  // CUDA's __constant__ and __device__.
  {
    constexpr int n = 1000;
    float filter[5] = {0.1f, 0.2f, 0.4f, 0.2f, 0.1f};
    auto set = gpu::copy_to_symbol(s, c_filter, filter);
    std::vector<float> in(n);
    for (int i = 0; i < n; ++i)
      in[i] = float(i % 17);
    auto in_dev = gpu::device_buffer<float>::from_host(s, in).value();
    auto out_dev = gpu::device_buffer<float>::zeroed(s, n).value();
    auto launched = gpu::launch_unchecked<cuda_filter>(
        s, gpu::launch_config_1d{(n + 127) / 128, 128}, in_dev, out_dev, n);
    auto out = out_dev.to_host(s).value();
    int wrong = 0;
    for (int i = 0; i < n; ++i) {
      float acc = 0;
      for (int k = 0; k < 5; ++k)
        acc += filter[k] * in[(i + k) % n];
      wrong += std::fabs(out[i] - acc) > 1e-4f;
    }
    int flag = 0, hits = 0;
    unsigned calls = 0;
    auto read = gpu::copy_from_symbol(s, flag, d_flag);
    auto read_calls = gpu::copy_from_symbol(s, calls, d_calls);
    auto read_hits = gpu::copy_from_symbol(s, hits, cuda_ns::counters::hits);
    failures += check(set && launched && read && read_calls && read_hits &&
                          wrong == 0 && flag == n && calls == unsigned(n) &&
                          hits == 2 * n,
                      "__constant__ and __device__",
                      describe(launched) + ", " + std::to_string(wrong) +
                          " wrong, flag " + std::to_string(flag) + ", calls " +
                          std::to_string(calls) + ", hits " +
                          std::to_string(hits));
  }

  // Errors: not a device global; a range beyond the variable.
  {
    int v = 1;
    auto not_global = gpu::copy_to_symbol(s, host_only, v);
    failures += check(!not_global &&
                          not_global.error().code() ==
                              gpu::errc::kernel_not_compiled,
                      "copy_to_symbol of a host variable",
                      describe(not_global));
    float f = 0;
    auto beyond =
        gpu::copy_from_symbol(s, &f, tables::weights, sizeof f, 4 * sizeof f);
    failures += check(!beyond && beyond.error().code() ==
                                     gpu::errc::out_of_range,
                      "a range beyond the variable", describe(beyond));
  }
  if (failures == 0)
    std::printf("PASSED: all checks\n");
  return failures == 0 ? 0 : 1;
}
