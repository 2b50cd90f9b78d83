// Page-locked host memory: raw_pinned over cuMemAllocHost/cuMemFreeHost.
#include "context_state.hpp"
#include "errors.hpp"

#include <cstdint>
#include <cstring>

namespace gpu::detail {

raw_pinned::raw_pinned(raw_pinned &&other) noexcept
    : ctx_(std::move(other.ctx_)), data_(std::exchange(other.data_, nullptr)),
      bytes_(std::exchange(other.bytes_, 0)) {}

raw_pinned &raw_pinned::operator=(raw_pinned &&other) noexcept {
  raw_pinned old(std::move(*this));
  ctx_ = std::move(other.ctx_);
  data_ = std::exchange(other.data_, nullptr);
  bytes_ = std::exchange(other.bytes_, 0);
  return *this;
}

raw_pinned::~raw_pinned() {
  if (!ctx_ || !data_)
    return;
  ctx_->api->cuCtxSetCurrent(ctx_->context);
  ctx_->api->cuMemFreeHost(data_);
}

result<raw_pinned> raw_pinned::allocate(const context &c, size_t count,
                                        size_t elem_size) {
  const auto &ctx = runtime_access::state(c);
  if (!ctx)
    return fail(errc::invalid_handle,
                "allocating a pinned_buffer in a moved-from or empty context");
  if (elem_size != 0 && count > SIZE_MAX / elem_size)
    return fail(errc::out_of_range,
                "a pinned_buffer of " + std::to_string(count) +
                    " elements of " + std::to_string(elem_size) +
                    " bytes does not fit in memory");
  raw_pinned buffer;
  buffer.ctx_ = ctx;
  size_t bytes = count * elem_size;
  if (bytes == 0)
    return buffer;
  if (auto entered = ctx->enter(); !entered)
    return std::unexpected(entered.error());
  void *data = nullptr;
  if (int rc = ctx->api->cuMemAllocHost(&data, bytes); rc != cu::CUDA_SUCCESS)
    return std::unexpected(ctx->failure(
        rc, "allocating " + std::to_string(bytes) +
                " bytes of page-locked host memory (pinned_buffer)"));
  std::memset(data, 0, bytes);
  buffer.data_ = data;
  buffer.bytes_ = bytes;
  return buffer;
}

} // namespace gpu::detail
