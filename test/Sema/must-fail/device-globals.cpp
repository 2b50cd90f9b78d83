// Device globals that the GPU cannot hold, and writes to constants.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/gpu.hpp>
#include <string>

[[gpu::device]] extern int elsewhere;
// CHECK: device-globals.cpp:[[@LINE+1]]:28: error: the device global 'inline_global' cannot be inline: the host finds a device global by its one definition in one file [alloy:device-global-template]
[[gpu::device]] inline int inline_global;
// CHECK: device-globals.cpp:[[@LINE+1]]:38: error: the device global 'templated' cannot be a template or a member of one
template <class T> [[gpu::device]] T templated;
// CHECK: device-globals.cpp:[[@LINE+1]]:36: error: the device global 'text' has type 'std::string' (aka 'basic_string<char>'), which is not trivially copyable: the host copies device globals byte by byte [alloy:device-global-type]
[[gpu::device]] static std::string text;
int runtime_value();
// CHECK: device-globals.cpp:[[@LINE+1]]:23: error: the device global 'dynamic' needs a constant initializer (or none, for zeros): the GPU's copy is set when its module loads, without running code [alloy:device-global-init]
[[gpu::device]] float dynamic = float(runtime_value());
// CHECK: device-globals.cpp:[[@LINE+1]]:25: error: the constant 'big' takes 80000 bytes, more than the GPU's 64 KiB of constant memory; declare it {{.*}}gpu::device{{.*}} (global memory) [alloy:device-global-constant-size]
[[gpu::constant]] float big[20000];
struct pair { int a, b; };
[[gpu::constant]] int scale = 2;
[[gpu::constant]] int table[4] = {1, 2, 3, 4};
[[gpu::constant]] pair limits = {0, 9};
[[gpu::device]] int writable;
int host_global;

[[gpu::kernel]] void k(int *out) {
  // CHECK: device-globals.cpp:[[@LINE+1]]:12: error: the device global 'elsewhere' is not defined in this file: kernels use the device globals defined in their own file (Alloy compiles each file's device code on its own); define it here [alloy:device-global-extern]
  out[0] = elsewhere + inline_global + templated<int> + int(dynamic) +
           int(big[0]) + int(text.size());
  // CHECK: device-globals.cpp:[[@LINE+1]]:9: error: device code cannot write 'scale', a gpu::constant variable (CUDA's __constant__): the host sets it with gpu::copy_to_symbol; declare it {{.*}}gpu::device{{.*}} for a global that kernels write [alloy:device-constant-global-write]
  scale = out[1];
  // CHECK: device-globals.cpp:[[@LINE+1]]:12: error: device code cannot write 'table'
  table[2] += 1;
  // CHECK: device-globals.cpp:[[@LINE+1]]:3: error: device code cannot write 'limits'
  ++limits.b;
  // CHECK: device-globals.cpp:[[@LINE+1]]:8: error: device code cannot write 'scale'
  scale--;
  writable = scale + table[1] + limits.a; // fine: reads, and a device global
  // CHECK: device-globals.cpp:[[@LINE+1]]:12: error: the global variable 'host_global' cannot be used in device code: only constants (const or constexpr, with a constant initializer) can be read on the GPU; pass mutable data through a kernel parameter, or make it a device global: declare it {{.*}}gpu::device{{.*}} (CUDA's __device__) [alloy:device-mutable-global]
  out[2] = host_global;
}
