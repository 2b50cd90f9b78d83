#include "block.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cxxabi.h>

namespace gpu::detail::cpu {

thread_local block_run *running = nullptr;

namespace {

void hook_trap(const char *why) noexcept;

// Runs kernel code; a C++ exception out of it (a throw in the standard
// library, std::optional::value() when empty) ends the kernel as on the
// GPU, where the compiler makes it a failed assertion (CUDA_ERROR_ASSERT).
template <class F> void run_kernel_code(F &&body) {
  char why[320];
  try {
    body();
    return;
  } catch (...) {
    const std::type_info *type = abi::__cxa_current_exception_type();
    int status = 0;
    char *name =
        type ? abi::__cxa_demangle(type->name(), nullptr, nullptr, &status)
             : nullptr;
    const char *shown = name ? name : type ? type->name() : "an exception";
    const thread_state *s = current;
    std::fprintf(stderr,
                 "block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `%s thrown "
                 "in device code (the GPU has no exceptions)` failed.\n",
                 s ? s->bid.x : 0, s ? s->bid.y : 0, s ? s->bid.z : 0,
                 s ? s->tid.x : 0, s ? s->tid.y : 0, s ? s->tid.z : 0, shown);
    std::snprintf(why, sizeof why,
                  "assertion `%s thrown in device code` failed", shown);
    std::free(name);
  }
  hook_trap(why); // after the handler: the exception is freed
}

// A fiber: runs its first thread, then, while the block has threads that
// have not started, the next one on the same stack, so that threads that
// never wait cost no switch. Ends when its thread returns and none is left.
void fiber_main(void *p) {
  auto *t = static_cast<gpu_thread *>(p);
  block_run &b = *running;
  fiber_started(b.scheduler);
  for (;;) {
    run_kernel_code([&] { b.launch->invoke(b.launch->objects.data()); });
    t->st = status::done;
    b.warp_done[t->rank / 32] |= 1u << t->rank % 32;
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
  b.ended = t->stack;
  end_fiber(*t);
}

// Blocks of a kernel whose threads never wait: all of them in one call,
// loops the optimizer sees whole (host_entry<K>::invoke_blocks).
void blocks_main(void *p) {
  auto *t = static_cast<gpu_thread *>(p);
  block_run &b = *running;
  fiber_started(b.scheduler);
  run_kernel_code([&] {
    b.launch->invoke_blocks(b.launch->objects.data(), &t->state, b.first,
                            b.count);
  });
  b.live = 0;
  b.ended = t->stack;
  end_fiber(*t);
}

void yield(gpu_thread &t) {
  block_run &b = *running;
  current = nullptr;
  fiber_switch(t.context, b.scheduler);
  current = &t.state;
}

// The compiler found no barrier or warp operation in a kernel that reaches
// one (independentKernels): a fault, not a wrong answer.
void not_independent() {
  hook_trap("internal error: a kernel run as independent threads waits for "
            "others; please report it");
}

void hook_barrier() noexcept {
  block_run &b = *running;
  if (b.launch->invoke_blocks)
    not_independent();
  gpu_thread &t = *b.current_thread;
  t.st = status::at_barrier;
  if (++b.at_barrier == b.live) // (threads not started yet count as live)
    b.release_barrier();
  yield(t);
}

uint64_t hook_warp(warp_op op, uint64_t value, uint32_t arg,
                   uint32_t mask) noexcept {
  block_run &b = *running;
  if (b.launch->invoke_blocks)
    not_independent();
  gpu_thread &t = *b.current_thread;
  t.st = status::at_warp;
  ++b.at_warp;
  b.warp_waiting[t.rank / 32] |= 1u << t.rank % 32;
  t.op = op;
  t.value = value;
  t.arg = arg;
  t.mask = mask;
  b.try_complete_warp(t.rank / 32, mask);
  yield(t);
  return t.result;
}

void hook_trap(const char *why) noexcept {
  block_run &b = *running;
  gpu_thread &t = *b.current_thread;
  bool assertion = std::strncmp(why, "assertion", 9) == 0;
  b.fail(t, assertion ? CUDA_ERROR_ASSERT : CUDA_ERROR_LAUNCH_FAILED, why);
  end_fiber(t);
}

constexpr hooks cpu_hooks = {hook_barrier, hook_warp, hook_trap};

} // namespace

void end_fiber(gpu_thread &t) {
  current = nullptr;
  fiber_switch(t.context, running->scheduler, /*from_ends=*/true);
  std::abort(); // never resumed
}

const hooks &block_run::cpu_hooks_ref() { return cpu_hooks; }

void block_run::run(uint64_t linear, uint64_t blocks,
                    std::vector<std::unique_ptr<fiber_stack>> &stacks) {
  const grid_launch &g = *launch;
  first = linear;
  count = blocks;
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
  warp_waiting.assign((n + 31) / 32, 0);
  warp_done.assign((n + 31) / 32, 0);
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
      if (g.invoke_blocks) { // one fiber runs whole blocks
        started = n;
        fiber_prepare(next->context, *next->stack, blocks_main, next);
      } else {
        fiber_prepare(next->context, *next->stack, fiber_main, next);
      }
    } else {
      // Nothing can run: finished, or waiting for each other forever (a
      // barrier completes as its last live thread arrives or returns).
      if (live != 0 && !faulted)
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
    fault += ": " + thread_name(*warp_waiter) +
             " waits in a warp operation (mask " + mask +
             ") for lanes that never reach it";
  }
  if (barrier_waiter)
    fault += std::string(warp_waiter ? ", while " : ": ") +
             thread_name(*barrier_waiter) + " waits at gpu::sync_threads()";
}

} // namespace gpu::detail::cpu

// CUDA's `extern __shared__ T name[]` in the host object (the plugin's
// HostSharedMemoryPass calls this): the running block's dynamic shared
// memory, null outside a kernel.
extern "C" void *__alloy_cpu_dynamic_shared() noexcept {
  using gpu::detail::cpu::current;
  return current ? current->dynamic_shared : nullptr;
}
