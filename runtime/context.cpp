// Devices, contexts and streams.
#include "context_state.hpp"
#include "errors.hpp"
#include "cpu/cpu_driver.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

namespace gpu::detail {

context_state::~context_state() {
  if (!api || !context)
    return;
  api->cuCtxSetCurrent(context);
  for (auto &[module, handle] : modules)
    api->cuModuleUnload(handle);
  api->cuDevicePrimaryCtxRelease(device);
}

result<void> context_state::enter() {
  {
    std::lock_guard lock(mutex);
    if (fault)
      return std::unexpected(*fault);
  }
  // Setting the current context costs about a microsecond in the driver,
  // as much as the launch itself: only when another one is current.
  cu::CUcontext current = nullptr;
  if (api->cuCtxGetCurrent(&current) == cu::CUDA_SUCCESS && current == context)
    return {};
  if (int rc = api->cuCtxSetCurrent(context); rc != cu::CUDA_SUCCESS)
    return std::unexpected(failure(rc, "making the device's context current"));
  return {};
}

gpu::error context_state::failure(int code, std::string_view what,
                                  const stream_state *stream) {
  gpu::error e = driver_error(api, code, what);
  if (!is_sticky_fault(code))
    return e;
  std::lock_guard lock(mutex);
  if (fault)
    return *fault;
  const kernel_record *kernel =
      stream && stream->last_kernel ? stream->last_kernel : last_kernel;
  std::string message = e.message();
  if (kernel)
    message += " (after kernel '" + kernel->name + "')";
  message += " on device " + std::to_string(info.ordinal()) + " (" +
             info.name() + ")";
  message += "; the context cannot be used any more";
  message += fault_hint(code, kernel);
  fault = gpu::error(e.code(), e.name(), std::move(message));
  return *fault;
}

stream_state::~stream_state() {
  if (owned && handle && ctx) {
    ctx->api->cuCtxSetCurrent(ctx->context);
    ctx->api->cuStreamDestroy(handle);
  }
}

namespace {

std::unexpected<gpu::error> moved_from(const char *what) {
  return fail(errc::invalid_handle,
              std::string(what) + " of a moved-from or empty object");
}

result<device_limits> query_limits(const cu::driver_api &api,
                                   cu::CUdevice device) {
  int rc = cu::CUDA_SUCCESS;
  auto attribute = [&](int which) {
    int value = 0;
    if (rc == cu::CUDA_SUCCESS)
      rc = api.cuDeviceGetAttribute(&value, which, device);
    return value;
  };
  device_limits l;
  l.compute_capability.major =
      attribute(cu::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
  l.compute_capability.minor =
      attribute(cu::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
  l.max_threads_per_block =
      uint32_t(attribute(cu::CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK));
  for (int i = 0; i < 3; ++i) {
    l.max_block[i] =
        uint32_t(attribute(cu::CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X + i));
    l.max_grid[i] =
        uint32_t(attribute(cu::CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X + i));
  }
  int optin =
      attribute(cu::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
  int plain = attribute(cu::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK);
  l.max_shared_per_block = uint64_t(optin > plain ? optin : plain);
  if (rc != cu::CUDA_SUCCESS)
    return std::unexpected(
        driver_error(&api, rc, "reading the device's attributes"));
  return l;
}

} // namespace
} // namespace gpu::detail

namespace gpu {

using detail::runtime_access;

// The devices context::create can open: the GPUs, or the CPU device.
result<int> device_count() {
  auto api = detail::device_driver();
  if (!api) {
    if (api.error().code() == detail::cu::CUDA_ERROR_NO_DEVICE)
      return 0;
    return std::unexpected(api.error());
  }
  int count = 0;
  if (int rc = (*api)->cuDeviceGetCount(&count); rc != detail::cu::CUDA_SUCCESS)
    return std::unexpected(
        detail::driver_error(*api, rc, "counting the CUDA devices"));
  return count;
}

// The driver to use: the GPU's, or, where there is no GPU (and
// ALLOY_DEVICE does not say gpu), the CPU device's.
result<const detail::cu::driver_api *> detail::device_driver() {
  namespace cu = detail::cu;
  const char *env = std::getenv("ALLOY_DEVICE");
  std::string_view choice = env ? env : "";
  if (choice == "cpu")
    return detail::cpu::driver();
  if (!choice.empty() && choice != "gpu")
    return detail::fail(cu::CUDA_ERROR_INVALID_DEVICE,
                        "ALLOY_DEVICE=" + std::string(choice) +
                            ": expected cpu or gpu");
  auto api = cu::driver();
  std::string why;
  if (!api) {
    // No driver, or one without a device; a driver that fails otherwise
    // is an error worth seeing.
    int code = api.error().code();
    if (code != errc::no_driver && code != cu::CUDA_ERROR_NO_DEVICE)
      return std::unexpected(api.error());
    why = api.error().message();
    why = why.substr(0, why.find("; Alloy programs need")); // said below
  } else {
    int count = 0;
    if (int rc = (*api)->cuDeviceGetCount(&count); rc != cu::CUDA_SUCCESS)
      return std::unexpected(
          detail::driver_error(*api, rc, "counting the CUDA devices"));
    if (count > 0)
      return *api;
    why = "the CUDA driver reports no device";
  }
  if (choice == "gpu") {
    if (!api)
      return std::unexpected(api.error());
    return *api; // context::create reports the missing device
  }
  static std::once_flag said;
  std::call_once(said, [&] {
    std::fprintf(stderr,
                 "alloy: no GPU (%s); kernels run on the CPU device "
                 "(ALLOY_DEVICE=gpu makes this an error)\n",
                 why.c_str());
  });
  return detail::cpu::driver();
}

namespace {

result<context> create_on(const detail::cu::driver_api *api, int ordinal) {
  namespace cu = detail::cu;
  int count = 0;
  if (int rc = api->cuDeviceGetCount(&count); rc != cu::CUDA_SUCCESS)
    return std::unexpected(
        detail::driver_error(api, rc, "counting the CUDA devices"));
  if (count == 0)
    return detail::fail(cu::CUDA_ERROR_NO_DEVICE,
                        "no CUDA device found; Alloy programs need an NVIDIA "
                        "GPU and its driver");
  if (ordinal < 0 || ordinal >= count)
    return detail::fail(cu::CUDA_ERROR_INVALID_DEVICE,
                        "there is no " +
                            std::string(detail::cpu::is_cpu(api)
                                            ? "CPU device "
                                            : "CUDA device ") +
                            std::to_string(ordinal) + ": this machine has " +
                            std::to_string(count));

  auto state = std::make_shared<detail::context_state>();
  state->api = api;
  if (int rc = api->cuDeviceGet(&state->device, ordinal);
      rc != cu::CUDA_SUCCESS)
    return std::unexpected(detail::driver_error(api, rc, "cuDeviceGet"));
  cu::CUcontext primary = nullptr;
  if (int rc = api->cuDevicePrimaryCtxRetain(&primary, state->device);
      rc != cu::CUDA_SUCCESS)
    return std::unexpected(detail::driver_error(
        api, rc,
        "retaining the primary context of device " + std::to_string(ordinal)));
  state->context = primary;

  auto limits = detail::query_limits(*api, state->device);
  if (!limits)
    return std::unexpected(limits.error());
  char name[256] = {};
  int multiprocessors = 0;
  size_t total_memory = 0;
  int rc = api->cuDeviceGetName(name, sizeof(name) - 1, state->device);
  if (rc == cu::CUDA_SUCCESS)
    rc = api->cuDeviceGetAttribute(&multiprocessors,
                                   cu::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
                                   state->device);
  if (rc == cu::CUDA_SUCCESS)
    rc = api->cuDeviceTotalMem(&total_memory, state->device);
  if (rc != cu::CUDA_SUCCESS)
    return std::unexpected(
        detail::driver_error(api, rc, "reading the device's properties"));
  runtime_access::set_device(state->info, ordinal, name, multiprocessors,
                             total_memory, *limits);
  if (detail::cpu::is_cpu(api))
    runtime_access::set_cpu(state->info);
  if (auto entered = state->enter(); !entered)
    return std::unexpected(entered.error());

  auto stream_state = std::make_shared<detail::stream_state>();
  stream_state->ctx = state;
  auto default_stream = std::make_unique<stream>(
      runtime_access::make_stream(std::move(stream_state)));
  return runtime_access::make_context(std::move(state),
                                      std::move(default_stream));
}

} // namespace

result<context> context::create(int ordinal) {
  auto api = detail::device_driver();
  if (!api)
    return std::unexpected(api.error());
  return create_on(*api, ordinal);
}

result<context> context::create_cpu() {
  return create_on(detail::cpu::driver(), 0);
}

context::context(context &&) noexcept = default;
context &context::operator=(context &&) noexcept = default;
context::~context() = default;

const device_info &context::device() const noexcept {
  static const device_info none;
  return state_ ? state_->info : none;
}

stream &context::default_stream() noexcept {
  static stream none = runtime_access::make_stream(nullptr);
  return default_stream_ ? *default_stream_ : none;
}

result<stream> context::create_stream() {
  if (!state_)
    return detail::moved_from("context::create_stream");
  if (auto entered = state_->enter(); !entered)
    return std::unexpected(entered.error());
  auto s = std::make_shared<detail::stream_state>();
  s->ctx = state_;
  if (int rc = state_->api->cuStreamCreate(&s->handle,
                                           detail::cu::CU_STREAM_DEFAULT);
      rc != detail::cu::CUDA_SUCCESS)
    return std::unexpected(state_->failure(rc, "creating a stream"));
  s->owned = true;
  return runtime_access::make_stream(std::move(s));
}

result<void> context::synchronize() {
  if (!state_)
    return detail::moved_from("context::synchronize");
  if (auto entered = state_->enter(); !entered)
    return entered;
  if (int rc = state_->api->cuCtxSynchronize(); rc != detail::cu::CUDA_SUCCESS)
    return std::unexpected(state_->failure(rc, "context::synchronize"));
  return {};
}

stream::stream(stream &&) noexcept = default;
stream &stream::operator=(stream &&) noexcept = default;
stream::~stream() = default;

result<void> stream::synchronize() {
  if (!state_ || !state_->ctx)
    return detail::moved_from("stream::synchronize");
  if (auto ok = detail::not_capturing(*state_, "stream::synchronize"); !ok)
    return ok;
  detail::context_state &ctx = *state_->ctx;
  if (auto entered = ctx.enter(); !entered)
    return entered;
  if (int rc = ctx.api->cuStreamSynchronize(state_->handle);
      rc != detail::cu::CUDA_SUCCESS)
    return std::unexpected(
        ctx.failure(rc, "stream::synchronize", state_.get()));
  return {};
}

} // namespace gpu
