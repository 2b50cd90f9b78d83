#include "block.hpp"

#include <signal.h>
#include <unistd.h>

#include <cstdlib>
#include <memory>
#include <mutex>

namespace gpu::detail::cpu {
namespace {

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
  b->fail(*t,
          sig == SIGILL || sig == SIGFPE ? CUDA_ERROR_ILLEGAL_INSTRUCTION
          : overflow                     ? CUDA_ERROR_HARDWARE_STACK_ERROR
                                         : CUDA_ERROR_ILLEGAL_ADDRESS,
          text);
  sigset_t unblock;
  sigemptyset(&unblock);
  sigaddset(&unblock, sig);
  pthread_sigmask(SIG_UNBLOCK, &unblock, nullptr);
  end_fiber(*t);
}

} // namespace

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

} // namespace gpu::detail::cpu
