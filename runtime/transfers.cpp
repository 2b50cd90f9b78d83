// Asynchronous copies and fills on a stream (<gpu/transfers.hpp>).
#include "context_state.hpp"
#include "errors.hpp"

namespace gpu::detail {
namespace {

using cu::CUDA_SUCCESS;

std::unexpected<gpu::error> count_mismatch(std::string_view what,
                                           std::string_view dst, size_t to,
                                           std::string_view src, size_t from) {
  return fail(errc::size_mismatch,
              std::string(what) + ": the " + std::string(dst) + " has " +
                  std::to_string(to) + " elements, the " + std::string(src) +
                  " " + std::to_string(from) + "; copy a view for part of a " +
                  "buffer");
}

// The stream, checked against the buffer, and the context made current.
result<stream_state *> enter_for(stream &s, const raw_buffer &b,
                                 std::string_view what) {
  const auto &ctx = runtime_access::context_of(b);
  if (!ctx)
    return fail(errc::invalid_handle,
                std::string(what) + " of a moved-from or empty buffer");
  auto st = stream_for(s, ctx.get(), what);
  if (!st)
    return st;
  if (auto entered = ctx->enter(); !entered)
    return std::unexpected(entered.error());
  return st;
}

} // namespace

result<void> copy_to_device_async(stream &s, const raw_buffer &dst,
                                  const void *src, size_t count,
                                  size_t elem_size) {
  constexpr std::string_view what = "gpu::copy_async (host to device)";
  auto st = enter_for(s, dst, what);
  if (!st)
    return std::unexpected(st.error());
  if (count * elem_size != dst.bytes())
    return count_mismatch(what, "device buffer", dst.bytes() / elem_size,
                          "pinned buffer", count);
  if (dst.bytes() == 0)
    return {};
  context_state &ctx = *(*st)->ctx;
  if (int rc = ctx.api->cuMemcpyHtoDAsync(dst.address(), src, dst.bytes(),
                                          (*st)->handle);
      rc != CUDA_SUCCESS)
    return std::unexpected(ctx.failure(rc, what, *st));
  return {};
}

result<void> copy_to_host_async(stream &s, void *dst, size_t count,
                                const raw_buffer &src, size_t elem_size) {
  constexpr std::string_view what = "gpu::copy_async (device to host)";
  auto st = enter_for(s, src, what);
  if (!st)
    return std::unexpected(st.error());
  if (count * elem_size != src.bytes())
    return count_mismatch(what, "pinned buffer", count, "device buffer",
                          src.bytes() / elem_size);
  if (src.bytes() == 0)
    return {};
  context_state &ctx = *(*st)->ctx;
  if (int rc = ctx.api->cuMemcpyDtoHAsync(dst, src.address(), src.bytes(),
                                          (*st)->handle);
      rc != CUDA_SUCCESS)
    return std::unexpected(ctx.failure(rc, what, *st));
  return {};
}

result<void> copy_device_async(stream &s, const raw_buffer &dst,
                               const raw_buffer &src, size_t elem_size) {
  constexpr std::string_view what = "gpu::copy_async (device to device)";
  auto st = enter_for(s, dst, what);
  if (!st)
    return std::unexpected(st.error());
  if (runtime_access::context_of(src) != (*st)->ctx)
    return fail(errc::invalid_handle,
                std::string(what) +
                    ": the source is moved-from, empty or of another context");
  if (dst.bytes() != src.bytes())
    return count_mismatch(what, "destination", dst.bytes() / elem_size,
                          "source", src.bytes() / elem_size);
  if (dst.bytes() == 0)
    return {};
  if (dst.address() < src.address() + src.bytes() &&
      src.address() < dst.address() + dst.bytes())
    return fail(errc::aliasing,
                std::string(what) +
                    ": the source and the destination overlap in device "
                    "memory; nothing was copied");
  context_state &ctx = *(*st)->ctx;
  if (int rc = ctx.api->cuMemcpyDtoDAsync(dst.address(), src.address(),
                                          dst.bytes(), (*st)->handle);
      rc != CUDA_SUCCESS)
    return std::unexpected(ctx.failure(rc, what, *st));
  return {};
}

result<void> fill_async(stream &s, const raw_buffer &dst, uint32_t pattern,
                        unsigned width, const char *what) {
  auto st = enter_for(s, dst, what);
  if (!st)
    return std::unexpected(st.error());
  if (width != 1 && width != 2 && width != 4)
    return fail(errc::invalid_config, std::string(what) + ": elements of " +
                                          std::to_string(width) +
                                          " bytes; 1, 2 or 4 are possible");
  if (dst.bytes() == 0)
    return {};
  context_state &ctx = *(*st)->ctx;
  cu::CUstream handle = (*st)->handle;
  size_t n = dst.bytes() / width;
  int rc = width == 1 ? ctx.api->cuMemsetD8Async(
                            dst.address(), (unsigned char)pattern, n, handle)
           : width == 2
               ? ctx.api->cuMemsetD16Async(dst.address(),
                                           (unsigned short)pattern, n, handle)
               : ctx.api->cuMemsetD32Async(dst.address(), pattern, n, handle);
  if (rc != CUDA_SUCCESS)
    return std::unexpected(ctx.failure(rc, what, *st));
  return {};
}

} // namespace gpu::detail
