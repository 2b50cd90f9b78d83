// Context limits: stack size, printf FIFO, malloc heap (cuCtxSetLimit).
#include "context_state.hpp"
#include "errors.hpp"

namespace gpu {
namespace {

const char *limit_name(limit which) {
  switch (which) {
  case limit::stack_size:
    return "stack_size";
  case limit::printf_fifo_size:
    return "printf_fifo_size";
  case limit::malloc_heap_size:
    return "malloc_heap_size";
  }
  return nullptr;
}

std::unexpected<gpu::error> unknown_limit(const char *what, limit which) {
  return detail::fail(errc::out_of_range, std::string(what) +
                                              ": unknown limit " +
                                              std::to_string(int(which)));
}

} // namespace

using detail::runtime_access;

result<void> context::set_limit(limit which, size_t bytes) {
  const char *name = limit_name(which);
  if (!name)
    return unknown_limit("context::set_limit", which);
  std::string what = std::string("context::set_limit(") + name + ", " +
                     std::to_string(bytes) + ")";
  if (!state_)
    return detail::fail(errc::invalid_handle,
                        what + " of a moved-from or empty context");
  if (auto entered = state_->enter(); !entered)
    return entered;
  if (int rc = state_->api->cuCtxSetLimit(int(which), bytes);
      rc != detail::cu::CUDA_SUCCESS)
    return std::unexpected(state_->failure(rc, what));
  return {};
}

result<size_t> context::get_limit(limit which) const {
  const char *name = limit_name(which);
  if (!name)
    return unknown_limit("context::get_limit", which);
  std::string what = std::string("context::get_limit(") + name + ")";
  if (!state_)
    return detail::fail(errc::invalid_handle,
                        what + " of a moved-from or empty context");
  if (auto entered = state_->enter(); !entered)
    return std::unexpected(entered.error());
  size_t bytes = 0;
  if (int rc = state_->api->cuCtxGetLimit(&bytes, int(which));
      rc != detail::cu::CUDA_SUCCESS)
    return std::unexpected(state_->failure(rc, what));
  return bytes;
}

} // namespace gpu
