// A stand-in libnccl.so.2 for the unit tests (loaded through
// ALLOY_NCCL_LIBRARY): it logs every call, fails a call on request, and
// really reduces the buffers at ncclGroupEnd (the stand-in driver's device
// memory is host memory), so that a test sees results as well as calls.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <vector>

struct ncclComm {
  int clique; // the communicator all of whose ranks reduce together
  int rank;
  int ranks;
};

namespace {
std::mutex g_mutex;
std::string g_log;                // "call(args) call(args) ..."
std::map<std::string, int> g_fail; // the next call of NAME returns rc
int g_next_clique = 1;
int g_group_depth = 0;
int g_group_error = 0;
int g_live = 0;
struct pending {
  const void *send;
  void *recv;
  size_t count;
  int type, op;
  ncclComm *comm;
};
std::vector<pending> g_pending;

int injected(const char *name) {
  auto it = g_fail.find(name);
  if (it == g_fail.end())
    return 0;
  int rc = it->second;
  g_fail.erase(it);
  return rc;
}

void log(const std::string &entry) { g_log += entry + " "; }

template <class T> T combine(T a, T b, int op) {
  switch (op) {
  case 0:
    return T(a + b);
  case 1:
    return T(a * b);
  case 2:
    return a > b ? a : b;
  default:
    return a < b ? a : b;
  }
}

template <class T> void reduce(const std::vector<pending> &ops) {
  size_t n = ops[0].count;
  std::vector<T> result(n);
  for (size_t k = 0; k < n; ++k) {
    T acc = static_cast<const T *>(ops[0].send)[k];
    for (size_t r = 1; r < ops.size(); ++r)
      acc = combine(acc, static_cast<const T *>(ops[r].send)[k], ops[0].op);
    result[k] = acc;
  }
  for (const pending &p : ops)
    std::memcpy(p.recv, result.data(), n * sizeof(T));
}

// Runs the collectives of every communicator whose ranks all joined.
int run_pending() {
  std::map<int, std::vector<pending>> by_clique;
  for (const pending &p : g_pending)
    by_clique[p.comm->clique].push_back(p);
  g_pending.clear();
  for (auto &[clique, ops] : by_clique) {
    if (int(ops.size()) != ops[0].comm->ranks)
      return 5; // ncclInvalidUsage: a real NCCL would wait forever
    switch (ops[0].type) {
    case 2:
      reduce<int32_t>(ops);
      break;
    case 3:
      reduce<uint32_t>(ops);
      break;
    case 4:
      reduce<int64_t>(ops);
      break;
    case 5:
      reduce<uint64_t>(ops);
      break;
    case 7:
      reduce<float>(ops);
      break;
    case 8:
      reduce<double>(ops);
      break;
    default:
      return 4; // ncclInvalidArgument (the stand-in's limit)
    }
  }
  return 0;
}
} // namespace

extern "C" {

using ncclResult_t = int;
struct ncclUniqueId {
  char internal[128];
};

// ---- control, called by the tests through dlsym
void fake_nccl_reset() {
  std::lock_guard lock(g_mutex);
  g_log.clear();
  g_fail.clear();
  g_group_depth = 0;
  g_group_error = 0;
  g_pending.clear();
}
// The calls since the last reset, each followed by a space.
const char *fake_nccl_log() {
  std::lock_guard lock(g_mutex);
  static std::string copy;
  copy = g_log;
  return copy.c_str();
}
void fake_nccl_fail(const char *name, int rc) {
  std::lock_guard lock(g_mutex);
  g_fail[name] = rc;
}
int fake_nccl_live_communicators() {
  std::lock_guard lock(g_mutex);
  return g_live;
}

// ---- NCCL
ncclResult_t ncclGetVersion(int *version) {
  std::lock_guard lock(g_mutex);
  log("ncclGetVersion");
  if (int rc = injected("ncclGetVersion"))
    return rc;
  return *version = 22703, 0;
}
const char *ncclGetErrorString(ncclResult_t rc) {
  switch (rc) {
  case 1:
    return "unhandled cuda error (run with NCCL_DEBUG=INFO for details)";
  case 4:
    return "invalid argument (run with NCCL_DEBUG=WARN for details)";
  case 5:
    return "invalid usage (run with NCCL_DEBUG=WARN for details)";
  default:
    return "fake NCCL error";
  }
}
ncclResult_t ncclGetUniqueId(ncclUniqueId *id) {
  std::lock_guard lock(g_mutex);
  log("ncclGetUniqueId");
  if (int rc = injected("ncclGetUniqueId"))
    return rc;
  std::memset(id->internal, 0, sizeof(id->internal));
  int clique = g_next_clique++;
  std::memcpy(id->internal, &clique, sizeof(clique));
  return 0;
}
ncclResult_t ncclCommInitRank(ncclComm **comm, int ranks, ncclUniqueId id,
                              int rank) {
  std::lock_guard lock(g_mutex);
  log("ncclCommInitRank(" + std::to_string(ranks) + "," +
      std::to_string(rank) + ")");
  if (int rc = injected("ncclCommInitRank"))
    return rc;
  int clique = 0;
  std::memcpy(&clique, id.internal, sizeof(clique));
  *comm = new ncclComm{clique, rank, ranks};
  ++g_live;
  return 0;
}
ncclResult_t ncclCommInitAll(ncclComm **comms, int n, const int *devices) {
  std::lock_guard lock(g_mutex);
  std::string entry = "ncclCommInitAll(" + std::to_string(n) + ":";
  for (int i = 0; i < n; ++i)
    entry += (i ? "," : "") + std::to_string(devices[i]);
  log(entry + ")");
  if (int rc = injected("ncclCommInitAll"))
    return rc;
  int clique = g_next_clique++;
  for (int i = 0; i < n; ++i)
    comms[i] = new ncclComm{clique, i, n};
  g_live += n;
  return 0;
}
ncclResult_t ncclCommDestroy(ncclComm *comm) {
  std::lock_guard lock(g_mutex);
  log("ncclCommDestroy(" + std::to_string(comm ? comm->rank : -1) + ")");
  if (int rc = injected("ncclCommDestroy"))
    return rc;
  delete comm;
  --g_live;
  return 0;
}
ncclResult_t ncclGroupStart() {
  std::lock_guard lock(g_mutex);
  log("ncclGroupStart");
  if (int rc = injected("ncclGroupStart"))
    return rc;
  ++g_group_depth;
  return 0;
}
ncclResult_t ncclGroupEnd() {
  std::lock_guard lock(g_mutex);
  log("ncclGroupEnd");
  --g_group_depth;
  int rc = injected("ncclGroupEnd");
  if (g_group_depth > 0)
    return rc;
  if (g_group_error) {
    rc = g_group_error; // NCCL drops a group in which a call failed
    g_group_error = 0;
    g_pending.clear();
    return rc;
  }
  if (rc) {
    g_pending.clear();
    return rc;
  }
  return run_pending();
}
ncclResult_t ncclAllReduce(const void *send, void *recv, size_t count,
                           int type, int op, ncclComm *comm, void *stream) {
  std::lock_guard lock(g_mutex);
  log("ncclAllReduce(rank=" + std::to_string(comm->rank) +
      ",count=" + std::to_string(count) + ",type=" + std::to_string(type) +
      ",op=" + std::to_string(op) + std::string(",stream=") +
      (stream ? "s" : "0") + std::string(send == recv ? ",in-place" : "") +
      ")");
  if (int rc = injected("ncclAllReduce")) {
    if (g_group_depth > 0)
      g_group_error = rc;
    return rc;
  }
  g_pending.push_back({send, recv, count, type, op, comm});
  if (g_group_depth == 0)
    return run_pending();
  return 0;
}

} // extern "C"
