// gpu::prepare and gpu::launch: type-checked, contract-validated kernel
// launches (part of <gpu/runtime.hpp>).
#ifndef GPU_LAUNCH_HPP
#define GPU_LAUNCH_HPP

#include <gpu/context.hpp>
#include <gpu/detail/launch_abi.hpp>
#include <gpu/detail/launch_checks.hpp>
#include <gpu/detail/launch_marshal.hpp>
#include <gpu/device_buffer.hpp>
#include <gpu/launch_config.hpp>

#include <utility>

namespace gpu {

// `config` with cooperative = true (cudaLaunchCooperativeKernel).
template <detail::launch_config Config>
constexpr Config cooperative(Config config) noexcept {
  config.cooperative = true;
  return config;
}

// ------------------------------------------------------------- launching --

// A configuration checked against one kernel's contract and one device:
// a cheap copyable token that launches only kernel K.
template <auto K> class prepared {
public:
  const detail::launch_dims &dims() const noexcept { return handle_.dims; }

private:
  explicit prepared(detail::kernel_handle handle)
      : handle_(std::move(handle)) {}
  friend struct detail::prepared_access;
  detail::kernel_handle handle_;
};

namespace detail {
struct prepared_access {
  template <auto K> static prepared<K> make(kernel_handle handle) {
    return prepared<K>(std::move(handle));
  }
  template <auto K>
  static const kernel_handle &handle(const prepared<K> &p) noexcept {
    return p.handle_;
  }
};
} // namespace detail

// Checks `config` against K's launch contract and the device's limits, and
// loads K's module into `ctx` if needed.
template <auto K, detail::launch_config Config>
result<prepared<K>> prepare(const context &ctx, const Config &config) {
  detail::assert_kernel<K>();
  auto handle = detail::prepare_kernel(
      detail::kernel_key_of<K>(), ctx, detail::to_dims(config),
      detail::param_descs<K>(), detail::contract_use::required);
  if (!handle)
    return std::unexpected(handle.error());
  return detail::prepared_access::make<K>(std::move(*handle));
}

// Launches a prepared kernel on `s`, asynchronously. The arguments are
// checked at compile time against K's parameters, and output buffers
// against the others for overlap at run time.
template <auto K, class... Args>
result<void> launch(stream &s, const prepared<K> &p, Args &&...args) {
  detail::diagnose_arguments<K, Args...>();
  if constexpr (detail::arguments_accepted<K, Args...>())
    return detail::marshal_and_launch<K>(s, detail::prepared_access::handle(p),
                                         std::forward<Args>(args)...);
  else
    return detail::rejected_launch(), result<void>{};
}

// A launch without a contract: the device's limits are checked (and the
// contract's block shape, if K has one), the arguments as for launch().
template <auto K, detail::launch_config Config, class... Args>
result<void> launch_unchecked(stream &s, const Config &config, Args &&...args) {
  detail::diagnose_arguments<K, Args...>();
  if constexpr (detail::arguments_accepted<K, Args...>()) {
    using sig = detail::kernel_signature<decltype(K)>;
    return detail::prepare_and_marshal(
        typename sig::params{}, std::index_sequence_for<Args...>{}, s,
        detail::kernel_key_of<K>(), detail::to_dims(config), args...);
  } else {
    return detail::rejected_launch(), result<void>{};
  }
}

} // namespace gpu

#endif // GPU_LAUNCH_HPP
