// Device memory beyond whole-buffer host copies: page-locked host buffers
// and asynchronous copies, device-to-device copies, fills, and views of a
// buffer passed to kernels (stand-in driver).
#include "fake_driver.hpp"

#include <gpu/gpu.hpp>

#include <cstdint>
#include <numeric>
#include <vector>

namespace mk {
[[gpu::kernel, gpu::launch_contract(1, 64)]] void
copy(std::span<const int> in, gpu::disjoint_span<int> out) {}
} // namespace mk

namespace {

const void *const functions[] = {reinterpret_cast<const void *>(&mk::copy)};
const char metadata[] = "arch sm_80\n"
                        "kernel copy_entry mk::copy\n"
                        "contract 1 64 1 1\n"
                        "param in input 16 0:8,8:8\n"
                        "param out output 16 0:8,8:8\n";

// mk::copy on the host, from its PTX parameters.
void run_copy(const char *, void **params, const unsigned *, const unsigned *,
              unsigned) {
  auto in = *static_cast<const int **>(params[0]);
  auto out = *static_cast<int **>(params[2]);
  size_t n = *static_cast<size_t *>(params[3]);
  for (size_t i = 0; i < n; ++i)
    out[i] = in[i];
}

class Memory : public alloy_test::FakeDriverBase {
protected:
  void SetUp() override {
    FakeDriverBase::SetUp();
    static const alloy_module_image image =
        alloy_test::make_image(metadata, 1, functions);
    __alloy_register_module(&image);
  }
};

std::vector<int> iota(size_t n, int first = 0) {
  std::vector<int> v(n);
  std::iota(v.begin(), v.end(), first);
  return v;
}

TEST_F(Memory, PinnedBuffersAreZeroedHostMemory) {
  auto ctx = gpu::context::create().value();
  auto p = gpu::pinned_buffer<int>::allocate(ctx, 5).value();
  EXPECT_EQ(p.size(), 5u);
  EXPECT_EQ(p.bytes(), 20u);
  for (int x : p)
    EXPECT_EQ(x, 0);
  p[2] = 7;
  std::span<const int> view = p;
  EXPECT_EQ(view[2], 7);
  auto moved = std::move(p);
  EXPECT_EQ(moved[2], 7);
  EXPECT_TRUE(p.empty());
  auto none = gpu::pinned_buffer<double>::allocate(ctx, 0).value();
  EXPECT_TRUE(none.empty());
}

TEST_F(Memory, PinnedAllocationErrors) {
  auto ctx = gpu::context::create().value();
  auto huge = gpu::pinned_buffer<double>::allocate(ctx, SIZE_MAX / 4);
  ASSERT_FALSE(huge);
  EXPECT_EQ(huge.error().code(), gpu::errc::out_of_range);
  auto too_much = gpu::pinned_buffer<char>::allocate(ctx, size_t(2) << 30);
  ASSERT_FALSE(too_much);
  EXPECT_EQ(too_much.error().name(), "CUDA_ERROR_OUT_OF_MEMORY");
  EXPECT_NE(too_much.error().message().find("page-locked host memory"),
            std::string::npos)
      << too_much.error().message();
  gpu::context gone = std::move(ctx);
  auto empty = gpu::pinned_buffer<int>::allocate(ctx, 4);
  ASSERT_FALSE(empty);
  EXPECT_EQ(empty.error().code(), gpu::errc::invalid_handle);
}

TEST_F(Memory, PinnedCopiesAreQueuedWithoutWaiting) {
  auto ctx = gpu::context::create().value();
  auto s = ctx.create_stream().value();
  auto host = gpu::pinned_buffer<int>::allocate(ctx, 64).value();
  std::iota(host.begin(), host.end(), 100);
  auto dev = gpu::device_buffer<int>::uninitialized(s, 64).value();
  auto back = gpu::pinned_buffer<int>::allocate(ctx, 64).value();
  int syncs = stream_syncs();
  ASSERT_TRUE(gpu::copy_async(s, dev, host));
  ASSERT_TRUE(gpu::copy_async(s, back, dev));
  EXPECT_EQ(stream_syncs(), syncs); // nothing waited for
  ASSERT_TRUE(s.synchronize());
  EXPECT_TRUE(std::equal(back.begin(), back.end(), host.begin()));
  // Pageable copies still wait, so that the host memory may be reused.
  std::vector<int> pageable(64);
  ASSERT_TRUE(dev.copy_to_host(s, pageable));
  EXPECT_EQ(stream_syncs(), syncs + 2);
  EXPECT_EQ(pageable, std::vector<int>(host.begin(), host.end()));
}

TEST_F(Memory, PinnedCopyErrors) {
  auto ctx = gpu::context::create().value();
  auto &s = ctx.default_stream();
  auto host = gpu::pinned_buffer<int>::allocate(ctx, 8).value();
  auto dev = gpu::device_buffer<int>::zeroed(s, 4).value();
  auto r = gpu::copy_async(s, dev, host);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code(), gpu::errc::size_mismatch);
  EXPECT_EQ(r.error().message(),
            "gpu::copy_async (host to device): the device buffer has 4 "
            "elements, the pinned buffer 8; copy a view for part of a buffer");
  auto down = gpu::copy_async(s, host, dev);
  ASSERT_FALSE(down);
  EXPECT_EQ(down.error().code(), gpu::errc::size_mismatch);
  // A view makes the sizes agree.
  auto big = gpu::device_buffer<int>::zeroed(s, 16).value();
  auto part = big.view(4, 8).value();
  EXPECT_TRUE(gpu::copy_async(s, part, host));
  // The driver's failure names the operation.
  fail_next("cuMemcpyDtoHAsync_v2", 1);
  auto failed = gpu::copy_async(s, host, part);
  ASSERT_FALSE(failed);
  EXPECT_EQ(failed.error().name(), "CUDA_ERROR_INVALID_VALUE");
  EXPECT_EQ(
      failed.error().message().rfind(
          "gpu::copy_async (device to host): CUDA_ERROR_INVALID_VALUE", 0),
      0u)
      << failed.error().message();
  // A buffer of another context, a moved-from buffer or stream.
  auto other = gpu::context::create().value();
  auto foreign = gpu::copy_async(other.default_stream(), part, host);
  ASSERT_FALSE(foreign);
  EXPECT_EQ(foreign.error().code(), gpu::errc::invalid_handle);
  gpu::device_buffer<int> taken = std::move(part);
  auto moved = gpu::copy_async(s, part, host);
  ASSERT_FALSE(moved);
  EXPECT_EQ(moved.error().code(), gpu::errc::invalid_handle);
}

TEST_F(Memory, DeviceToDeviceCopies) {
  auto ctx = gpu::context::create().value();
  auto &s = ctx.default_stream();
  auto a = gpu::device_buffer<int>::from_host(s, iota(10)).value();
  auto b = gpu::device_buffer<int>::zeroed(s, 10).value();
  ASSERT_TRUE(gpu::copy_async(s, b, a));
  EXPECT_EQ(b.to_host(s).value(), iota(10));
  // Disjoint views of one buffer: the lower half into the upper half.
  auto lo = a.view(0, 5).value();
  auto hi = a.view(5).value();
  ASSERT_TRUE(gpu::copy_async(s, hi, lo));
  EXPECT_EQ(a.to_host(s).value(),
            (std::vector<int>{0, 1, 2, 3, 4, 0, 1, 2, 3, 4}));
  auto mid = a.view(3, 5).value();
  auto overlap = gpu::copy_async(s, mid, lo);
  ASSERT_FALSE(overlap);
  EXPECT_EQ(overlap.error().code(), gpu::errc::aliasing);
  EXPECT_NE(overlap.error().message().find("overlap"), std::string::npos);
  auto small = gpu::device_buffer<int>::zeroed(s, 3).value();
  auto mismatch = gpu::copy_async(s, small, a);
  ASSERT_FALSE(mismatch);
  EXPECT_EQ(mismatch.error().code(), gpu::errc::size_mismatch);
  auto other = gpu::context::create().value();
  auto foreign = gpu::device_buffer<int>::zeroed(other.default_stream(), 10);
  auto cross = gpu::copy_async(s, b, foreign.value());
  ASSERT_FALSE(cross);
  EXPECT_EQ(cross.error().code(), gpu::errc::invalid_handle);
  fail_next("cuMemcpyDtoDAsync_v2", 700);
  auto fault = gpu::copy_async(s, b, a);
  ASSERT_FALSE(fault);
  EXPECT_EQ(fault.error().name(), "CUDA_ERROR_ILLEGAL_ADDRESS");
  EXPECT_FALSE(gpu::copy_async(s, b, a)); // sticky
}

TEST_F(Memory, Fills) {
  auto ctx = gpu::context::create().value();
  auto &s = ctx.default_stream();
  auto bytes = gpu::device_buffer<uint8_t>::zeroed(s, 5).value();
  ASSERT_TRUE(gpu::memset_async(s, bytes, 0xab));
  EXPECT_EQ(bytes.to_host(s).value(), std::vector<uint8_t>(5, 0xab));
  auto ints = gpu::device_buffer<int>::zeroed(s, 4).value();
  ASSERT_TRUE(gpu::memset_async(s, ints, 0xff));
  EXPECT_EQ(ints.to_host(s).value(), std::vector<int>(4, -1));
  auto floats = gpu::device_buffer<float>::zeroed(s, 6).value();
  ASSERT_TRUE(gpu::fill_async(s, floats, 1.5f));
  EXPECT_EQ(floats.to_host(s).value(), std::vector<float>(6, 1.5f));
  auto halves = gpu::device_buffer<uint16_t>::zeroed(s, 3).value();
  ASSERT_TRUE(gpu::fill_async(s, halves, uint16_t(0x1234)));
  EXPECT_EQ(halves.to_host(s).value(), std::vector<uint16_t>(3, 0x1234));
  ASSERT_TRUE(gpu::fill_async(s, bytes, uint8_t(7)));
  EXPECT_EQ(bytes.to_host(s).value(), std::vector<uint8_t>(5, 7));
  // A view fills only its elements.
  auto middle = ints.view(1, 2).value();
  ASSERT_TRUE(gpu::fill_async(s, middle, 42));
  EXPECT_EQ(ints.to_host(s).value(), (std::vector<int>{-1, 42, 42, -1}));
  auto empty = gpu::device_buffer<int>::zeroed(s, 0).value();
  EXPECT_TRUE(gpu::fill_async(s, empty, 1));
  fail_next("cuMemsetD32Async", 1);
  auto failed = gpu::fill_async(s, ints, 3);
  ASSERT_FALSE(failed);
  EXPECT_EQ(failed.error().message().rfind("gpu::fill_async: ", 0), 0u)
      << failed.error().message();
  gpu::device_buffer<int> moved = std::move(ints);
  auto gone = gpu::memset_async(s, ints, 0);
  ASSERT_FALSE(gone);
  EXPECT_EQ(gone.error().code(), gpu::errc::invalid_handle);
  EXPECT_NE(gone.error().message().find("gpu::memset_async"),
            std::string::npos);
}

TEST_F(Memory, ViewsShareTheBuffersMemory) {
  auto ctx = gpu::context::create().value();
  auto &s = ctx.default_stream();
  auto whole = gpu::device_buffer<int>::from_host(s, iota(10)).value();
  auto v = whole.view(2, 3).value();
  EXPECT_EQ(v.size(), 3u);
  EXPECT_EQ(v.device_address(), whole.device_address() + 2 * sizeof(int));
  EXPECT_EQ(v.to_host(s).value(), (std::vector<int>{2, 3, 4}));
  EXPECT_TRUE(v.owns_memory());
  auto inner = v.view(1, 1).value(); // a view of a view
  EXPECT_EQ(inner.to_host(s).value(), std::vector<int>{3});
  EXPECT_EQ(whole.view(10).value().size(), 0u);
  EXPECT_EQ(whole.view(0, 0).value().size(), 0u);
  // The memory lives as long as any view of it.
  { auto dropped = std::move(whole); }
  EXPECT_EQ(v.to_host(s).value(), (std::vector<int>{2, 3, 4}));
}

TEST_F(Memory, ViewsOutOfRangeAreErrors) {
  auto ctx = gpu::context::create().value();
  auto &s = ctx.default_stream();
  auto buf = gpu::device_buffer<int>::zeroed(s, 10).value();
  auto past = buf.view(8, 3);
  ASSERT_FALSE(past);
  EXPECT_EQ(past.error().code(), gpu::errc::out_of_range);
  EXPECT_EQ(past.error().message(),
            "device_buffer::view(8, 3) is out of range: the buffer has 10 "
            "elements");
  auto beyond = buf.view(11);
  ASSERT_FALSE(beyond);
  EXPECT_EQ(beyond.error().code(), gpu::errc::out_of_range);
  auto wrap = buf.view(2, SIZE_MAX);
  ASSERT_FALSE(wrap);
  EXPECT_EQ(wrap.error().code(), gpu::errc::out_of_range);
  gpu::device_buffer<int> empty;
  auto none = empty.view(0, 0);
  ASSERT_FALSE(none);
  EXPECT_EQ(none.error().code(), gpu::errc::invalid_handle);
}

TEST_F(Memory, ViewsAreKernelArgumentsAndCheckedForOverlap) {
  set_hook(run_copy);
  auto ctx = gpu::context::create().value();
  auto &s = ctx.default_stream();
  auto buf = gpu::device_buffer<int>::from_host(s, iota(128)).value();
  auto lo = buf.view(0, 64).value();
  auto hi = buf.view(64, 64).value();
  auto p = gpu::prepare<mk::copy>(ctx, gpu::launch_config_1d{1, 64}).value();
  ASSERT_TRUE(gpu::launch(s, p, lo, hi)); // disjoint views of one buffer
  auto host = buf.to_host(s).value();
  EXPECT_EQ(std::vector<int>(host.begin() + 64, host.end()), iota(64));
  EXPECT_EQ(launches(), 1);
  auto shifted = buf.view(32, 64).value();
  auto r = gpu::launch(s, p, lo, shifted); // elements 32-63 in both
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code(), gpu::errc::aliasing);
  EXPECT_EQ(r.error().message(),
            "kernel 'mk::copy': argument 2 ('out'), an output, overlaps "
            "argument 1 ('in') in device memory; nothing was launched (if the "
            "kernel is written to work in place, mark the output "
            "[[gpu::may_alias]])");
  auto whole = gpu::launch(s, p, buf, hi); // the whole buffer and a view
  ASSERT_FALSE(whole);
  EXPECT_EQ(whole.error().code(), gpu::errc::aliasing);
  EXPECT_EQ(launches(), 1);
}

} // namespace

// Copies between plain pointers from malloc_device (ported CUDA code): the
// direction comes from the runtime's own allocation table, without the
// driver's pointer queries, and a device-to-device copy is queued without
// waiting, as cudaMemcpy's is.
TEST_F(Memory, PointerCopiesUseTheAllocationTable) {
  auto ctx = gpu::context::create().value();
  auto s = ctx.create_stream().value();
  int *a = gpu::malloc_device<int>(s, 64).value();
  int *b = gpu::malloc_device<int>(s, 64).value();
  std::vector<int> host(64), back(64);
  std::iota(host.begin(), host.end(), 7);
  auto queries = [&] { return calls()["cuPointerGetAttribute"]; };
  int before = queries(), syncs = stream_syncs();
  ASSERT_TRUE(gpu::memcpy(s, a, host.data(), 64 * sizeof(int)));
  EXPECT_EQ(stream_syncs(), syncs + 1); // host to device: returns when done
  ASSERT_TRUE(gpu::memcpy(s, b, a, 64 * sizeof(int)));
  EXPECT_EQ(stream_syncs(), syncs + 1); // device to device: queued
  ASSERT_TRUE(gpu::memcpy(s, back.data(), b, 64 * sizeof(int)));
  EXPECT_EQ(stream_syncs(), syncs + 2);
  EXPECT_EQ(back, host);
  // A pointer inside an allocation is found too.
  ASSERT_TRUE(gpu::memcpy(s, back.data(), b + 10, 4 * sizeof(int)));
  EXPECT_EQ(back[0], 17);
  // Only the three pageable host pointers were asked about.
  EXPECT_EQ(queries(), before + 3);
  ASSERT_TRUE(gpu::free_device(a));
  ASSERT_TRUE(gpu::free_device(b));
}
