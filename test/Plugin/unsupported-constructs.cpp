// What cannot run on the GPU is an error at its source location.
// RUN: %alloy_cc1 -fsyntax-only -Xclang -verify %s
#include <gpu/device.hpp>
#include <cstdio>

struct Shape {
  virtual float area() const { return 0; }
};
float external_function(float);
struct WithDtor {
  ~WithDtor() {}
};

[[gpu::kernel]] void uses_everything(float* out, const Shape* shape, int n) {
  if (n == 1)
    throw 1; // expected-error {{Alloy cannot compile a throw expression (exceptions cannot be used on the GPU) in device code (in 'uses_everything')}}
  float* heap = new float[4]; // expected-error {{Alloy cannot compile new and delete (the GPU has no heap in Alloy) in device code}}
  out[0] = shape->area(); // expected-error {{Alloy cannot compile a virtual call (the GPU has no virtual dispatch in Alloy) in device code}}
  out[1] = external_function(2.0f); // expected-error {{'external_function' has no definition visible here, so it cannot be called from device code}}
  std::printf("%d\n", n); // expected-error {{'printf' is a host library function, which cannot run on the GPU}}
  WithDtor w; // expected-error {{Alloy cannot compile locals with a non-trivial destructor in device code yet ('WithDtor')}}
  (void)heap;
}
