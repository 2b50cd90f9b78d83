// RUN: alloy-opt %s | alloy-opt | FileCheck %s
// RUN: alloy-opt %s -split-input-file -verify-diagnostics --mlir-print-op-generic > /dev/null

// CHECK: alloy.shared_memory @tile : !alloy.record<"float[256]", 1024, 4>, align 4
alloy.shared_memory @tile : !alloy.record<"float[256]", 1024, 4>, align 4
// CHECK-LABEL: alloy.kernel @k
alloy.kernel @k() {
  // CHECK: alloy.shared_address @tile : !alloy.ptr<shared>
  %p = alloy.shared_address @tile : !alloy.ptr<shared>
  // CHECK: alloy.dynamic_shared_base : !alloy.ptr<shared>
  %d = alloy.dynamic_shared_base : !alloy.ptr<shared>
  // CHECK: alloy.dynamic_shared_size
  %n = alloy.dynamic_shared_size
  alloy.return
}
