// Devices, contexts, streams and events: where Alloy's host API starts
// (part of <gpu/runtime.hpp>). Nothing here needs the CUDA headers:
// liballoy_runtime loads the driver with dlopen, so a program built without
// the plugin or run without a GPU still compiles, links and reports its
// failures as gpu::error values.
#ifndef GPU_CONTEXT_HPP
#define GPU_CONTEXT_HPP

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

// The context of code that has none: device 0 (or set_default_device's)
// as context::create opens it (the CPU device where there is no GPU,
// ALLOY_DEVICE), made on first use and kept until the program ends, like
// CUDA's implicit context. Throws gpu::exception when no device can be
// opened.
context &default_context();
// Picks the default context's device (cudaSetDevice) before its first
// use; another device after that is ALLOY_ERROR_INVALID_STATE.
result<void> set_default_device(int ordinal);
// Its default stream (CUDA's legacy default stream).
stream &default_stream();
// Waits for all work of the default context (cudaDeviceSynchronize).
result<void> device_synchronize();

} // namespace gpu

#endif // GPU_CONTEXT_HPP
