// Context limits (stack, printf FIFO, malloc heap) and the stack-overflow
// hint in kernel fault messages (stand-in driver).
#include "fake_driver.hpp"

#include <gpu/gpu.hpp>

namespace {

using Limits = alloy_test::FakeDriverBase;

TEST_F(Limits, SetAndGet) {
  auto ctx = gpu::context::create().value();
  EXPECT_EQ(ctx.get_limit(gpu::limit::stack_size).value(), 1024u);
  EXPECT_EQ(ctx.get_limit(gpu::limit::printf_fifo_size).value(), 1u << 20);
  EXPECT_EQ(ctx.get_limit(gpu::limit::malloc_heap_size).value(), 8u << 20);
  ASSERT_TRUE(ctx.set_limit(gpu::limit::stack_size, 16000));
  ASSERT_TRUE(ctx.set_limit(gpu::limit::printf_fifo_size, 4 << 20));
  ASSERT_TRUE(ctx.set_limit(gpu::limit::malloc_heap_size, 64 << 20));
  EXPECT_EQ(ctx.get_limit(gpu::limit::stack_size).value(), 16000u);
  ASSERT_TRUE(ctx.set_limit(gpu::limit::stack_size, 1001));
  EXPECT_EQ(ctx.get_limit(gpu::limit::stack_size).value(), 1008u); // rounded
  EXPECT_EQ(ctx.get_limit(gpu::limit::printf_fifo_size).value(), 4u << 20);
  EXPECT_EQ(ctx.get_limit(gpu::limit::malloc_heap_size).value(), 64u << 20);
}

TEST_F(Limits, Errors) {
  auto ctx = gpu::context::create().value();
  fail_next("cuCtxSetLimit", 2);
  auto r = ctx.set_limit(gpu::limit::stack_size, 1 << 20);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().name(), "CUDA_ERROR_OUT_OF_MEMORY");
  EXPECT_EQ(
      r.error().message().rfind("context::set_limit(stack_size, 1048576): "
                                "CUDA_ERROR_OUT_OF_MEMORY",
                                0),
      0u)
      << r.error().message();
  auto unknown = ctx.set_limit(gpu::limit(7), 1);
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().code(), gpu::errc::out_of_range);
  EXPECT_FALSE(ctx.get_limit(gpu::limit(-1)));
  gpu::context gone = std::move(ctx);
  auto empty = ctx.get_limit(gpu::limit::stack_size);
  ASSERT_FALSE(empty);
  EXPECT_EQ(empty.error().code(), gpu::errc::invalid_handle);
  EXPECT_NE(empty.error().message().find("context::get_limit(stack_size)"),
            std::string::npos);
  // A faulted context reports its fault.
  set_sync_result(700);
  EXPECT_FALSE(gone.synchronize());
  set_sync_result(0);
  auto after = gone.set_limit(gpu::limit::stack_size, 4096);
  ASSERT_FALSE(after);
  EXPECT_EQ(after.error().code(), 700);
}

TEST_F(Limits, FaultsSuggestAStackOverflowInRecursiveCode) {
  for (int code : {700, 714, 719}) {
    auto ctx = gpu::context::create().value();
    set_sync_result(code);
    auto r = ctx.default_stream().synchronize();
    set_sync_result(0);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message().find(
                  "if the kernel calls functions recursively, a stack "
                  "overflow is a possible cause: raise the per-thread stack "
                  "before launching with ctx.set_limit(gpu::limit::stack_size, "
                  "bytes)"),
              std::string::npos)
        << r.error().message();
    EXPECT_NE(r.error().message().find("on device 0 (Fake GPU); the context "
                                       "cannot be used any more"),
              std::string::npos)
        << r.error().message();
  } // the fault is sticky per context: the next one starts clean
  auto ctx = gpu::context::create().value();
  set_sync_result(716); // misaligned address: no such hint
  auto r = ctx.default_stream().synchronize();
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message().find("stack overflow"), std::string::npos);
}

} // namespace
