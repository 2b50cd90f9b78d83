// CUDA graphs: stream capture (cuStreamBeginCapture/EndCapture),
// instantiation and replay of gpu::graph.
#include "context_state.hpp"
#include "errors.hpp"

namespace gpu::detail {

graph_state::~graph_state() {
  if (!ctx)
    return;
  ctx->api->cuCtxSetCurrent(ctx->context);
  if (exec)
    ctx->api->cuGraphExecDestroy(exec);
  if (graph)
    ctx->api->cuGraphDestroy(graph);
}

result<void> not_capturing(const stream_state &s, std::string_view what) {
  if (!s.capturing)
    return {};
  return fail(errc::invalid_state,
              std::string(what) +
                  ": the stream is capturing a graph, which cannot record "
                  "blocking calls or allocations; allocate buffers and copy "
                  "pageable memory before begin_capture, and use "
                  "gpu::copy_async with a pinned_buffer inside");
}

namespace {
std::unexpected<gpu::error> moved_from(const char *what) {
  return fail(errc::invalid_handle,
              std::string(what) + " of a moved-from or empty object");
}
} // namespace

} // namespace gpu::detail

namespace gpu {

using detail::runtime_access;
namespace cu = detail::cu;

result<void> stream::begin_capture() {
  if (!state_ || !state_->ctx)
    return detail::moved_from("stream::begin_capture");
  if (!state_->handle)
    return detail::fail(
        errc::invalid_handle,
        "stream::begin_capture: a context's default stream (CUDA's legacy "
        "default stream) cannot be captured; capture a stream made by "
        "context::create_stream()");
  if (state_->capturing)
    return detail::fail(errc::invalid_state,
                        "stream::begin_capture: the stream is capturing "
                        "already");
  detail::context_state &ctx = *state_->ctx;
  if (auto entered = ctx.enter(); !entered)
    return entered;
  // A fault of earlier work would surface inside the capture, or in the
  // first replay: report it now, naming its kernel.
  int rc = ctx.api->cuStreamQuery(state_->handle);
  if (rc != cu::CUDA_SUCCESS && rc != cu::CUDA_ERROR_NOT_READY)
    return std::unexpected(ctx.failure(
        rc, "stream::begin_capture (earlier work on the stream failed)",
        state_.get()));
  rc = ctx.api->cuStreamBeginCapture(state_->handle,
                                     cu::CU_STREAM_CAPTURE_MODE_THREAD_LOCAL);
  if (rc != cu::CUDA_SUCCESS)
    return std::unexpected(
        ctx.failure(rc, "stream::begin_capture", state_.get()));
  state_->capturing = true;
  return {};
}

bool stream::capturing() const noexcept { return state_ && state_->capturing; }

result<graph> stream::end_capture() {
  if (!state_ || !state_->ctx)
    return detail::moved_from("stream::end_capture");
  if (!state_->capturing)
    return detail::fail(errc::invalid_state,
                        "stream::end_capture without begin_capture");
  detail::context_state &ctx = *state_->ctx;
  // Always end the capture, even after a fault, so the stream is usable.
  state_->capturing = false;
  ctx.api->cuCtxSetCurrent(ctx.context);
  cu::CUgraph captured = nullptr;
  int rc = ctx.api->cuStreamEndCapture(state_->handle, &captured);
  auto g = std::make_shared<detail::graph_state>();
  g->ctx = state_->ctx;
  g->graph = captured; // destroyed with `g` on every path
  if (rc != cu::CUDA_SUCCESS)
    return std::unexpected(
        ctx.failure(rc,
                    "stream::end_capture (a call that cannot be captured, "
                    "such as a synchronization, invalidated the capture?)",
                    state_.get()));
  if (auto entered = ctx.enter(); !entered)
    return std::unexpected(entered.error());
  rc = ctx.api->cuGraphInstantiateWithFlags(&g->exec, captured, 0);
  if (rc != cu::CUDA_SUCCESS)
    return std::unexpected(ctx.failure(rc, "instantiating the captured graph "
                                           "(cuGraphInstantiate)"));
  {
    std::lock_guard lock(ctx.mutex);
    g->last_kernel = state_->last_kernel;
  }
  return runtime_access::make_graph(std::move(g));
}

graph::graph(graph &&) noexcept = default;
graph &graph::operator=(graph &&) noexcept = default;
graph::~graph() = default;

result<void> graph::launch(stream &s) {
  const auto &st = runtime_access::state(s);
  if (!state_ || !st || !st->ctx)
    return detail::moved_from("graph::launch");
  if (st->ctx != state_->ctx)
    return detail::fail(errc::invalid_handle,
                        "graph::launch: the stream belongs to another context "
                        "than the graph");
  detail::context_state &ctx = *state_->ctx;
  if (auto entered = ctx.enter(); !entered)
    return entered;
  if (int rc = ctx.api->cuGraphLaunch(state_->exec, st->handle);
      rc != cu::CUDA_SUCCESS)
    return std::unexpected(ctx.failure(rc, "graph::launch", st.get()));
  if (state_->last_kernel) {
    std::lock_guard lock(ctx.mutex);
    st->last_kernel = state_->last_kernel;
    ctx.last_kernel = state_->last_kernel;
  }
  return {};
}

result<size_t> graph::node_count() const {
  if (!state_)
    return detail::moved_from("graph::node_count");
  detail::context_state &ctx = *state_->ctx;
  if (auto entered = ctx.enter(); !entered)
    return std::unexpected(entered.error());
  size_t count = 0;
  if (int rc = ctx.api->cuGraphGetNodes(state_->graph, nullptr, &count);
      rc != cu::CUDA_SUCCESS)
    return std::unexpected(ctx.failure(rc, "graph::node_count"));
  return count;
}

void *graph::native_handle() const noexcept {
  return state_ ? static_cast<void *>(state_->exec) : nullptr;
}

} // namespace gpu
