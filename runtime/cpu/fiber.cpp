#include "fiber.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <new>

// AddressSanitizer's fiber interface, when the program has it (a program
// built with -fsanitize=address; the runtime itself need not be).
extern "C" {
__attribute__((weak)) void
__sanitizer_start_switch_fiber(void **fake_stack_save, const void *bottom,
                               std::size_t size);
__attribute__((weak)) void
__sanitizer_finish_switch_fiber(void *fake_stack_save, const void **bottom_old,
                                std::size_t *size_old);
__attribute__((weak)) void __asan_unpoison_memory_region(const volatile void *,
                                                         std::size_t);
}

namespace gpu::detail::cpu {
namespace {

void before_switch(fiber_context &from, fiber_context &to, bool from_ends) {
  if (__sanitizer_start_switch_fiber)
    __sanitizer_start_switch_fiber(from_ends ? nullptr : &from.fake_stack,
                                   to.bottom, to.size);
}
// `to` runs on `stack`, maybe one that comes back from a fiber that never
// returned (a fault): AddressSanitizer must forget that fiber's frames.
void on_stack(fiber_context &to, const fiber_stack &stack) {
  to.bottom = stack.bottom();
  to.size = stack.size();
  if (__asan_unpoison_memory_region)
    __asan_unpoison_memory_region(stack.bottom(), stack.size());
}

void after_switch(fiber_context &back) {
  if (__sanitizer_finish_switch_fiber)
    __sanitizer_finish_switch_fiber(back.fake_stack, nullptr, nullptr);
}

} // namespace

void fiber_started(fiber_context &came_from) {
  if (__sanitizer_finish_switch_fiber)
    __sanitizer_finish_switch_fiber(nullptr, &came_from.bottom,
                                    &came_from.size);
}

fiber_stack::fiber_stack(std::size_t size) {
  std::size_t page = std::size_t(sysconf(_SC_PAGESIZE));
  size_ = (size + page - 1) / page * page;
  mapped_ = size_ + page;
  void *m = mmap(nullptr, mapped_, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1,
                 0);
  if (m == MAP_FAILED)
    throw std::bad_alloc();
  mapping_ = static_cast<char *>(m);
  mprotect(mapping_, page, PROT_NONE); // the guard: an overflow faults
  base_ = mapping_ + page;
}

fiber_stack::~fiber_stack() { munmap(mapping_, mapped_); }

#if defined(__x86_64__)

extern "C" void alloy_fiber_switch(void **from_sp, void *to_sp);
extern "C" void alloy_fiber_start();

// The callee-saved registers go on the old stack; the new stack's are
// popped. MXCSR and the x87 control word are not switched: every fiber of a
// worker runs with the same floating-point environment (ldmxcsr and fldcw
// cost more than the rest of the switch).
asm(R"(
  .text
  .globl alloy_fiber_switch
  .type alloy_fiber_switch, @function
alloy_fiber_switch:
  pushq %rbp
  pushq %rbx
  pushq %r12
  pushq %r13
  pushq %r14
  pushq %r15
  movq %rsp, (%rdi)
  movq %rsi, %rsp
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  ret
  .size alloy_fiber_switch, .-alloy_fiber_switch

  .globl alloy_fiber_start
  .type alloy_fiber_start, @function
alloy_fiber_start:
  movq %r12, %rdi
  callq *%r13
  ud2
  .size alloy_fiber_start, .-alloy_fiber_start
)");

void fiber_prepare(fiber_context &to, fiber_stack &stack, void (*entry)(void *),
                   void *arg) {
  // alloy_fiber_switch pops six registers and returns into
  // alloy_fiber_start with %rsp at the 16-byte aligned top, from where its
  // call enters `entry` as the ABI wants (%rsp + 8 aligned).
  auto top = reinterpret_cast<uintptr_t>(stack.top()) & ~uintptr_t(15);
  auto *frame = reinterpret_cast<uint64_t *>(top - 56);
  frame[0] = 0;                                  // r15
  frame[1] = 0;                                  // r14
  frame[2] = reinterpret_cast<uint64_t>(entry);  // r13
  frame[3] = reinterpret_cast<uint64_t>(arg);    // r12
  frame[4] = 0;                                  // rbx
  frame[5] = 0;                                  // rbp
  frame[6] = reinterpret_cast<uint64_t>(&alloy_fiber_start);
  to.sp = frame;
  on_stack(to, stack);
}

void fiber_switch(fiber_context &from, fiber_context &to, bool from_ends) {
  before_switch(from, to, from_ends);
  alloy_fiber_switch(&from.sp, to.sp);
  after_switch(from);
}

#else

void fiber_prepare(fiber_context &to, fiber_stack &stack, void (*entry)(void *),
                   void *arg) {
  getcontext(&to.uc);
  to.uc.uc_stack.ss_sp = stack.bottom();
  to.uc.uc_stack.ss_size = stack.size();
  to.uc.uc_link = nullptr;
  // makecontext passes int arguments: each pointer in two halves (the
  // entry too: workers prepare fibers at the same time).
  auto e = reinterpret_cast<uintptr_t>(entry);
  auto a = reinterpret_cast<uintptr_t>(arg);
  makecontext(
      &to.uc,
      reinterpret_cast<void (*)()>(
          +[](unsigned ehi, unsigned elo, unsigned ahi, unsigned alo) {
            auto target = reinterpret_cast<void (*)(void *)>(
                uintptr_t(ehi) << 32 | elo);
            target(reinterpret_cast<void *>(uintptr_t(ahi) << 32 | alo));
          }),
      4, unsigned(e >> 32), unsigned(e), unsigned(a >> 32), unsigned(a));
  on_stack(to, stack);
}

void fiber_switch(fiber_context &from, fiber_context &to, bool from_ends) {
  before_switch(from, to, from_ends);
  swapcontext(&from.uc, &to.uc);
  after_switch(from);
}

#endif

} // namespace gpu::detail::cpu
