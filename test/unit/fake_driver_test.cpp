// The runtime end to end against a fake driver (fake_cuda.cpp): contexts,
// buffers, module loading, marshalling into PTX leaves, aliasing at launch
// and sticky faults, all without a GPU.
#include "fake_driver.hpp"

#include <gpu/detail/module_abi.h>
#include <gpu/gpu.hpp>

#include <gtest/gtest.h>

#include <dlfcn.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace fk {
[[gpu::kernel, gpu::launch_contract(1, 256)]] void
vecadd(std::span<const float> a, std::span<const float> b,
       gpu::disjoint_span<float> c) {}
[[gpu::kernel]] void scale(float *out, const float *in, uint32_t n,
                           double factor) {}
[[gpu::kernel, gpu::launch_contract(1, 32)]] void too_new(float *out) {}
[[gpu::kernel, gpu::launch_contract(1, 32)]] void bad_ptx(float *out) {}
[[gpu::kernel, gpu::launch_contract(1, 32)]] void stale(float *out) {}
} // namespace fk

namespace {

const char ptx[] = "// fake PTX\n";
const char bad_ptx[] = "BAD PTX\n";

const void *const main_functions[] = {
    reinterpret_cast<const void *>(&fk::vecadd),
    reinterpret_cast<const void *>(&fk::scale),
    reinterpret_cast<const void *>(&fk::stale)};
const char main_metadata[] = "arch sm_80\n"
                             "kernel vecadd_entry fk::vecadd\n"
                             "contract 1 256 1 1\n"
                             "param a input 16 0:8,8:8\n"
                             "param b input 16 0:8,8:8\n"
                             "param c output 16 0:8,8:8\n"
                             "kernel scale_entry fk::scale\n"
                             "param out raw_output 8 0:8\n"
                             "param in input 8 0:8\n"
                             "param n scalar 4 0:4\n"
                             "param factor scalar 8 0:8\n"
                             "kernel stale_entry fk::stale\n"
                             "contract 1 32 1 1\n"
                             "param out raw_output 4 0:4\n";

using alloy_test::make_image;

void register_images() {
  static const alloy_module_image main_image =
      make_image(main_metadata, 3, main_functions, ptx);
  static const void *const new_functions[] = {
      reinterpret_cast<const void *>(&fk::too_new)};
  static const alloy_module_image new_image =
      make_image("arch sm_90\nkernel e fk::too_new\ncontract 1 32 1 1\n"
            "param out raw_output 8 0:8\n",
            1, new_functions, ptx);
  static const void *const bad_functions[] = {
      reinterpret_cast<const void *>(&fk::bad_ptx)};
  static const alloy_module_image bad_image =
      make_image("arch sm_80\nkernel e fk::bad_ptx\ncontract 1 32 1 1\n"
            "param out raw_output 8 0:8\n",
            1, bad_functions, bad_ptx);
  __alloy_register_module(&main_image);
  __alloy_register_module(&new_image);
  __alloy_register_module(&bad_image);
}

class FakeDriver : public alloy_test::FakeDriverBase {
protected:
  void SetUp() override {
    FakeDriverBase::SetUp();
    register_images();
  }
};

// Runs fk::vecadd on the host from its PTX parameters: each span is two
// leaves (data, size), as the metadata says.
void run_vecadd(const char *symbol, void **params, const unsigned *grid,
                const unsigned *block, unsigned) {
  ASSERT_STREQ(symbol, "vecadd_entry");
  auto a = *static_cast<const float **>(params[0]);
  auto b = *static_cast<const float **>(params[2]);
  auto c = *static_cast<float **>(params[4]);
  size_t n = *static_cast<size_t *>(params[5]);
  EXPECT_EQ(*static_cast<size_t *>(params[1]), n);
  EXPECT_EQ(size_t(grid[0]) * block[0], 1024u);
  for (size_t i = 0; i < n; ++i)
    c[i] = a[i] + b[i];
}

struct scale_call {
  uint32_t n;
  double factor;
  float *out;
} last_scale;

void record_scale(const char *, void **params, const unsigned *,
                  const unsigned *, unsigned) {
  last_scale = {*static_cast<uint32_t *>(params[2]),
                *static_cast<double *>(params[3]),
                *static_cast<float **>(params[0])};
}

TEST_F(FakeDriver, DeviceInfo) {
  EXPECT_EQ(gpu::device_count().value(), 1);
  auto ctx = gpu::context::create(0).value();
  EXPECT_EQ(ctx.device().name(), "Fake GPU");
  EXPECT_EQ(ctx.device().compute_capability().major, 8);
  EXPECT_EQ(ctx.device().compute_capability().minor, 0);
  EXPECT_EQ(ctx.device().multiprocessor_count(), 108);
  EXPECT_EQ(ctx.device().max_threads_per_block(), 1024);
  EXPECT_EQ(ctx.device().shared_memory_per_block(), 166912u);
  auto missing = gpu::context::create(3);
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().name(), "CUDA_ERROR_INVALID_DEVICE");
}

TEST_F(FakeDriver, Buffers) {
  auto ctx = gpu::context::create().value();
  auto &s = ctx.default_stream();
  std::vector<int> host{1, 2, 3, 4};
  auto buf = gpu::device_buffer<int>::from_host(s, host).value();
  EXPECT_EQ(buf.size(), 4u);
  EXPECT_EQ(buf.bytes(), 16u);
  EXPECT_EQ(buf.to_host(s).value(), host);
  auto zero = gpu::device_buffer<int>::zeroed(s, 3).value();
  EXPECT_EQ(zero.to_host(s).value(), (std::vector<int>{0, 0, 0}));
  std::vector<int> other{9, 8, 7};
  ASSERT_TRUE(zero.copy_from_host(s, other));
  std::vector<int> back(3);
  ASSERT_TRUE(zero.copy_to_host(s, back));
  EXPECT_EQ(back, other);
  auto mismatch = zero.copy_from_host(s, host);
  ASSERT_FALSE(mismatch);
  EXPECT_EQ(mismatch.error().code(), gpu::errc::size_mismatch);
  // Zero-size buffers never reach cuMemAlloc(0).
  auto empty = gpu::device_buffer<float>::uninitialized(s, 0).value();
  EXPECT_EQ(empty.size(), 0u);
  EXPECT_TRUE(empty.to_host(s).value().empty());
  auto moved = std::move(buf);
  EXPECT_EQ(moved.size(), 4u);
  auto stream2 = ctx.create_stream().value();
  EXPECT_EQ(moved.to_host(stream2).value(), host);
  auto huge = gpu::device_buffer<double>::uninitialized(s, SIZE_MAX / 4);
  ASSERT_FALSE(huge);
  EXPECT_EQ(huge.error().code(), gpu::errc::out_of_range);
}

TEST_F(FakeDriver, PrepareAndLaunchMarshalsIntoLeaves) {
  set_hook(run_vecadd);
  auto ctx = gpu::context::create().value();
  auto &s = ctx.default_stream();
  constexpr size_t N = 1024;
  std::vector<float> a(N), b(N);
  for (size_t i = 0; i < N; ++i) {
    a[i] = float(i);
    b[i] = float(2 * i);
  }
  auto a_dev = gpu::device_buffer<float>::from_host(s, a).value();
  auto b_dev = gpu::device_buffer<float>::from_host(s, b).value();
  auto c_dev = gpu::device_buffer<float>::zeroed(s, N).value();
  auto p =
      gpu::prepare<fk::vecadd>(ctx, gpu::launch_config_1d{(N + 255) / 256, 256})
          .value();
  gpu::prepared<fk::vecadd> copy = p; // a cheap copyable token
  ASSERT_TRUE(gpu::launch(s, copy, a_dev, b_dev, c_dev));
  ASSERT_TRUE(s.synchronize());
  auto c = c_dev.to_host(s).value();
  for (size_t i = 0; i < N; ++i)
    ASSERT_EQ(c[i], 3.0f * float(i));
}

TEST_F(FakeDriver, LaunchUncheckedConvertsScalars) {
  set_hook(record_scale);
  auto ctx = gpu::context::create().value();
  auto &s = ctx.default_stream();
  auto out = gpu::device_buffer<float>::zeroed(s, 8).value();
  auto in = gpu::device_buffer<float>::zeroed(s, 8).value();
  ASSERT_TRUE(gpu::launch_unchecked<fk::scale>(
      s, gpu::launch_config_1d{1, 8, 64 * 1024}, out, in, 8u, 2.5f));
  EXPECT_EQ(last_scale.n, 8u);
  EXPECT_EQ(last_scale.factor, 2.5);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(last_scale.out), out.device_address());
  // Dynamic shared memory above 48 KiB raises the function's limit.
  EXPECT_EQ(control<int (*)()>("fake_cuda_max_dynamic_shared")(), 64 * 1024);
  auto too_much = gpu::launch_unchecked<fk::scale>(
      s, gpu::launch_config_1d{1, 8, 200 * 1024}, out, in, 8u, 2.5);
  ASSERT_FALSE(too_much);
  EXPECT_EQ(too_much.error().code(), gpu::errc::invalid_config);
}

// The runtime check catches what the compiler cannot see.
const gpu::device_buffer<float> &same(const gpu::device_buffer<float> &b) {
  return b;
}

TEST_F(FakeDriver, AliasingIsAnErrorAndNothingIsLaunched) {
  set_hook(run_vecadd);
  auto ctx = gpu::context::create().value();
  auto &s = ctx.default_stream();
  auto b = gpu::device_buffer<float>::zeroed(s, 1024).value();
  auto c = gpu::device_buffer<float>::zeroed(s, 1024).value();
  auto p = gpu::prepare<fk::vecadd>(ctx, gpu::launch_config_1d{4, 256}).value();
  auto r = gpu::launch(s, p, same(c), b, c);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code(), gpu::errc::aliasing);
  EXPECT_EQ(r.error().message(),
            "kernel 'fk::vecadd': argument 3 ('c'), an output, overlaps "
            "argument 1 ('a') in device memory; nothing was launched (if the "
            "kernel is written to work in place, mark the output "
            "[[gpu::may_alias]])");
  EXPECT_EQ(launches(), 0);
}

TEST_F(FakeDriver, FaultsAreStickyAndNameTheKernel) {
  auto ctx = gpu::context::create().value();
  auto &s = ctx.default_stream();
  auto a = gpu::device_buffer<float>::zeroed(s, 1024).value();
  auto c = gpu::device_buffer<float>::zeroed(s, 1024).value();
  auto p = gpu::prepare<fk::vecadd>(ctx, gpu::launch_config_1d{4, 256}).value();
  ASSERT_TRUE(gpu::launch(s, p, a, a, c));
  control<void (*)(int)>("fake_cuda_set_sync_result")(700);
  auto r = s.synchronize();
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code(), 700);
  EXPECT_EQ(r.error().name(), "CUDA_ERROR_ILLEGAL_ADDRESS");
  EXPECT_NE(r.error().message().find("an illegal memory access was "
                                     "encountered) (after kernel "
                                     "'fk::vecadd')"),
            std::string::npos)
      << r.error().message();
  control<void (*)(int)>("fake_cuda_set_sync_result")(0);
  // Sticky: every later call in the context reports it.
  auto host = c.to_host(s);
  ASSERT_FALSE(host);
  EXPECT_EQ(host.error().message(), r.error().message());
  auto again = gpu::prepare<fk::vecadd>(ctx, gpu::launch_config_1d{4, 256});
  ASSERT_FALSE(again);
  EXPECT_EQ(again.error().code(), 700);
  EXPECT_FALSE(gpu::launch(s, p, a, a, c));
}

TEST_F(FakeDriver, CodeForANewerArchitecture) {
  auto ctx = gpu::context::create().value();
  auto r = gpu::prepare<fk::too_new>(ctx, gpu::launch_config_1d{1, 32});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code(), gpu::errc::arch_mismatch);
  EXPECT_NE(r.error().message().find("compiled for sm_90"), std::string::npos);
}

TEST_F(FakeDriver, ModuleLoadFailureNamesTheKernelWithTheLog) {
  auto ctx = gpu::context::create().value();
  auto r = gpu::prepare<fk::bad_ptx>(ctx, gpu::launch_config_1d{1, 32});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code(), gpu::errc::module_load);
  EXPECT_NE(r.error().message().find("kernel 'fk::bad_ptx'"),
            std::string::npos);
  EXPECT_NE(r.error().message().find("CUDA_ERROR_INVALID_PTX"),
            std::string::npos);
  EXPECT_NE(r.error().message().find("ptxas: syntax error"), std::string::npos)
      << r.error().message();
}

TEST_F(FakeDriver, SignatureMismatchIsAnErrorValue) {
  auto ctx = gpu::context::create().value();
  auto r = gpu::prepare<fk::stale>(ctx, gpu::launch_config_1d{1, 32});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code(), gpu::errc::signature_mismatch);
}

} // namespace

TEST_F(FakeDriver, EventsTimeTheWorkBetweenThem) {
  auto ctx = gpu::context::create().value();
  auto &s = ctx.default_stream();
  auto start = ctx.create_event().value();
  auto end = ctx.create_event().value();
  // Not recorded yet: an error, not a number.
  auto early = gpu::elapsed_ms(start, end);
  ASSERT_FALSE(early);
  EXPECT_NE(early.error().message().find("were both events recorded"),
            std::string::npos)
      << early.error().message();
  ASSERT_TRUE(start.record(s));
  ASSERT_TRUE(end.record(s)); // the fake clock advances 1.5 ms per record
  ASSERT_TRUE(end.synchronize());
  EXPECT_FLOAT_EQ(gpu::elapsed_ms(start, end).value(), 1.5f);
  EXPECT_FLOAT_EQ(gpu::elapsed_ms(end, start).value(), -1.5f);
  gpu::event moved = std::move(start);
  auto r = start.record(s);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code(), gpu::errc::invalid_handle);
  EXPECT_TRUE(moved.record(s));
}

TEST_F(FakeDriver, EventsOfAnotherContextAreRejected) {
  auto ctx = gpu::context::create().value();
  auto other = gpu::context::create().value();
  auto e = ctx.create_event().value();
  auto r = e.record(other.default_stream());
  // Both are device 0's primary context here, but separate objects.
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code(), gpu::errc::invalid_handle);
}
