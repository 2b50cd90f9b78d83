// Building gpu::error values: names for Alloy's and the driver's codes, and
// messages for failed driver calls.
#ifndef ALLOY_RUNTIME_ERRORS_HPP
#define ALLOY_RUNTIME_ERRORS_HPP

#include "driver_api.hpp"

#include <cstdint>
#include <expected>
#include <string>
#include <string_view>

namespace gpu::detail {

struct kernel_record;

// ALLOY_ERROR_* for Alloy's codes, the driver's CUDA_ERROR_* otherwise
// (asked of `api` when given, else from a table copied from cuda.h).
std::string error_name(int code, const cu::driver_api *api = nullptr);

gpu::error make_error(int code, std::string message);

// An address or a bit pattern as messages print it: "0x7f..." (lowercase).
std::string hex(uint64_t value);

inline std::unexpected<gpu::error> fail(int code, std::string message) {
  return std::unexpected(make_error(code, std::move(message)));
}

// "WHAT: CUDA_ERROR_X (the driver's description)".
gpu::error driver_error(const cu::driver_api *api, int code,
                        std::string_view what);

// Faults that leave a context unusable (CUDA's sticky errors).
bool is_sticky_fault(int code) noexcept;

// What else to tell about a kernel fault: for an illegal address, a launch
// failure or a hardware stack error, that a stack overflow in recursive
// code is a possible cause and how to raise the stack. Empty otherwise.
// What to add to a fault's message: a stack hint for faults of a kernel
// that recurses (or of an unknown kernel).
std::string_view fault_hint(int code, const kernel_record *kernel) noexcept;

} // namespace gpu::detail

#endif // ALLOY_RUNTIME_ERRORS_HPP
