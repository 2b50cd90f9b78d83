// Constant data (string literals, constexpr tables, static const locals),
// gpu::printf through vprintf, and assert through __assertfail.
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s --check-prefix=ALLOY < %t/codegen-constants-printf.alloy.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t/codegen-constants-printf.ptx
#include <gpu/gpu.hpp>
#include <cassert>

namespace tables {
constexpr float kWeights[4] = {0.5f, 0.25f, 0.125f, 0.0625f};
}

// ALLOY-DAG: alloy.global_constant @__const_{{[0-9]+}} = "\00\00\00?\00\00\80>\00\00\00>\00\00\80=", align 4
// ALLOY-DAG: alloy.global_constant @__const_{{[0-9]+}} = "\0A\00\00\00\14\00\00\00", align 4
// ALLOY-DAG: alloy.global_constant @__const_{{[0-9]+}} = "x=%d y=%f\0A\00", align 1
// PTX-DAG: .const .align 4 .b8 __const_{{[0-9]+}}[16] = {0, 0, 0, 63, 0, 0, 128, 62, 0, 0, 0, 62, 0, 0, 128, 61};
// PTX-DAG: .extern .func  (.param .b32 func_retval0) vprintf
// PTX-DAG: .extern .func __assertfail
// PTX: call.uni (retval0), vprintf,
// PTX: call.uni __assertfail,
[[gpu::kernel]] void k(float *out, int n) {
  static constexpr int kOffsets[2] = {10, 20};
  size_t i = gpu::thread::index_1d().get();
  out[i] = tables::kWeights[i % 4] + float(kOffsets[i % 2]);
  gpu::printf("x=%d y=%f\n", n, out[i]);
  assert(n > 0);
}
