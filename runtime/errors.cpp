#include "errors.hpp"
#include "module_registry.hpp"

#include <cstdio>
#include <utility>

namespace gpu::detail {
namespace {

struct code_name {
  int code;
  const char *name;
};

constexpr code_name alloy_names[] = {
    {errc::no_driver, "ALLOY_ERROR_NO_DRIVER"},
    {errc::kernel_not_compiled, "ALLOY_ERROR_KERNEL_NOT_COMPILED"},
    {errc::invalid_config, "ALLOY_ERROR_INVALID_CONFIG"},
    {errc::contract_violation, "ALLOY_ERROR_CONTRACT_VIOLATION"},
    {errc::no_contract, "ALLOY_ERROR_NO_CONTRACT"},
    {errc::aliasing, "ALLOY_ERROR_ALIASING"},
    {errc::module_load, "ALLOY_ERROR_MODULE_LOAD"},
    {errc::invalid_module, "ALLOY_ERROR_INVALID_MODULE"},
    {errc::signature_mismatch, "ALLOY_ERROR_SIGNATURE_MISMATCH"},
    {errc::size_mismatch, "ALLOY_ERROR_SIZE_MISMATCH"},
    {errc::arch_mismatch, "ALLOY_ERROR_ARCH_MISMATCH"},
    {errc::invalid_handle, "ALLOY_ERROR_INVALID_HANDLE"},
    {errc::out_of_range, "ALLOY_ERROR_OUT_OF_RANGE"},
    {errc::invalid_state, "ALLOY_ERROR_INVALID_STATE"},
    {errc::no_nccl, "ALLOY_ERROR_NO_NCCL"},
    {errc::nccl_error, "ALLOY_ERROR_NCCL"},
    {errc::invalid_tensor_map, "ALLOY_ERROR_INVALID_TENSOR_MAP"},
    {errc::not_device_memory, "ALLOY_ERROR_NOT_DEVICE_MEMORY"},
};

constexpr code_name driver_names[] = {
#include "driver_error_names.inc"
};

const char *table_name(int code) {
  for (const code_name &entry : alloy_names)
    if (entry.code == code)
      return entry.name;
  for (const code_name &entry : driver_names)
    if (entry.code == code)
      return entry.name;
  return nullptr;
}

} // namespace

std::string error_name(int code, const cu::driver_api *api) {
  if (const char *name = table_name(code))
    return name;
  const char *name = nullptr;
  if (api && api->cuGetErrorName(code, &name) == cu::CUDA_SUCCESS && name)
    return name;
  return "CUDA_ERROR_" + std::to_string(code);
}

std::string hex(uint64_t value) {
  char text[24];
  std::snprintf(text, sizeof(text), "0x%llx", (unsigned long long)value);
  return text;
}

gpu::error make_error(int code, std::string message) {
  return gpu::error(code, error_name(code), std::move(message));
}

gpu::error driver_error(const cu::driver_api *api, int code,
                        std::string_view what) {
  std::string name = error_name(code, api);
  std::string message(what);
  message += ": ";
  message += name;
  const char *text = nullptr;
  if (api && api->cuGetErrorString(code, &text) == cu::CUDA_SUCCESS && text) {
    message += " (";
    message += text;
    message += ")";
  }
  return gpu::error(code, std::move(name), std::move(message));
}

// The advice every stack hint ends with (one literal, so the hints stay
// static strings).
#define ALLOY_RAISE_STACK                                                      \
  "raise the per-thread stack before launching with "                          \
  "ctx.set_limit(gpu::limit::stack_size, bytes) "                              \
  "(cuCtxSetLimit(CU_LIMIT_STACK_SIZE))"

std::string_view fault_hint(int code, const kernel_record *kernel) noexcept {
  switch (code) {
  case 714: // CUDA_ERROR_HARDWARE_STACK_ERROR
    return "; the kernel's stack overflowed, " ALLOY_RAISE_STACK;
  case 700: // CUDA_ERROR_ILLEGAL_ADDRESS
  case 719: // CUDA_ERROR_LAUNCH_FAILED
    // The driver sizes the stack of kernels without recursion itself; the
    // compiler marks the others (`recursive` in the module metadata).
    if (!kernel)
      return "; if the kernel calls functions recursively, a stack overflow "
             "is a possible cause: " ALLOY_RAISE_STACK;
    if (kernel->recursive)
      return "; the kernel calls functions recursively, so a stack overflow "
             "is a likely cause: " ALLOY_RAISE_STACK;
    return {};
  default:
    return {};
  }
}
#undef ALLOY_RAISE_STACK

bool is_sticky_fault(int code) noexcept {
  switch (code) {
  case 700: // CUDA_ERROR_ILLEGAL_ADDRESS
  case 702: // CUDA_ERROR_LAUNCH_TIMEOUT
  case 710: // CUDA_ERROR_ASSERT
  case 714: // CUDA_ERROR_HARDWARE_STACK_ERROR
  case 715: // CUDA_ERROR_ILLEGAL_INSTRUCTION
  case 716: // CUDA_ERROR_MISALIGNED_ADDRESS
  case 717: // CUDA_ERROR_INVALID_ADDRESS_SPACE
  case 718: // CUDA_ERROR_INVALID_PC
  case 719: // CUDA_ERROR_LAUNCH_FAILED
    return true;
  default:
    return false;
  }
}

} // namespace gpu::detail

namespace gpu {
namespace {
// error::code()'s category: Alloy's and the driver's codes, named from the
// tables (no driver call: a category outlives any context).
class gpu_category final : public std::error_category {
public:
  const char *name() const noexcept override { return "gpu"; }
  std::string message(int code) const override {
    return detail::error_name(code);
  }
};
} // namespace

const std::error_category &category() noexcept {
  static const gpu_category instance;
  return instance;
}

std::error_code errc::make_error_code(code c) noexcept {
  return {int(c), category()};
}

std::error_code error::error_code() const noexcept {
  return {code_, category()};
}

} // namespace gpu
