// The state behind gpu::context and gpu::stream: the device's primary
// context, its loaded modules, and the sticky fault of a failed kernel.
#ifndef ALLOY_RUNTIME_CONTEXT_STATE_HPP
#define ALLOY_RUNTIME_CONTEXT_STATE_HPP

#include "driver_api.hpp"
#include "module_registry.hpp"

#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace gpu::detail {

// A kernel's function in one context, with what the launch checks need.
struct loaded_function {
  cu::CUfunction function = nullptr;
  uint32_t max_threads = 0;   // per block, given its register use
  uint64_t static_shared = 0; // bytes of its shared_array declarations
};

struct context_state {
  const cu::driver_api *api = nullptr;
  cu::CUdevice device = 0;
  cu::CUcontext context = nullptr; // the primary context, retained
  device_info info;

  std::mutex mutex; // guards everything below
  std::optional<gpu::error> fault;
  const kernel_record *last_kernel = nullptr; // launched last here
  std::unordered_map<const module_record *, cu::CUmodule> modules;
  std::unordered_map<const kernel_record *, loaded_function> functions;
  // The device's properties, read once (some 40 driver queries: about
  // 0.8 ms on an H100; the CUDA samples' reduction asks before every
  // launch, as cudaGetDeviceProperties, which the CUDA runtime caches too).
  std::optional<device_properties> properties;
  // Blocks per multiprocessor of a function at (threads << 32 | shared
  // bytes), for cooperative launches' check: the same answer every time,
  // so asked of the driver once.
  std::unordered_map<cu::CUfunction, std::unordered_map<uint64_t, int>>
      occupancy;
  std::unordered_map<const global_record *, uint64_t> globals; // addresses

  context_state() = default;
  context_state(const context_state &) = delete;
  ~context_state(); // unloads the modules, releases the primary context

  // The sticky fault if there is one, else makes the context current.
  result<void> enter();

  // An error for a failed driver call; a sticky fault is named after the
  // kernel launched last (on `stream` if given) and remembered.
  gpu::error failure(int code, std::string_view what,
                     const stream_state *stream = nullptr);
};

struct stream_state {
  std::shared_ptr<context_state> ctx;
  cu::CUstream handle = nullptr; // null: the context's default stream
  bool owned = false;
  bool capturing = false; // between begin_capture and end_capture
  const kernel_record *last_kernel = nullptr; // guarded by ctx->mutex

  ~stream_state();
};

// The driver that context::create uses: the GPU's, or the CPU device's
// where there is no GPU (ALLOY_DEVICE). Defined in context.cpp.
result<const cu::driver_api *> device_driver();

// Blocking calls and allocations cannot be captured into a graph: an error
// naming `what` while `s` is capturing. Defined in graph.cpp.
result<void> not_capturing(const stream_state &s, std::string_view what);

struct graph_state {
  std::shared_ptr<context_state> ctx;
  cu::CUgraph graph = nullptr;
  cu::CUgraphExec exec = nullptr;
  const kernel_record *last_kernel = nullptr; // captured last, for faults

  ~graph_state();
};

// The stream's state, checked to be live and, when `owner` is given, to
// belong to that context; errors start with `what`. Defined in memory.cpp.
result<stream_state *> stream_for(const stream &s, const context_state *owner,
                                  std::string_view what);

// The device address of global `g` in `ctx` (current), loading its module
// on first use; on the CPU device, its host variable's. Defined in
// module_loader.cpp.
result<uint64_t> get_global(context_state &ctx, const global_record &g);

// Raises `function`'s dynamic shared memory limit to `bytes` when they pass
// the default 48 KiB (else the driver refuses the launch, or counts no
// resident block); errors are "WHAT: raising its shared memory limit".
// Defined in launch.cpp.
result<void> allow_dynamic_shared(context_state &ctx, cu::CUfunction function,
                                  uint64_t bytes, const std::string &what,
                                  const stream_state *stream = nullptr);

// The kernel's function in `ctx` (current), loading its module on first
// use. Defined in module_loader.cpp.
result<loaded_function> get_function(context_state &ctx,
                                     const kernel_record &kernel,
                                     const kernel_key *key = nullptr);

// Friend of the public classes: how the runtime reaches their insides.
struct event_state {
  std::shared_ptr<context_state> ctx;
  cu::CUevent handle = nullptr;

  ~event_state();
};

struct runtime_access {
  static const std::shared_ptr<graph_state> &state(const graph &g) {
    return g.state_;
  }
  static graph make_graph(std::shared_ptr<graph_state> state) {
    graph g;
    g.state_ = std::move(state);
    return g;
  }
  static const std::shared_ptr<event_state> &state(const event &e) {
    return e.state_;
  }
  static event make_event(std::shared_ptr<event_state> state) {
    event e;
    e.state_ = std::move(state);
    return e;
  }
  static const std::shared_ptr<context_state> &state(const context &c) {
    return c.state_;
  }
  static const std::shared_ptr<stream_state> &state(const stream &s) {
    return s.state_;
  }
  static stream make_stream(std::shared_ptr<stream_state> state) {
    stream s;
    s.state_ = std::move(state);
    return s;
  }
  static context make_context(std::shared_ptr<context_state> state,
                              std::unique_ptr<stream> default_stream) {
    context c;
    c.state_ = std::move(state);
    c.default_stream_ = std::move(default_stream);
    return c;
  }
  static device_info &info(context_state &c) { return c.info; }
  static void set_cpu(device_info &d) { d.cpu_ = true; }
  static void set_device(device_info &d, int ordinal, std::string name,
                         int multiprocessors, size_t total_memory,
                         const device_limits &limits) {
    d.ordinal_ = ordinal;
    d.name_ = std::move(name);
    d.multiprocessors_ = multiprocessors;
    d.total_memory_ = total_memory;
    d.limits_ = limits;
  }
  static const std::shared_ptr<context_state> &context_of(const raw_buffer &b) {
    return b.ctx_;
  }
};

} // namespace gpu::detail

#endif // ALLOY_RUNTIME_CONTEXT_STATE_HPP
