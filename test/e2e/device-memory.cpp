// Device memory named by plain pointers (<gpu/device_memory.hpp>), as code
// ported from CUDA keeps it: malloc_device, memcpy both ways and device to
// device, memset, free_device, kernels launched with gpu::device_ptr
// arguments (pointers, spans and offsets into an allocation), the default
// context; and the errors: a host pointer as a device_ptr, an in-place
// overlap, a double free, memset of host memory.
#include <gpu/cuda_compat.hpp>
#include <gpu/gpu.hpp>

#include "check.hpp"

#include <cstdio>
#include <vector>

namespace kernels {
__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}
// The span's size is the rest of the allocation.
[[gpu::kernel]] void count(std::span<const int> in, unsigned *total) {
  unsigned i = gpu::block_idx().x * gpu::block_dim().x + gpu::thread_idx().x;
  if (i < in.size())
    gpu::atomic_add(total, unsigned(in[i]));
}
} // namespace kernels

// A host function that takes device pointers, as CUDA code has them.
static gpu::result<void> run_saxpy(int n, float a, const float *d_x,
                                   float *d_y) {
  return gpu::launch_unchecked<kernels::saxpy>(
      gpu::default_stream(), gpu::launch_config_1d{(n + 127) / 128, 128}, n,
      a, gpu::device_ptr(d_x), gpu::device_ptr(d_y));
}

int main() {
  int failures = 0;
  const int n = 1000;
  std::vector<float> hx(n), hy(n);
  for (int i = 0; i < n; ++i) {
    hx[i] = float(i);
    hy[i] = 1.0f;
  }
  float *d_x = nullptr, *d_y = nullptr;
  auto ax = gpu::malloc_device(&d_x, n * sizeof(float));
  auto ay = gpu::malloc_device(&d_y, n * sizeof(float));
  auto up = gpu::memcpy(d_x, hx.data(), n * sizeof(float));
  auto up2 = gpu::memcpy(d_y, hy.data(), n * sizeof(float));
  auto ran = run_saxpy(n, 2.0f, d_x, d_y);
  std::vector<float> out(n);
  auto down = gpu::memcpy(out.data(), d_y, n * sizeof(float));
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += out[i] != 2.0f * float(i) + 1.0f;
  failures += check(ax && ay && up && up2 && ran && down && wrong == 0,
                    "saxpy through device pointers",
                    describe(ran) + ", " + std::to_string(wrong) + " wrong");

  // Device to device, memset, an offset pointer, a span parameter.
  int *d_ones = nullptr;
  unsigned *d_total = nullptr;
  auto a1 = gpu::malloc_device(&d_ones, 256 * sizeof(int));
  auto a2 = gpu::malloc_device(&d_total, sizeof(unsigned));
  std::vector<int> ones(256, 1);
  auto c1 = gpu::memcpy(d_ones, ones.data(), 128 * sizeof(int));
  auto c2 = gpu::memcpy(d_ones + 128, d_ones, 128 * sizeof(int)); // D to D
  auto z = gpu::memset(d_total, 0, sizeof(unsigned));
  // From element 56: 200 elements to the allocation's end.
  auto counted = gpu::launch_unchecked<kernels::count>(
      gpu::default_stream(), gpu::launch_config_1d{4, 64},
      gpu::device_ptr<const int>(d_ones + 56), gpu::device_ptr(d_total));
  unsigned total = 0;
  auto got = gpu::memcpy(&total, d_total, sizeof total);
  failures += check(a1 && a2 && c1 && c2 && z && counted && got &&
                        total == 200,
                    "span over the rest of an allocation",
                    describe(counted) + ", total " + std::to_string(total));

  // Host to host goes through too (cudaMemcpyDefault does).
  int a = 7, b = 0;
  auto hh = gpu::memcpy(&b, &a, sizeof a);
  failures += check(hh && b == 7, "host to host", describe(hh));

  // CUDA's out-parameter shapes: pinned memory, a stream, events.
  {
    float *pinned = nullptr;
    gpu::stream st;
    gpu::event start, stop;
    auto p1 = gpu::malloc_host(&pinned, n * sizeof(float));
    auto s1 = gpu::create_stream(&st);
    auto e1 = gpu::create_event(&start);
    auto e2 = gpu::create_event(&stop);
    auto r1 = start.record(st);
    auto c = gpu::memcpy_async(st, pinned, d_y, n * sizeof(float));
    auto r2 = stop.record(st);
    auto w = stop.synchronize();
    float ms = -1;
    auto t = gpu::elapsed_ms(&ms, start, stop);
    int devices = -1;
    auto dc = gpu::device_count(&devices);
    bool same = pinned && pinned[10] == 21.0f; // 2 * 10 + 1
    auto d1 = gpu::destroy(st);
    auto d2 = gpu::destroy(start);
    auto after = st.synchronize(); // empty now
    auto fh = gpu::free_host(pinned);
    failures += check(p1 && s1 && e1 && e2 && r1 && c && r2 && w && t &&
                          ms >= 0 && dc && devices >= 0 && same && d1 &&
                          d2 && !after && fh,
                      "pinned memory, a stream and events",
                      describe(c) + ", " + describe(t) + ", " +
                          describe(after));
    size_t free_bytes = 0, total_bytes = 0;
    auto mi = gpu::mem_get_info(&free_bytes, &total_bytes);
    failures += check(mi && free_bytes > 0 && free_bytes <= total_bytes &&
                          total_bytes >= (size_t(1) << 30),
                      "mem_get_info: free and total memory",
                      describe(mi) + ", " + std::to_string(free_bytes) +
                          " of " + std::to_string(total_bytes));
    auto again = gpu::set_default_device(1);
    failures += check(!again && again.error().code() ==
                                    gpu::errc::invalid_state,
                      "set_default_device after first use", describe(again));
  }

  // Errors.
  std::vector<float> host(n);
  auto host_ptr = run_saxpy(n, 1.0f, host.data(), d_y);
  failures += check(!host_ptr && host_ptr.error().code() ==
                                     gpu::errc::not_device_memory,
                    "a host pointer as a device_ptr", describe(host_ptr));
  // The same pointer as input and output is an error; distinct pointers
  // into one allocation are not (the alias check sees a device_ptr's first
  // element only: its extent is unknown).
  auto same = run_saxpy(n, 1.0f, d_y, d_y);
  failures += check(!same && same.error().code() == gpu::errc::aliasing,
                    "the same device pointer as input and output",
                    describe(same));
  auto halves = run_saxpy(n / 2, 1.0f, d_y, d_y + n / 2);
  failures += check(bool(halves), "two halves of one allocation",
                    describe(halves));
  auto host_set = gpu::memset(host.data(), 0, 4);
  failures += check(!host_set && host_set.error().code() ==
                                     gpu::errc::not_device_memory,
                    "memset of host memory", describe(host_set));
  auto f1 = gpu::free_device(d_x);
  auto f2 = gpu::free_device(d_x);
  auto f3 = gpu::free_device(nullptr);
  failures += check(f1 && !f2 &&
                        f2.error().code() == gpu::errc::not_device_memory &&
                        f3,
                    "free, double free, free(null)", describe(f2));
  auto synced = gpu::device_synchronize();
  failures += check(synced && gpu::free_device(d_y) &&
                        gpu::free_device(d_ones) && gpu::free_device(d_total),
                    "device_synchronize and the last frees", describe(synced));
  if (failures == 0)
    std::printf("PASSED: all checks\n");
  return failures == 0 ? 0 : 1;
}
