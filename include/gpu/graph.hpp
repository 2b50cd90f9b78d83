// gpu::graph: work captured from a stream (launches, asynchronous copies
// and fills, event records) into a CUDA graph, instantiated once and then
// replayed with one call (cuGraphLaunch), which costs far less per kernel
// than launching each. Part of the host API; <gpu/runtime.hpp> includes it.
#ifndef GPU_GRAPH_HPP
#define GPU_GRAPH_HPP

#include <gpu/context.hpp>

#include <cstddef>
#include <functional>
#include <memory>
#include <type_traits>

namespace gpu {

// An executable graph (CUgraphExec) made by stream::end_capture or
// stream::capture. Move-only. It refers to the buffers its work used by
// address: they must outlive every replay.
class graph {
public:
  graph(graph &&) noexcept;
  graph &operator=(graph &&) noexcept;
  ~graph();

  // Queues one replay of the whole graph on `s` (any stream of the same
  // context, the default stream too) and returns.
  result<void> launch(stream &s);
  // How many nodes (kernels, copies, ...) the capture recorded.
  result<size_t> node_count() const;
  // Interop: the CUgraphExec.
  void *native_handle() const noexcept;

private:
  graph() = default;
  friend struct detail::runtime_access;
  std::shared_ptr<detail::graph_state> state_;
};

template <class F> result<graph> stream::capture(F &&body) {
  if (auto begun = begin_capture(); !begun)
    return std::unexpected(begun.error());
  using body_result = std::invoke_result_t<F &>;
  result<void> status;
  try {
    if constexpr (std::is_void_v<body_result>)
      std::invoke(body);
    else
      status = std::invoke(body);
  } catch (...) {
    (void)end_capture(); // leave the stream usable
    throw;
  }
  auto captured = end_capture();
  if (!status)
    return std::unexpected(status.error());
  return captured;
}

} // namespace gpu

#endif // GPU_GRAPH_HPP
