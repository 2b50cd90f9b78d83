// The interface between the launch templates of <gpu/launch.hpp> and
// liballoy_runtime: plain descriptions of a kernel, a configuration and the
// arguments, and the two entry points that check and launch them.
#ifndef GPU_DETAIL_LAUNCH_ABI_HPP
#define GPU_DETAIL_LAUNCH_ABI_HPP

#include <gpu/context.hpp>
#include <gpu/detail/cpu_thread.hpp>
#include <gpu/detail/launch_kernel_name.hpp>
#include <gpu/launch_config.hpp>

#include <concepts>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

namespace gpu::detail {

// How a kernel parameter is used; the names match the `param` records of
// the module metadata (module_abi.h).
enum class param_kind : uint8_t { input, output, raw_output, scalar };

// One C++ parameter as the launch templates see it.
struct param_desc {
  param_kind kind;
  uint64_t size; // sizeof the parameter type
};

// A kernel: its host function's address (the registry key), what its name
// in messages is made from when the registry does not know it, and the
// entry that calls the host function with one object per parameter (the
// CPU device). A constant: one per kernel, built by the compiler.
struct kernel_key {
  const void *address;
  std::string_view static_name; // kernel_static_name<K>()
  const void *tag;              // kernel_tag_of<K>()
  void (*invoke)(void *const *objects) = nullptr;
  // Every thread of `count` blocks from linear block `first`, in order,
  // with `state` describing the grid (bid, tid and lane advance): kernels
  // whose threads never wait.
  void (*invoke_blocks)(void *const *objects, cpu::thread_state *state,
                        uint64_t first, uint64_t count) = nullptr;
};

// A launch configuration of any rank, extents kept wide for the checks.
struct launch_dims {
  int rank = 1;
  uint64_t grid[3] = {1, 1, 1};
  uint64_t block[3] = {1, 1, 1};
  uint64_t shared_bytes = 0;
  bool cooperative = false; // cuLaunchCooperativeKernel: grid-wide sync
};

// A buffer argument's device range, for the overlap check at launch.
struct buffer_arg {
  uint32_t argument; // 1-based position in the call
  uint64_t address;
  uint64_t bytes;
  bool output; // passed to a disjoint_span<T> or T* parameter
};

// A kernel resolved in one context with a checked configuration.
struct kernel_handle {
  std::shared_ptr<context_state> ctx;
  const kernel_record *kernel = nullptr;
  void *function = nullptr; // CUfunction
  launch_dims dims;
};

// How prepare_kernel treats the kernel's launch contract.
enum class contract_use : uint8_t {
  required,   // gpu::prepare: needs one; checks rank and block shape
  block_only, // gpu::launch_unchecked: checks the block shape if there is one
};

template <class C>
concept launch_config = std::same_as<C, launch_config_1d> ||
    std::same_as<C, launch_config_2d> || std::same_as<C, launch_config_3d>;

constexpr launch_dims to_dims(const launch_config_1d &c) noexcept {
  return {1, {c.grid, 1, 1}, {c.block, 1, 1}, c.shared_bytes, c.cooperative};
}
constexpr launch_dims to_dims(const launch_config_2d &c) noexcept {
  return {2,
          {c.grid.x, c.grid.y, 1},
          {c.block.x, c.block.y, 1},
          c.shared_bytes,
          c.cooperative};
}
constexpr launch_dims to_dims(const launch_config_3d &c) noexcept {
  return {3,
          {c.grid.x, c.grid.y, c.grid.z},
          {c.block.x, c.block.y, c.block.z},
          c.shared_bytes,
          c.cooperative};
}

// Finds the kernel's registered code (before touching the device, so that
// an unregistered kernel is reported as such), checks the signature against
// the module's, the configuration against the contract and the device, and
// loads the module into the context if needed.
result<kernel_handle> prepare_kernel(const kernel_key &kernel,
                                     const context &ctx,
                                     const launch_dims &dims,
                                     std::span<const param_desc> params,
                                     contract_use contract);
// The same, in the context of stream `s`.
result<kernel_handle> prepare_kernel(const kernel_key &kernel, const stream &s,
                                     const launch_dims &dims,
                                     std::span<const param_desc> params,
                                     contract_use contract);

// Launches a prepared kernel. `objects[i]` points at an object of the i-th
// parameter's C++ type; the runtime splits each into its PTX parameters.
// Overlap of an output with any other buffer is an error, nothing launched.
// The bytes from `address` to the end of its device allocation, which must
// belong to the kernel's context (a launch's gpu::device_ptr argument, the
// 1-based `argument`); else ALLOY_ERROR_NOT_DEVICE_MEMORY.
result<uint64_t> device_pointer_extent(const kernel_handle &kernel,
                                       uint64_t address, uint32_t argument);

result<void> launch_kernel(stream &s, const kernel_handle &kernel,
                           std::span<void *const> objects,
                           std::span<const buffer_arg> buffers);

// The CPU device's entries, shared by the kernels of one signature: a
// kernel is a run-time argument here, made a constant (and the call
// direct) when its host_entry<K> member inlines them. Per kernel, the
// front end instantiates two one-line functions only.
template <class... P> struct thread_entry {
  template <class R, std::size_t... I>
  [[gnu::always_inline]] static void
  call(R (*kernel)(P...), void *const *objects, std::index_sequence<I...>) {
    kernel(*static_cast<std::remove_cvref_t<P> *>(objects[I])...);
  }
  // Every thread of `count` blocks from linear block `first`. The
  // parameters are copied into locals once (each thread still gets its
  // own copy), so that the optimizer keeps them in registers.
  template <class R, std::size_t... I>
  [[gnu::always_inline]] static void
  blocks(R (*kernel)(P...), void *const *objects, cpu::thread_state *state,
         uint64_t first, uint64_t count, std::index_sequence<I...>) {
    std::tuple<std::remove_cvref_t<P>...> params(
        *static_cast<std::remove_cvref_t<P> *>(objects[I])...);
    cpu::current = state; // (also tells the optimizer where it points)
    const cpu::dim3u d = state->bdim, g = state->gdim;
    cpu::dim3u b = {uint32_t(first % g.x), uint32_t(first / g.x % g.y),
                    uint32_t(first / g.x / g.y)};
    for (uint64_t n = 0; n < count; ++n) {
      state->bid = b;
      uint32_t rank = 0;
      for (uint32_t z = 0; z < d.z; ++z)
        for (uint32_t y = 0; y < d.y; ++y)
          for (uint32_t x = 0; x < d.x; ++x, ++rank) {
            state->tid = {x, y, z};
            state->lane = rank % 32;
            kernel(std::get<I>(params)...);
          }
      if (++b.x == g.x) {
        b.x = 0;
        if (++b.y == g.y) {
          b.y = 0;
          ++b.z;
        }
      }
    }
  }
};

// Calls kernel K with copies of the objects, as each GPU thread gets the
// parameters. (The plugin finds these members by their names, and K among
// their calls' arguments: see EmbedDeviceImage and HostBlockLoops.)
template <auto K, class F> struct host_entry;
template <auto K, class R, class... P> struct host_entry<K, R (*)(P...)> {
  static void invoke(void *const *objects) {
    thread_entry<P...>::call(K, objects, std::index_sequence_for<P...>{});
  }
  static void invoke_blocks(void *const *objects, cpu::thread_state *state,
                            uint64_t first, uint64_t count) {
    thread_entry<P...>::blocks(K, objects, state, first, count,
                               std::index_sequence_for<P...>{});
  }
};
template <auto K, class R, class... P>
struct host_entry<K, R (*)(P...) noexcept> : host_entry<K, R (*)(P...)> {};

// Constant-initialized (no guard, no code per kernel beyond the entries).
template <auto K> const kernel_key &kernel_key_of() {
  using entry = host_entry<K, std::decay_t<decltype(K)>>;
  // (The name is a constant of its own: beside the reinterpret_cast, clang
  // would not fold the call.)
  static constexpr std::string_view name = kernel_static_name<K>();
  static const kernel_key key = {reinterpret_cast<const void *>(K), name,
                                 kernel_tag_of<K>(), &entry::invoke,
                                 &entry::invoke_blocks};
  return key;
}

} // namespace gpu::detail

#endif // GPU_DETAIL_LAUNCH_ABI_HPP
