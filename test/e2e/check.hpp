// What the end-to-end programs of this directory report per check: one
// "PASSED: what: detail" or "FAILED: what: detail" line (test/device/run.sh
// greps them), and the error of a failed gpu::result.
#ifndef ALLOY_TEST_E2E_CHECK_HPP
#define ALLOY_TEST_E2E_CHECK_HPP

#include <gpu/gpu.hpp>

#include <cstdio>
#include <string>

// Prints the check's line; 1 if it failed, for a running count.
inline int check(bool ok, const char *what, const std::string &detail) {
  std::printf("%s: %s: %s\n", ok ? "PASSED" : "FAILED", what, detail.c_str());
  return ok ? 0 : 1;
}

// "ok", or the error's name and message.
template <class T> std::string describe(const gpu::result<T> &r) {
  return r ? "ok" : r.error().name() + ": " + r.error().message();
}

#endif // ALLOY_TEST_E2E_CHECK_HPP
