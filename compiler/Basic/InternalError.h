// What the emitters check of the guarantees Sema/DeviceCodeChecker gives.
// A failed check is a bug in Alloy: the compile stops with a message, in
// every build type, rather than miscompiling.
#ifndef ALLOY_COMPILER_BASIC_INTERNALERROR_H
#define ALLOY_COMPILER_BASIC_INTERNALERROR_H

namespace alloy {
[[noreturn]] void internalError(const char *what, const char *file, int line);
} // namespace alloy

#define ALLOY_CHECK(cond)                                                      \
  do {                                                                         \
    if (!(cond))                                                               \
      ::alloy::internalError(#cond, __FILE__, __LINE__);                       \
  } while (false)
#define ALLOY_UNREACHABLE(what) ::alloy::internalError(what, __FILE__, __LINE__)

#endif
