// Alloy's host API: errors as values, devices, contexts, streams, buffers,
// launch configurations and kernel launches (README.md, docs/design.md).
//
// Nothing here needs the CUDA headers: liballoy_runtime loads the driver
// with dlopen, so a program built without the plugin or run without a GPU
// still compiles, links and reports its failures as gpu::error values.
#ifndef GPU_RUNTIME_HPP
#define GPU_RUNTIME_HPP

#include <gpu/device.hpp>
#include <gpu/errors.hpp>

#include <compare>
#include <cstddef>
#include <cstdint>
#include <expected>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace gpu {

// ------------------------------------------------------- devices, limits --

struct sm_version {
  int major = 0;
  int minor = 0;
  friend constexpr auto operator<=>(const sm_version &,
                                    const sm_version &) = default;
};

class context;
class stream;
class event;
class graph;
struct device_properties;

namespace detail {
struct context_state;
struct stream_state;
struct event_state;
struct graph_state;
struct kernel_record;
struct runtime_access;
struct prepared_access;
struct buffer_access;

// What the launch checks need to know about a device; a plain struct so
// that the checks can be tested without one.
struct device_limits {
  sm_version compute_capability{};
  uint32_t max_threads_per_block = 1024;
  uint32_t max_block[3] = {1024, 1024, 64};
  uint32_t max_grid[3] = {2147483647u, 65535u, 65535u};
  uint64_t max_shared_per_block = 48 * 1024; // the opt-in maximum
};
} // namespace detail

class device_info {
public:
  int ordinal() const noexcept { return ordinal_; }
  const std::string &name() const noexcept { return name_; }
  sm_version compute_capability() const noexcept {
    return limits_.compute_capability;
  }
  int multiprocessor_count() const noexcept { return multiprocessors_; }
  int max_threads_per_block() const noexcept {
    return int(limits_.max_threads_per_block);
  }
  // The most shared memory one block may use (the opt-in maximum).
  size_t shared_memory_per_block() const noexcept {
    return size_t(limits_.max_shared_per_block);
  }
  size_t total_memory() const noexcept { return total_memory_; }
  const detail::device_limits &limits() const noexcept { return limits_; }
  // The CPU device (docs/cpu-device.md): kernels run on the processor's
  // threads; compute_capability() is 0.0.
  bool is_cpu() const noexcept { return cpu_; }

private:
  friend struct detail::runtime_access;
  bool cpu_ = false;
  int ordinal_ = -1;
  std::string name_;
  int multiprocessors_ = 0;
  size_t total_memory_ = 0;
  detail::device_limits limits_;
};

[[nodiscard]] result<int> device_count();

// ------------------------------------------------------ contexts, streams --

// A queue of work on one device. Launches and copies on it run in order;
// launches return before the kernel has run.
class stream {
public:
  // Empty, as a moved-from stream: every call on it fails with
  // ALLOY_ERROR_INVALID_HANDLE until a stream is moved into it.
  stream() = default;
  stream(stream &&) noexcept;
  stream &operator=(stream &&) noexcept;
  ~stream();

  // Waits for everything queued; reports a fault of an earlier launch,
  // naming its kernel.
  result<void> synchronize();
  // Makes work queued on this stream after the call wait until the work
  // before `e`'s last record (on any stream of the same context) has
  // finished (cuStreamWaitEvent). Returns at once; the host does not wait.
  // An event never recorded is complete, so waiting on it does nothing.
  result<void> wait(const event &e);

  // Interop: the CUstream, for CUDA libraries (cublasSetStream, ...); null
  // for a context's default stream (CUDA's legacy default stream).
  void *native_handle() const noexcept;
  // A stream made by other CUDA code (a CUstream or cudaStream_t), used
  // but never destroyed by Alloy. It must belong to `ctx`'s CUDA context
  // (cuStreamGetCtx), else ALLOY_ERROR_INVALID_HANDLE.
  static result<stream> wrap(const context &ctx, void *native);
  // False for the default stream and wrapped ones.
  bool owns_handle() const noexcept;

  // CUDA graphs (<gpu/graph.hpp>): records the work queued on this stream
  // between begin_capture and end_capture into a graph instead of running
  // it. Not on a context's default stream (CUDA's legacy default stream
  // cannot be captured): use context::create_stream.
  result<void> begin_capture();
  result<graph> end_capture();
  bool capturing() const noexcept;
  // begin_capture, body(), end_capture; body returns void or
  // result<void>, and an error it returns ends the capture and is
  // returned. Defined in <gpu/graph.hpp>.
  template <class F> result<graph> capture(F &&body);

private:
  friend struct detail::runtime_access;
  std::shared_ptr<detail::stream_state> state_;
};

// A point in a stream's queue, for timing and waiting (CUDA's cudaEvent_t).
// Made by context::create_event(); move-only.
class event {
public:
  // Empty, as a moved-from event (ALLOY_ERROR_INVALID_HANDLE on use).
  event() = default;
  event(event &&) noexcept;
  event &operator=(event &&) noexcept;
  ~event();

  // Marks the point after everything queued on `s` so far; recording again
  // moves the mark.
  result<void> record(stream &s);
  // Waits until the work before the mark has finished.
  result<void> synchronize();
  // Without waiting: true when the work before the mark has finished (or
  // the event was never recorded), false while it is still pending.
  result<bool> query() const;
  // Interop: the CUevent (cudaEvent_t).
  void *native_handle() const noexcept;

private:
  friend struct detail::runtime_access;
  std::shared_ptr<detail::event_state> state_;
};

// Milliseconds of GPU time between two recorded events of one context,
// once both have completed (about half a microsecond of resolution), as
// cudaEventElapsedTime. An event not yet recorded is an error.
result<float> elapsed_ms(const event &start, const event &end);

// Per-context resource limits (CUDA's CUlimit).
enum class limit {
  // Bytes of stack per GPU thread. Recursive device code needs enough for
  // its deepest call chain: the driver cannot size it from the code.
  stack_size = 0,
  // Bytes of the FIFO that gpu::printf output passes through before the
  // host prints it; output beyond it between synchronizations is lost.
  printf_fifo_size = 1,
  // Bytes of the heap for device-side malloc (set before any launch that
  // uses it).
  malloc_heap_size = 2,
};

// The primary context of one device. Move-only; buffers and streams keep
// the device context alive until they are gone too.
class context {
public:
  // GPU `ordinal`; where no GPU is found (no driver, or no device), the CPU
  // device, saying so once on stderr. The environment variable
  // ALLOY_DEVICE=cpu picks the CPU device, ALLOY_DEVICE=gpu forbids it.
  static result<context> create(int ordinal = 0);
  // The CPU device, whatever the machine has.
  static result<context> create_cpu();

  context(context &&) noexcept;
  context &operator=(context &&) noexcept;
  ~context();

  const device_info &device() const noexcept;
  stream &default_stream() noexcept;
  result<stream> create_stream();
  result<event> create_event();
  result<void> synchronize();
  // Interop: the device's primary CUcontext, which the CUDA runtime API
  // (cudart, cuBLAS, ...) uses too.
  void *native_handle() const noexcept;

  // cuCtxSetLimit/cuCtxGetLimit. The driver may round the value up; read
  // it back with get_limit. The limits belong to the device's primary
  // context, so they hold for every gpu::context of the device.
  result<void> set_limit(limit which, size_t bytes);
  result<size_t> get_limit(limit which) const;

  // Everything cuDeviceGetAttribute says about this context's device that
  // tuning needs (<gpu/device_properties.hpp>).
  result<device_properties> properties() const;

private:
  context() = default;
  friend struct detail::runtime_access;
  std::shared_ptr<detail::context_state> state_;
  std::unique_ptr<stream> default_stream_;
};

// --------------------------------------------------------------- buffers --

namespace detail {
// Untyped device memory; device_buffer<T> is a typed view of it. Every
// operation checks sizes and reports errors; copies wait for the stream.
// The memory is freed with the last buffer that shares it (a whole buffer
// and its views); a wrapped buffer (interop) frees nothing.
class raw_buffer {
public:
  raw_buffer() noexcept = default;
  raw_buffer(raw_buffer &&other) noexcept;
  raw_buffer &operator=(raw_buffer &&other) noexcept;
  ~raw_buffer();

  static result<raw_buffer> allocate(stream &s, size_t count, size_t elem_size,
                                     bool zero);
  // Device memory allocated by other code, which this buffer never frees.
  static result<raw_buffer> wrap(const context &ctx, uint64_t address,
                                 size_t count, size_t elem_size);
  // Elements [offset, offset + count) of this buffer, sharing its memory.
  result<raw_buffer> view(size_t offset, size_t count, size_t elem_size) const;
  result<void> upload(stream &s, const void *src, size_t count,
                      size_t elem_size);
  result<void> download(stream &s, void *dst, size_t count,
                        size_t elem_size) const;

  uint64_t address() const noexcept { return address_; }
  size_t bytes() const noexcept { return bytes_; }
  // False for a buffer that wraps memory allocated by other code.
  bool owns_memory() const noexcept { return owner_ != nullptr; }

private:
  friend struct runtime_access;
  std::shared_ptr<context_state> ctx_;
  std::shared_ptr<void> owner_; // the allocation; null when wrapped
  uint64_t address_ = 0;
  size_t bytes_ = 0;
};
} // namespace detail

template <class T> class device_buffer {
  static_assert(std::is_trivially_copyable_v<T>,
                "gpu::device_buffer<T> needs a trivially copyable T");
  static_assert(!std::is_const_v<T> && !std::is_volatile_v<T>,
                "gpu::device_buffer<T> needs an unqualified T");

public:
  using value_type = T;

  device_buffer() noexcept = default;

  static result<device_buffer> from_host(stream &s, std::span<const T> host) {
    auto raw = detail::raw_buffer::allocate(s, host.size(), sizeof(T), false);
    if (!raw)
      return std::unexpected(raw.error());
    if (auto done = raw->upload(s, host.data(), host.size(), sizeof(T)); !done)
      return std::unexpected(done.error());
    return device_buffer(std::move(*raw));
  }
  static result<device_buffer> zeroed(stream &s, size_t n) {
    return make(detail::raw_buffer::allocate(s, n, sizeof(T), true));
  }
  static result<device_buffer> uninitialized(stream &s, size_t n) {
    return make(detail::raw_buffer::allocate(s, n, sizeof(T), false));
  }
  // Interop: `n` elements at `address` (a CUdeviceptr, or a pointer from
  // cudaMalloc converted with reinterpret_cast<std::uintptr_t>), allocated
  // by other CUDA code, which stays responsible for freeing it; destroying
  // the buffer frees nothing. The memory must belong to `ctx`'s CUDA
  // context (cuPointerGetAttribute) and hold `n` elements.
  static result<device_buffer> wrap(const context &ctx, std::uintptr_t address,
                                    size_t n) {
    return make(detail::raw_buffer::wrap(ctx, address, n, sizeof(T)));
  }

  // Copies the whole buffer to the host, waiting for the stream.
  result<std::vector<T>> to_host(stream &s) const {
    std::vector<T> host(size());
    if (auto done = raw_.download(s, host.data(), host.size(), sizeof(T));
        !done)
      return std::unexpected(done.error());
    return host;
  }
  // Both return once the host memory may be reused or read.
  result<void> copy_from_host(stream &s, std::span<const T> host) {
    return raw_.upload(s, host.data(), host.size(), sizeof(T));
  }
  result<void> copy_to_host(stream &s, std::span<T> host) const {
    return raw_.download(s, host.data(), host.size(), sizeof(T));
  }

  // Elements [offset, offset + count) as a buffer of their own, which
  // keeps the memory alive and is passed to kernels and copies exactly as
  // a whole buffer (launches check views for overlap too). Beyond the
  // buffer's end: ALLOY_ERROR_OUT_OF_RANGE.
  result<device_buffer> view(size_t offset, size_t count) {
    return make(raw_.view(offset, count, sizeof(T)));
  }
  // From `offset` to the end.
  result<device_buffer> view(size_t offset) {
    return view(offset, offset <= size() ? size() - offset : 0);
  }

  size_t size() const noexcept { return raw_.bytes() / sizeof(T); }
  size_t bytes() const noexcept { return raw_.bytes(); }
  bool empty() const noexcept { return raw_.bytes() == 0; }
  // The device address, for the launch machinery and interop.
  uint64_t device_address() const noexcept { return raw_.address(); }
  // Interop: the CUdeviceptr; reinterpret_cast<T *> of it is the pointer
  // that CUDA libraries take.
  std::uintptr_t native_handle() const noexcept {
    return std::uintptr_t(raw_.address());
  }
  // False for a buffer that wraps memory allocated by other code.
  bool owns_memory() const noexcept { return raw_.owns_memory(); }

private:
  friend struct detail::buffer_access;
  explicit device_buffer(detail::raw_buffer raw) : raw_(std::move(raw)) {}
  static result<device_buffer> make(result<detail::raw_buffer> raw) {
    if (!raw)
      return std::unexpected(raw.error());
    return device_buffer(std::move(*raw));
  }
  detail::raw_buffer raw_;
};

} // namespace gpu

#include <gpu/graph.hpp>
#include <gpu/pinned_buffer.hpp>
#include <gpu/symbols.hpp>
#include <gpu/device_memory.hpp>
#include <gpu/transfers.hpp>

namespace gpu {

// --------------------------------------------------- launch configurations --

namespace detail {
// Extents of any integer type, kept wide so that prepare/launch_unchecked
// can report an out-of-range value; negative values become 0 (rejected).
template <class V> constexpr uint64_t widen_extent(V v) noexcept {
  static_assert(std::is_integral_v<V>, "an extent must be an integer");
  if constexpr (std::is_signed_v<V>)
    if (v < 0)
      return 0;
  return static_cast<uint64_t>(v);
}
// A negative shared memory size becomes one no device has.
template <class V> constexpr uint64_t widen_bytes(V v) noexcept {
  static_assert(std::is_integral_v<V>, "shared_bytes must be an integer");
  if constexpr (std::is_signed_v<V>)
    if (v < 0)
      return UINT64_MAX;
  return static_cast<uint64_t>(v);
}
} // namespace detail

// A 2-D extent; like gpu::dim3, out-of-range values saturate.
struct dim2 {
  uint32_t x = 1, y = 1;
  constexpr dim2() noexcept = default;
  template <class X, class Y = uint32_t>
  constexpr dim2(X x_, Y y_ = 1u) noexcept
      : x(detail::saturate_u32(x_)), y(detail::saturate_u32(y_)) {}
};

struct launch_config_1d {
  static constexpr int rank = 1;
  uint64_t grid = 1, block = 1, shared_bytes = 0;
  // All blocks resident at once, for cooperative groups' grid.sync()
  // (cudaLaunchCooperativeKernel); checked against the occupancy at launch.
  bool cooperative = false;
  template <class G, class B, class S = uint64_t>
  constexpr launch_config_1d(G grid_, B block_, S shared_bytes_ = 0u) noexcept
      : grid(detail::widen_extent(grid_)), block(detail::widen_extent(block_)),
        shared_bytes(detail::widen_bytes(shared_bytes_)) {}
};

struct launch_config_2d {
  static constexpr int rank = 2;
  dim2 grid, block;
  uint64_t shared_bytes = 0;
  bool cooperative = false; // as launch_config_1d's
  template <class S = uint64_t>
  constexpr launch_config_2d(dim2 grid_, dim2 block_,
                             S shared_bytes_ = 0u) noexcept
      : grid(grid_), block(block_),
        shared_bytes(detail::widen_bytes(shared_bytes_)) {}
};

struct launch_config_3d {
  static constexpr int rank = 3;
  dim3 grid, block;
  uint64_t shared_bytes = 0;
  bool cooperative = false; // as launch_config_1d's
  template <class S = uint64_t>
  constexpr launch_config_3d(dim3 grid_, dim3 block_,
                             S shared_bytes_ = 0u) noexcept
      : grid(grid_), block(block_),
        shared_bytes(detail::widen_bytes(shared_bytes_)) {}
};

} // namespace gpu

#include <gpu/detail/launch_abi.hpp>
#include <gpu/detail/launch_checks.hpp>
#include <gpu/detail/launch_marshal.hpp>

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
    return {}; // not reached: a static_assert has failed
}

// A launch without a contract: the device's limits are checked (and the
// contract's block shape, if K has one), the arguments as for launch().
template <auto K, detail::launch_config Config, class... Args>
result<void> launch_unchecked(stream &s, const Config &config, Args &&...args) {
  detail::diagnose_arguments<K, Args...>();
  if constexpr (detail::arguments_accepted<K, Args...>()) {
    auto handle = detail::prepare_kernel(
        detail::kernel_key_of<K>(), s, detail::to_dims(config),
        detail::param_descs<K>(), detail::contract_use::block_only);
    if (!handle)
      return std::unexpected(handle.error());
    return detail::marshal_and_launch<K>(s, *handle,
                                         std::forward<Args>(args)...);
  } else {
    return {}; // not reached: a static_assert has failed
  }
}

} // namespace gpu

#include <gpu/device_properties.hpp>

#endif // GPU_RUNTIME_HPP
