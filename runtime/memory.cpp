// Device memory: allocation, views and host copies of raw_buffer.
#include "context_state.hpp"
#include "errors.hpp"

#include <cstdint>

namespace gpu::detail {

using cu::CUDA_SUCCESS;

result<stream_state *> stream_for(const stream &s, const context_state *owner,
                                  std::string_view what) {
  const auto &st = runtime_access::state(s);
  if (!st || !st->ctx)
    return fail(errc::invalid_handle,
                std::string(what) + ": the stream is moved-from or empty");
  if (owner && owner != st->ctx.get())
    return fail(errc::invalid_handle,
                std::string(what) +
                    ": the buffer and the stream belong to different contexts");
  return st.get();
}

namespace {

std::unexpected<gpu::error> size_mismatch(const char *what, size_t host,
                                          size_t device) {
  return fail(errc::size_mismatch,
              std::string(what) + ": the host memory has " +
                  std::to_string(host) + " elements, the buffer " +
                  std::to_string(device));
}

// Owns one cuMemAlloc allocation; the last buffer or view sharing it frees
// it. Errors (a faulted context) cannot be reported from a destructor.
std::shared_ptr<void> owner_of(std::shared_ptr<context_state> ctx,
                               cu::CUdeviceptr address) {
  return std::shared_ptr<void>(reinterpret_cast<void *>(uintptr_t(address)),
                               [ctx = std::move(ctx), address](void *) {
                                 ctx->api->cuCtxSetCurrent(ctx->context);
                                 ctx->api->cuMemFree(address);
                               });
}

} // namespace

raw_buffer::raw_buffer(raw_buffer &&other) noexcept
    : ctx_(std::move(other.ctx_)), owner_(std::move(other.owner_)),
      address_(std::exchange(other.address_, 0)),
      bytes_(std::exchange(other.bytes_, 0)) {}

raw_buffer &raw_buffer::operator=(raw_buffer &&other) noexcept {
  raw_buffer old(std::move(*this));
  ctx_ = std::move(other.ctx_);
  owner_ = std::move(other.owner_);
  address_ = std::exchange(other.address_, 0);
  bytes_ = std::exchange(other.bytes_, 0);
  return *this;
}

raw_buffer::~raw_buffer() = default;

result<raw_buffer> raw_buffer::allocate(stream &s, size_t count,
                                        size_t elem_size, bool zero) {
  auto st = stream_for(s, nullptr, "allocating a device_buffer");
  if (!st)
    return std::unexpected(st.error());
  if (elem_size != 0 && count > SIZE_MAX / elem_size)
    return fail(errc::out_of_range,
                "a device_buffer of " + std::to_string(count) +
                    " elements of " + std::to_string(elem_size) +
                    " bytes does not fit in memory");
  if (auto ok = not_capturing(**st, "allocating a device_buffer"); !ok)
    return std::unexpected(ok.error());
  context_state &ctx = *(*st)->ctx;
  raw_buffer buffer;
  buffer.ctx_ = (*st)->ctx;
  if (count * elem_size == 0)
    return buffer; // no cuMemAlloc(0)
  if (auto entered = ctx.enter(); !entered)
    return std::unexpected(entered.error());
  size_t bytes = count * elem_size;
  cu::CUdeviceptr address = 0;
  if (int rc = ctx.api->cuMemAlloc(&address, bytes); rc != CUDA_SUCCESS)
    return std::unexpected(ctx.failure(
        rc, "allocating " + std::to_string(bytes) + " bytes of device memory",
        *st));
  buffer.owner_ = owner_of(buffer.ctx_, address);
  buffer.address_ = address;
  buffer.bytes_ = bytes;
  if (zero)
    if (int rc = ctx.api->cuMemsetD8Async(address, 0, bytes, (*st)->handle);
        rc != CUDA_SUCCESS)
      return std::unexpected(ctx.failure(rc, "zeroing a device_buffer", *st));
  return buffer;
}

result<raw_buffer> raw_buffer::view(size_t offset, size_t count,
                                    size_t elem_size) const {
  if (!ctx_)
    return fail(errc::invalid_handle,
                "device_buffer::view of a moved-from or empty buffer");
  size_t size = elem_size ? bytes_ / elem_size : 0;
  if (offset > size || count > size - offset)
    return fail(errc::out_of_range,
                "device_buffer::view(" + std::to_string(offset) + ", " +
                    std::to_string(count) + ") is out of range: the buffer " +
                    "has " + std::to_string(size) + " elements");
  raw_buffer v;
  v.ctx_ = ctx_;
  v.owner_ = owner_;
  v.address_ = count ? address_ + offset * elem_size : 0;
  v.bytes_ = count * elem_size;
  return v;
}

result<void> raw_buffer::upload(stream &s, const void *src, size_t count,
                                size_t elem_size) {
  if (count * elem_size != bytes_)
    return size_mismatch("copy_from_host", count,
                         elem_size ? bytes_ / elem_size : 0);
  auto st = stream_for(s, ctx_.get(), "copy_from_host");
  if (!st)
    return std::unexpected(st.error());
  if (auto ok = not_capturing(**st, "copy_from_host"); !ok)
    return ok;
  if (bytes_ == 0)
    return {};
  context_state &ctx = *ctx_;
  if (auto entered = ctx.enter(); !entered)
    return entered;
  cu::CUstream handle = (*st)->handle;
  int rc = ctx.api->cuMemcpyHtoDAsync(address_, src, bytes_, handle);
  // Wait, so that the host memory may be reused at once.
  if (rc == CUDA_SUCCESS)
    rc = ctx.api->cuStreamSynchronize(handle);
  if (rc != CUDA_SUCCESS)
    return std::unexpected(ctx.failure(rc, "copying to the device", *st));
  return {};
}

result<void> raw_buffer::download(stream &s, void *dst, size_t count,
                                  size_t elem_size) const {
  if (count * elem_size != bytes_)
    return size_mismatch("copy_to_host", count,
                         elem_size ? bytes_ / elem_size : 0);
  auto st = stream_for(s, ctx_.get(), "copy_to_host");
  if (!st)
    return std::unexpected(st.error());
  if (auto ok = not_capturing(**st, "copy_to_host"); !ok)
    return ok;
  if (bytes_ == 0)
    return {};
  context_state &ctx = *ctx_;
  if (auto entered = ctx.enter(); !entered)
    return entered;
  cu::CUstream handle = (*st)->handle;
  int rc = ctx.api->cuMemcpyDtoHAsync(dst, address_, bytes_, handle);
  if (rc == CUDA_SUCCESS)
    rc = ctx.api->cuStreamSynchronize(handle);
  if (rc != CUDA_SUCCESS)
    return std::unexpected(ctx.failure(rc, "copying to the host", *st));
  return {};
}

} // namespace gpu::detail
