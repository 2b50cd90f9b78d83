// A fake libcuda.so.1 for the unit tests: device memory is host memory,
// modules and functions are tokens, and a launch calls a hook set by the
// test, so that the runtime's whole path runs without a GPU.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <functional>
#include <iterator>
#include <map>
#include <mutex>
#include <string>
#include <vector>

// The driver's own types, so that the signatures match the runtime's
// exactly (-fsanitize=function checks calls through dlsym'd pointers).
struct CUctx_st;
struct CUmod_st;
struct CUfunc_st;
struct CUstream_st;
struct CUevent_st;
struct CUgraph_st;
struct CUgraphExec_st;
struct CUgraphNode_st;

extern "C" {

using CUresult = int;
using CUdeviceptr = unsigned long long;
using launch_hook = void (*)(const char *symbol, void **params,
                             const unsigned *grid, const unsigned *block,
                             unsigned shared);

namespace {
// One lock over the whole fake, taken by every driver entry point and
// control function, so that the runtime can be used from several threads
// (recursive: a launch hook may call the control functions).
std::recursive_mutex g_mutex;
#define FAKE_LOCK std::lock_guard<std::recursive_mutex> fake_lock_(g_mutex)

int g_sync_result = 0;
int g_cc_major = 8, g_cc_minor = 0;
// The arguments of the last cuTensorMapEncodeTiled call (tma_test.cpp has
// the same struct).
struct fake_tensor_map_call {
  int data_type;
  unsigned rank;
  void *address;
  unsigned long long dims[5], strides[4];
  unsigned box[5], element_strides[5];
  int interleave, swizzle, l2_promotion, oob_fill;
};
fake_tensor_map_call g_tensor_map_call;
int g_max_dynamic_shared = 0;
int g_launches = 0;
launch_hook g_hook = nullptr;
bool g_busy = false; // recorded events stay pending (cuEventQuery)
int g_stream_waits = 0;
int g_stream_syncs = 0;
// Calls of each entry point since the last reset (fake_cuda_calls), and
// the injected failures: entry point -> (calls to go, result).
std::map<std::string, int> g_calls;
std::map<std::string, std::pair<int, int>> g_fail;

// What cuPointerGetAttribute knows: each allocation's size and context.
struct allocation {
  size_t bytes;
  CUctx_st *context;
};
std::map<uintptr_t, allocation> g_allocations;
// As in CUDA, each thread has its own current context.
thread_local CUctx_st *g_current_context = nullptr;
int g_primary_token, g_other_token; // the addresses are the contexts
CUctx_st *primary() { return reinterpret_cast<CUctx_st *>(&g_primary_token); }
CUctx_st *other() { return reinterpret_cast<CUctx_st *>(&g_other_token); }
int g_frees = 0, g_stream_destroys = 0;
// CUlimit values: stack, printf FIFO, malloc heap (the driver's defaults).
size_t g_limits[3] = {1024, 1 << 20, 8 << 20};

// What the runtime made and has not destroyed yet (fake_cuda_live): a
// failed destroy leaves its object here, and fake_cuda_reset frees it.
enum live_kind { device_memory, host_memory, a_stream, an_event, a_graph };
const char *const live_names[] = {"device_memory", "host_memory", "streams",
                                  "events", "graphs"};
std::map<uintptr_t, live_kind> g_live;
int g_primary_retains = 0, g_modules_loaded = 0;

// Stream capture: work queued on the capturing stream becomes nodes,
// closures that a graph launch runs; a blocking call invalidates it.
CUstream_st *g_capturing = nullptr;
bool g_capture_invalid = false;
std::vector<std::function<void()>> g_nodes;
struct fake_graph {
  std::vector<std::function<void()>> nodes;
};
int g_graphs_alive = 0, g_graph_launches = 0;

void release(uintptr_t p, live_kind kind) {
  switch (kind) {
  case device_memory:
    g_allocations.erase(p);
    [[fallthrough]];
  case host_memory:
    return std::free(reinterpret_cast<void *>(p));
  case a_stream:
    return delete reinterpret_cast<int *>(p);
  case an_event:
    return delete reinterpret_cast<float *>(p);
  case a_graph:
    --g_graphs_alive;
    return delete reinterpret_cast<fake_graph *>(p);
  }
}

// Runs `work` now, or records it when `s` is capturing.
int run_or_record(CUstream_st *s, std::function<void()> work) {
  if (s && s == g_capturing)
    g_nodes.push_back(work);
  else
    work();
  return 0;
}

// Counts a call of `function`; its injected result if this is the call
// that fake_cuda_fail/fake_cuda_fail_nth asked to fail, else 0.
int injected(const char *function) {
  ++g_calls[function];
  auto it = g_fail.find(function);
  if (it == g_fail.end() || --it->second.first > 0)
    return 0;
  int rc = it->second.second;
  g_fail.erase(it);
  return rc;
}
// Every entry point starts with this.
#define FAKE_ENTRY(name)                                                       \
  FAKE_LOCK;                                                                   \
  if (int injected_rc_ = injected(name))                                       \
  return injected_rc_

struct fake_function {
  std::string symbol;
};
} // namespace

// ---- control, called by the tests through dlsym
void fake_cuda_reset() {
  FAKE_LOCK;
  g_sync_result = 0;
  g_cc_major = 8;
  g_cc_minor = 0;
  g_tensor_map_call = {};
  g_max_dynamic_shared = 0;
  g_launches = 0;
  g_hook = nullptr;
  g_busy = false;
  g_stream_waits = 0;
  g_stream_syncs = 0;
  g_calls.clear();
  g_fail.clear();
  g_frees = 0;
  g_stream_destroys = 0;
  g_capturing = nullptr;
  g_capture_invalid = false;
  g_nodes.clear();
  g_graph_launches = 0;
  g_limits[0] = 1024;
  g_limits[1] = 1 << 20;
  g_limits[2] = 8 << 20;
  g_current_context = nullptr; // the calling thread's
  for (auto [p, kind] : g_live)
    release(p, kind);
  g_live.clear();
  g_primary_retains = 0;
  g_modules_loaded = 0;
}
void fake_cuda_set_sync_result(int rc) {
  FAKE_LOCK;
  g_sync_result = rc;
}
void fake_cuda_set_launch_hook(launch_hook hook) {
  FAKE_LOCK;
  g_hook = hook;
}
int fake_cuda_launches() {
  FAKE_LOCK;
  return g_launches;
}
int fake_cuda_max_dynamic_shared() {
  FAKE_LOCK;
  return g_max_dynamic_shared;
}
void fake_cuda_set_busy(int busy) {
  FAKE_LOCK;
  g_busy = busy != 0;
}
int fake_cuda_stream_waits() {
  FAKE_LOCK;
  return g_stream_waits;
}
int fake_cuda_stream_syncs() {
  FAKE_LOCK;
  return g_stream_syncs;
}
int fake_cuda_frees() {
  FAKE_LOCK;
  return g_frees;
}
int fake_cuda_graphs_alive() {
  FAKE_LOCK;
  return g_graphs_alive;
}
int fake_cuda_graph_launches() {
  FAKE_LOCK;
  return g_graph_launches;
}
int fake_cuda_stream_destroys() {
  FAKE_LOCK;
  return g_stream_destroys;
}
// Memory and streams made by "other CUDA code": in the primary context
// (0), another context (1), or no context (2: a stream-ordered pool).
uintptr_t fake_cuda_foreign_alloc(size_t bytes, int where) {
  FAKE_LOCK;
  void *p = std::malloc(bytes);
  g_allocations[uintptr_t(p)] = {
      bytes, where == 0 ? primary() : where == 1 ? other() : nullptr};
  return uintptr_t(p);
}
void fake_cuda_foreign_free(uintptr_t p) {
  FAKE_LOCK;
  g_allocations.erase(p);
  std::free(reinterpret_cast<void *>(p));
}
CUstream_st *fake_cuda_foreign_stream(int other_context) {
  return reinterpret_cast<CUstream_st *>(new int(other_context ? 1 : 0));
}
void fake_cuda_foreign_stream_destroy(CUstream_st *s) {
  delete reinterpret_cast<int *>(s);
}
// The device's compute capability (8.0 after a reset).
void fake_cuda_set_compute_capability(int major, int minor) {
  FAKE_LOCK;
  g_cc_major = major;
  g_cc_minor = minor;
}
// The last cuTensorMapEncodeTiled call's arguments (fake_tensor_map_call).
const void *fake_cuda_last_tensor_map() {
  FAKE_LOCK;
  return &g_tensor_map_call;
}
// The next call of the entry point `function` returns `rc`.
void fake_cuda_fail(const char *function, int rc) {
  FAKE_LOCK;
  g_fail[function] = {1, rc};
}
// The `n`th call from now (1: the next) of `function` returns `rc` instead
// of doing anything (but fails after ending the capture for
// cuStreamEndCapture, as the driver does).
void fake_cuda_fail_nth(const char *function, int n, int rc) {
  FAKE_LOCK;
  g_fail[function] = {n, rc};
}
// Calls of the entry point `function` (its exported name, cuMemAlloc_v2)
// since the last reset.
int fake_cuda_calls(const char *function) {
  FAKE_LOCK;
  auto it = g_calls.find(function);
  return it == g_calls.end() ? 0 : it->second;
}
// The `i`th entry point called since the last reset, in name order, and
// its calls; 0 past the last.
int fake_cuda_called(int i, const char **function, int *calls) {
  FAKE_LOCK;
  if (i < 0 || size_t(i) >= g_calls.size())
    return 0;
  auto it = std::next(g_calls.begin(), i);
  *function = it->first.c_str();
  *calls = it->second;
  return 1;
}
// Objects of one kind that the runtime made and has not destroyed:
// "device_memory", "host_memory", "streams", "events", "graphs" (both
// graphs and executable graphs), "primary_retains" (retains minus
// releases), "modules" (loads minus unloads).
int fake_cuda_live(const char *kind) {
  FAKE_LOCK;
  if (std::strcmp(kind, "primary_retains") == 0)
    return g_primary_retains;
  if (std::strcmp(kind, "modules") == 0)
    return g_modules_loaded;
  int n = 0;
  for (auto [p, k] : g_live)
    n += std::strcmp(live_names[k], kind) == 0;
  return n;
}

// ---- the driver API subset Alloy uses
CUresult cuInit(unsigned) {
  FAKE_ENTRY("cuInit");
  return 0;
}
CUresult cuDriverGetVersion(int *v) {
  FAKE_ENTRY("cuDriverGetVersion");
  return *v = 13000, 0;
}
CUresult cuGetErrorName(CUresult, const char **s) {
  FAKE_ENTRY("cuGetErrorName");
  return *s = nullptr, 1;
}
CUresult cuGetErrorString(CUresult rc, const char **s) {
  FAKE_ENTRY("cuGetErrorString");
  *s = rc == 700 ? "an illegal memory access was encountered" : "fake error";
  return 0;
}
// ALLOY_FAKE_CUDA_DEVICES=N (1 to 8, default 1): N alike devices, each
// with its own primary context.
int fake_device_count() {
  const char *env = std::getenv("ALLOY_FAKE_CUDA_DEVICES");
  int n = env ? std::atoi(env) : 1;
  return n < 1 ? 1 : n > 8 ? 8 : n;
}
CUresult cuDeviceGetCount(int *n) {
  FAKE_ENTRY("cuDeviceGetCount");
  return *n = fake_device_count(), 0;
}
CUresult cuDeviceGet(int *d, int ordinal) {
  FAKE_ENTRY("cuDeviceGet");
  return ordinal >= 0 && ordinal < fake_device_count() ? (*d = ordinal, 0)
                                                       : 101;
}
CUresult cuDeviceGetName(char *name, int len, int) {
  FAKE_ENTRY("cuDeviceGetName");
  std::strncpy(name, "Fake GPU", size_t(len));
  return 0;
}
CUresult cuDeviceGetAttribute(int *v, int attribute, int) {
  FAKE_ENTRY("cuDeviceGetAttribute");
  switch (attribute) {
  case 1:
    *v = 1024;
    break; // max threads per block
  case 2:
  case 3:
    *v = 1024;
    break; // block x, y
  case 4:
    *v = 64;
    break; // block z
  case 5:
    *v = 2147483647;
    break; // grid x
  case 6:
  case 7:
    *v = 65535;
    break; // grid y, z
  case 8:
    *v = 49152;
    break; // shared per block
  case 10:
    *v = 32;
    break; // warp size
  case 12:
  case 82:
    *v = 65536;
    break; // registers per block, per multiprocessor
  case 13:
    *v = 1410000;
    break; // SM clock, kHz
  case 16:
    *v = 108;
    break; // multiprocessors
  case 36:
    *v = 1215000;
    break; // memory clock, kHz
  case 37:
    *v = 5120;
    break; // memory bus, bits
  case 38:
    *v = 40 << 20;
    break; // L2 bytes
  case 39:
    *v = 2048;
    break; // threads per multiprocessor
  case 81:
    *v = 167936;
    break; // shared memory per multiprocessor
  case 106:
    *v = 32;
    break; // blocks per multiprocessor
  case 75:
    *v = g_cc_major;
    break;
  case 76:
    *v = g_cc_minor;
    break;
  case 97:
    *v = 166912;
    break; // opt-in shared per block
  default:
    *v = 0;
  }
  return 0;
}
CUresult cuDeviceTotalMem_v2(size_t *bytes, int) {
  FAKE_ENTRY("cuDeviceTotalMem_v2");
  return *bytes = 1 << 30, 0;
}
CUresult cuDevicePrimaryCtxRetain(CUctx_st **ctx, int device) {
  FAKE_ENTRY("cuDevicePrimaryCtxRetain");
  ++g_primary_retains;
  static int other_devices[8]; // the primary contexts of devices 1 to 7
  return *ctx = device <= 0 ? primary()
                            : reinterpret_cast<CUctx_st *>(
                                  &other_devices[device & 7]),
         0;
}
CUresult cuDevicePrimaryCtxRelease_v2(int) {
  FAKE_ENTRY("cuDevicePrimaryCtxRelease_v2");
  --g_primary_retains;
  return 0;
}
CUresult cuCtxGetCurrent(CUctx_st **ctx) {
  FAKE_ENTRY("cuCtxGetCurrent");
  *ctx = g_current_context;
  return 0;
}
CUresult cuCtxSetCurrent(CUctx_st *ctx) {
  FAKE_ENTRY("cuCtxSetCurrent");
  g_current_context = ctx;
  return 0;
}
CUresult cuCtxSynchronize() {
  FAKE_ENTRY("cuCtxSynchronize");
  return g_sync_result;
}
CUresult cuCtxSetLimit(int which, size_t value) {
  FAKE_ENTRY("cuCtxSetLimit");
  if (which < 0 || which > 2)
    return 215; // CUDA_ERROR_UNSUPPORTED_LIMIT
  // The stack is kept in multiples of 16 bytes, as a real driver may round.
  g_limits[which] = which == 0 ? (value + 15) / 16 * 16 : value;
  return 0;
}
CUresult cuCtxGetLimit(size_t *value, int which) {
  FAKE_ENTRY("cuCtxGetLimit");
  if (which < 0 || which > 2)
    return 215;
  return *value = g_limits[which], 0;
}
CUresult cuStreamCreate(CUstream_st **s, unsigned) {
  FAKE_ENTRY("cuStreamCreate");
  *s = reinterpret_cast<CUstream_st *>(new int(0));
  g_live[uintptr_t(*s)] = a_stream;
  return 0;
}
CUresult cuStreamDestroy_v2(CUstream_st *s) {
  FAKE_ENTRY("cuStreamDestroy_v2");
  ++g_stream_destroys;
  if (s == g_capturing)
    g_capturing = nullptr; // the capture ends with its stream
  g_live.erase(uintptr_t(s));
  return delete reinterpret_cast<int *>(s), 0;
}
// A stream is an int: 1 for one of another context.
CUresult cuStreamGetCtx(CUstream_st *s, CUctx_st **ctx) {
  FAKE_ENTRY("cuStreamGetCtx");
  *ctx = !s ? g_current_context
            : *reinterpret_cast<int *>(s) == 1 ? other() : primary();
  return 0;
}
CUresult cuPointerGetAttribute(void *data, int attribute, CUdeviceptr p) {
  FAKE_ENTRY("cuPointerGetAttribute");
  auto next = g_allocations.upper_bound(uintptr_t(p));
  if (next == g_allocations.begin())
    return 1; // CUDA_ERROR_INVALID_VALUE: not memory the driver knows
  auto &[start, a] = *std::prev(next);
  if (uintptr_t(p) >= start + a.bytes)
    return 1;
  switch (attribute) {
  case 1: // CU_POINTER_ATTRIBUTE_CONTEXT
    return *static_cast<CUctx_st **>(data) = a.context, 0;
  case 11: // CU_POINTER_ATTRIBUTE_RANGE_START_ADDR
    return *static_cast<CUdeviceptr *>(data) = start, 0;
  case 12: // CU_POINTER_ATTRIBUTE_RANGE_SIZE
    return *static_cast<size_t *>(data) = a.bytes, 0;
  default:
    return 1;
  }
}
CUresult cuStreamSynchronize(CUstream_st *s) {
  FAKE_ENTRY("cuStreamSynchronize");
  ++g_stream_syncs;
  if (s && s == g_capturing) {
    g_capture_invalid = true;
    return 900; // CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED
  }
  return g_sync_result;
}
CUresult cuStreamQuery(CUstream_st *s) {
  FAKE_ENTRY("cuStreamQuery");
  if (s && s == g_capturing) {
    g_capture_invalid = true;
    return 900;
  }
  return g_sync_result;
}
CUresult cuStreamBeginCapture_v2(CUstream_st *s, int mode) {
  FAKE_ENTRY("cuStreamBeginCapture_v2");
  if (!s)
    return 900; // the legacy default stream cannot be captured
  if (g_capturing || mode < 0 || mode > 2)
    return 1;
  g_capturing = s;
  g_capture_invalid = false;
  g_nodes.clear();
  return 0;
}
CUresult cuStreamEndCapture(CUstream_st *s, CUgraph_st **graph) {
  FAKE_LOCK;
  *graph = nullptr;
  if (!s || s != g_capturing)
    return injected("cuStreamEndCapture") ?: 401; // CUDA_ERROR_ILLEGAL_STATE
  // A failure ends the capture too, as the driver does.
  g_capturing = nullptr;
  if (int rc = injected("cuStreamEndCapture"))
    return g_nodes.clear(), rc;
  if (g_capture_invalid)
    return 901; // CUDA_ERROR_STREAM_CAPTURE_INVALIDATED
  ++g_graphs_alive;
  *graph = reinterpret_cast<CUgraph_st *>(new fake_graph{std::move(g_nodes)});
  g_live[uintptr_t(*graph)] = a_graph;
  g_nodes.clear();
  return 0;
}
CUresult cuGraphInstantiateWithFlags(CUgraphExec_st **exec, CUgraph_st *graph,
                                     unsigned long long) {
  FAKE_ENTRY("cuGraphInstantiateWithFlags");
  ++g_graphs_alive;
  *exec = reinterpret_cast<CUgraphExec_st *>(
      new fake_graph(*reinterpret_cast<fake_graph *>(graph)));
  g_live[uintptr_t(*exec)] = a_graph;
  return 0;
}
CUresult cuGraphLaunch(CUgraphExec_st *exec, CUstream_st *) {
  FAKE_ENTRY("cuGraphLaunch");
  ++g_graph_launches;
  for (auto &node : reinterpret_cast<fake_graph *>(exec)->nodes)
    node();
  return 0;
}
CUresult cuGraphGetNodes(CUgraph_st *graph, CUgraphNode_st **, size_t *n) {
  FAKE_ENTRY("cuGraphGetNodes");
  *n = reinterpret_cast<fake_graph *>(graph)->nodes.size();
  return 0;
}
CUresult cuGraphExecDestroy(CUgraphExec_st *exec) {
  FAKE_ENTRY("cuGraphExecDestroy");
  --g_graphs_alive;
  g_live.erase(uintptr_t(exec));
  return delete reinterpret_cast<fake_graph *>(exec), 0;
}
CUresult cuGraphDestroy(CUgraph_st *graph) {
  FAKE_ENTRY("cuGraphDestroy");
  --g_graphs_alive;
  g_live.erase(uintptr_t(graph));
  return delete reinterpret_cast<fake_graph *>(graph), 0;
}
// An event is the fake clock's reading (milliseconds) when it was recorded;
// each record advances the clock by 1.5 ms. -1: never recorded.
static float g_clock_ms = 0; // guarded by g_mutex
CUresult cuEventCreate(CUevent_st **e, unsigned) {
  FAKE_ENTRY("cuEventCreate");
  *e = reinterpret_cast<CUevent_st *>(new float(-1));
  g_live[uintptr_t(*e)] = an_event;
  return 0;
}
CUresult cuEventDestroy_v2(CUevent_st *e) {
  FAKE_ENTRY("cuEventDestroy_v2");
  g_live.erase(uintptr_t(e));
  return delete reinterpret_cast<float *>(e), 0;
}
CUresult cuEventRecord(CUevent_st *e, CUstream_st *) {
  FAKE_ENTRY("cuEventRecord");
  g_clock_ms += 1.5f;
  return *reinterpret_cast<float *>(e) = g_clock_ms, 0;
}
CUresult cuEventSynchronize(CUevent_st *e) {
  FAKE_ENTRY("cuEventSynchronize");
  return *reinterpret_cast<float *>(e) < 0 ? 400 : g_sync_result;
}
CUresult cuEventElapsedTime(float *ms, CUevent_st *start, CUevent_st *end) {
  FAKE_ENTRY("cuEventElapsedTime");
  float a = *reinterpret_cast<float *>(start), b = *reinterpret_cast<float *>(end);
  if (a < 0 || b < 0)
    return 400; // CUDA_ERROR_INVALID_HANDLE: not recorded
  return *ms = b - a, 0;
}
// As the real driver: an event never recorded is complete.
CUresult cuEventQuery(CUevent_st *e) {
  FAKE_ENTRY("cuEventQuery");
  if (g_sync_result != 0)
    return g_sync_result;
  return g_busy && *reinterpret_cast<float *>(e) >= 0 ? 600 : 0;
}
CUresult cuStreamWaitEvent(CUstream_st *, CUevent_st *e, unsigned flags) {
  FAKE_ENTRY("cuStreamWaitEvent");
  if (!e || flags != 0)
    return 1; // CUDA_ERROR_INVALID_VALUE
  return ++g_stream_waits, 0;
}
CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t bytes) {
  FAKE_ENTRY("cuMemAlloc_v2");
  if (bytes == 0)
    return 1; // as the real driver: CUDA_ERROR_INVALID_VALUE
  *p = reinterpret_cast<uintptr_t>(std::malloc(bytes));
  g_allocations[uintptr_t(*p)] = {bytes, g_current_context};
  g_live[uintptr_t(*p)] = device_memory;
  return 0;
}
CUresult cuMemFree_v2(CUdeviceptr p) {
  FAKE_ENTRY("cuMemFree_v2");
  ++g_frees;
  g_allocations.erase(uintptr_t(p));
  g_live.erase(uintptr_t(p));
  return std::free(reinterpret_cast<void *>(uintptr_t(p))), 0;
}
CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr dst, const void *src, size_t n,
                              CUstream_st *s) {
  FAKE_ENTRY("cuMemcpyHtoDAsync_v2");
  return run_or_record(s, [=] {
    std::memcpy(reinterpret_cast<void *>(uintptr_t(dst)), src, n);
  });
}
CUresult cuMemcpyDtoHAsync_v2(void *dst, CUdeviceptr src, size_t n,
                              CUstream_st *s) {
  FAKE_ENTRY("cuMemcpyDtoHAsync_v2");
  return run_or_record(s, [=] {
    std::memcpy(dst, reinterpret_cast<void *>(uintptr_t(src)), n);
  });
}
CUresult cuMemsetD8Async(CUdeviceptr dst, unsigned char v, size_t n,
                         CUstream_st *s) {
  FAKE_ENTRY("cuMemsetD8Async");
  return run_or_record(
      s, [=] { std::memset(reinterpret_cast<void *>(uintptr_t(dst)), v, n); });
}
CUresult cuMemsetD16Async(CUdeviceptr dst, unsigned short v, size_t n,
                          CUstream_st *s) {
  FAKE_ENTRY("cuMemsetD16Async");
  if (dst % 2)
    return 1;
  return run_or_record(s, [=] {
    auto *p = reinterpret_cast<unsigned short *>(uintptr_t(dst));
    for (size_t i = 0; i < n; ++i)
      p[i] = v;
  });
}
CUresult cuMemsetD32Async(CUdeviceptr dst, unsigned v, size_t n,
                          CUstream_st *s) {
  FAKE_ENTRY("cuMemsetD32Async");
  if (dst % 4)
    return 1;
  return run_or_record(s, [=] {
    auto *p = reinterpret_cast<unsigned *>(uintptr_t(dst));
    for (size_t i = 0; i < n; ++i)
      p[i] = v;
  });
}
CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr dst, CUdeviceptr src, size_t n,
                              CUstream_st *s) {
  FAKE_ENTRY("cuMemcpyDtoDAsync_v2");
  return run_or_record(s, [=] {
    std::memmove(reinterpret_cast<void *>(uintptr_t(dst)),
                 reinterpret_cast<void *>(uintptr_t(src)), n);
  });
}
// Page-locked memory: ordinary memory here, over the fake's 1 GiB refused.
CUresult cuMemAllocHost_v2(void **p, size_t bytes) {
  FAKE_ENTRY("cuMemAllocHost_v2");
  if (bytes == 0 || bytes > (size_t(1) << 30))
    return bytes ? 2 : 1; // CUDA_ERROR_OUT_OF_MEMORY, INVALID_VALUE
  *p = std::malloc(bytes);
  g_live[uintptr_t(*p)] = host_memory;
  return 0;
}
CUresult cuMemFreeHost(void *p) {
  FAKE_ENTRY("cuMemFreeHost");
  g_live.erase(uintptr_t(p));
  return std::free(p), 0;
}
// Device memory: a quarter of the fake's 1 GiB in use.
CUresult cuMemGetInfo_v2(size_t *free_bytes, size_t *total_bytes) {
  FAKE_ENTRY("cuMemGetInfo_v2");
  *total_bytes = size_t(1) << 30;
  *free_bytes = *total_bytes / 4 * 3;
  return 0;
}
CUresult cuModuleLoadDataEx(CUmod_st **module, const void *image,
                            unsigned count, int *options, void **values) {
  FAKE_ENTRY("cuModuleLoadDataEx");
  if (std::strncmp(static_cast<const char *>(image), "BAD", 3) == 0) {
    for (unsigned i = 0; i < count; ++i)
      if (options[i] == 5) // CU_JIT_ERROR_LOG_BUFFER
        std::strcpy(static_cast<char *>(values[i]), "ptxas: syntax error");
    return 218; // CUDA_ERROR_INVALID_PTX
  }
  static int token;
  ++g_modules_loaded;
  return *module = reinterpret_cast<CUmod_st *>(&token), 0;
}
CUresult cuModuleUnload(CUmod_st *) {
  FAKE_ENTRY("cuModuleUnload");
  --g_modules_loaded;
  return 0;
}
CUresult cuModuleGetFunction(CUfunc_st **f, CUmod_st *, const char *name) {
  FAKE_ENTRY("cuModuleGetFunction");
  if (std::strcmp(name, "missing") == 0)
    return 500;                               // CUDA_ERROR_NOT_FOUND
  static std::deque<fake_function> functions; // freed at exit
  functions.push_back({name});
  return *f = reinterpret_cast<CUfunc_st *>(&functions.back()), 0;
}
// Every device global: 4 KiB of host memory, one block per name.
CUresult cuModuleGetGlobal_v2(CUdeviceptr *p, size_t *bytes, CUmod_st *,
                              const char *name) {
  FAKE_ENTRY("cuModuleGetGlobal_v2");
  static std::map<std::string, std::vector<char>> globals; // freed at exit
  std::vector<char> &storage = globals[name];
  storage.resize(4096);
  *p = reinterpret_cast<uintptr_t>(storage.data());
  *bytes = storage.size();
  return 0;
}
CUresult cuFuncSetAttribute(CUfunc_st *, int attribute, int value) {
  FAKE_ENTRY("cuFuncSetAttribute");
  if (attribute == 8)
    g_max_dynamic_shared = value;
  return 0;
}
CUresult cuFuncGetAttribute(int *v, int attribute, CUfunc_st *) {
  FAKE_ENTRY("cuFuncGetAttribute");
  *v = attribute == 0 ? 1024 : 0;
  return 0;
}
// Occupancy from threads, blocks and shared memory alone (the fake's
// functions use no registers or static shared memory).
CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int *blocks, CUfunc_st *,
                                                     int threads,
                                                     size_t shared) {
  FAKE_ENTRY("cuOccupancyMaxActiveBlocksPerMultiprocessor");
  if (threads <= 0)
    return 1;
  int n = 2048 / threads < 32 ? 2048 / threads : 32;
  if (shared && size_t(n) > 167936 / shared)
    n = int(167936 / shared);
  return *blocks = n, 0;
}
// Records its arguments; the map's 16 words are the address, then the
// rank and the dimensions, so that a test can recognise it in a launch.
CUresult cuTensorMapEncodeTiled(void *map, int data_type, unsigned rank,
                                void *address, const unsigned long long *dims,
                                const unsigned long long *strides,
                                const unsigned *box,
                                const unsigned *element_strides,
                                int interleave, int swizzle, int l2_promotion,
                                int oob_fill) {
  FAKE_ENTRY("cuTensorMapEncodeTiled");
  if (rank < 1 || rank > 5 || uintptr_t(map) % 64)
    return 1; // CUDA_ERROR_INVALID_VALUE
  fake_tensor_map_call c{data_type, rank, address, {}, {}, {}, {},
                         interleave, swizzle, l2_promotion, oob_fill};
  for (unsigned i = 0; i < rank; ++i) {
    c.dims[i] = dims[i];
    c.box[i] = box[i];
    c.element_strides[i] = element_strides[i];
    if (i + 1 < rank)
      c.strides[i] = strides[i];
  }
  g_tensor_map_call = c;
  unsigned long long words[16] = {uintptr_t(address), rank};
  for (unsigned i = 0; i < rank; ++i)
    words[2 + i] = dims[i];
  std::memcpy(map, words, sizeof(words));
  return 0;
}
CUresult cuLaunchKernel(CUfunc_st *f, unsigned gx, unsigned gy, unsigned gz,
                        unsigned bx, unsigned by, unsigned bz, unsigned shared,
                        CUstream_st *s, void **params, void **) {
  FAKE_ENTRY("cuLaunchKernel");
  if (s && s == g_capturing) {
    // Captured: a replay counts the launch (the arguments are gone).
    g_nodes.push_back([] { ++g_launches; });
    return 0;
  }
  ++g_launches;
  const unsigned grid[3] = {gx, gy, gz}, block[3] = {bx, by, bz};
  if (g_hook)
    g_hook(reinterpret_cast<fake_function *>(f)->symbol.c_str(), params, grid,
           block, shared);
  return 0;
}
CUresult cuLaunchCooperativeKernel(CUfunc_st *f, unsigned gx, unsigned gy,
                                   unsigned gz, unsigned bx, unsigned by,
                                   unsigned bz, unsigned shared,
                                   CUstream_st *s, void **params) {
  FAKE_ENTRY("cuLaunchCooperativeKernel");
  ++g_launches;
  const unsigned grid[3] = {gx, gy, gz}, block[3] = {bx, by, bz};
  if (g_hook)
    g_hook(reinterpret_cast<fake_function *>(f)->symbol.c_str(), params, grid,
           block, shared);
  (void)s;
  return 0;
}

} // extern "C"
