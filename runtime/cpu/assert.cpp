// assert() in a kernel on the CPU device ends the kernel with
// CUDA_ERROR_ASSERT, as on the GPU, instead of aborting the program: this
// definition of glibc's __assert_fail takes precedence over libc's for
// programs linked with the runtime. Outside a kernel it does what glibc's
// does.
#include <gpu/detail/cpu_thread.hpp>

#include <cstdio>
#include <cstdlib>

extern "C" const char *__progname;

extern "C" [[noreturn]] void __assert_fail(const char *expr, const char *file,
                                           unsigned line,
                                           const char *function) noexcept {
  using gpu::detail::cpu::current;
  if (current && current->ops) {
    // The GPU's message.
    std::fprintf(stderr,
                 "%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] "
                 "Assertion `%s` failed.\n",
                 file, line, function, current->bid.x, current->bid.y,
                 current->bid.z, current->tid.x, current->tid.y,
                 current->tid.z, expr);
    // (No heap: the thread's stack is abandoned, never unwound.)
    char why[512];
    std::snprintf(why, sizeof why, "assertion `%s` failed at %s:%u", expr,
                  file, line);
    current->ops->trap(why);
  }
  std::fprintf(stderr, "%s: %s:%u: %s: Assertion `%s' failed.\n", __progname,
               file, line, function, expr);
  std::abort();
}
