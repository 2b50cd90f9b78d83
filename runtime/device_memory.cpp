// Device memory named by plain pointers (<gpu/device_memory.hpp>): the
// default context, malloc_device/free_device, copies whose direction comes
// from the pointers, and the launch-time check of gpu::device_ptr
// arguments.
#include "context_state.hpp"
#include "errors.hpp"

#include <gpu/device_memory.hpp>

#include <algorithm>
#include <cstring>
#include <map>
#include <mutex>

namespace gpu::detail {
namespace {

// Allocations by start address, each with its size and the context it came
// from (kept alive until the allocation is freed): malloc_device's and
// malloc_host's. Launches and copies look their pointers up here first: the
// driver's pointer queries cost microseconds each, several per launch.
class owners {
public:
  struct found {
    uint64_t start = 0, size = 0;
    context_state *ctx = nullptr; // null: not one of these allocations
  };
  void add(uint64_t address, uint64_t size,
           std::shared_ptr<context_state> ctx) {
    std::lock_guard lock(mutex_);
    owner_[address] = {size, std::move(ctx)};
  }
  // The owner of the allocation at `address`, forgotten; null if none.
  std::shared_ptr<context_state> take(uint64_t address) {
    std::lock_guard lock(mutex_);
    auto it = owner_.find(address);
    if (it == owner_.end())
      return nullptr;
    std::shared_ptr<context_state> ctx = std::move(it->second.ctx);
    owner_.erase(it);
    return ctx;
  }
  // The allocation that holds `address`, if one of these does.
  found holding(uint64_t address) {
    std::lock_guard lock(mutex_);
    auto it = owner_.upper_bound(address);
    if (it == owner_.begin())
      return {};
    --it;
    if (address - it->first >= std::max<uint64_t>(it->second.size, 1))
      return {};
    return {it->first, it->second.size, it->second.ctx.get()};
  }

private:
  struct entry {
    uint64_t size;
    std::shared_ptr<context_state> ctx;
  };
  std::mutex mutex_;
  std::map<uint64_t, entry> owner_;
};
// Both outlive every static destructor.
owners &device_allocations() {
  static auto *r = new owners;
  return *r;
}
owners &host_allocations() {
  static auto *r = new owners;
  return *r;
}

// CUDA's out-parameter shape of a call that returns its value.
template <class T, class U> result<void> store(T *out, result<U> value) {
  if (!value)
    return std::unexpected(value.error());
  *out = std::move(*value);
  return {};
}

bool is_device_memory(const context_state &ctx, const void *p) {
  const uint64_t address = uint64_t(uintptr_t(p));
  if (device_allocations().holding(address).ctx)
    return true;
  if (host_allocations().holding(address).ctx)
    return false;
  unsigned type = 0;
  return p &&
         ctx.api->cuPointerGetAttribute(
             &type, cu::CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
             uint64_t(uintptr_t(p))) == cu::CUDA_SUCCESS &&
         type == cu::CU_MEMORYTYPE_DEVICE;
}

result<void> copy(stream &s, void *dst, const void *src, size_t bytes,
                  bool wait, const char *what) {
  auto st = stream_for(s, nullptr, what);
  if (!st)
    return std::unexpected(st.error());
  if (wait)
    if (auto ok = not_capturing(**st, what); !ok)
      return ok;
  if (bytes == 0)
    return {};
  if (!dst || !src)
    return fail(errc::invalid_handle, std::string(what) + " of " +
                                          std::to_string(bytes) +
                                          " bytes with a null pointer");
  context_state &ctx = *(*st)->ctx;
  if (auto entered = ctx.enter(); !entered)
    return entered;
  const cu::driver_api &api = *ctx.api;
  cu::CUstream handle = (*st)->handle;
  const bool to_device = is_device_memory(ctx, dst);
  const bool from_device = is_device_memory(ctx, src);
  int rc = cu::CUDA_SUCCESS;
  if (to_device && from_device)
    rc = api.cuMemcpyDtoDAsync(uint64_t(uintptr_t(dst)),
                               uint64_t(uintptr_t(src)), bytes, handle);
  else if (to_device)
    rc = api.cuMemcpyHtoDAsync(uint64_t(uintptr_t(dst)), src, bytes, handle);
  else if (from_device)
    rc = api.cuMemcpyDtoHAsync(dst, uint64_t(uintptr_t(src)), bytes, handle);
  else { // host to host, in the stream's order
    rc = api.cuStreamSynchronize(handle);
    if (rc == cu::CUDA_SUCCESS)
      std::memmove(dst, src, bytes);
  }
  // Device to device does not wait, as cudaMemcpy does not: the stream
  // orders it before later work.
  if (rc == cu::CUDA_SUCCESS && wait && !(to_device && from_device))
    rc = api.cuStreamSynchronize(handle);
  if (rc != cu::CUDA_SUCCESS)
    return std::unexpected(ctx.failure(
        rc, std::string(what) + " of " + std::to_string(bytes) + " bytes",
        *st));
  return {};
}

} // namespace

std::unexpected<gpu::error> overflowing_allocation(size_t count, size_t size) {
  return fail(errc::out_of_range, "gpu::malloc_device of " +
                                      std::to_string(count) + " elements of " +
                                      std::to_string(size) +
                                      " bytes: the size overflows");
}

result<uint64_t> device_pointer_extent(const kernel_handle &kernel,
                                       uint64_t address, uint32_t argument) {
  if (!kernel.ctx || !kernel.kernel)
    return fail(errc::invalid_handle, "gpu::launch of an empty prepared");
  context_state &ctx = *kernel.ctx;
  if (auto entered = ctx.enter(); !entered)
    return std::unexpected(entered.error());
  const cu::driver_api &api = *ctx.api;
  // malloc_device's own allocations: no driver query.
  if (owners::found a = device_allocations().holding(address); a.ctx == &ctx)
    return a.start + a.size - address;
  const std::string what = "kernel '" + kernel.kernel->name + "': argument " +
                           std::to_string(argument) + " (gpu::device_ptr " +
                           hex(address) + ")";
  cu::CUcontext owner = nullptr;
  if (api.cuPointerGetAttribute(&owner, cu::CU_POINTER_ATTRIBUTE_CONTEXT,
                                address) != cu::CUDA_SUCCESS ||
      !is_device_memory(ctx, reinterpret_cast<const void *>(address)))
    return fail(errc::not_device_memory,
                what + " is not device memory: pass memory from "
                       "gpu::malloc_device, a device_buffer or cudaMalloc");
  if (owner && owner != ctx.context)
    return fail(errc::not_device_memory,
                what + " is device memory of another context than the "
                       "launch's");
  cu::CUdeviceptr start = 0;
  size_t size = 0;
  if (api.cuPointerGetAttribute(&start,
                                cu::CU_POINTER_ATTRIBUTE_RANGE_START_ADDR,
                                address) != cu::CUDA_SUCCESS ||
      api.cuPointerGetAttribute(&size, cu::CU_POINTER_ATTRIBUTE_RANGE_SIZE,
                                address) != cu::CUDA_SUCCESS ||
      address < start || address - start > size)
    return uint64_t(0); // an extent the driver does not tell: not checked
  return uint64_t(start + size - address);
}

} // namespace gpu::detail

namespace gpu {

using namespace detail;

namespace {
std::mutex default_mutex;
context *default_ctx = nullptr; // never destroyed, as CUDA's
int default_ordinal = 0;
} // namespace

context &default_context() {
  std::lock_guard lock(default_mutex);
  if (!default_ctx) {
    auto c = context::create(default_ordinal);
    if (!c)
      throw exception(c.error());
    default_ctx = new context(std::move(*c));
  }
  return *default_ctx;
}

result<void> set_default_device(int ordinal) {
  std::lock_guard lock(default_mutex);
  if (default_ctx && default_ordinal != ordinal)
    return fail(errc::invalid_state,
                "gpu::set_default_device(" + std::to_string(ordinal) +
                    "): the default context is open on device " +
                    std::to_string(default_ordinal) + " already");
  if (ordinal < 0)
    return fail(errc::out_of_range, "gpu::set_default_device(" +
                                        std::to_string(ordinal) +
                                        "): a negative device ordinal");
  default_ordinal = ordinal;
  return {};
}

stream &default_stream() { return default_context().default_stream(); }

result<void> device_synchronize() { return default_context().synchronize(); }

result<void *> malloc_device_bytes(stream &s, size_t bytes) {
  auto st = stream_for(s, nullptr, "gpu::malloc_device");
  if (!st)
    return std::unexpected(st.error());
  if (auto ok = not_capturing(**st, "gpu::malloc_device"); !ok)
    return std::unexpected(ok.error());
  if (bytes == 0)
    return static_cast<void *>(nullptr);
  const std::shared_ptr<context_state> &owner = (*st)->ctx;
  if (auto entered = owner->enter(); !entered)
    return std::unexpected(entered.error());
  cu::CUdeviceptr address = 0;
  if (int rc = owner->api->cuMemAlloc(&address, bytes); rc != cu::CUDA_SUCCESS)
    return std::unexpected(owner->failure(
        rc, "gpu::malloc_device of " + std::to_string(bytes) + " bytes", *st));
  device_allocations().add(address, bytes, owner);
  return reinterpret_cast<void *>(uintptr_t(address));
}

result<void> free_device(const void *p) {
  if (!p)
    return {};
  const uint64_t address = uint64_t(uintptr_t(p));
  std::shared_ptr<context_state> ctx = device_allocations().take(address);
  if (!ctx)
    return fail(errc::not_device_memory,
                "gpu::free_device(" + hex(address) +
                    "): not the start of memory from gpu::malloc_device "
                    "(or freed already)");
  if (auto entered = ctx->enter(); !entered)
    return entered;
  if (int rc = ctx->api->cuMemFree(address); rc != cu::CUDA_SUCCESS)
    return std::unexpected(
        ctx->failure(rc, "gpu::free_device(" + hex(address) + ")"));
  return {};
}

result<void *> malloc_host_bytes(size_t bytes) {
  if (bytes == 0)
    return static_cast<void *>(nullptr);
  const auto &ctx = runtime_access::state(default_context());
  if (auto entered = ctx->enter(); !entered)
    return std::unexpected(entered.error());
  void *p = nullptr;
  if (int rc = ctx->api->cuMemAllocHost(&p, bytes); rc != cu::CUDA_SUCCESS)
    return std::unexpected(ctx->failure(
        rc, "gpu::malloc_host of " + std::to_string(bytes) + " bytes"));
  host_allocations().add(uint64_t(uintptr_t(p)), bytes, ctx);
  return p;
}

result<void> free_host(const void *p) {
  if (!p)
    return {};
  std::shared_ptr<context_state> ctx =
      host_allocations().take(uint64_t(uintptr_t(p)));
  if (!ctx)
    return fail(errc::not_device_memory,
                "gpu::free_host(" + hex(uint64_t(uintptr_t(p))) +
                    "): not memory from gpu::malloc_host (or freed already)");
  if (auto entered = ctx->enter(); !entered)
    return entered;
  if (int rc = ctx->api->cuMemFreeHost(const_cast<void *>(p));
      rc != cu::CUDA_SUCCESS)
    return std::unexpected(ctx->failure(rc, "gpu::free_host"));
  return {};
}

result<void> mem_get_info(size_t *free_bytes, size_t *total_bytes) {
  const auto &ctx = runtime_access::state(default_context());
  if (auto entered = ctx->enter(); !entered)
    return entered;
  if (int rc = ctx->api->cuMemGetInfo(free_bytes, total_bytes);
      rc != cu::CUDA_SUCCESS)
    return std::unexpected(ctx->failure(rc, "gpu::mem_get_info"));
  return {};
}

result<void> device_count(int *out) { return store(out, gpu::device_count()); }
result<void> get_default_device(int *out) {
  std::lock_guard lock(default_mutex);
  *out = default_ordinal;
  return {};
}
result<void> get_device_properties(device_properties *out, int ordinal) {
  {
    // The default context's device: read once (context::properties).
    std::lock_guard lock(default_mutex);
    if (default_ctx && default_ordinal == ordinal)
      return store(out, default_ctx->properties());
  }
  return store(out, device_properties::query(ordinal));
}
result<void> create_stream(stream *out) {
  return store(out, default_context().create_stream());
}
result<void> create_event(event *out) {
  return store(out, default_context().create_event());
}
result<void> elapsed_ms(float *ms, const event &start, const event &end) {
  return store(ms, gpu::elapsed_ms(start, end));
}
result<void> destroy(stream &s) {
  if (!runtime_access::state(s))
    return fail(errc::invalid_handle,
                "gpu::destroy of an empty or moved-from stream");
  s = stream();
  return {};
}
result<void> destroy(event &e) {
  if (!runtime_access::state(e))
    return fail(errc::invalid_handle,
                "gpu::destroy of an empty or moved-from event");
  e = event();
  return {};
}

result<void> memcpy(stream &s, void *dst, const void *src, size_t bytes) {
  return copy(s, dst, src, bytes, true, "gpu::memcpy");
}
result<void> memcpy(void *dst, const void *src, size_t bytes) {
  return copy(default_stream(), dst, src, bytes, true, "gpu::memcpy");
}
result<void> memcpy_async(stream &s, void *dst, const void *src, size_t bytes) {
  return copy(s, dst, src, bytes, false, "gpu::memcpy_async");
}

result<void> memset(stream &s, void *p, int value, size_t bytes) {
  auto st = stream_for(s, nullptr, "gpu::memset");
  if (!st)
    return std::unexpected(st.error());
  if (bytes == 0)
    return {};
  context_state &ctx = *(*st)->ctx;
  if (auto entered = ctx.enter(); !entered)
    return entered;
  if (!is_device_memory(ctx, p))
    return fail(errc::not_device_memory, "gpu::memset(" +
                                             hex(uint64_t(uintptr_t(p))) +
                                             "): not device memory");
  if (int rc = ctx.api->cuMemsetD8Async(uint64_t(uintptr_t(p)),
                                        static_cast<unsigned char>(value),
                                        bytes, (*st)->handle);
      rc != cu::CUDA_SUCCESS)
    return std::unexpected(ctx.failure(
        rc, "gpu::memset of " + std::to_string(bytes) + " bytes", *st));
  return {};
}
result<void> memset(void *p, int value, size_t bytes) {
  return memset(default_stream(), p, value, bytes);
}

} // namespace gpu
