// A try block in a member function that the kernel calls.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

struct Parser {
  int value;
  int parse() const {
    // CHECK: try-in-member-function.cpp:[[@LINE+1]]:5: error: a try block cannot be used in device code: the GPU has no exceptions [alloy:device-try]
    try {
      return value;
    } catch (...) {
      return -1;
    }
  }
};

[[gpu::kernel]] void parse_all(const Parser *in, int *out) {
  // CHECK: try-in-member-function.cpp:[[@LINE+1]]:16: note: reached from kernel 'parse_all' through 'Parser::parse'
  out[0] = in->parse();
}
