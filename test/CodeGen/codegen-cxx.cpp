// Ordinary numeric C++ in kernels compiles to PTX that ptxas accepts.
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s --check-prefix=ALLOY < %t/codegen-cxx.alloy.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t/codegen-cxx.ptx
// RUN: FileCheck %s --check-prefix=META < %t/codegen-cxx.kernels.txt
#include <gpu/gpu.hpp>
#include <array>
#include <cmath>

namespace math {
struct vec2 {
  float x, y;
  constexpr vec2 operator+(const vec2 &o) const { return {x + o.x, y + o.y}; }
  constexpr float dot(vec2 o) const { return x * o.x + y * o.y; }
};
template <class T> constexpr T square(T v) { return v * v; }
int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
constexpr int kTable = 3;
} // namespace math

namespace kernels {
// ALLOY-LABEL: alloy.kernel @_ZN7kernels5scaleIfEEvSt4spanIKT_{{.*}}(%arg0: !alloy.ptr<global> {alloy.noalias, alloy.readonly}, %arg1: i64, %arg2: !alloy.ptr<global> {alloy.noalias, alloy.nonnull}, %arg3: i64, %arg4: f32)
// ALLOY-SAME: contract_block = array<i32: 128, 1, 1>
// The output's data is never null: get_mut needs the bounds test only.
// ALLOY: llvm.intr.assume
// PTX-LABEL: .entry _ZN7kernels5scaleIfEEvSt4spanIKT_
// PTX: .reqntid 128, 1, 1
// PTX: setp.ge.u64 %p[[P:[0-9]+]],
// PTX-NEXT: @%p[[P]] bra
template <class T>
[[gpu::kernel, gpu::launch_contract(1, 128)]]
void scale(std::span<const T> in, gpu::disjoint_span<T> out, T factor) {
  auto i = gpu::thread::index_1d();
  if (T *o = out.get_mut(i))
    *o = in[i.get()] * factor;
}

// PTX-LABEL: .entry _ZN7kernels8featuresEPfPKfi
// PTX: sqrt.rn.f32
// PTX: call.uni (retval0), _ZN4math3fibEi
[[gpu::kernel]] void features(float *out, const float *in, int n) {
  const size_t i = gpu::thread::index_1d().get();
  if (i >= size_t(n))
    return;
  float acc = 0.0f;
  for (int k = 0; k < 4; ++k) {
    if (k == 2)
      continue;
    acc += in[i] * float(k);
  }
  int w = 0;
  while (w < 3)
    w += 1;
  do {
    --w;
  } while (w > 0);
  std::array<float, 3> local{1.0f, 2.0f, 3.0f};
  for (float v : local)
    acc += v;
  float arr[4] = {};
  arr[i % 4] = acc;
  math::vec2 a{acc, 1.0f}, b{2.0f, arr[0]};
  auto c = a + b;
  float &ref = c.x;
  ref *= 2.0f;
  auto twice = [&](float v) { return v * 2.0f + acc; };
  acc = twice(c.dot(a)) + math::square(3.0f) + float(math::kTable);
  acc += std::sqrt(in[i]) + std::fabs(-acc) + sqrtf(2.0f) + std::fmin(acc, 1.0f);
  acc += float(math::fib(n & 7));
  unsigned bits = unsigned(n) << 3;
  bits ^= 0x5u;
  acc += (bits > 4 && n != 0) || i == 3 ? 1.0f : -1.0f;
  out[i] = static_cast<double>(acc) > 0.5 ? acc : 0.0f;
}
} // namespace kernels

void instantiate(gpu::context &ctx) {
  (void)gpu::prepare<kernels::scale<float>>(ctx, gpu::launch_config_1d{1, 128});
  (void)gpu::prepare<kernels::scale<double>>(ctx, gpu::launch_config_1d{1, 128});
}

// META: kernel _ZN7kernels5scaleIfEEvSt4spanIKT_{{[^ ]*}} kernels::scale<float>
// META-NEXT: contract 1 128 1 1
// META-NEXT: param in input 16 0:8,8:8
// META-NEXT: param out output 16 0:8,8:8
// META-NEXT: param factor scalar 4 0:4
// META: kernel {{.*}} kernels::scale<double>
// META: kernel _ZN7kernels8featuresEPfPKfi kernels::features
// META-NEXT: param out raw_output 8 0:8
// META-NEXT: param in input 8 0:8
// META-NEXT: param n scalar 4 0:4
