// Interop with other CUDA code: native handles of Alloy's objects, and
// wrappers of foreign memory and streams that own nothing (stand-in
// driver).
#include "fake_driver.hpp"

#include <gpu/gpu.hpp>

#include <cstdint>
#include <vector>

struct CUstream_st;

namespace {

class Interop : public alloy_test::FakeDriverBase {
protected:
  // Other CUDA code's allocation: 0 in the primary context, 1 in another,
  // 2 in none.
  uintptr_t foreign_alloc(size_t bytes, int where) {
    return control<uintptr_t (*)(size_t, int)>("fake_cuda_foreign_alloc")(
        bytes, where);
  }
  void foreign_free(uintptr_t p) {
    control<void (*)(uintptr_t)>("fake_cuda_foreign_free")(p);
  }
  void *foreign_stream(bool other_context) {
    return control<CUstream_st *(*)(int)>("fake_cuda_foreign_stream")(
        other_context);
  }
  void foreign_stream_destroy(void *s) {
    control<void (*)(CUstream_st *)>("fake_cuda_foreign_stream_destroy")(
        static_cast<CUstream_st *>(s));
  }
  int frees() { return control<int (*)()>("fake_cuda_frees")(); }
  int stream_destroys() {
    return control<int (*)()>("fake_cuda_stream_destroys")();
  }
};

TEST_F(Interop, NativeHandles) {
  auto ctx = gpu::context::create().value();
  EXPECT_NE(ctx.native_handle(), nullptr);
  // The default stream is CUDA's legacy default stream: null.
  EXPECT_EQ(ctx.default_stream().native_handle(), nullptr);
  EXPECT_FALSE(ctx.default_stream().owns_handle());
  auto s = ctx.create_stream().value();
  EXPECT_NE(s.native_handle(), nullptr);
  EXPECT_TRUE(s.owns_handle());
  auto e = ctx.create_event().value();
  EXPECT_NE(e.native_handle(), nullptr);
  auto buf = gpu::device_buffer<float>::zeroed(s, 4).value();
  EXPECT_EQ(buf.native_handle(), std::uintptr_t(buf.device_address()));
  EXPECT_NE(buf.native_handle(), 0u);
  auto v = buf.view(1, 2).value();
  EXPECT_EQ(v.native_handle(), buf.native_handle() + sizeof(float));
  // The address is the memory: write through it as a library would.
  reinterpret_cast<float *>(buf.native_handle())[3] = 2.5f; // fake: host
  EXPECT_EQ(buf.to_host(s).value()[3], 2.5f);
  gpu::stream moved = std::move(s);
  EXPECT_EQ(s.native_handle(), nullptr);
  gpu::context gone = std::move(ctx);
  EXPECT_EQ(ctx.native_handle(), nullptr);
}

TEST_F(Interop, WrappedMemoryIsUsedButNeverFreed) {
  uintptr_t p = foreign_alloc(64 * sizeof(int), 0);
  {
    auto ctx = gpu::context::create().value();
    auto &s = ctx.default_stream();
    auto buf = gpu::device_buffer<int>::wrap(ctx, p, 64).value();
    EXPECT_EQ(buf.size(), 64u);
    EXPECT_FALSE(buf.owns_memory());
    EXPECT_EQ(buf.native_handle(), p);
    std::vector<int> host(64, 9);
    ASSERT_TRUE(buf.copy_from_host(s, host));
    EXPECT_EQ(reinterpret_cast<int *>(p)[63], 9);
    auto part = buf.view(60).value(); // views of it own nothing either
    EXPECT_FALSE(part.owns_memory());
    ASSERT_TRUE(gpu::fill_async(s, part, 1));
    auto tail = gpu::device_buffer<int>::wrap(ctx, p + 32 * sizeof(int), 32);
    ASSERT_TRUE(tail); // an interior pointer with room for 32
    EXPECT_EQ(tail->to_host(s).value()[31], 1);
  }
  EXPECT_EQ(frees(), 0);
  EXPECT_EQ(reinterpret_cast<int *>(p)[0], 9); // still ours to read
  foreign_free(p);
}

TEST_F(Interop, WrapChecksTheMemory) {
  auto ctx = gpu::context::create().value();
  uintptr_t theirs = foreign_alloc(256, 1);
  auto r = gpu::device_buffer<float>::wrap(ctx, theirs, 64);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code(), gpu::errc::invalid_handle);
  EXPECT_NE(r.error().message().find("belongs to another CUDA context"),
            std::string::npos)
      << r.error().message();
  foreign_free(theirs);
  // Memory of no context (a stream-ordered pool) may be wrapped.
  uintptr_t pooled = foreign_alloc(256, 2);
  EXPECT_TRUE(gpu::device_buffer<float>::wrap(ctx, pooled, 64));
  // More elements than the allocation holds.
  auto big = gpu::device_buffer<float>::wrap(ctx, pooled, 65);
  ASSERT_FALSE(big);
  EXPECT_EQ(big.error().code(), gpu::errc::out_of_range);
  EXPECT_NE(big.error().message().find("260 bytes do not fit in its "
                                       "allocation of 256 bytes"),
            std::string::npos)
      << big.error().message();
  auto offset = gpu::device_buffer<float>::wrap(ctx, pooled + 16, 61);
  ASSERT_FALSE(offset);
  EXPECT_EQ(offset.error().code(), gpu::errc::out_of_range);
  foreign_free(pooled);
  // Host memory the driver does not know.
  std::vector<float> host(8);
  auto unknown = gpu::device_buffer<float>::wrap(
      ctx, reinterpret_cast<std::uintptr_t>(host.data()), 8);
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().name(), "CUDA_ERROR_INVALID_VALUE");
  EXPECT_NE(unknown.error().message().find("not memory that the CUDA driver "
                                           "knows"),
            std::string::npos)
      << unknown.error().message();
  auto null = gpu::device_buffer<float>::wrap(ctx, 0, 8);
  ASSERT_FALSE(null);
  EXPECT_EQ(null.error().code(), gpu::errc::invalid_handle);
  EXPECT_TRUE(gpu::device_buffer<float>::wrap(ctx, 0, 0)); // empty
  auto overflow = gpu::device_buffer<double>::wrap(ctx, 64, SIZE_MAX / 4);
  ASSERT_FALSE(overflow);
  EXPECT_EQ(overflow.error().code(), gpu::errc::out_of_range);
  gpu::context gone = std::move(ctx);
  auto empty = gpu::device_buffer<float>::wrap(ctx, 64, 1);
  ASSERT_FALSE(empty);
  EXPECT_EQ(empty.error().code(), gpu::errc::invalid_handle);
}

TEST_F(Interop, WrappedStreamsAreUsedButNeverDestroyed) {
  void *native = foreign_stream(false);
  {
    auto ctx = gpu::context::create().value();
    auto s = gpu::stream::wrap(ctx, native).value();
    EXPECT_EQ(s.native_handle(), native);
    EXPECT_FALSE(s.owns_handle());
    ASSERT_TRUE(s.synchronize());
    auto buf = gpu::device_buffer<int>::zeroed(s, 4).value();
    EXPECT_EQ(buf.to_host(s).value(), std::vector<int>(4, 0));
    auto e = ctx.create_event().value();
    ASSERT_TRUE(e.record(s));
    ASSERT_TRUE(s.wait(e));
    // The null stream (CUDA's legacy default stream) may be wrapped too.
    EXPECT_TRUE(gpu::stream::wrap(ctx, nullptr));
  }
  EXPECT_EQ(stream_destroys(), 0);
  foreign_stream_destroy(native);
}

TEST_F(Interop, WrapChecksTheStream) {
  auto ctx = gpu::context::create().value();
  void *theirs = foreign_stream(true);
  auto r = gpu::stream::wrap(ctx, theirs);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code(), gpu::errc::invalid_handle);
  EXPECT_NE(r.error().message().find("belongs to another CUDA context"),
            std::string::npos)
      << r.error().message();
  foreign_stream_destroy(theirs);
  fail_next("cuStreamGetCtx", 400);
  auto bad = gpu::stream::wrap(ctx, reinterpret_cast<void *>(0x1234));
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().name(), "CUDA_ERROR_INVALID_HANDLE");
  EXPECT_NE(bad.error().message().find("stream::wrap"), std::string::npos);
  gpu::context gone = std::move(ctx);
  auto empty = gpu::stream::wrap(ctx, nullptr);
  ASSERT_FALSE(empty);
  EXPECT_EQ(empty.error().code(), gpu::errc::invalid_handle);
}

} // namespace
