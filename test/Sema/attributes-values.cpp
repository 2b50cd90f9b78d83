// Contract and bounds values are checked when the kernel is compiled.
// RUN: %alloy_cc1 -fsyntax-only -Xclang -verify %s

[[gpu::kernel, gpu::launch_contract(4, 32)]] void bad_domain() {} // expected-error {{gpu::launch_contract: DOMAIN must be 1, 2 or 3, not 4}}

[[gpu::kernel, gpu::launch_contract(2, 64, 32)]] void too_big() {} // expected-error {{gpu::launch_contract: a block of 2048 threads exceeds the GPU's limit of 1024}}

[[gpu::kernel, gpu::launch_bounds(128), gpu::launch_contract(1, 256)]] void over_bounds() {} // expected-error {{gpu::launch_contract: its block of 256 threads exceeds the kernel's gpu::launch_bounds(128)}}

[[gpu::kernel, gpu::launch_contract(1, 16, 16)]] void flat_2d_block() {} // expected-error {{gpu::launch_contract: DOMAIN 1 gives 2 block extents; a DOMAIN-1 kernel is launched with gpu::launch_config_1d, whose blocks have 1 extent(s) (give at most 1)}}

[[gpu::kernel, gpu::launch_contract(2, 8, 8, 4)]] void deep_block() {} // expected-error {{gpu::launch_contract: DOMAIN 2 gives 3 block extents}}

[[gpu::kernel, gpu::launch_contract(3, 64)]] void short_3d() {} // a 64 x 1 x 1 block of a 3-D launch: fine

[[gpu::launch_contract(1, 64)]] void not_a_kernel() {} // expected-error {{gpu::launch_contract applies only to a [[gpu::kernel]]}}

[[gpu::kernel, gpu::launch_bounds(0)]] void zero_bounds() {} // expected-error {{gpu::launch_bounds: MAX_THREADS must be 1 to 1024, not 0}}
