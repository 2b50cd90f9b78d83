// alloy-line-info-locations: inlined locations that MLIR's debug-scope pass
// can take. An op outside any function keeps only where it is written; in
// a function, a call site whose inner location has no file becomes the
// call's location, and the others stay.
// RUN: alloy-opt %s --alloy-line-info-locations --mlir-print-debuginfo | FileCheck %s
// RUN: alloy-opt %s --alloy-line-info-locations --ensure-debug-info-scope-on-llvm-func -o /dev/null

#helper = loc("helper.hpp":5:3)
#user = loc("user.cpp":12:7)

// CHECK: llvm.mlir.global external @g() {{.*}} loc(#[[HELPER:loc[0-9]*]])
llvm.mlir.global external @g() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8> loc(callsite(#helper at #user))

// CHECK: llvm.func @f
// CHECK: llvm.alloca {{.*}} loc(#[[USER:loc[0-9]*]])
// CHECK: llvm.return loc(#[[SITE:loc[0-9]*]])
llvm.func @f() {
  %one = llvm.mlir.constant(1 : i64) : i64 loc(#user)
  %slot = llvm.alloca %one x f32 : (i64) -> !llvm.ptr loc(callsite(unknown at #user))
  llvm.return loc(callsite(#helper at #user))
} loc(#user)
// CHECK-DAG: #[[HELPER]] = loc("helper.hpp":5:3)
// CHECK-DAG: #[[USER]] = loc("user.cpp":12:7)
// CHECK-DAG: #[[SITE]] = loc(callsite(
