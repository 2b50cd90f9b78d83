// More constructs that cannot run on the GPU: each is one clear error at
// its location, never a crash, and nothing is lowered after it.
// RUN: %alloy_cc1 -fsyntax-only -Xclang -verify %s
#include <gpu/device.hpp>
#include <typeinfo>

union Number { int i; float f; };
int global_counter;
int plain(int x) { return x + 1; }
struct Base { virtual ~Base() {} };
struct Derived : Base {};

[[gpu::kernel]] void k_static(float *out) {
  static int s = 0; // expected-error {{the static local variable 's' cannot be used in device code: only constants (const or constexpr, with a constant initializer) can be read on the GPU}}
  out[0] = s;
}
[[gpu::kernel]] void k_global(float *out) {
  out[0] = global_counter; // expected-error {{the global variable 'global_counter' cannot be used in device code}}
}
[[gpu::kernel]] void k_fnptr(float *out) {
  int (*f)(int) = plain; // expected-error {{a function pointer cannot be used in device code: Alloy has no function pointers on the GPU}}
  out[0] = f(1); // expected-error {{an indirect call cannot be used in device code}}
}
[[gpu::kernel]] void k_asm(int *out) {
  asm("mov.u32 %0, 1;" : "=q"(out[0])); // expected-error {{output constraint '=q' is not one PTX asm takes in device code}}
}
[[gpu::kernel]] void k_dynamic_cast(Base *p, float *out) {
  out[0] = dynamic_cast<Derived *>(p) != nullptr; // expected-error {{dynamic_cast cannot be used in device code: the GPU has no run-time type information}}
}
[[gpu::kernel]] void k_typeid(Base *p, float *out) {
  out[0] = typeid(*p).name()[0]; // expected-error {{typeid cannot be used in device code}}
}
[[gpu::kernel]] void k_long_double(float *out) {
  long double x = 5; // expected-error {{a value of type 'long double' cannot be used in device code: the GPU has no long double; use double}}
  out[0] = float(x);
}
[[gpu::kernel]] void k_union_param(Number u, float *out) { // expected-error {{kernel parameter 'u' of type 'Number' cannot be passed to the GPU: unions are not supported yet}}
  out[0] = u.f;
}
[[gpu::kernel]] void k_reference_param(float &out) { // expected-error {{kernel parameter 'out' is a reference: kernels take their parameters by value}}
  out = 1;
}
