// Only code that a kernel reaches is checked for the GPU: host-only
// functions in the same file (throw, new, printf, virtual calls, statics...)
// that no kernel calls compile without a diagnostic, even when they sit next
// to the kernel's own helpers, share a class with a member the kernel calls,
// or appear in operands that are never evaluated.
// RUN: %alloy_cc1 -fsyntax-only %s
// The device module holds the kernel and what it calls, nothing else:
// RUN: %alloy_cc1 -fsyntax-only -fplugin-arg-alloy-print-alloy %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump' --implicit-check-not=host_only --implicit-check-not=host_area --implicit-check-not=Accumulator::dump --implicit-check-not='twice<double>'
// CHECK: alloy.kernel @_ZN7kernels10accumulate
// CHECK-DAG: alloy.name = "Accumulator::add"
// CHECK-DAG: alloy.name = "twice<float>"
#include <gpu/gpu.hpp>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <typeinfo>
#include <type_traits>

int host_counter;

inline float host_only(float x) {
  static int calls = 0;
  ++calls;
  ++host_counter;
  if (x < 0)
    throw std::runtime_error("negative");
  float *p = new float(x);
  std::printf("%f\n", *p);
  float r = *p;
  delete p;
  return r;
}

struct Shape {
  virtual ~Shape() = default;
  virtual float area() const { return 0; }
};
inline float host_area(const Shape &s) { return s.area() + typeid(s).name()[0]; }

struct Accumulator {
  float total;
  // Reached from the kernel.
  void add(float v) { total += v; }
  // Never reached: a member of the same class.
  void dump() const { std::printf("%f\n", total); std::exit(0); }
};

template <class T> T twice(T v) { return v + v; }
template <> inline double twice<double>(double v) { return host_only(float(v)); }

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 64)]]
void accumulate(std::span<const float> in, gpu::disjoint_span<float> out) {
  auto idx = gpu::thread::index_1d();
  Accumulator acc{0};
  acc.add(twice(in[idx.get()]));
  // Unevaluated operands never run on the GPU.
  static_assert(sizeof(host_only(1.0f)) == sizeof(float));
  using R = decltype(host_only(1.0f));
  constexpr bool throws = noexcept(host_only(1.0f));
  if constexpr (!std::is_same_v<R, float>)
    acc.add(host_only(2.0f));
  if constexpr (throws)
    acc.dump();
  if (float *p = out.get_mut(idx))
    *p = acc.total;
}
}  // namespace kernels

int main() {
  Shape s;
  Accumulator a{0};
  a.dump();
  return int(host_only(1.0f) + host_area(s) + twice(1.0));
}
