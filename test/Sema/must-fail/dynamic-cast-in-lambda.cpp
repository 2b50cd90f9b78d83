// dynamic_cast in a lambda that a helper calls.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

struct Base {
  virtual ~Base() = default;
};
struct Derived final : Base {
  float value;
};

inline float value_of(const Base *b) {
  auto get = [](const Base *p) {
    // CHECK: dynamic-cast-in-lambda.cpp:[[@LINE+1]]:19: error: dynamic_cast cannot be used in device code: the GPU has no run-time type information [alloy:device-rtti]
    if (auto *d = dynamic_cast<const Derived *>(p))
      return d->value;
    return 0.0f;
  };
  return get(b);
}

[[gpu::kernel]] void k(const Base *in, float *out) {
  // CHECK: dynamic-cast-in-lambda.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'value_of' -> 'value_of(const Base *)::(lambda)::operator()'
  out[0] = value_of(in);
}
