// What cannot run on the GPU is an error at its source location, with the
// call chain from the kernel for code the kernel reaches.
// RUN: %alloy_cc1 -fsyntax-only -Xclang -verify %s
#include <gpu/device.hpp>
#include <cstdio>

struct Shape {
  virtual float area() const { return 0; }
};
float external_function(float);

[[gpu::kernel]] void uses_everything(float* out, const Shape* shape, int n) {
  if (n == 1)
    throw 1; // expected-error {{a throw expression cannot be used in device code: the GPU has no exceptions}}
  float* heap = new float[4]; // expected-error {{new cannot be used in device code: Alloy has no device heap}}
  out[0] = shape->area(); // expected-error {{a virtual call of 'area' cannot be used in device code}}
  out[1] = external_function(2.0f); // expected-error {{'external_function' has no definition visible here, so device code cannot call it}}
  std::puts("n"); // expected-error {{'puts' is a host library function, which cannot run on the GPU; use gpu::printf}}
  (void)heap;
}

namespace detail {
inline float helper_throws(float v) {
  if (v < 0)
    throw v; // expected-error {{a throw expression cannot be used in device code}}
  return v;
}
inline float helper(float v) { return helper_throws(v) * 2; }
} // namespace detail

namespace kernels {
[[gpu::kernel]] void chained(float *out) {
  out[0] = detail::helper(out[1]); // expected-note {{reached from kernel 'kernels::chained' through 'detail::helper' -> 'detail::helper_throws'}}
}
} // namespace kernels
