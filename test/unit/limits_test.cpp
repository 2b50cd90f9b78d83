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
  // No kernel launched: the hint is conditional.
  for (int code : {700, 719}) {
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
  {
    auto ctx = gpu::context::create().value();
    set_sync_result(714); // the hardware says the stack overflowed
    auto r = ctx.default_stream().synchronize();
    set_sync_result(0);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message().find("the kernel's stack overflowed, raise "
                                       "the per-thread stack"),
              std::string::npos)
        << r.error().message();
  }
  auto ctx = gpu::context::create().value();
  set_sync_result(716); // misaligned address: no such hint
  auto r = ctx.default_stream().synchronize();
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message().find("stack overflow"), std::string::npos);
}

// The compiler marks kernels that reach a cycle of calls `recursive`: a
// fault after one says a stack overflow is likely; after a kernel without
// recursion (the driver sizes its stack) nothing is said about stacks.
namespace rk {
[[gpu::kernel, gpu::launch_contract(1, 32)]] void deep(uint32_t *out) {}
[[gpu::kernel, gpu::launch_contract(1, 32)]] void flat(uint32_t *out) {}
} // namespace rk

const void *const recursion_functions[] = {
    reinterpret_cast<const void *>(&rk::deep),
    reinterpret_cast<const void *>(&rk::flat)};
const char recursion_metadata[] = "arch sm_80\n"
                                  "kernel deep_entry rk::deep\n"
                                  "recursive\n"
                                  "contract 1 32 1 1\n"
                                  "param out raw_output 8 0:8\n"
                                  "kernel flat_entry rk::flat\n"
                                  "contract 1 32 1 1\n"
                                  "param out raw_output 8 0:8\n";

TEST_F(Limits, StackHintFollowsTheRecursionFlag) {
  static const alloy_module_image image =
      alloy_test::make_image(recursion_metadata, 2, recursion_functions);
  __alloy_register_module(&image);
  auto fault_after = [&](auto kernel_tag) {
    auto ctx = gpu::context::create().value();
    auto &s = ctx.default_stream();
    auto out = gpu::device_buffer<uint32_t>::zeroed(s, 32).value();
    decltype(kernel_tag)::launch(ctx, s, out);
    set_sync_result(700);
    auto r = s.synchronize();
    set_sync_result(0);
    return r ? std::string() : r.error().message();
  };
  struct deep_tag {
    static void launch(gpu::context &c, gpu::stream &s,
                       gpu::device_buffer<uint32_t> &out) {
      auto p = gpu::prepare<rk::deep>(c, gpu::launch_config_1d{1, 32}).value();
      gpu::launch(s, p, out).value();
    }
  };
  struct flat_tag {
    static void launch(gpu::context &c, gpu::stream &s,
                       gpu::device_buffer<uint32_t> &out) {
      auto p = gpu::prepare<rk::flat>(c, gpu::launch_config_1d{1, 32}).value();
      gpu::launch(s, p, out).value();
    }
  };
  std::string deep = fault_after(deep_tag{});
  EXPECT_NE(deep.find("(after kernel 'rk::deep')"), std::string::npos) << deep;
  EXPECT_NE(deep.find("the kernel calls functions recursively, so a stack "
                      "overflow is a likely cause"),
            std::string::npos)
      << deep;
  std::string flat = fault_after(flat_tag{});
  EXPECT_NE(flat.find("(after kernel 'rk::flat')"), std::string::npos) << flat;
  EXPECT_EQ(flat.find("stack"), std::string::npos) << flat;
}

} // namespace
