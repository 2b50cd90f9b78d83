// Alloy's errors: gpu::error (a code, its name and a message), the codes
// Alloy adds to the driver's (gpu::errc), their std::error_category
// (gpu::category()), gpu::exception and gpu::result<T>, a std::expected
// whose value() throws gpu::exception. Stands alone; <gpu/runtime.hpp>
// includes it.
#ifndef GPU_ERRORS_HPP
#define GPU_ERRORS_HPP

#include <expected>
#include <stdexcept>
#include <string>
#include <system_error>
#include <type_traits>
#include <utility>

namespace gpu {

// Alloy's own error codes. error::code() is either the driver's CUresult
// (below 100000) or one of these; error::name() is the name in the comment.
namespace errc {
// Unscoped, so that a code compares with (and switches on) error::code(),
// an int; in a namespace of its own, so that the names stay out of gpu::.
enum code : int {
  // ALLOY_ERROR_NO_DRIVER: libcuda.so.1 could not be loaded or lacks a symbol.
  no_driver = 100001,
  // ALLOY_ERROR_KERNEL_NOT_COMPILED: the kernel's file was not compiled with
  // the Alloy plugin, so no GPU code is registered for it.
  kernel_not_compiled = 100002,
  // ALLOY_ERROR_INVALID_CONFIG: a zero extent, or an extent, thread count or
  // shared memory size above the device's limits.
  invalid_config = 100003,
  // ALLOY_ERROR_CONTRACT_VIOLATION: block shape or rank differs from the
  // kernel's launch contract.
  contract_violation = 100004,
  // ALLOY_ERROR_NO_CONTRACT: gpu::prepare of a kernel without a contract.
  no_contract = 100005,
  // ALLOY_ERROR_ALIASING: an output buffer overlaps another buffer argument.
  aliasing = 100006,
  // ALLOY_ERROR_MODULE_LOAD: the driver rejected the embedded cubin/PTX, or the
  // kernel's symbol is missing from it.
  module_load = 100007,
  // ALLOY_ERROR_INVALID_MODULE: a registered module image is malformed (bad
  // metadata text, unknown ABI version).
  invalid_module = 100008,
  // ALLOY_ERROR_SIGNATURE_MISMATCH: the module's parameter list does not match
  // the kernel's C++ signature (count, size or kind).
  signature_mismatch = 100009,
  // ALLOY_ERROR_SIZE_MISMATCH: host and device sizes differ in a copy.
  size_mismatch = 100010,
  // ALLOY_ERROR_ARCH_MISMATCH: the code was compiled for a newer GPU.
  arch_mismatch = 100011,
  // ALLOY_ERROR_INVALID_HANDLE: a moved-from object, or objects of different
  // contexts used together.
  invalid_handle = 100012,
  // ALLOY_ERROR_OUT_OF_RANGE: a size that does not fit (element count times
  // element size overflows, device ordinal out of range).
  out_of_range = 100013,
  // ALLOY_ERROR_INVALID_STATE: a call that the object's state does not allow
  // (a blocking call or an allocation on a stream that is capturing a graph,
  // end_capture without begin_capture).
  invalid_state = 100014,
  // ALLOY_ERROR_NO_NCCL: NCCL (libnccl.so.2, or ALLOY_NCCL_LIBRARY) could not
  // be loaded or lacks a function (<gpu/nccl.hpp>).
  no_nccl = 100015,
  // ALLOY_ERROR_NCCL: an NCCL call failed; the message names the call, the
  // rank and device, and NCCL's error.
  nccl_error = 100016,
  // ALLOY_ERROR_INVALID_TENSOR_MAP: a gpu::tensor_map the tensor memory
  // accelerator cannot use (rank, shape, strides, box, alignment, swizzle);
  // the message names the dimension and the rule (<gpu/tma.hpp>).
  invalid_tensor_map = 100017,
  // ALLOY_ERROR_NOT_DEVICE_MEMORY: a pointer that should name device memory
  // of the context does not: a gpu::device_ptr launch argument, or
  // gpu::free_device of memory that gpu::malloc_device did not allocate
  // (<gpu/device_memory.hpp>).
  not_device_memory = 100018,
};
// std::error_code{code, gpu::category()}: `std::error_code ec =
// gpu::errc::aliasing;` and comparisons with error::error_code().
std::error_code make_error_code(code c) noexcept;
} // namespace errc

class error {
public:
  error() = default;
  error(int code, std::string name, std::string message)
      : code_(code), name_(std::move(name)), message_(std::move(message)) {}

  int code() const noexcept { return code_; }
  // code() in gpu::category(), for code that works with std::error_code.
  std::error_code error_code() const noexcept;
  const std::string &name() const noexcept { return name_; }
  const std::string &message() const noexcept { return message_; }

private:
  int code_ = 0;
  std::string name_;
  std::string message_;
};

class exception : public std::runtime_error {
public:
  explicit exception(gpu::error e)
      : std::runtime_error(e.message()), error_(std::move(e)) {}
  const gpu::error &error() const noexcept { return error_; }

private:
  gpu::error error_;
};

// std::expected whose value() throws gpu::exception instead of
// std::bad_expected_access, so that `.value()` gives a readable failure.
template <class T>
class [[nodiscard]] result : public std::expected<T, gpu::error> {
  using base = std::expected<T, gpu::error>;

public:
  using value_type = T;
  using error_type = gpu::error;
  using base::base;
  result(const base &b) : base(b) {}
  result(base &&b) : base(std::move(b)) {}

  constexpr T &value() & { return check(), **this; }
  constexpr const T &value() const & { return check(), **this; }
  constexpr T &&value() && { return check(), std::move(**this); }
  constexpr const T &&value() const && { return check(), std::move(**this); }

private:
  constexpr void check() const {
    if (!this->has_value())
      throw exception(this->error());
  }
};

template <>
class [[nodiscard]] result<void> : public std::expected<void, gpu::error> {
  using base = std::expected<void, gpu::error>;

public:
  using value_type = void;
  using error_type = gpu::error;
  using base::base;
  result(const base &b) : base(b) {}
  result(base &&b) : base(std::move(b)) {}

  void value() const {
    if (!has_value())
      throw exception(error());
  }
};

// The error's code, 0 for a success: what a cudaError_t that code uses as
// an integer (`exit(err)`, `printf("%d", err)`) becomes in a port.
template <class T> int code_of(const result<T> &r) noexcept {
  return r.has_value() ? 0 : r.error().code();
}

// The category of error::code(): the driver's CUresult values (below
// 100000) and gpu::errc's. name() is "gpu"; message(c) is the code's name
// (CUDA_ERROR_..., ALLOY_ERROR_...).
const std::error_category &category() noexcept;

} // namespace gpu

template <> struct std::is_error_code_enum<gpu::errc::code> : std::true_type {};

#endif // GPU_ERRORS_HPP
