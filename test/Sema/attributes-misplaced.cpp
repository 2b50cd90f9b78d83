// Misplaced and malformed gpu:: attributes are errors that name the attribute.
// RUN: %alloy_cc1 -fsyntax-only -Xclang -verify %s

[[gpu::kernel]] int returns_int(); // expected-error {{a gpu::kernel must return void}}

struct S {
  [[gpu::kernel]] void member(); // expected-error {{a gpu::kernel must be a function at namespace scope}}
};

[[gpu::kernel]] int variable; // expected-error {{the gpu::kernel attribute applies only to functions}}

[[gpu::kernel(3)]] void with_args(); // expected-error {{'gpu::kernel' attribute takes no arguments}}

[[gpu::kernel, gpu::launch_bounds()]] void no_bounds(); // expected-error {{malformed gpu::launch_bounds attribute}}

int not_constant = 4;
[[gpu::kernel, gpu::launch_contract(1, not_constant)]] void runtime_extent(); // expected-error {{malformed gpu::launch_contract attribute: argument 2 must be an integer constant}}

[[gpu::kernel, gpu::launch_contract(1)]] void short_contract(); // expected-error {{malformed gpu::launch_contract attribute: expected (DOMAIN, BX)}}

[[gpu::launch_contract(1, 64)]] int contract_on_variable; // expected-error {{the gpu::launch_contract attribute applies only to kernel functions}}

[[launch_bounds(64)]] void unscoped(); // expected-error {{unknown attribute 'launch_bounds'; Alloy's is spelled [[gpu::launch_bounds(...)]]}}
