#include "grid.hpp"

#include "fiber.hpp"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <functional>
#include <thread>

namespace gpu::detail::cpu {
namespace {

constexpr int CUDA_ERROR_ILLEGAL_ADDRESS = 700;
constexpr int CUDA_ERROR_ASSERT = 710;
constexpr int CUDA_ERROR_HARDWARE_STACK_ERROR = 714;
constexpr int CUDA_ERROR_ILLEGAL_INSTRUCTION = 715;
constexpr int CUDA_ERROR_LAUNCH_FAILED = 719;

// ------------------------------------------------------------------ pool --

// Worker threads that run the indices of one job at a time; the calling
// thread works too.
class thread_pool {
public:
  explicit thread_pool(unsigned workers) {
    for (unsigned i = 0; i < workers; ++i)
      threads_.emplace_back([this] { work(); });
  }
  ~thread_pool() {
    {
      std::lock_guard lock(mutex_);
      stop_ = true;
    }
    wake_.notify_all();
    for (std::thread &t : threads_)
      t.join();
  }

  void run(uint64_t count, const std::function<void(uint64_t)> &body) {
    std::lock_guard serial(run_mutex_);
    {
      std::lock_guard lock(mutex_);
      body_ = &body;
      count_ = count;
      next_.store(0);
      busy_ = unsigned(threads_.size());
      ++generation_;
    }
    wake_.notify_all();
    drain();
    std::unique_lock lock(mutex_);
    done_.wait(lock, [&] { return busy_ == 0; });
    body_ = nullptr;
  }

private:
  // Indices in chunks (about 16 per thread), so that short blocks do not
  // all meet at one counter.
  void drain() {
    uint64_t chunk =
        std::max<uint64_t>(1, count_ / (16 * (threads_.size() + 1)));
    for (uint64_t i; (i = next_.fetch_add(chunk)) < count_;)
      for (uint64_t j = i; j < std::min(count_, i + chunk); ++j)
        (*body_)(j);
  }
  void work() {
    uint64_t seen = 0;
    for (;;) {
      {
        std::unique_lock lock(mutex_);
        wake_.wait(lock, [&] { return stop_ || generation_ != seen; });
        if (stop_)
          return;
        seen = generation_;
      }
      drain();
      std::lock_guard lock(mutex_);
      if (--busy_ == 0)
        done_.notify_all();
    }
  }

  std::vector<std::thread> threads_;
  std::mutex run_mutex_, mutex_;
  std::condition_variable wake_, done_;
  const std::function<void(uint64_t)> *body_ = nullptr;
  uint64_t count_ = 0, generation_ = 0;
  std::atomic<uint64_t> next_{0};
  unsigned busy_ = 0;
  bool stop_ = false;
};

thread_pool &pool() {
  static thread_pool p(worker_count() - 1);
  return p;
}

// ----------------------------------------------------------------- block --

enum class status : uint8_t { ready, at_barrier, at_warp, done };

struct gpu_thread {
  fiber_context context;
  thread_state state;
  fiber_stack *stack = nullptr; // the stack it runs on
  status st = status::ready;
  uint32_t rank = 0;
  // In a warp operation: the operation, its value, argument and mask.
  warp_op op = warp_op::sync;
  uint64_t value = 0, result = 0;
  uint32_t arg = 0, mask = 0;
};

struct block_run;
thread_local block_run *running = nullptr;

// The fibers of one block, on one worker thread.
struct block_run {
  const grid_launch *launch = nullptr;
  std::vector<gpu_thread> threads;
  std::vector<std::unique_ptr<fiber_stack>> free_stacks;
  fiber_context scheduler;
  gpu_thread *current_thread = nullptr;
  uint32_t live = 0, at_barrier = 0, started = 0;
  std::deque<uint32_t> ready; // waited, and may go on
  uint32_t at_warp = 0;        // threads in a warp operation
  dim3u next_tid;              // of the next thread to start
  // The fiber that just ended (its last thread returned, none to start).
  fiber_stack *ended = nullptr;
  std::vector<std::byte> dynamic_shared;
  bool faulted = false;
  int fault_code = 0;
  std::string fault;
  dim3u block_id;

  void release_barrier() {
    for (gpu_thread &t : threads)
      if (t.st == status::at_barrier) {
        t.st = status::ready;
        ready.push_back(t.rank);
      }
    at_barrier = 0;
  }

  // The next thread of the block, set up to run.
  gpu_thread &start_next() {
    const grid_launch &g = *launch;
    gpu_thread &t = threads[started];
    t.st = status::ready;
    t.stack = nullptr;
    t.rank = started++;
    t.state.tid = next_tid; // (no divisions: they cost more than a thread)
    if (++next_tid.x == g.block.x) {
      next_tid.x = 0;
      if (++next_tid.y == g.block.y) {
        next_tid.y = 0;
        ++next_tid.z;
      }
    }
    t.state.bid = block_id;
    t.state.bdim = g.block;
    t.state.gdim = g.grid;
    t.state.lane = t.rank % 32;
    t.state.dynamic_shared = g.shared_bytes ? dynamic_shared.data() : nullptr;
    t.state.dynamic_shared_size = g.shared_bytes;
    t.state.ops = &cpu_hooks_ref();
    return t;
  }
  static const hooks &cpu_hooks_ref();

  // Completes the warp operation of the lanes that wait with `mask` in the
  // warp of `w`, if all of its live members have arrived.
  void try_complete_warp(uint32_t warp, uint32_t mask) {
    uint32_t first = warp * 32, n = uint32_t(threads.size());
    uint32_t arrived = 0, needed = 0;
    for (uint32_t lane = 0; lane < 32 && first + lane < n; ++lane) {
      gpu_thread &t = threads[first + lane];
      if (!(mask >> lane & 1))
        continue;
      if (first + lane >= started || t.st != status::done)
        needed |= 1u << lane;
      if (first + lane < started && t.st == status::at_warp && t.mask == mask)
        arrived |= 1u << lane;
    }
    if (arrived != needed || !arrived)
      return;
    uint32_t ballot = 0;
    for (uint32_t lane = 0; lane < 32; ++lane)
      if (arrived >> lane & 1 && threads[first + lane].value)
        ballot |= 1u << lane;
    for (uint32_t lane = 0; lane < 32; ++lane) {
      if (!(arrived >> lane & 1))
        continue;
      gpu_thread &t = threads[first + lane];
      auto from = [&](int64_t src) {
        if (src < 0 || src > 31 || !(arrived >> src & 1))
          return t.value; // outside the warp: the caller's own value
        return threads[first + uint32_t(src)].value;
      };
      switch (t.op) {
      case warp_op::idx: t.result = from(t.arg % 32); break;
      case warp_op::up: t.result = from(int64_t(lane) - t.arg); break;
      case warp_op::down: t.result = from(int64_t(lane) + t.arg); break;
      case warp_op::bfly: t.result = from(lane ^ t.arg); break;
      case warp_op::ballot: t.result = ballot; break;
      case warp_op::all: t.result = ballot == arrived; break;
      case warp_op::any: t.result = ballot != 0; break;
      case warp_op::sync: t.result = 0; break;
      }
      t.st = status::ready;
      --at_warp;
      ready.push_back(t.rank);
    }
  }

  std::unique_ptr<fiber_stack> take_stack() {
    if (!free_stacks.empty()) {
      auto s = std::move(free_stacks.back());
      free_stacks.pop_back();
      return s;
    }
    return std::make_unique<fiber_stack>(launch->stack_bytes);
  }

  std::string where(const gpu_thread &t) const {
    char text[160];
    std::snprintf(text, sizeof text,
                  "block (%u, %u, %u), thread (%u, %u, %u)", block_id.x,
                  block_id.y, block_id.z, t.state.tid.x, t.state.tid.y,
                  t.state.tid.z);
    return text;
  }

  void run(uint64_t linear_block, std::vector<std::unique_ptr<fiber_stack>> &pool);
  void deadlock();
};

// A fiber: runs its first thread, then, while the block has threads that
// have not started, the next one on the same stack, so that threads that
// never wait cost no switch. Ends when its thread returns and none is left.
void fiber_main(void *p) {
  auto *t = static_cast<gpu_thread *>(p);
  block_run &b = *running;
  fiber_started(b.scheduler);
  for (;;) {
    b.launch->invoke(b.launch->objects.data());
    t->st = status::done;
    --b.live;
    if (b.at_barrier && b.at_barrier == b.live)
      b.release_barrier();
    // A lane that leaves may complete its warp mates' operation.
    if (b.at_warp) {
      uint32_t warp = t->rank / 32;
      for (uint32_t lane = 0; lane < 32; ++lane) {
        uint32_t r = warp * 32 + lane;
        if (r < b.started && b.threads[r].st == status::at_warp)
          b.try_complete_warp(warp, b.threads[r].mask);
      }
    }
    if (b.started == b.threads.size())
      break;
    fiber_stack *stack = t->stack;
    t = &b.start_next();
    t->stack = stack;
    b.current_thread = t;
    current = &t->state;
  }
  current = nullptr;
  b.ended = t->stack;
  fiber_switch(t->context, b.scheduler, /*from_ends=*/true);
  std::abort(); // never resumed
}

// A block of a kernel whose threads never wait: all of them in one call,
// a loop the optimizer sees whole (host_entry<K>::invoke_block).
void block_main(void *p) {
  auto *t = static_cast<gpu_thread *>(p);
  block_run &b = *running;
  fiber_started(b.scheduler);
  b.launch->invoke_block(b.launch->objects.data(), &t->state);
  b.live = 0;
  current = nullptr;
  b.ended = t->stack;
  fiber_switch(t->context, b.scheduler, /*from_ends=*/true);
  std::abort(); // never resumed
}

void yield(gpu_thread &t) {
  block_run &b = *running;
  current = nullptr;
  fiber_switch(t.context, b.scheduler);
  current = &t.state;
}

void hook_trap(const char *why);

// The compiler found no barrier or warp operation in a kernel that reaches
// one (independentKernels): a fault, not a wrong answer.
void not_independent() {
  hook_trap("internal error: a kernel run as independent threads waits for "
            "others; please report it");
}

void hook_barrier() {
  block_run &b = *running;
  if (b.launch->invoke_block)
    not_independent();
  gpu_thread &t = *b.current_thread;
  t.st = status::at_barrier;
  if (++b.at_barrier == b.live && b.started == b.threads.size())
    b.release_barrier();
  yield(t);
}

uint64_t hook_warp(warp_op op, uint64_t value, uint32_t arg, uint32_t mask) {
  block_run &b = *running;
  if (b.launch->invoke_block)
    not_independent();
  gpu_thread &t = *b.current_thread;
  t.st = status::at_warp;
  ++b.at_warp;
  t.op = op;
  t.value = value;
  t.arg = arg;
  t.mask = mask;
  b.try_complete_warp(t.rank / 32, mask);
  yield(t);
  return t.result;
}

void hook_trap(const char *why) {
  block_run &b = *running;
  gpu_thread &t = *b.current_thread;
  b.faulted = true;
  bool assertion = std::strncmp(why, "assertion", 9) == 0;
  b.fault_code = assertion ? CUDA_ERROR_ASSERT : CUDA_ERROR_LAUNCH_FAILED;
  b.fault = "kernel '" + b.launch->kernel + "', " + b.where(t) + ": " + why;
  current = nullptr;
  fiber_switch(t.context, b.scheduler, /*from_ends=*/true);
  std::abort(); // never resumed
}

constexpr hooks cpu_hooks = {hook_barrier, hook_warp, hook_trap};
const hooks &block_run::cpu_hooks_ref() { return cpu_hooks; }

// A memory fault in a kernel's thread: a stack overflow (the guard page
// below its fiber's stack) or an access the processor refused. It ends the
// kernel with the GPU's fault; elsewhere the default action (a crash).
constexpr int fault_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE};
struct sigaction previous[4];

void on_memory_fault(int sig, siginfo_t *info, void *) {
  block_run *b = running;
  gpu_thread *t = b ? b->current_thread : nullptr;
  if (!b || !t || !current) {
    for (int i = 0; i < 4; ++i)
      if (fault_signals[i] == sig)
        sigaction(sig, &previous[i], nullptr);
    return; // the fault happens again, with the old action
  }
  auto at = reinterpret_cast<uintptr_t>(info->si_addr);
  auto bottom = reinterpret_cast<uintptr_t>(t->stack->bottom());
  size_t page = size_t(sysconf(_SC_PAGESIZE));
  bool overflow = sig == SIGSEGV && at < bottom && at + page >= bottom;
  char text[96];
  if (sig == SIGILL)
    std::snprintf(text, sizeof text, "an illegal instruction (a trap)");
  else if (sig == SIGFPE)
    std::snprintf(text, sizeof text,
                  "an arithmetic fault (integer division by zero?)");
  else if (overflow)
    std::snprintf(text, sizeof text,
                  "its stack overflowed (%zu bytes per thread)",
                  t->stack->size());
  else
    std::snprintf(text, sizeof text, "illegal memory access at address %p",
                  info->si_addr);
  b->faulted = true;
  b->fault_code = sig == SIGILL || sig == SIGFPE ? CUDA_ERROR_ILLEGAL_INSTRUCTION
                  : overflow ? CUDA_ERROR_HARDWARE_STACK_ERROR
                             : CUDA_ERROR_ILLEGAL_ADDRESS;
  b->fault = "kernel '" + b->launch->kernel + "', " + b->where(*t) + ": " + text;
  sigset_t unblock;
  sigemptyset(&unblock);
  sigaddset(&unblock, sig);
  pthread_sigmask(SIG_UNBLOCK, &unblock, nullptr);
  current = nullptr;
  fiber_switch(t->context, b->scheduler, /*from_ends=*/true);
  std::abort(); // never resumed
}

void catch_memory_faults() {
  thread_local bool done = false; // once per worker
  if (done)
    return;
  done = true;
  static std::once_flag installed;
  std::call_once(installed, [] {
    struct sigaction a = {};
    a.sa_sigaction = on_memory_fault;
    a.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&a.sa_mask);
    for (int i = 0; i < 4; ++i)
      sigaction(fault_signals[i], &a, &previous[i]);
  });
  // The handler runs on its own stack: the faulting one may be full.
  // (Unless the thread has one: AddressSanitizer gives each thread its own.)
  thread_local std::unique_ptr<char[]> alternate;
  stack_t old = {};
  sigaltstack(nullptr, &old);
  if (!alternate && (old.ss_flags & SS_DISABLE)) {
    constexpr size_t size = 64 << 10;
    alternate.reset(new char[size]);
    stack_t ss = {};
    ss.ss_sp = alternate.get();
    ss.ss_size = size;
    sigaltstack(&ss, nullptr);
  }
}

void block_run::run(uint64_t linear,
                    std::vector<std::unique_ptr<fiber_stack>> &stacks) {
  const grid_launch &g = *launch;
  block_id = {uint32_t(linear % g.grid.x),
              uint32_t(linear / g.grid.x % g.grid.y),
              uint32_t(linear / g.grid.x / g.grid.y)};
  uint32_t n = g.block.x * g.block.y * g.block.z;
  if (threads.size() != n)
    threads.resize(n); // start_next resets each
  free_stacks = std::move(stacks);
  if (dynamic_shared.size() < g.shared_bytes)
    dynamic_shared.resize(g.shared_bytes);
  live = n;
  at_barrier = 0;
  at_warp = 0;
  started = 0;
  next_tid = {};
  faulted = false;
  ready.clear();
  std::vector<std::unique_ptr<fiber_stack>> in_use;
  for (;;) {
    gpu_thread *next = nullptr;
    if (!ready.empty()) {
      next = &threads[ready.front()];
      ready.pop_front();
    } else if (started < n) {
      next = &start_next();
      in_use.push_back(take_stack());
      next->stack = in_use.back().get();
      if (g.invoke_block) { // one fiber runs the whole block
        started = n;
        fiber_prepare(next->context, *next->stack, block_main, next);
      } else {
        fiber_prepare(next->context, *next->stack, fiber_main, next);
      }
    } else {
      if (live == 0 || faulted)
        break;
      if (at_barrier == live) { // everyone left has arrived
        release_barrier();
        continue;
      }
      deadlock();
      break;
    }
    current_thread = next;
    current = &next->state;
    ended = nullptr;
    fiber_switch(scheduler, next->context);
    current = nullptr;
    if (faulted)
      break;
    if (ended) // its stack is free again
      for (auto &s : in_use)
        if (s.get() == ended) {
          free_stacks.push_back(std::move(s));
          s = std::move(in_use.back());
          in_use.pop_back();
          break;
        }
  }
  for (auto &s : in_use)
    free_stacks.push_back(std::move(s));
  stacks = std::move(free_stacks);
}

void block_run::deadlock() {
  faulted = true;
  fault_code = CUDA_ERROR_LAUNCH_FAILED;
  const gpu_thread *warp_waiter = nullptr, *barrier_waiter = nullptr;
  for (const gpu_thread &t : threads) {
    if (t.st == status::at_warp && !warp_waiter)
      warp_waiter = &t;
    if (t.st == status::at_barrier && !barrier_waiter)
      barrier_waiter = &t;
  }
  fault = "kernel '" + launch->kernel + "' deadlocked in block (" +
          std::to_string(block_id.x) + ", " + std::to_string(block_id.y) +
          ", " + std::to_string(block_id.z) + ")";
  if (warp_waiter) {
    char mask[16];
    std::snprintf(mask, sizeof mask, "0x%08x", warp_waiter->mask);
    fault += ": " + where(*warp_waiter).substr(where(*warp_waiter).find("thread")) +
             " waits in a warp operation (mask " + mask +
             ") for lanes that never reach it";
  }
  if (barrier_waiter)
    fault += std::string(warp_waiter ? ", while " : ": ") +
             where(*barrier_waiter).substr(where(*barrier_waiter).find("thread")) +
             " waits at gpu::sync_threads()";
}

} // namespace

unsigned worker_count() {
  static const unsigned n = [] {
    if (const char *env = std::getenv("ALLOY_CPU_THREADS"))
      if (int v = std::atoi(env); v > 0)
        return unsigned(v);
    unsigned hw = std::thread::hardware_concurrency();
    return hw ? hw : 1u;
  }();
  return n;
}

grid_outcome run_grid(const grid_launch &g) {
  uint64_t blocks = uint64_t(g.grid.x) * g.grid.y * g.grid.z;
  std::atomic<bool> failed{false};
  std::mutex m;
  grid_outcome outcome;
  pool().run(blocks, [&](uint64_t i) {
    if (failed.load(std::memory_order_relaxed))
      return;
    thread_local block_run b;
    thread_local std::vector<std::unique_ptr<fiber_stack>> stacks;
    catch_memory_faults();
    b.launch = &g;
    block_run *outer = running;
    running = &b;
    b.run(i, stacks);
    running = outer;
    if (b.faulted) {
      std::lock_guard lock(m);
      if (!failed.exchange(true)) {
        outcome.code = b.fault_code;
        outcome.message = b.fault;
      }
    }
  });
  return outcome;
}

} // namespace gpu::detail::cpu
