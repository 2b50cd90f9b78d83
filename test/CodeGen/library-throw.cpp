// A throw in the standard library (a system header) stops the kernel: CUDA's
// __assertfail with the exception's type, then trap. Its arguments are
// never made (range_error{...}'s string is not in the module). A throw in
// the user's own code stays an error (test/Sema/must-fail/library-throw-error.cpp).
// RUN: %alloy_cc1 -fsyntax-only -isystem %S/Inputs/system -fplugin-arg-alloy-print-alloy %s | FileCheck %s
// RUN: rm -rf %t && %alloy_cc1 -O2 -isystem %S/Inputs/system -c %s -o %t.o -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s --check-prefix=PTX < %t/library-throw.ptx
#include <gpu/gpu.hpp>

#include <checked_lookup.h>
#include <optional>
#include <variant>

// CHECK-DAG: alloy.global_constant @{{.*}} = "lib::range_error thrown in device code (the GPU has no exceptions)\00"
// CHECK-DAG: alloy.global_constant @{{.*}} = "int thrown in device code (the GPU has no exceptions)\00"
// CHECK-DAG: alloy.global_constant @{{.*}} = "std::bad_optional_access thrown in device code (the GPU has no exceptions)\00"
// CHECK-DAG: alloy.global_constant @{{.*}} = "std::bad_variant_access thrown in device code (the GPU has no exceptions)\00"
// CHECK-DAG: alloy.global_constant @{{.*}} = "lib::checked\00"
// CHECK-NOT: index out of range
// CHECK: call @__assertfail(
// CHECK-NEXT: llvm.intr.trap

// PTX-LABEL: .entry _Z6lookupPiPKijj(
// PTX: call.uni __assertfail,
// PTX: trap;
[[gpu::kernel]] void lookup(int *out, const int *table, unsigned n,
                            unsigned i) {
  out[0] = lib::checked(table, n, i) + lib::checked_ref(table, n, i + 1) +
           lib::must_be_positive(out[1]);
}

// PTX-LABEL: .entry _Z7choicesPfPKfi(
// PTX: call.uni __assertfail,
[[gpu::kernel]] void choices(float *out, const float *in, int which) {
  std::variant<int, float> v;
  if (which)
    v = in[0];
  std::optional<float> o;
  if (which > 1)
    o = in[1];
  out[0] = std::get<float>(v) + o.value();
}
