// std::function-like indirection: a small type-erased callable whose
// operator() calls through a stored function pointer, three calls deep.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

template <class R, class A> struct function_ref {
  R (*call)(const void *, A);
  const void *object;
  // CHECK: function-ref-wrapper.cpp:[[@LINE+1]]:36: error: an indirect call cannot be used in device code: Alloy has no function pointers on the GPU; call the function directly, or pass a lambda or function object [alloy:device-indirect-call]
  R operator()(A a) const { return call(object, a); }
};

inline int apply(function_ref<int, int> f, int x) { return f(x); }
inline int apply_all(function_ref<int, int> f, int x) { return apply(f, x) + apply(f, -x); }

[[gpu::kernel]] void k(function_ref<int, int> f, int *out) {
  // CHECK: function-ref-wrapper.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'apply_all' -> 'apply' -> 'function_ref<int, int>::operator()'
  out[0] = apply_all(f, out[1]);
}
