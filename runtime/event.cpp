// gpu::event: cuEvent* on the context's driver.
#include "context_state.hpp"
#include "errors.hpp"

namespace gpu::detail {

event_state::~event_state() {
  if (handle && ctx) {
    ctx->api->cuCtxSetCurrent(ctx->context);
    ctx->api->cuEventDestroy(handle);
  }
}

namespace {
std::unexpected<gpu::error> empty_event(const char *what) {
  return fail(errc::invalid_handle,
              std::string(what) + " of a moved-from or empty object");
}
} // namespace

} // namespace gpu::detail

namespace gpu {

using detail::runtime_access;

event::event(event &&) noexcept = default;
event &event::operator=(event &&) noexcept = default;
event::~event() = default;

result<event> context::create_event() {
  const auto &ctx = runtime_access::state(*this);
  if (!ctx)
    return detail::empty_event("context::create_event");
  if (auto entered = ctx->enter(); !entered)
    return std::unexpected(entered.error());
  auto e = std::make_shared<detail::event_state>();
  if (int rc = ctx->api->cuEventCreate(&e->handle, detail::cu::CU_EVENT_DEFAULT);
      rc != detail::cu::CUDA_SUCCESS)
    return std::unexpected(ctx->failure(rc, "creating an event"));
  e->ctx = ctx;
  return runtime_access::make_event(std::move(e));
}

result<void> event::record(stream &s) {
  const auto &st = runtime_access::state(s);
  if (!state_ || !st || !st->ctx)
    return detail::empty_event("event::record");
  detail::context_state &ctx = *state_->ctx;
  if (st->ctx != state_->ctx)
    return detail::fail(errc::invalid_handle,
                        "event::record: the stream belongs to another context");
  if (auto entered = ctx.enter(); !entered)
    return entered;
  if (int rc = ctx.api->cuEventRecord(state_->handle, st->handle);
      rc != detail::cu::CUDA_SUCCESS)
    return std::unexpected(ctx.failure(rc, "event::record", st.get()));
  return {};
}

result<void> event::synchronize() {
  if (!state_)
    return detail::empty_event("event::synchronize");
  detail::context_state &ctx = *state_->ctx;
  if (auto entered = ctx.enter(); !entered)
    return entered;
  if (int rc = ctx.api->cuEventSynchronize(state_->handle);
      rc != detail::cu::CUDA_SUCCESS)
    return std::unexpected(ctx.failure(rc, "event::synchronize"));
  return {};
}

result<bool> event::query() const {
  if (!state_)
    return detail::empty_event("event::query");
  detail::context_state &ctx = *state_->ctx;
  if (auto entered = ctx.enter(); !entered)
    return std::unexpected(entered.error());
  int rc = ctx.api->cuEventQuery(state_->handle);
  if (rc == detail::cu::CUDA_ERROR_NOT_READY)
    return false;
  if (rc != detail::cu::CUDA_SUCCESS)
    return std::unexpected(ctx.failure(rc, "event::query"));
  return true;
}

result<void> stream::wait(const event &e) {
  const auto &st = runtime_access::state(*this);
  const auto &ev = runtime_access::state(e);
  if (!st || !st->ctx || !ev)
    return detail::empty_event("stream::wait");
  if (st->ctx != ev->ctx)
    return detail::fail(errc::invalid_handle,
                        "stream::wait: the event belongs to another context");
  detail::context_state &ctx = *st->ctx;
  if (auto entered = ctx.enter(); !entered)
    return entered;
  if (int rc = ctx.api->cuStreamWaitEvent(st->handle, ev->handle, 0);
      rc != detail::cu::CUDA_SUCCESS)
    return std::unexpected(
        ctx.failure(rc, "stream::wait (cuStreamWaitEvent)", st.get()));
  return {};
}

result<float> elapsed_ms(const event &start, const event &end) {
  const auto &a = runtime_access::state(start);
  const auto &b = runtime_access::state(end);
  if (!a || !b)
    return detail::empty_event("gpu::elapsed_ms");
  if (a->ctx != b->ctx)
    return detail::fail(errc::invalid_handle,
                        "gpu::elapsed_ms: the events belong to different "
                        "contexts");
  detail::context_state &ctx = *a->ctx;
  if (auto entered = ctx.enter(); !entered)
    return std::unexpected(entered.error());
  float ms = 0;
  if (int rc = ctx.api->cuEventElapsedTime(&ms, a->handle, b->handle);
      rc != detail::cu::CUDA_SUCCESS)
    return std::unexpected(ctx.failure(
        rc, "gpu::elapsed_ms (were both events recorded and complete?)"));
  return ms;
}

} // namespace gpu
