// Copies to and from device globals (<gpu/symbols.hpp>).
#include "context_state.hpp"
#include "errors.hpp"

#include <gpu/symbols.hpp>

namespace gpu::detail {
namespace {

// The global's record, its stream, and the context made current.
struct symbol_target {
  const global_record *global;
  stream_state *stream;
  uint64_t address;
};

result<symbol_target> enter_symbol(stream &s, const void *variable,
                                   std::string_view what) {
  auto global = find_global(variable);
  if (!global)
    return fail(global.error().code(),
                std::string(what) + ": " + global.error().message());
  auto st = stream_for(s, nullptr, what);
  if (!st)
    return std::unexpected(st.error());
  if (auto ok = not_capturing(**st, what); !ok)
    return std::unexpected(ok.error());
  context_state &ctx = *(*st)->ctx;
  if (auto entered = ctx.enter(); !entered)
    return std::unexpected(entered.error());
  auto address = get_global(ctx, **global);
  if (!address)
    return std::unexpected(address.error());
  return symbol_target{*global, *st, *address};
}

} // namespace

result<void> copy_symbol(stream &s, const void *variable, size_t size,
                         void *host, size_t bytes, size_t offset,
                         bool to_device) {
  std::string_view what =
      to_device ? "gpu::copy_to_symbol" : "gpu::copy_from_symbol";
  if (offset > size || bytes > size - offset)
    return fail(errc::out_of_range,
                std::string(what) + ": bytes [" + std::to_string(offset) +
                    ", " + std::to_string(offset + bytes) +
                    ") of a variable of " + std::to_string(size) + " bytes");
  auto target = enter_symbol(s, variable, what);
  if (!target)
    return std::unexpected(target.error());
  if (bytes == 0)
    return {};
  context_state &ctx = *target->stream->ctx;
  cu::CUstream handle = target->stream->handle;
  uint64_t address = target->address + offset;
  int rc = to_device ? ctx.api->cuMemcpyHtoDAsync(address, host, bytes, handle)
                     : ctx.api->cuMemcpyDtoHAsync(host, address, bytes, handle);
  if (rc == cu::CUDA_SUCCESS)
    rc = ctx.api->cuStreamSynchronize(handle);
  if (rc != cu::CUDA_SUCCESS)
    return std::unexpected(ctx.failure(
        rc, std::string(what) + " ('" + target->global->name + "')",
        target->stream));
  return {};
}

result<std::uintptr_t> symbol_address(stream &s, const void *variable) {
  auto target = enter_symbol(s, variable, "gpu::symbol_address");
  if (!target)
    return std::unexpected(target.error());
  return std::uintptr_t(target->address);
}

} // namespace gpu::detail
