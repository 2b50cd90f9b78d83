// Device globals: each [[gpu::device]] / [[gpu::constant]] variable of the
// file (used or not) is a visible symbol in its space with its constant
// initializer, named as the host variable is (the runtime finds it by
// name); loads are not folded to the initializer (the host may change
// it); the host object's image lists them with their host addresses.
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s --check-prefix=ALLOY < %t/device-globals.alloy.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t/device-globals.ptx
// RUN: llvm-objcopy --dump-section .alloy_metadata=%t/meta.txt %t.o
// RUN: FileCheck %s --check-prefix=META < %t/meta.txt
#include <gpu/cuda_compat.hpp>
#include <gpu/gpu.hpp>

// ALLOY-DAG: alloy.device_global @_ZN6tables7weightsE : 16 bytes in constant = "\00\00\80?\00\00\00@\00\00@@\00\00\80@", align 16
// PTX-DAG: .visible .const .align 16 .b8 _ZN6tables7weightsE[16] = {0, 0, 128, 63, 0, 0, 0, 64, 0, 0, 64, 64, 0, 0, 128, 64};
namespace tables {
[[gpu::constant]] float weights[4] = {1.0f, 2.0f, 3.0f, 4.0f};
}
// ALLOY-DAG: alloy.device_global @counter : 4 bytes in global, align 4
// PTX-DAG: .visible .global .align 4 .b8 counter[4];
[[gpu::device]] unsigned counter;
// ALLOY-DAG: alloy.device_global @_ZL4bias : 4 bytes in global = "\07\00\00\00", align 4
// PTX-DAG: .visible .global .align 4 .b8 _ZL4bias[4] = {7};
[[gpu::device]] static int bias = 7;
// CUDA's spellings; unused here, still in the module.
// ALLOY-DAG: alloy.device_global @c_unused : 8 bytes in constant, align 4
// PTX-DAG: .visible .const .align 4 .b8 c_unused[8];
__constant__ float c_unused[2];
// A C-style struct without an initializer: zeros (its trivial default
// constructor is no initialization).
// ALLOY-DAG: alloy.device_global @_ZL6plains : 32 bytes in constant, align 16
typedef struct {
  float a;
  int b;
} plain;
static __constant__ plain plains[4];
// ALLOY-DAG: alloy.device_global @_ZN6config6offsetE : 4 bytes in global = "d\00\00\00", align 4
struct config {
  __device__ static int offset;
};
__device__ int config::offset = 100;

// PTX-LABEL: .entry
[[gpu::kernel]] void apply(gpu::disjoint_span<float> out) {
  auto i = gpu::thread::index_1d();
  if (float *o = out.get_mut(i)) {
    // PTX-DAG: mov.b32 [[W:%r[0-9]+]], _ZN6tables7weightsE;
    // PTX-DAG: ld.const.b32 {{.*}}[%r
    // PTX-DAG: ld.global.{{[bu]}}32 {{.*}}[_ZL4bias]
    // PTX-DAG: ld.global.{{[bu]}}32 {{.*}}[_ZN6config6offsetE]
    *o = tables::weights[i.get() % 4] + float(bias) + float(config::offset) +
         plains[1].a;
    // PTX-DAG: atom.global.add.u32 {{.*}}[counter], 1;
    gpu::atomic_add(&counter, 1u);
  }
}

// META: arch sm_80
// META: kernel _Z5applyN3gpu13disjoint_spanIfEE apply
// META-DAG: global _ZN6tables7weightsE constant 16 tables::weights
// META-DAG: global counter global 4 counter
// META-DAG: global _ZL4bias global 4 bias
// META-DAG: global c_unused constant 8 c_unused
// META-DAG: global _ZN6config6offsetE global 4 config::offset
