// RUN: %clangxx -fsyntax-only -Wno-unknown-attributes %s
// <gpu/errors.hpp> stands alone: the error type, the codes as an enum that
// converts to int, their std::error_category, and gpu::result.
#include <gpu/errors.hpp>

#include <system_error>
#include <type_traits>

static_assert(std::is_convertible_v<gpu::errc::code, int>);
static_assert(std::is_error_code_enum_v<gpu::errc::code>);
static_assert(gpu::errc::aliasing == 100006);

gpu::result<int> pick(bool ok) {
  if (!ok)
    return std::unexpected(gpu::error(gpu::errc::out_of_range,
                                      "ALLOY_ERROR_OUT_OF_RANGE", "too big"));
  return 1;
}

bool same(const gpu::error &e) {
  std::error_code ec = e.error_code();
  return ec == gpu::errc::out_of_range && &ec.category() == &gpu::category();
}
