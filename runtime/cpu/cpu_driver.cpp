// The CPU device's driver_api (cpu_driver.hpp).
#include "cpu_driver.hpp"

#include "grid.hpp"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace gpu::detail::cpu {
namespace {

using namespace cu;
using task = std::function<void()>;

constexpr CUresult CUDA_ERROR_OUT_OF_MEMORY = 2;
constexpr CUresult CUDA_ERROR_INVALID_HANDLE = 400;
constexpr CUresult CUDA_ERROR_NOT_FOUND = 500;
constexpr CUresult CUDA_ERROR_NOT_SUPPORTED = 801;
constexpr CUresult CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED = 900;

struct graph_body {
  std::vector<task> tasks;
};

// A stream: a worker thread running its tasks in order.
class cpu_stream {
public:
  cpu_stream() : worker_([this] { work(); }) {}
  ~cpu_stream() {
    {
      std::lock_guard lock(mutex_);
      stop_ = true;
    }
    wake_.notify_all();
    worker_.join();
  }
  void push(task t) {
    if (capture) {
      capture->tasks.push_back(std::move(t));
      return;
    }
    {
      std::lock_guard lock(mutex_);
      queue_.push_back(std::move(t));
      ++pending_;
    }
    wake_.notify_all();
  }
  void wait() {
    std::unique_lock lock(mutex_);
    idle_.wait(lock, [&] { return pending_ == 0; });
  }
  bool idle() {
    std::lock_guard lock(mutex_);
    return pending_ == 0;
  }
  graph_body *capture = nullptr; // set between begin and end capture

private:
  void work() {
    for (;;) {
      task t;
      {
        std::unique_lock lock(mutex_);
        wake_.wait(lock, [&] { return stop_ || !queue_.empty(); });
        if (queue_.empty())
          return;
        t = std::move(queue_.front());
        queue_.pop_front();
      }
      t();
      std::lock_guard lock(mutex_);
      if (--pending_ == 0)
        idle_.notify_all();
    }
  }
  std::mutex mutex_;
  std::condition_variable wake_, idle_;
  std::deque<task> queue_;
  uint64_t pending_ = 0;
  bool stop_ = false;
  std::thread worker_;
};

struct cpu_event {
  std::mutex mutex;
  std::condition_variable done_cv;
  uint64_t recorded = 0, completed = 0; // record generations
  std::chrono::steady_clock::time_point when;

  uint64_t last_record() {
    std::lock_guard lock(mutex);
    return recorded;
  }
};

struct cpu_function {
  const kernel_record *kernel;
  void (*invoke)(void *const *);
  void (*invoke_blocks)(void *const *, thread_state *, uint64_t, uint64_t);
};

// The device: its memory, streams and sticky fault.
struct device_state {
  std::mutex mutex;
  std::map<uintptr_t, size_t> allocations; // start -> bytes
  std::set<cpu_stream *> streams;
  cpu_stream default_stream;
  std::map<std::pair<const kernel_record *, void (*)(void *const *)>,
           std::unique_ptr<cpu_function>>
      functions;
  std::atomic<int> fault{0};
  std::string fault_message; // guarded by mutex
  size_t limits[8] = {1024, 1 << 20, 8 << 20, 0, 0, 0, 0, 0};

  void wait_all() {
    default_stream.wait();
    std::vector<cpu_stream *> all;
    {
      std::lock_guard lock(mutex);
      all.assign(streams.begin(), streams.end());
    }
    for (cpu_stream *s : all)
      s->wait();
  }
};

device_state &device() {
  static device_state *d = new device_state; // lives until exit
  return *d;
}

// A fake primary context: only its identity matters.
CUctx_st *const the_context = reinterpret_cast<CUctx_st *>(uintptr_t(0xC0C0));
CUmod_st *const the_module = reinterpret_cast<CUmod_st *>(uintptr_t(0xC0DE));

cpu_stream &stream_of(CUstream s) {
  return s ? *reinterpret_cast<cpu_stream *>(s) : device().default_stream;
}

CUresult sticky() { return device().fault.load(); }

std::string cpu_name() {
  std::ifstream info("/proc/cpuinfo");
  std::string line;
  while (std::getline(info, line))
    if (line.rfind("model name", 0) == 0) {
      size_t colon = line.find(':');
      if (colon != std::string::npos)
        return line.substr(colon + 2);
    }
  return "unknown processor";
}

// -------------------------------------------------------------- entries --

CUresult init(unsigned) { return CUDA_SUCCESS; }
CUresult driver_version(int *v) {
  *v = 13000;
  return CUDA_SUCCESS;
}
CUresult error_name(CUresult, const char **) { return CUDA_ERROR_INVALID_VALUE; }
CUresult error_string(CUresult code, const char **text) {
  // A fault's own description: which kernel, block and thread, and why.
  static thread_local std::string copy;
  if (code == device().fault.load()) {
    std::lock_guard lock(device().mutex);
    copy = device().fault_message;
    *text = copy.c_str();
    return CUDA_SUCCESS;
  }
  return CUDA_ERROR_INVALID_VALUE;
}
CUresult device_count(int *n) {
  *n = 1;
  return CUDA_SUCCESS;
}
CUresult device_get(CUdevice *d, int ordinal) {
  if (ordinal != 0)
    return CUDA_ERROR_INVALID_DEVICE;
  *d = 0;
  return CUDA_SUCCESS;
}
CUresult device_name(char *name, int size, CUdevice) {
  std::string n = "CPU device (" + cpu_name() + ", " +
                  std::to_string(worker_count()) + " threads)";
  std::snprintf(name, size_t(size), "%s", n.c_str());
  return CUDA_SUCCESS;
}
CUresult device_attribute(int *value, int which, CUdevice) {
  // A GPU's limits (those of an H100), so that a launch the GPU would
  // reject is rejected here too; the rest describe the processor.
  switch (which) {
  case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK: *value = 1024; break;
  case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X: *value = 1024; break;
  case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X + 1: *value = 1024; break;
  case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X + 2: *value = 64; break;
  case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X: *value = 2147483647; break;
  case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X + 1: *value = 65535; break;
  case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X + 2: *value = 65535; break;
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK: *value = 48 << 10; break;
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN: *value = 227 << 10; break;
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR: *value = 228 << 10; break;
  case CU_DEVICE_ATTRIBUTE_WARP_SIZE: *value = 32; break;
  case CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK: *value = 65536; break;
  case CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR: *value = 65536; break;
  case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT: *value = int(worker_count()); break;
  case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR: *value = 2048; break;
  case CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR: *value = 32; break;
  case CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY: *value = 64 << 10; break;
  case CU_DEVICE_ATTRIBUTE_INTEGRATED: *value = 1; break; // the host's memory
  case CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS: *value = 1; break;
  case CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE: {
    long l3 = sysconf(_SC_LEVEL3_CACHE_SIZE);
    *value = l3 > 0 ? int(l3) : 0;
    break;
  }
  default: *value = 0; break; // no compute capability, clocks unknown
  }
  return CUDA_SUCCESS;
}
CUresult total_mem(size_t *bytes, CUdevice) {
  *bytes = size_t(sysconf(_SC_PHYS_PAGES)) * size_t(sysconf(_SC_PAGESIZE));
  return CUDA_SUCCESS;
}
CUresult primary_retain(CUcontext *c, CUdevice) {
  *c = the_context;
  return CUDA_SUCCESS;
}
CUresult primary_release(CUdevice) { return CUDA_SUCCESS; }
CUresult ctx_get_current(CUcontext *c) {
  *c = the_context;
  return CUDA_SUCCESS;
}
CUresult ctx_set_current(CUcontext) { return CUDA_SUCCESS; }
CUresult ctx_synchronize() {
  device().wait_all();
  return sticky();
}
CUresult ctx_set_limit(int which, size_t v) {
  if (which < 0 || which >= 8)
    return CUDA_ERROR_INVALID_VALUE;
  device().limits[which] = v;
  return CUDA_SUCCESS;
}
CUresult ctx_get_limit(size_t *v, int which) {
  if (which < 0 || which >= 8)
    return CUDA_ERROR_INVALID_VALUE;
  *v = device().limits[which];
  return CUDA_SUCCESS;
}

CUresult stream_create(CUstream *s, unsigned) {
  auto *st = new cpu_stream;
  {
    std::lock_guard lock(device().mutex);
    device().streams.insert(st);
  }
  *s = reinterpret_cast<CUstream>(st);
  return CUDA_SUCCESS;
}
CUresult stream_destroy(CUstream s) {
  auto *st = reinterpret_cast<cpu_stream *>(s);
  st->wait();
  {
    std::lock_guard lock(device().mutex);
    device().streams.erase(st);
  }
  delete st;
  return CUDA_SUCCESS;
}
CUresult stream_synchronize(CUstream s) {
  stream_of(s).wait();
  return sticky();
}
CUresult stream_get_ctx(CUstream s, CUcontext *c) {
  // Only the device's own streams (stream::wrap of anything else fails).
  std::lock_guard lock(device().mutex);
  if (s && !device().streams.count(reinterpret_cast<cpu_stream *>(s)))
    return CUDA_ERROR_INVALID_HANDLE;
  *c = the_context;
  return CUDA_SUCCESS;
}
CUresult stream_query(CUstream s) {
  if (CUresult f = sticky())
    return f;
  return stream_of(s).idle() ? CUDA_SUCCESS : CUDA_ERROR_NOT_READY;
}
CUresult begin_capture(CUstream s, int) {
  if (!s)
    return CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED;
  stream_of(s).capture = new graph_body;
  return CUDA_SUCCESS;
}
CUresult end_capture(CUstream s, CUgraph *g) {
  cpu_stream &st = stream_of(s);
  *g = reinterpret_cast<CUgraph>(st.capture);
  st.capture = nullptr;
  return CUDA_SUCCESS;
}
CUresult graph_instantiate(CUgraphExec *e, CUgraph g, unsigned long long) {
  *e = reinterpret_cast<CUgraphExec>(
      new graph_body(*reinterpret_cast<graph_body *>(g)));
  return CUDA_SUCCESS;
}
CUresult graph_launch(CUgraphExec e, CUstream s) {
  if (CUresult f = sticky())
    return f;
  for (const task &t : reinterpret_cast<graph_body *>(e)->tasks)
    stream_of(s).push(t);
  return CUDA_SUCCESS;
}
CUresult graph_nodes(CUgraph g, CUgraphNode *, size_t *count) {
  *count = reinterpret_cast<graph_body *>(g)->tasks.size();
  return CUDA_SUCCESS;
}
CUresult graph_exec_destroy(CUgraphExec e) {
  delete reinterpret_cast<graph_body *>(e);
  return CUDA_SUCCESS;
}
CUresult graph_destroy(CUgraph g) {
  delete reinterpret_cast<graph_body *>(g);
  return CUDA_SUCCESS;
}

// The allocation holding `p`: its start and size.
bool find_allocation(uintptr_t p, uintptr_t &start, size_t &size) {
  device_state &d = device();
  std::lock_guard lock(d.mutex);
  auto it = d.allocations.upper_bound(p);
  if (it == d.allocations.begin())
    return false;
  --it;
  if (p >= it->first + std::max<size_t>(it->second, 1))
    return false;
  start = it->first;
  size = it->second;
  return true;
}
CUresult pointer_attribute(void *out, int which, CUdeviceptr p) {
  uintptr_t start = 0;
  size_t size = 0;
  if (!find_allocation(uintptr_t(p), start, size) &&
      !find_global_containing(uintptr_t(p), start, size))
    return CUDA_ERROR_INVALID_VALUE;
  switch (which) {
  case CU_POINTER_ATTRIBUTE_CONTEXT:
    *static_cast<CUcontext *>(out) = the_context;
    return CUDA_SUCCESS;
  case CU_POINTER_ATTRIBUTE_MEMORY_TYPE:
    *static_cast<unsigned *>(out) = CU_MEMORYTYPE_DEVICE;
    return CUDA_SUCCESS;
  case CU_POINTER_ATTRIBUTE_RANGE_START_ADDR:
    *static_cast<CUdeviceptr *>(out) = start;
    return CUDA_SUCCESS;
  case CU_POINTER_ATTRIBUTE_RANGE_SIZE:
    *static_cast<size_t *>(out) = size;
    return CUDA_SUCCESS;
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
}

CUresult event_create(CUevent *e, unsigned) {
  *e = reinterpret_cast<CUevent>(new cpu_event);
  return CUDA_SUCCESS;
}
CUresult event_destroy(CUevent e) {
  delete reinterpret_cast<cpu_event *>(e);
  return CUDA_SUCCESS;
}
CUresult event_record(CUevent e, CUstream s) {
  auto *ev = reinterpret_cast<cpu_event *>(e);
  uint64_t generation;
  {
    std::lock_guard lock(ev->mutex);
    generation = ++ev->recorded;
  }
  stream_of(s).push([ev, generation] {
    std::lock_guard lock(ev->mutex);
    ev->when = std::chrono::steady_clock::now();
    ev->completed = std::max(ev->completed, generation);
    ev->done_cv.notify_all();
  });
  return CUDA_SUCCESS;
}
void wait_event(cpu_event *ev, uint64_t generation) {
  std::unique_lock lock(ev->mutex);
  ev->done_cv.wait(lock, [&] { return ev->completed >= generation; });
}
CUresult event_synchronize(CUevent e) {
  auto *ev = reinterpret_cast<cpu_event *>(e);
  wait_event(ev, ev->last_record());
  return sticky();
}
CUresult event_query(CUevent e) {
  auto *ev = reinterpret_cast<cpu_event *>(e);
  std::lock_guard lock(ev->mutex);
  return ev->completed >= ev->recorded ? CUDA_SUCCESS : CUDA_ERROR_NOT_READY;
}
CUresult event_elapsed(float *ms, CUevent a, CUevent b) {
  auto *x = reinterpret_cast<cpu_event *>(a);
  auto *y = reinterpret_cast<cpu_event *>(b);
  std::scoped_lock lock(x->mutex, y->mutex);
  if (!x->completed || !y->completed)
    return CUDA_ERROR_NOT_READY;
  *ms = std::chrono::duration<float, std::milli>(y->when - x->when).count();
  return CUDA_SUCCESS;
}
CUresult stream_wait_event(CUstream s, CUevent e, unsigned) {
  auto *ev = reinterpret_cast<cpu_event *>(e);
  uint64_t generation = ev->last_record();
  stream_of(s).push([ev, generation] { wait_event(ev, generation); });
  return CUDA_SUCCESS;
}

// The host's memory: what is available now, and all of it.
CUresult mem_get_info(size_t *free_bytes, size_t *total_bytes) {
  size_t page = size_t(sysconf(_SC_PAGESIZE));
  *free_bytes = size_t(sysconf(_SC_AVPHYS_PAGES)) * page;
  *total_bytes = size_t(sysconf(_SC_PHYS_PAGES)) * page;
  return CUDA_SUCCESS;
}

CUresult mem_alloc(CUdeviceptr *p, size_t bytes) {
  if (bytes == 0)
    return CUDA_ERROR_INVALID_VALUE;
  // Exactly `bytes` (no rounding up), so that AddressSanitizer sees an
  // access past the end.
  void *m = nullptr;
  if (posix_memalign(&m, 256, bytes) != 0)
    return CUDA_ERROR_OUT_OF_MEMORY;
  std::lock_guard lock(device().mutex);
  device().allocations[uintptr_t(m)] = bytes;
  *p = CUdeviceptr(uintptr_t(m));
  return CUDA_SUCCESS;
}
CUresult mem_free(CUdeviceptr p) {
  device().wait_all(); // as cuMemFree, after the work that may use it
  {
    std::lock_guard lock(device().mutex);
    if (!device().allocations.erase(uintptr_t(p)))
      return CUDA_ERROR_INVALID_VALUE;
  }
  std::free(reinterpret_cast<void *>(uintptr_t(p)));
  return CUDA_SUCCESS;
}
// Copies involving host memory finish before they return (the host memory
// may be pageable), except while capturing.
CUresult copy(CUstream s, void *to, const void *from, size_t bytes,
              bool host_side) {
  if (CUresult f = sticky())
    return f;
  cpu_stream &st = stream_of(s);
  st.push([to, from, bytes] { std::memcpy(to, from, bytes); });
  if (host_side && !st.capture)
    st.wait();
  return sticky();
}
CUresult copy_htod(CUdeviceptr to, const void *from, size_t bytes, CUstream s) {
  return copy(s, reinterpret_cast<void *>(uintptr_t(to)), from, bytes, true);
}
CUresult copy_dtoh(void *to, CUdeviceptr from, size_t bytes, CUstream s) {
  return copy(s, to, reinterpret_cast<const void *>(uintptr_t(from)), bytes,
              true);
}
CUresult copy_dtod(CUdeviceptr to, CUdeviceptr from, size_t bytes, CUstream s) {
  return copy(s, reinterpret_cast<void *>(uintptr_t(to)),
              reinterpret_cast<const void *>(uintptr_t(from)), bytes, false);
}
template <class T>
CUresult fill(CUdeviceptr to, T value, size_t count, CUstream s) {
  if (CUresult f = sticky())
    return f;
  stream_of(s).push([to, value, count] {
    T *p = reinterpret_cast<T *>(uintptr_t(to));
    for (size_t i = 0; i < count; ++i)
      p[i] = value;
  });
  return CUDA_SUCCESS;
}
CUresult set8(CUdeviceptr p, unsigned char v, size_t n, CUstream s) {
  return fill(p, v, n, s);
}
CUresult set16(CUdeviceptr p, unsigned short v, size_t n, CUstream s) {
  return fill(p, v, n, s);
}
CUresult set32(CUdeviceptr p, unsigned v, size_t n, CUstream s) {
  return fill(p, v, n, s);
}
CUresult host_alloc(void **p, size_t bytes) {
  *p = nullptr;
  return posix_memalign(p, 256, std::max<size_t>(bytes, 1)) == 0
             ? CUDA_SUCCESS
             : CUDA_ERROR_OUT_OF_MEMORY;
}
CUresult host_free(void *p) {
  device().wait_all();
  std::free(p);
  return CUDA_SUCCESS;
}

CUresult module_load(CUmodule *m, const void *, unsigned, CUjit_option *,
                     void **) {
  *m = the_module;
  return CUDA_SUCCESS;
}
CUresult module_unload(CUmodule) { return CUDA_SUCCESS; }
// Kernels are found by function_for, from their host function.
CUresult module_function(CUfunction *, CUmodule, const char *) {
  return CUDA_ERROR_NOT_FOUND;
}
// Device globals are their host variables (get_global).
CUresult module_global(CUdeviceptr *, size_t *, CUmodule, const char *) {
  return CUDA_ERROR_NOT_FOUND;
}
CUresult func_set_attribute(CUfunction, int, int) { return CUDA_SUCCESS; }
CUresult func_get_attribute(int *v, int which, CUfunction f) {
  const kernel_record &k = *reinterpret_cast<cpu_function *>(f)->kernel;
  if (which == CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK)
    *v = k.max_threads ? int(k.max_threads) : 1024;
  else
    *v = 0; // shared variables are not counted on the CPU
  return CUDA_SUCCESS;
}
CUresult occupancy(int *blocks, CUfunction, int threads, size_t) {
  *blocks = threads > 0 ? std::max(1, std::min(32, 2048 / threads)) : 0;
  return CUDA_SUCCESS;
}
CUresult launch_entry(CUfunction, unsigned, unsigned, unsigned, unsigned,
                      unsigned, unsigned, unsigned, CUstream, void **,
                      void **) {
  return CUDA_ERROR_NOT_SUPPORTED; // launches go through cpu::launch
}
CUresult cooperative_launch_entry(CUfunction, unsigned, unsigned, unsigned,
                                  unsigned, unsigned, unsigned, unsigned,
                                  CUstream, void **) {
  return CUDA_ERROR_NOT_SUPPORTED; // refused before (prepare)
}
CUresult encode_tensor_map(void *, int, unsigned, void *,
                           const unsigned long long *,
                           const unsigned long long *, const unsigned *,
                           const unsigned *, int, int, int, int) {
  return CUDA_ERROR_NOT_SUPPORTED;
}

const driver_api table = [] {
  driver_api a{};
  a.cuInit = init;
  a.cuDriverGetVersion = driver_version;
  a.cuGetErrorName = error_name;
  a.cuGetErrorString = error_string;
  a.cuDeviceGetCount = device_count;
  a.cuDeviceGet = device_get;
  a.cuDeviceGetName = device_name;
  a.cuDeviceGetAttribute = device_attribute;
  a.cuDeviceTotalMem = total_mem;
  a.cuDevicePrimaryCtxRetain = primary_retain;
  a.cuDevicePrimaryCtxRelease = primary_release;
  a.cuCtxGetCurrent = ctx_get_current;
  a.cuCtxSetCurrent = ctx_set_current;
  a.cuCtxSynchronize = ctx_synchronize;
  a.cuCtxSetLimit = ctx_set_limit;
  a.cuCtxGetLimit = ctx_get_limit;
  a.cuStreamCreate = stream_create;
  a.cuStreamDestroy = stream_destroy;
  a.cuStreamSynchronize = stream_synchronize;
  a.cuStreamGetCtx = stream_get_ctx;
  a.cuStreamQuery = stream_query;
  a.cuStreamBeginCapture = begin_capture;
  a.cuStreamEndCapture = end_capture;
  a.cuGraphInstantiateWithFlags = graph_instantiate;
  a.cuGraphLaunch = graph_launch;
  a.cuGraphGetNodes = graph_nodes;
  a.cuGraphExecDestroy = graph_exec_destroy;
  a.cuGraphDestroy = graph_destroy;
  a.cuPointerGetAttribute = pointer_attribute;
  a.cuEventCreate = event_create;
  a.cuEventDestroy = event_destroy;
  a.cuEventRecord = event_record;
  a.cuEventSynchronize = event_synchronize;
  a.cuEventElapsedTime = event_elapsed;
  a.cuEventQuery = event_query;
  a.cuStreamWaitEvent = stream_wait_event;
  a.cuMemAlloc = mem_alloc;
  a.cuMemFree = mem_free;
  a.cuMemcpyHtoDAsync = copy_htod;
  a.cuMemcpyDtoHAsync = copy_dtoh;
  a.cuMemsetD8Async = set8;
  a.cuMemsetD16Async = set16;
  a.cuMemsetD32Async = set32;
  a.cuMemcpyDtoDAsync = copy_dtod;
  a.cuMemAllocHost = host_alloc;
  a.cuMemFreeHost = host_free;
  a.cuMemGetInfo = mem_get_info;
  a.cuModuleLoadDataEx = module_load;
  a.cuModuleUnload = module_unload;
  a.cuModuleGetFunction = module_function;
  a.cuModuleGetGlobal = module_global;
  a.cuFuncSetAttribute = func_set_attribute;
  a.cuFuncGetAttribute = func_get_attribute;
  a.cuOccupancyMaxActiveBlocksPerMultiprocessor = occupancy;
  a.cuLaunchKernel = launch_entry;
  a.cuLaunchCooperativeKernel = cooperative_launch_entry;
  a.cuTensorMapEncodeTiled = encode_tensor_map;
  return a;
}();

} // namespace

const driver_api *driver() { return &table; }
bool is_cpu(const driver_api *api) { return api == &table; }

CUfunction function_for(const kernel_record &kernel, const kernel_key &key) {
  device_state &d = device();
  std::lock_guard lock(d.mutex);
  auto &slot = d.functions[{&kernel, key.invoke}];
  if (!slot)
    slot.reset(new cpu_function{
        &kernel, key.invoke, kernel.independent ? key.invoke_blocks : nullptr});
  return reinterpret_cast<CUfunction>(slot.get());
}

int launch(CUfunction f, const launch_dims &dims, CUstream s,
           std::span<void *const> objects) {
  if (CUresult fault = sticky())
    return fault;
  const cpu_function &fn = *reinterpret_cast<cpu_function *>(f);
  if (!fn.invoke)
    return CUDA_ERROR_INVALID_HANDLE;
  auto g = std::make_shared<grid_launch>();
  g->kernel = fn.kernel->name;
  g->invoke = fn.invoke;
  g->invoke_blocks = fn.invoke_blocks;
  for (size_t i = 0; i < objects.size(); ++i) {
    size_t bytes = fn.kernel->params[i].size;
    g->storage.emplace_back(new std::byte[bytes ? bytes : 1]);
    std::memcpy(g->storage.back().get(), objects[i], bytes);
    g->objects.push_back(g->storage.back().get());
  }
  g->grid = {uint32_t(dims.grid[0]), uint32_t(dims.grid[1]),
             uint32_t(dims.grid[2])};
  g->block = {uint32_t(dims.block[0]), uint32_t(dims.block[1]),
              uint32_t(dims.block[2])};
  g->shared_bytes = uint32_t(dims.shared_bytes);
  g->stack_bytes = std::max<size_t>(256 << 10, device().limits[0]);
  stream_of(s).push([g] {
    if (device().fault.load())
      return; // a fault ends the work queued after it
    grid_outcome out = run_grid(*g);
    if (out.code) {
      std::fprintf(stderr, "alloy: %s\n", out.message.c_str());
      std::lock_guard lock(device().mutex);
      int none = 0;
      if (device().fault.compare_exchange_strong(none, out.code))
        device().fault_message = out.message;
    }
  });
  return CUDA_SUCCESS;
}

} // namespace gpu::detail::cpu
