// A fake libcuda.so.1 for the unit tests: device memory is host memory,
// modules and functions are tokens, and a launch calls a hook set by the
// test, so that the runtime's whole path runs without a GPU.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <functional>
#include <vector>
#include <iterator>
#include <map>
#include <string>

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
int g_sync_result = 0;
int g_cc_major = 8, g_cc_minor = 0;
int g_max_dynamic_shared = 0;
int g_launches = 0;
launch_hook g_hook = nullptr;
bool g_busy = false; // recorded events stay pending (cuEventQuery)
int g_stream_waits = 0;
int g_stream_syncs = 0;
// fake_cuda_fail: the next call of g_fail_function returns g_fail_result.
std::string g_fail_function;
int g_fail_result = 0;

// What cuPointerGetAttribute knows: each allocation's size and context.
struct allocation {
  size_t bytes;
  CUctx_st *context;
};
std::map<uintptr_t, allocation> g_allocations;
int g_primary_token, g_other_token; // the addresses are the contexts
CUctx_st *primary() { return reinterpret_cast<CUctx_st *>(&g_primary_token); }
CUctx_st *other() { return reinterpret_cast<CUctx_st *>(&g_other_token); }
int g_frees = 0, g_stream_destroys = 0;
// CUlimit values: stack, printf FIFO, malloc heap (the driver's defaults).
size_t g_limits[3] = {1024, 1 << 20, 8 << 20};

// Stream capture: work queued on the capturing stream becomes nodes,
// closures that a graph launch runs; a blocking call invalidates it.
CUstream_st *g_capturing = nullptr;
bool g_capture_invalid = false;
std::vector<std::function<void()>> g_nodes;
struct fake_graph {
  std::vector<std::function<void()>> nodes;
};
int g_graphs_alive = 0, g_graph_launches = 0;

// Runs `work` now, or records it when `s` is capturing.
int run_or_record(CUstream_st *s, std::function<void()> work) {
  if (s && s == g_capturing)
    g_nodes.push_back(work);
  else
    work();
  return 0;
}

int injected(const char *function) {
  if (g_fail_function != function)
    return 0;
  g_fail_function.clear();
  return g_fail_result;
}

struct fake_function {
  std::string symbol;
};
} // namespace

// ---- control, called by the tests through dlsym
void fake_cuda_reset() {
  g_sync_result = 0;
  g_cc_major = 8;
  g_cc_minor = 0;
  g_max_dynamic_shared = 0;
  g_launches = 0;
  g_hook = nullptr;
  g_busy = false;
  g_stream_waits = 0;
  g_stream_syncs = 0;
  g_fail_function.clear();
  g_frees = 0;
  g_stream_destroys = 0;
  g_capturing = nullptr;
  g_capture_invalid = false;
  g_nodes.clear();
  g_graph_launches = 0;
  g_limits[0] = 1024;
  g_limits[1] = 1 << 20;
  g_limits[2] = 8 << 20;
}
void fake_cuda_set_sync_result(int rc) { g_sync_result = rc; }
void fake_cuda_set_launch_hook(launch_hook hook) { g_hook = hook; }
int fake_cuda_launches() { return g_launches; }
int fake_cuda_max_dynamic_shared() { return g_max_dynamic_shared; }
void fake_cuda_set_busy(int busy) { g_busy = busy != 0; }
int fake_cuda_stream_waits() { return g_stream_waits; }
int fake_cuda_stream_syncs() { return g_stream_syncs; }
int fake_cuda_frees() { return g_frees; }
int fake_cuda_graphs_alive() { return g_graphs_alive; }
int fake_cuda_graph_launches() { return g_graph_launches; }
int fake_cuda_stream_destroys() { return g_stream_destroys; }
// Memory and streams made by "other CUDA code": in the primary context
// (0), another context (1), or no context (2: a stream-ordered pool).
uintptr_t fake_cuda_foreign_alloc(size_t bytes, int where) {
  void *p = std::malloc(bytes);
  g_allocations[uintptr_t(p)] = {
      bytes, where == 0 ? primary() : where == 1 ? other() : nullptr};
  return uintptr_t(p);
}
void fake_cuda_foreign_free(uintptr_t p) {
  g_allocations.erase(p);
  std::free(reinterpret_cast<void *>(p));
}
CUstream_st *fake_cuda_foreign_stream(int other_context) {
  return reinterpret_cast<CUstream_st *>(new int(other_context ? 1 : 0));
}
void fake_cuda_foreign_stream_destroy(CUstream_st *s) {
  delete reinterpret_cast<int *>(s);
}
void fake_cuda_fail(const char *function, int rc) {
  g_fail_function = function;
  g_fail_result = rc;
}

// ---- the driver API subset Alloy uses
CUresult cuInit(unsigned) { return 0; }
CUresult cuDriverGetVersion(int *v) { return *v = 13000, 0; }
CUresult cuGetErrorName(CUresult, const char **s) { return *s = nullptr, 1; }
CUresult cuGetErrorString(CUresult rc, const char **s) {
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
CUresult cuDeviceGetCount(int *n) { return *n = fake_device_count(), 0; }
CUresult cuDeviceGet(int *d, int ordinal) {
  return ordinal >= 0 && ordinal < fake_device_count() ? (*d = ordinal, 0)
                                                       : 101;
}
CUresult cuDeviceGetName(char *name, int len, int) {
  std::strncpy(name, "Fake GPU", size_t(len));
  return 0;
}
CUresult cuDeviceGetAttribute(int *v, int attribute, int) {
  if (int rc = injected("cuDeviceGetAttribute"))
    return rc;
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
CUresult cuDeviceTotalMem_v2(size_t *bytes, int) { return *bytes = 1 << 30, 0; }
CUresult cuDevicePrimaryCtxRetain(CUctx_st **ctx, int device) {
  static int other_devices[8]; // the primary contexts of devices 1 to 7
  return *ctx = device <= 0 ? primary()
                            : reinterpret_cast<CUctx_st *>(
                                  &other_devices[device & 7]),
         0;
}
CUresult cuDevicePrimaryCtxRelease_v2(int) { return 0; }
CUctx_st *g_current_context = nullptr;
CUresult cuCtxGetCurrent(CUctx_st **ctx) {
  *ctx = g_current_context;
  return 0;
}
CUresult cuCtxSetCurrent(CUctx_st *ctx) {
  g_current_context = ctx;
  return 0;
}
CUresult cuCtxSynchronize() { return g_sync_result; }
CUresult cuCtxSetLimit(int which, size_t value) {
  if (int rc = injected("cuCtxSetLimit"))
    return rc;
  if (which < 0 || which > 2)
    return 215; // CUDA_ERROR_UNSUPPORTED_LIMIT
  // The stack is kept in multiples of 16 bytes, as a real driver may round.
  g_limits[which] = which == 0 ? (value + 15) / 16 * 16 : value;
  return 0;
}
CUresult cuCtxGetLimit(size_t *value, int which) {
  if (which < 0 || which > 2)
    return 215;
  return *value = g_limits[which], 0;
}
CUresult cuStreamCreate(CUstream_st **s, unsigned) {
  return *s = reinterpret_cast<CUstream_st *>(new int(0)), 0;
}
CUresult cuStreamDestroy_v2(CUstream_st *s) {
  ++g_stream_destroys;
  return delete reinterpret_cast<int *>(s), 0;
}
// A stream is an int: 1 for one of another context.
CUresult cuStreamGetCtx(CUstream_st *s, CUctx_st **ctx) {
  if (int rc = injected("cuStreamGetCtx"))
    return rc;
  *ctx = !s ? g_current_context
            : *reinterpret_cast<int *>(s) == 1 ? other() : primary();
  return 0;
}
CUresult cuPointerGetAttribute(void *data, int attribute, CUdeviceptr p) {
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
  ++g_stream_syncs;
  if (s && s == g_capturing) {
    g_capture_invalid = true;
    return 900; // CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED
  }
  return g_sync_result;
}
CUresult cuStreamQuery(CUstream_st *s) {
  if (s && s == g_capturing) {
    g_capture_invalid = true;
    return 900;
  }
  return g_sync_result;
}
CUresult cuStreamBeginCapture_v2(CUstream_st *s, int mode) {
  if (int rc = injected("cuStreamBeginCapture_v2"))
    return rc;
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
  *graph = nullptr;
  if (!s || s != g_capturing)
    return 401; // CUDA_ERROR_ILLEGAL_STATE
  g_capturing = nullptr;
  if (g_capture_invalid)
    return 901; // CUDA_ERROR_STREAM_CAPTURE_INVALIDATED
  ++g_graphs_alive;
  *graph = reinterpret_cast<CUgraph_st *>(new fake_graph{std::move(g_nodes)});
  g_nodes.clear();
  return 0;
}
CUresult cuGraphInstantiateWithFlags(CUgraphExec_st **exec, CUgraph_st *graph,
                                     unsigned long long) {
  if (int rc = injected("cuGraphInstantiateWithFlags"))
    return rc;
  ++g_graphs_alive;
  *exec = reinterpret_cast<CUgraphExec_st *>(
      new fake_graph(*reinterpret_cast<fake_graph *>(graph)));
  return 0;
}
CUresult cuGraphLaunch(CUgraphExec_st *exec, CUstream_st *) {
  if (int rc = injected("cuGraphLaunch"))
    return rc;
  ++g_graph_launches;
  for (auto &node : reinterpret_cast<fake_graph *>(exec)->nodes)
    node();
  return 0;
}
CUresult cuGraphGetNodes(CUgraph_st *graph, CUgraphNode_st **, size_t *n) {
  *n = reinterpret_cast<fake_graph *>(graph)->nodes.size();
  return 0;
}
CUresult cuGraphExecDestroy(CUgraphExec_st *exec) {
  --g_graphs_alive;
  return delete reinterpret_cast<fake_graph *>(exec), 0;
}
CUresult cuGraphDestroy(CUgraph_st *graph) {
  --g_graphs_alive;
  return delete reinterpret_cast<fake_graph *>(graph), 0;
}
// An event is the fake clock's reading (milliseconds) when it was recorded;
// each record advances the clock by 1.5 ms. -1: never recorded.
static float g_clock_ms = 0;
CUresult cuEventCreate(CUevent_st **e, unsigned) {
  return *e = reinterpret_cast<CUevent_st *>(new float(-1)), 0;
}
CUresult cuEventDestroy_v2(CUevent_st *e) {
  return delete reinterpret_cast<float *>(e), 0;
}
CUresult cuEventRecord(CUevent_st *e, CUstream_st *) {
  g_clock_ms += 1.5f;
  return *reinterpret_cast<float *>(e) = g_clock_ms, 0;
}
CUresult cuEventSynchronize(CUevent_st *e) {
  return *reinterpret_cast<float *>(e) < 0 ? 400 : g_sync_result;
}
CUresult cuEventElapsedTime(float *ms, CUevent_st *start, CUevent_st *end) {
  float a = *reinterpret_cast<float *>(start), b = *reinterpret_cast<float *>(end);
  if (a < 0 || b < 0)
    return 400; // CUDA_ERROR_INVALID_HANDLE: not recorded
  return *ms = b - a, 0;
}
// As the real driver: an event never recorded is complete.
CUresult cuEventQuery(CUevent_st *e) {
  if (g_sync_result != 0)
    return g_sync_result;
  return g_busy && *reinterpret_cast<float *>(e) >= 0 ? 600 : 0;
}
CUresult cuStreamWaitEvent(CUstream_st *, CUevent_st *e, unsigned flags) {
  if (!e || flags != 0)
    return 1; // CUDA_ERROR_INVALID_VALUE
  return ++g_stream_waits, 0;
}
CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t bytes) {
  if (int rc = injected("cuMemAlloc_v2"))
    return rc;
  if (bytes == 0)
    return 1; // as the real driver: CUDA_ERROR_INVALID_VALUE
  *p = reinterpret_cast<uintptr_t>(std::malloc(bytes));
  g_allocations[uintptr_t(*p)] = {bytes, g_current_context};
  return 0;
}
CUresult cuMemFree_v2(CUdeviceptr p) {
  ++g_frees;
  g_allocations.erase(uintptr_t(p));
  return std::free(reinterpret_cast<void *>(uintptr_t(p))), 0;
}
CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr dst, const void *src, size_t n,
                              CUstream_st *s) {
  if (int rc = injected("cuMemcpyHtoDAsync_v2"))
    return rc;
  return run_or_record(s, [=] {
    std::memcpy(reinterpret_cast<void *>(uintptr_t(dst)), src, n);
  });
}
CUresult cuMemcpyDtoHAsync_v2(void *dst, CUdeviceptr src, size_t n,
                              CUstream_st *s) {
  if (int rc = injected("cuMemcpyDtoHAsync_v2"))
    return rc;
  return run_or_record(s, [=] {
    std::memcpy(dst, reinterpret_cast<void *>(uintptr_t(src)), n);
  });
}
CUresult cuMemsetD8Async(CUdeviceptr dst, unsigned char v, size_t n,
                         CUstream_st *s) {
  if (int rc = injected("cuMemsetD8Async"))
    return rc;
  return run_or_record(
      s, [=] { std::memset(reinterpret_cast<void *>(uintptr_t(dst)), v, n); });
}
CUresult cuMemsetD16Async(CUdeviceptr dst, unsigned short v, size_t n,
                          CUstream_st *s) {
  if (int rc = injected("cuMemsetD16Async"))
    return rc;
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
  if (int rc = injected("cuMemsetD32Async"))
    return rc;
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
  if (int rc = injected("cuMemcpyDtoDAsync_v2"))
    return rc;
  return run_or_record(s, [=] {
    std::memmove(reinterpret_cast<void *>(uintptr_t(dst)),
                 reinterpret_cast<void *>(uintptr_t(src)), n);
  });
}
// Page-locked memory: ordinary memory here, over the fake's 1 GiB refused.
CUresult cuMemAllocHost_v2(void **p, size_t bytes) {
  if (int rc = injected("cuMemAllocHost_v2"))
    return rc;
  if (bytes == 0 || bytes > (size_t(1) << 30))
    return bytes ? 2 : 1; // CUDA_ERROR_OUT_OF_MEMORY, INVALID_VALUE
  return *p = std::malloc(bytes), 0;
}
CUresult cuMemFreeHost(void *p) { return std::free(p), 0; }
CUresult cuModuleLoadDataEx(CUmod_st **module, const void *image,
                            unsigned count, int *options, void **values) {
  if (std::strncmp(static_cast<const char *>(image), "BAD", 3) == 0) {
    for (unsigned i = 0; i < count; ++i)
      if (options[i] == 5) // CU_JIT_ERROR_LOG_BUFFER
        std::strcpy(static_cast<char *>(values[i]), "ptxas: syntax error");
    return 218; // CUDA_ERROR_INVALID_PTX
  }
  static int token;
  return *module = reinterpret_cast<CUmod_st *>(&token), 0;
}
CUresult cuModuleUnload(CUmod_st *) { return 0; }
CUresult cuModuleGetFunction(CUfunc_st **f, CUmod_st *, const char *name) {
  if (std::strcmp(name, "missing") == 0)
    return 500;                               // CUDA_ERROR_NOT_FOUND
  static std::deque<fake_function> functions; // freed at exit
  functions.push_back({name});
  return *f = reinterpret_cast<CUfunc_st *>(&functions.back()), 0;
}
CUresult cuFuncSetAttribute(CUfunc_st *, int attribute, int value) {
  if (attribute == 8)
    g_max_dynamic_shared = value;
  return 0;
}
CUresult cuFuncGetAttribute(int *v, int attribute, CUfunc_st *) {
  *v = attribute == 0 ? 1024 : 0;
  return 0;
}
// Occupancy from threads, blocks and shared memory alone (the fake's
// functions use no registers or static shared memory).
CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int *blocks, CUfunc_st *,
                                                     int threads,
                                                     size_t shared) {
  if (int rc = injected("cuOccupancyMaxActiveBlocksPerMultiprocessor"))
    return rc;
  if (threads <= 0)
    return 1;
  int n = 2048 / threads < 32 ? 2048 / threads : 32;
  if (shared && size_t(n) > 167936 / shared)
    n = int(167936 / shared);
  return *blocks = n, 0;
}
CUresult cuLaunchKernel(CUfunc_st *f, unsigned gx, unsigned gy, unsigned gz,
                        unsigned bx, unsigned by, unsigned bz, unsigned shared,
                        CUstream_st *s, void **params, void **) {
  if (int rc = injected("cuLaunchKernel"))
    return rc;
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

} // extern "C"
