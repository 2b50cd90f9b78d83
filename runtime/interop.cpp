// Interop with other CUDA code: the native handles of Alloy's objects, and
// buffers and streams that wrap memory and streams made elsewhere.
#include "context_state.hpp"
#include "errors.hpp"

namespace gpu::detail {

result<raw_buffer> raw_buffer::wrap(const context &c, uint64_t address,
                                    size_t count, size_t elem_size) {
  const auto &ctx = runtime_access::state(c);
  if (!ctx)
    return fail(errc::invalid_handle,
                "device_buffer::wrap in a moved-from or empty context");
  if (elem_size != 0 && count > SIZE_MAX / elem_size)
    return fail(errc::out_of_range, "device_buffer::wrap of " +
                                        std::to_string(count) +
                                        " elements: the size overflows");
  raw_buffer buffer;
  buffer.ctx_ = ctx;
  size_t bytes = count * elem_size;
  if (bytes == 0)
    return buffer;
  if (address == 0)
    return fail(errc::invalid_handle,
                "device_buffer::wrap of a null address with " +
                    std::to_string(count) + " elements");
  if (auto entered = ctx->enter(); !entered)
    return std::unexpected(entered.error());
  const cu::driver_api &api = *ctx->api;
  std::string what = "device_buffer::wrap(" + hex(address) + ")";
  // Memory of no context (stream-ordered pools, some VMM mappings) may be
  // used from any; memory of another context may not.
  cu::CUcontext owner = nullptr;
  if (int rc = api.cuPointerGetAttribute(
          &owner, cu::CU_POINTER_ATTRIBUTE_CONTEXT, address);
      rc != cu::CUDA_SUCCESS)
    return std::unexpected(driver_error(
        &api, rc, what + ": not memory that the CUDA driver knows"));
  if (owner && owner != ctx->context)
    return fail(errc::invalid_handle,
                what +
                    ": the memory belongs to another CUDA context than "
                    "device " +
                    std::to_string(ctx->info.ordinal()) +
                    "'s primary context, which Alloy uses");
  // The whole range must lie in the allocation, when the driver says where
  // that is.
  cu::CUdeviceptr start = 0;
  size_t size = 0;
  if (api.cuPointerGetAttribute(&start,
                                cu::CU_POINTER_ATTRIBUTE_RANGE_START_ADDR,
                                address) == cu::CUDA_SUCCESS &&
      api.cuPointerGetAttribute(&size, cu::CU_POINTER_ATTRIBUTE_RANGE_SIZE,
                                address) == cu::CUDA_SUCCESS &&
      size != 0 && (address - start > size || bytes > size - (address - start)))
    return fail(errc::out_of_range,
                what + ": " + std::to_string(bytes) +
                    " bytes do not fit in its allocation of " +
                    std::to_string(size) + " bytes at " + hex(start));
  buffer.address_ = address;
  buffer.bytes_ = bytes;
  return buffer; // no owner_: never freed here
}

} // namespace gpu::detail

namespace gpu {

using detail::runtime_access;

void *stream::native_handle() const noexcept {
  return state_ ? static_cast<void *>(state_->handle) : nullptr;
}

bool stream::owns_handle() const noexcept { return state_ && state_->owned; }

result<stream> stream::wrap(const context &c, void *native) {
  const auto &ctx = runtime_access::state(c);
  if (!ctx)
    return detail::fail(errc::invalid_handle,
                        "stream::wrap in a moved-from or empty context");
  if (auto entered = ctx->enter(); !entered)
    return std::unexpected(entered.error());
  auto handle = static_cast<detail::cu::CUstream>(native);
  detail::cu::CUcontext owner = nullptr;
  if (int rc = ctx->api->cuStreamGetCtx(handle, &owner);
      rc != detail::cu::CUDA_SUCCESS)
    return std::unexpected(
        ctx->failure(rc, "stream::wrap: asking the stream's context "
                         "(cuStreamGetCtx)"));
  if (owner != ctx->context)
    return detail::fail(errc::invalid_handle,
                        "stream::wrap: the stream belongs to another CUDA "
                        "context than device " +
                            std::to_string(ctx->info.ordinal()) +
                            "'s primary context, which Alloy uses");
  auto s = std::make_shared<detail::stream_state>();
  s->ctx = ctx;
  s->handle = handle;
  s->owned = false; // destroying the wrapper leaves the stream alone
  return runtime_access::make_stream(std::move(s));
}

void *event::native_handle() const noexcept {
  return state_ ? static_cast<void *>(state_->handle) : nullptr;
}

void *context::native_handle() const noexcept {
  return state_ ? static_cast<void *>(state_->context) : nullptr;
}

} // namespace gpu
