// gpu::nccl (<gpu/nccl.hpp>): NCCL loaded with dlopen, communicators over
// Alloy's contexts, and all-reduce of device buffers.
#include "nccl_api.hpp"

#include "context_state.hpp"
#include "errors.hpp"
#include "lazy_library.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

namespace gpu::nccl::detail {

using gpu::detail::runtime_access;
namespace cu = gpu::detail::cu;

namespace api {
namespace {

constexpr const char *default_library = "libnccl.so.2";

std::optional<gpu::error> load(void *&handle, nccl_api &a) {
  const char *env = std::getenv("ALLOY_NCCL_LIBRARY");
  bool from_env = env && *env;
  std::string path = from_env ? env : default_library;
  handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *why = dlerror();
    std::string reason = why ? why : "unknown reason";
    if (from_env)
      return gpu::detail::make_error(
          errc::no_nccl, "NCCL not found: could not load " + path +
                             " (named by ALLOY_NCCL_LIBRARY): " + reason);
    return gpu::detail::make_error(
        errc::no_nccl,
        path +
            " not found: install NCCL (Debian/Ubuntu: the libnccl2 "
            "package from NVIDIA's CUDA repository; or the nvidia-nccl "
            "wheel) or set ALLOY_NCCL_LIBRARY to the library's path (" +
            reason + ")");
  }
  std::string missing;
  auto bind = [&](auto &slot, const char *symbol) {
    gpu::detail::bind_symbol(handle, slot, symbol, missing);
  };
  bind(a.ncclGetVersion, "ncclGetVersion");
  bind(a.ncclGetUniqueId, "ncclGetUniqueId");
  bind(a.ncclCommInitRank, "ncclCommInitRank");
  bind(a.ncclCommInitAll, "ncclCommInitAll");
  bind(a.ncclCommDestroy, "ncclCommDestroy");
  bind(a.ncclAllReduce, "ncclAllReduce");
  bind(a.ncclGroupStart, "ncclGroupStart");
  bind(a.ncclGroupEnd, "ncclGroupEnd");
  bind(a.ncclGetErrorString, "ncclGetErrorString");
  if (!missing.empty())
    return gpu::detail::make_error(
        errc::no_nccl, "the NCCL library " + path + " lacks the function " +
                           missing + " (NCCL 2.x is needed)");
  return std::nullopt;
}

gpu::detail::lazy_library<nccl_api> &state() {
  static gpu::detail::lazy_library<nccl_api> library(load);
  return library;
}

} // namespace

result<const nccl_api *> library() { return state().get(); }

void reset_library_for_testing() { state().reset_for_testing(); }

} // namespace api

namespace {

const char *result_name(int rc) {
  switch (rc) {
  case 1:
    return "ncclUnhandledCudaError";
  case 2:
    return "ncclSystemError";
  case 3:
    return "ncclInternalError";
  case 4:
    return "ncclInvalidArgument";
  case 5:
    return "ncclInvalidUsage";
  case 6:
    return "ncclRemoteError";
  case 7:
    return "ncclInProgress";
  default:
    return nullptr;
  }
}

const char *type_name(int data_type) {
  static const char *const names[] = {
      "int8",   "uint8",   "int32",   "uint32",  "int64",
      "uint64", "float16", "float32", "float64", "bfloat16"};
  return data_type >= 0 && data_type < 10 ? names[data_type] : "unknown";
}

const char *op_name(op o) {
  switch (o) {
  case op::sum:
    return "sum";
  case op::prod:
    return "prod";
  case op::max:
    return "max";
  case op::min:
    return "min";
  }
  return "unknown";
}

// "WHAT: ncclX (NCCL's description)", code ALLOY_ERROR_NCCL.
gpu::error failure(const api::nccl_api &a, int rc, const std::string &what) {
  std::string message = what + ": ";
  const char *name = result_name(rc);
  message += name ? name : "NCCL error " + std::to_string(rc);
  if (const char *text = a.ncclGetErrorString(rc); text && *text)
    message += std::string(" (") + text + ")";
  return gpu::detail::make_error(errc::nccl_error, std::move(message));
}

std::unexpected<gpu::error> fail(int code, std::string message) {
  return gpu::detail::fail(code, std::move(message));
}

std::string device_name(const gpu::detail::context_state &ctx) {
  return "device " + std::to_string(ctx.info.ordinal()) + " (" +
         ctx.info.name() + ")";
}

} // namespace

struct communicator_state {
  struct rank_entry {
    std::shared_ptr<gpu::detail::context_state> ctx;
    api::ncclComm_t comm = nullptr;
    int rank = 0;
  };
  const api::nccl_api *api = nullptr;
  std::vector<rank_entry> local;
  int ranks = 0;

  ~communicator_state() {
    for (rank_entry &r : local) {
      if (!r.comm)
        continue;
      r.ctx->api->cuCtxSetCurrent(r.ctx->context);
      api->ncclCommDestroy(r.comm);
    }
  }
};

result<void> allreduce(const communicator_state *state,
                       std::span<const rank_part> parts, int data_type,
                       size_t elem_size, op o) {
  const std::string what = "gpu::nccl::communicator::allreduce";
  if (!state)
    return fail(errc::invalid_handle,
                what + " of a moved-from or empty communicator");
  if (parts.size() != state->local.size())
    return fail(errc::size_mismatch,
                what + ": " + std::to_string(parts.size()) +
                    " buffers for a communicator of " +
                    std::to_string(state->local.size()) +
                    " local ranks; pass one buffer per rank");
  if (int(o) < 0 || int(o) > 3)
    return fail(errc::out_of_range,
                what + ": unknown reduction " + std::to_string(int(o)));
  size_t bytes = 0;
  std::vector<gpu::detail::stream_state *> streams;
  for (size_t i = 0; i < parts.size(); ++i) {
    const auto &entry = state->local[i];
    const rank_part &p = parts[i];
    std::string rank = what + ": rank " + std::to_string(entry.rank) + " (" +
                       device_name(*entry.ctx) + ")";
    if (!p.s || !runtime_access::state(*p.s) ||
        !runtime_access::state(*p.s)->ctx)
      return fail(errc::invalid_handle,
                  rank + ": the stream is moved-from or empty");
    gpu::detail::stream_state *st = runtime_access::state(*p.s).get();
    if (st->ctx->context != entry.ctx->context)
      return fail(errc::invalid_handle,
                  rank + ": the stream belongs to " + device_name(*st->ctx) +
                      "; pass each rank a stream of its own device");
    for (const gpu::detail::raw_buffer *b : {p.send, p.recv}) {
      const auto *ctx = b ? runtime_access::context_of(*b).get() : nullptr;
      if (!ctx)
        return fail(errc::invalid_handle,
                    rank + ": the buffer is moved-from or empty");
      if (ctx->context != entry.ctx->context)
        return fail(errc::invalid_handle,
                    rank + ": the buffer belongs to " + device_name(*ctx) +
                        "; pass each rank a buffer on its own device");
    }
    if (p.send->bytes() != p.recv->bytes())
      return fail(errc::size_mismatch,
                  rank + ": the send buffer has " +
                      std::to_string(p.send->bytes() / elem_size) +
                      " elements, the receive buffer " +
                      std::to_string(p.recv->bytes() / elem_size));
    if (i == 0)
      bytes = p.send->bytes();
    else if (p.send->bytes() != bytes)
      return fail(errc::size_mismatch,
                  rank + ": the buffer has " +
                      std::to_string(p.send->bytes() / elem_size) +
                      " elements, rank " +
                      std::to_string(state->local[0].rank) + "'s " +
                      std::to_string(bytes / elem_size) +
                      "; every rank reduces the same number of elements");
    streams.push_back(st);
  }
  // A sticky fault of any rank: reported before NCCL queues anything, so
  // that no rank waits in a collective that another never joins.
  for (const auto &entry : state->local)
    if (auto entered = entry.ctx->enter(); !entered)
      return entered;
  size_t count = bytes / elem_size;
  if (count == 0)
    return {};

  const api::nccl_api &a = *state->api;
  if (int rc = a.ncclGroupStart(); rc != api::ncclSuccess)
    return std::unexpected(failure(a, rc, what + ": ncclGroupStart"));
  std::optional<gpu::error> error;
  for (size_t i = 0; i < parts.size() && !error; ++i) {
    const auto &entry = state->local[i];
    if (auto entered = entry.ctx->enter(); !entered) {
      error = entered.error();
      break;
    }
    int rc = a.ncclAllReduce(
        reinterpret_cast<const void *>(uintptr_t(parts[i].send->address())),
        reinterpret_cast<void *>(uintptr_t(parts[i].recv->address())), count,
        data_type, int(o), entry.comm, streams[i]->handle);
    if (rc != api::ncclSuccess)
      error = failure(a, rc,
                      "ncclAllReduce (rank " + std::to_string(entry.rank) +
                          " of " + std::to_string(state->ranks) + ", " +
                          device_name(*entry.ctx) + ", " +
                          std::to_string(count) + " " + type_name(data_type) +
                          " elements, " + op_name(o) + ")");
  }
  // Always ends the group: NCCL drops a group in which a call failed.
  int rc = a.ncclGroupEnd();
  if (error)
    return std::unexpected(*error);
  if (rc != api::ncclSuccess)
    return std::unexpected(
        failure(a, rc,
                "ncclGroupEnd (ending the ncclAllReduce of " +
                    std::to_string(parts.size()) + " local ranks, " +
                    std::to_string(count) + " " + type_name(data_type) +
                    " elements, " + op_name(o) + ")"));
  return {};
}

} // namespace gpu::nccl::detail

namespace gpu::nccl {

using gpu::detail::runtime_access;
namespace api = detail::api;

result<int> version() {
  auto lib = api::library();
  if (!lib)
    return std::unexpected(lib.error());
  int v = 0;
  if (int rc = (*lib)->ncclGetVersion(&v); rc != api::ncclSuccess)
    return std::unexpected(detail::failure(**lib, rc, "ncclGetVersion"));
  return v;
}

result<unique_id> unique_id::generate() {
  auto lib = api::library();
  if (!lib)
    return std::unexpected(lib.error());
  api::ncclUniqueId id{};
  if (int rc = (*lib)->ncclGetUniqueId(&id); rc != api::ncclSuccess)
    return std::unexpected(detail::failure(**lib, rc, "ncclGetUniqueId"));
  unique_id out;
  std::memcpy(out.internal, id.internal, sizeof(out.internal));
  return out;
}

communicator::communicator() noexcept = default;
communicator::communicator(communicator &&) noexcept = default;
communicator &communicator::operator=(communicator &&) noexcept = default;
communicator::~communicator() = default;

int communicator::local_ranks() const noexcept {
  return state_ ? int(state_->local.size()) : 0;
}
int communicator::ranks() const noexcept { return state_ ? state_->ranks : 0; }
int communicator::rank(int i) const noexcept {
  return state_ && i >= 0 && size_t(i) < state_->local.size()
             ? state_->local[size_t(i)].rank
             : -1;
}
int communicator::device(int i) const noexcept {
  return state_ && i >= 0 && size_t(i) < state_->local.size()
             ? state_->local[size_t(i)].ctx->info.ordinal()
             : -1;
}

std::unexpected<gpu::error>
communicator::count_mismatch(size_t buffers, size_t other, const char *what) {
  return gpu::detail::fail(
      errc::size_mismatch,
      "gpu::nccl::communicator::allreduce: " + std::to_string(buffers) +
          " buffers but " + std::to_string(other) + " " + what +
          "; pass one per rank");
}

result<communicator>
communicator::create_all_of(std::span<const context *const> contexts) {
  const std::string what = "gpu::nccl::communicator::create_all";
  if (contexts.empty())
    return gpu::detail::fail(errc::out_of_range,
                             what + ": no contexts; pass one per GPU");
  auto state = std::make_unique<detail::communicator_state>();
  std::vector<int> devices;
  std::string list;
  for (size_t i = 0; i < contexts.size(); ++i) {
    const auto *ctx =
        contexts[i] ? runtime_access::state(*contexts[i]).get() : nullptr;
    if (!ctx)
      return gpu::detail::fail(errc::invalid_handle,
                               what + ": context " + std::to_string(i) +
                                   " is moved-from or empty");
    int ordinal = ctx->info.ordinal();
    for (size_t j = 0; j < i; ++j)
      if (devices[j] == ordinal)
        return gpu::detail::fail(
            errc::invalid_handle,
            what + ": contexts " + std::to_string(j) + " and " +
                std::to_string(i) + " are both on device " +
                std::to_string(ordinal) + "; NCCL takes one rank per GPU");
    devices.push_back(ordinal);
    list += (i ? ", " : "") + std::to_string(ordinal);
    state->local.push_back(
        {runtime_access::state(*contexts[i]), nullptr, int(i)});
  }
  auto lib = api::library();
  if (!lib)
    return std::unexpected(lib.error());
  state->api = *lib;
  for (const auto &entry : state->local)
    if (auto entered = entry.ctx->enter(); !entered)
      return std::unexpected(entered.error());
  std::vector<api::ncclComm_t> comms(devices.size(), nullptr);
  if (int rc = (*lib)->ncclCommInitAll(comms.data(), int(devices.size()),
                                       devices.data());
      rc != api::ncclSuccess)
    return std::unexpected(detail::failure(
        **lib, rc,
        what + ": ncclCommInitAll (" + std::to_string(devices.size()) +
            (devices.size() == 1 ? " device: " : " devices: ") + list + ")"));
  for (size_t i = 0; i < comms.size(); ++i)
    state->local[i].comm = comms[i];
  state->ranks = int(devices.size());
  communicator c;
  c.state_ = std::move(state);
  return c;
}

result<communicator> communicator::create(const context &ctx, int ranks,
                                          const unique_id &id, int rank) {
  const std::string what = "gpu::nccl::communicator::create";
  const auto &cs = runtime_access::state(ctx);
  if (!cs)
    return gpu::detail::fail(errc::invalid_handle,
                             what + " in a moved-from or empty context");
  if (ranks < 1 || rank < 0 || rank >= ranks)
    return gpu::detail::fail(errc::out_of_range,
                             what + ": rank " + std::to_string(rank) + " of " +
                                 std::to_string(ranks) +
                                 "; ranks are 0 to ranks - 1");
  auto lib = api::library();
  if (!lib)
    return std::unexpected(lib.error());
  if (auto entered = cs->enter(); !entered)
    return std::unexpected(entered.error());
  api::ncclUniqueId nid{};
  std::memcpy(nid.internal, id.internal, sizeof(nid.internal));
  api::ncclComm_t comm = nullptr;
  if (int rc = (*lib)->ncclCommInitRank(&comm, ranks, nid, rank);
      rc != api::ncclSuccess)
    return std::unexpected(detail::failure(
        **lib, rc,
        what + ": ncclCommInitRank (rank " + std::to_string(rank) + " of " +
            std::to_string(ranks) + ", " + detail::device_name(*cs) + ")"));
  auto state = std::make_unique<detail::communicator_state>();
  state->api = *lib;
  state->local.push_back({cs, comm, rank});
  state->ranks = ranks;
  communicator c;
  c.state_ = std::move(state);
  return c;
}

} // namespace gpu::nccl
