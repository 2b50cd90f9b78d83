// Fibers for the CPU device: a GPU thread runs on its own small stack and
// gives the processor back at barriers and warp operations. On x86-64 a
// switch saves the callee-saved registers and the stack pointer (a few
// nanoseconds); elsewhere ucontext.
#ifndef ALLOY_RUNTIME_CPU_FIBER_HPP
#define ALLOY_RUNTIME_CPU_FIBER_HPP

#include <cstddef>
#include <memory>
#include <vector>

#if !defined(__x86_64__)
#include <ucontext.h>
#endif

namespace gpu::detail::cpu {

// A stack of `size` bytes with a guard page below it.
class fiber_stack {
public:
  explicit fiber_stack(std::size_t size);
  ~fiber_stack();
  fiber_stack(const fiber_stack &) = delete;
  fiber_stack &operator=(const fiber_stack &) = delete;
  char *top() const { return base_ + size_; }
  char *bottom() const { return base_; }
  std::size_t size() const { return size_; }

private:
  char *mapping_ = nullptr;
  char *base_ = nullptr;
  std::size_t size_ = 0, mapped_ = 0;
};

// A place to switch from or to: a saved stack pointer (x86-64) or a
// ucontext.
struct fiber_context {
#if defined(__x86_64__)
  void *sp = nullptr;
#else
  ucontext_t uc;
#endif
  // The stack it runs on, for AddressSanitizer (learned for a thread's own
  // stack by fiber_started).
  const void *bottom = nullptr;
  std::size_t size = 0;
  void *fake_stack = nullptr; // AddressSanitizer's, while switched away
};

// Makes `to` start `entry(arg)` on `stack` when first switched to. entry
// must never return.
void fiber_prepare(fiber_context &to, fiber_stack &stack, void (*entry)(void *),
                   void *arg);
// Saves the running code in `from` and continues `to`. `from_ends`: the
// running fiber is never resumed.
void fiber_switch(fiber_context &from, fiber_context &to,
                  bool from_ends = false);
// First thing in a fiber's entry: `came_from` (the scheduler) learns its
// stack for AddressSanitizer.
void fiber_started(fiber_context &came_from);

} // namespace gpu::detail::cpu

#endif // ALLOY_RUNTIME_CPU_FIBER_HPP
