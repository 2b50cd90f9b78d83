// More constructs the lowering does not support yet, or that cannot run on
// the GPU: each is one clear error at its location, never a crash.
// RUN: %alloy_cc1 -fsyntax-only -Xclang -verify %s
#include <gpu/device.hpp>
#include <typeinfo>

struct Bits { int a : 3; int b; };
union Number { int i; float f; };
int global_counter;
int plain(int x) { return x + 1; }
struct Base { virtual ~Base() {} };
struct Derived : Base {};

[[gpu::kernel]] void k_static(float *out) {
  static int s = 0; // expected-error {{Alloy cannot compile static or thread_local local variables in device code yet ('s')}}
  out[0] = s; // expected-error {{Alloy cannot compile the static local 's' (only constant ones are supported)}}
}
[[gpu::kernel]] void k_global(float *out) {
  out[0] = global_counter; // expected-error {{Alloy cannot compile the global variable 'global_counter' (only constant globals are supported)}}
}
[[gpu::kernel]] void k_fnptr(float *out) {
  int (*f)(int) = plain; // expected-error {{Alloy cannot compile a function pointer}}
  out[0] = f(1); // expected-error {{Alloy cannot compile an indirect call (function pointers are not supported yet)}}
}
[[gpu::kernel]] void k_bitfield(float *out) {
  Bits b{}; // expected-error {{Alloy cannot compile initializing a bit-field}}
  out[0] = b.a; // expected-error {{Alloy cannot compile a bit-field}}
}
[[gpu::kernel]] void k_asm() {
  asm("trap;"); // expected-error {{Alloy cannot compile inline assembly}}
}
[[gpu::kernel]] void k_dynamic_cast(Base *p, float *out) {
  out[0] = dynamic_cast<Derived *>(p) != nullptr; // expected-error {{dynamic_cast (RTTI is not available on the GPU)}}
}
[[gpu::kernel]] void k_typeid(Base *p, float *out) {
  out[0] = typeid(*p).name()[0]; // expected-error {{typeid (RTTI is not available on the GPU)}}
}
[[gpu::kernel]] void k_long_double(float *out) {
  long double x = 5; // expected-error {{Alloy cannot compile a local of type 'long double' in device code}}
  out[0] = float(x); // expected-error {{Alloy cannot compile a value of type 'long double'}}
}
[[gpu::kernel]] void k_union_param(Number u, float *out) { // expected-error {{kernel parameter 'u' of type 'Number' cannot be passed to the GPU: unions are not supported yet}}
  out[0] = u.f;
}
[[gpu::kernel]] void k_reference_param(float &out) { // expected-error {{kernel parameter 'out' is a reference: kernels take their parameters by value}}
  out = 1;
}
