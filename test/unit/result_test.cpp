// gpu::result<T>, gpu::error and gpu::exception.
#include "errors.hpp"

#include <gpu/runtime.hpp>

#include <gtest/gtest.h>

#include <string>
#include <type_traits>

namespace {

static_assert(std::is_same_v<gpu::result<int>::value_type, int>);
static_assert(std::is_same_v<gpu::result<int>::error_type, gpu::error>);
static_assert(std::is_same_v<gpu::result<void>::value_type, void>);
static_assert(
    std::is_base_of_v<std::expected<int, gpu::error>, gpu::result<int>>);
static_assert(std::is_base_of_v<std::runtime_error, gpu::exception>);

gpu::result<int> answer(bool ok) {
  if (!ok)
    return std::unexpected(gpu::error(gpu::errc::invalid_config,
                                      "ALLOY_ERROR_INVALID_CONFIG", "bad"));
  return 42;
}

gpu::result<void> nothing(bool ok) {
  if (!ok)
    return std::unexpected(gpu::error(7, "CUDA_ERROR_X", "failed"));
  return {};
}

TEST(Result, ValueWhenSet) {
  auto r = answer(true);
  ASSERT_TRUE(r);
  EXPECT_EQ(r.value(), 42);
  EXPECT_EQ(*r, 42);
  EXPECT_EQ(std::move(r).value(), 42);
}

TEST(Result, ValueThrowsGpuExceptionWithTheMessage) {
  auto r = answer(false);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code(), gpu::errc::invalid_config);
  EXPECT_EQ(r.error().name(), "ALLOY_ERROR_INVALID_CONFIG");
  try {
    (void)r.value();
    FAIL() << "value() did not throw";
  } catch (const gpu::exception &e) {
    EXPECT_STREQ(e.what(), "bad");
    EXPECT_EQ(e.error().code(), gpu::errc::invalid_config);
  }
  const auto &cr = r;
  EXPECT_THROW((void)cr.value(), gpu::exception);
  EXPECT_THROW((void)std::move(r).value(), std::runtime_error);
}

TEST(Result, VoidResult) {
  EXPECT_NO_THROW(nothing(true).value());
  auto r = nothing(false);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message(), "failed");
  EXPECT_THROW(r.value(), gpu::exception);
}

TEST(Result, OperationsOfExpectedWork) {
  EXPECT_EQ(answer(true).value_or(1), 42);
  EXPECT_EQ(answer(false).value_or(1), 1);
  std::expected<int, gpu::error> plain = answer(true);
  gpu::result<int> back = plain;
  EXPECT_EQ(back.value(), 42);
}

TEST(Errors, NamesOfAlloyAndDriverCodes) {
  using gpu::detail::error_name;
  EXPECT_EQ(error_name(gpu::errc::no_driver), "ALLOY_ERROR_NO_DRIVER");
  EXPECT_EQ(error_name(gpu::errc::kernel_not_compiled),
            "ALLOY_ERROR_KERNEL_NOT_COMPILED");
  EXPECT_EQ(error_name(gpu::errc::aliasing), "ALLOY_ERROR_ALIASING");
  EXPECT_EQ(error_name(100), "CUDA_ERROR_NO_DEVICE");
  EXPECT_EQ(error_name(700), "CUDA_ERROR_ILLEGAL_ADDRESS");
  EXPECT_EQ(error_name(123456), "CUDA_ERROR_123456");
  EXPECT_TRUE(gpu::detail::is_sticky_fault(700));
  EXPECT_FALSE(gpu::detail::is_sticky_fault(1));
}

} // namespace

// The codes: ints for error::code() (compare and switch), std::error_code
// values of gpu::category() for code built on <system_error>.
namespace error_codes {

int classify(const gpu::error &e) {
  switch (e.code()) {
  case gpu::errc::aliasing:
    return 1;
  case gpu::errc::invalid_handle:
    return 2;
  default:
    return 0;
  }
}

TEST(ErrorCodes, CompareAndSwitchAsInts) {
  gpu::error aliasing(gpu::errc::aliasing, "ALLOY_ERROR_ALIASING", "overlap");
  EXPECT_EQ(aliasing.code(), gpu::errc::aliasing);
  EXPECT_EQ(aliasing.code(), 100006);
  EXPECT_EQ(classify(aliasing), 1);
  EXPECT_EQ(classify(gpu::error(700, "CUDA_ERROR_ILLEGAL_ADDRESS", "")), 0);
  static_assert(std::is_convertible_v<gpu::errc::code, int>);
}

TEST(ErrorCodes, StdErrorCodesOfTheGpuCategory) {
  std::error_code ec = gpu::errc::invalid_handle;
  EXPECT_STREQ(ec.category().name(), "gpu");
  EXPECT_EQ(&ec.category(), &gpu::category());
  EXPECT_EQ(ec.value(), 100012);
  EXPECT_EQ(ec.message(), "ALLOY_ERROR_INVALID_HANDLE");
  gpu::error e(gpu::errc::aliasing, "ALLOY_ERROR_ALIASING", "overlap");
  EXPECT_EQ(e.error_code(), gpu::errc::aliasing);
  EXPECT_NE(e.error_code(), gpu::errc::invalid_handle);
  // A driver code: the driver's name, from the table.
  gpu::error fault(700, "CUDA_ERROR_ILLEGAL_ADDRESS", "kernel 'k' faulted");
  EXPECT_EQ(fault.error_code().message(), "CUDA_ERROR_ILLEGAL_ADDRESS");
  EXPECT_EQ(fault.error_code().category(), gpu::category());
  // Not a std::errc: another category.
  EXPECT_NE(e.error_code(), std::errc::invalid_argument);
}

} // namespace error_codes
