// Without a CUDA driver every entry point returns an error value when the
// GPU is required (ALLOY_DEVICE=gpu); otherwise contexts fall back to the
// CPU device.
#include "driver_api.hpp"

#include <gpu/gpu.hpp>

#include <gtest/gtest.h>

#include <cstdlib>

namespace {

class NoDriver : public ::testing::Test {
protected:
  void SetUp() override {
    setenv("ALLOY_CUDA_DRIVER", "/nonexistent/libcuda.so.1", 1);
    setenv("ALLOY_DEVICE", "gpu", 1);
    gpu::detail::cu::reset_driver_for_testing();
  }
  void TearDown() override {
    unsetenv("ALLOY_CUDA_DRIVER");
    unsetenv("ALLOY_DEVICE");
    gpu::detail::cu::reset_driver_for_testing();
  }
};

void expect_no_driver(const gpu::error &e) {
  EXPECT_EQ(e.code(), gpu::errc::no_driver);
  EXPECT_EQ(e.name(), "ALLOY_ERROR_NO_DRIVER");
  EXPECT_NE(e.message().find("no CUDA driver: could not load "
                             "/nonexistent/libcuda.so.1"),
            std::string::npos)
      << e.message();
  EXPECT_NE(
      e.message().find("Alloy programs need an NVIDIA GPU and its driver"),
      std::string::npos)
      << e.message();
}

TEST_F(NoDriver, DeviceCountIsAnError) {
  auto n = gpu::device_count();
  ASSERT_FALSE(n);
  expect_no_driver(n.error());
}

TEST_F(NoDriver, ContextCreateIsAnError) {
  auto ctx = gpu::context::create(0);
  ASSERT_FALSE(ctx);
  expect_no_driver(ctx.error());
  EXPECT_THROW((void)gpu::context::create(1).value(), gpu::exception);
}

TEST_F(NoDriver, TheFailureIsRemembered) {
  auto first = gpu::device_count();
  auto second = gpu::device_count();
  ASSERT_FALSE(first);
  ASSERT_FALSE(second);
  EXPECT_EQ(first.error().message(), second.error().message());
}

// Without a driver and without ALLOY_DEVICE, a context is the CPU device.
TEST(NoDriverFallback, ContextIsTheCpuDevice) {
  setenv("ALLOY_CUDA_DRIVER", "/nonexistent/libcuda.so.1", 1);
  gpu::detail::cu::reset_driver_for_testing();
  auto ctx = gpu::context::create(0);
  ASSERT_TRUE(ctx) << ctx.error().message();
  EXPECT_TRUE(ctx->device().is_cpu());
  EXPECT_NE(ctx->device().name().find("CPU device"), std::string::npos);
  EXPECT_FALSE(gpu::context::create(1)); // one CPU device
  setenv("ALLOY_DEVICE", "tpu", 1);
  auto bad = gpu::context::create(0);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message().find("expected cpu or gpu"),
            std::string::npos);
  unsetenv("ALLOY_DEVICE");
  unsetenv("ALLOY_CUDA_DRIVER");
  gpu::detail::cu::reset_driver_for_testing();
}

// Whatever this machine has, the default driver path never crashes.
TEST(DefaultDriver, GivesAValueOrAnError) {
  gpu::detail::cu::reset_driver_for_testing();
  auto n = gpu::device_count();
  if (!n)
    EXPECT_FALSE(n.error().message().empty());
  auto ctx = gpu::context::create(0);
  if (!ctx)
    EXPECT_FALSE(ctx.error().message().empty());
}

} // namespace
