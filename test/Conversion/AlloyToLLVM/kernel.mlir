// Kernel attributes, parameter attributes and function linkage.
// RUN: alloy-opt %s --convert-alloy-to-llvm | FileCheck %s
// RUN: alloy-opt %s --alloy-to-llvm | mlir-translate --mlir-to-llvmir \
// RUN:   | FileCheck %s --check-prefix=IR
// RUN: alloy-opt %s --alloy-to-llvm | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 | FileCheck %s --check-prefix=PTX

// CHECK-LABEL: llvm.func @contract(
// CHECK-SAME: %{{.*}}: !llvm.ptr<1> {llvm.noalias, llvm.readonly}, %{{.*}}: i64, %{{.*}}: !llvm.ptr<1> {llvm.noalias}, %{{.*}}: !llvm.ptr<3>)
// CHECK-SAME: attributes {nvvm.kernel, nvvm.reqntid = array<i32: 128, 2, 1>}
// CHECK: llvm.return
// IR: define ptx_kernel void @contract(ptr addrspace(1) noalias readonly %{{.*}}, i64 %{{.*}}, ptr addrspace(1) noalias %{{.*}}, ptr addrspace(3) %{{.*}}) #[[CONTRACT:[0-9]+]]
// PTX-LABEL: .entry contract(
// PTX: .reqntid 128, 2, 1
// PTX-NOT: .maxntid
alloy.kernel @contract(%in: !alloy.ptr<global> {alloy.noalias, alloy.readonly},
                       %n: i64, %out: !alloy.ptr<global> {alloy.noalias},
                       %s: !alloy.ptr<shared>)
    attributes {qualified_name = "ns::contract", contract_domain = 2 : i32,
                contract_block = array<i32: 128, 2, 1>} {
  alloy.return
}

// CHECK-LABEL: llvm.func @bounds()
// CHECK-SAME: attributes {nvvm.kernel, nvvm.maxntid = array<i32: 512, 1, 1>, nvvm.minctasm = 2 : i32}
// IR: define ptx_kernel void @bounds() #[[BOUNDS:[0-9]+]]
// PTX-LABEL: .entry bounds()
// PTX-NEXT: .maxntid 512, 1, 1
// PTX-NEXT: .minnctapersm 2
alloy.kernel @bounds() attributes {max_threads = 512 : i32, min_blocks = 2 : i32} {
  alloy.return
}

// CHECK-LABEL: llvm.func @plain()
// CHECK-SAME: attributes {nvvm.kernel}
// PTX-LABEL: .entry plain()
// PTX-NOT: .maxntid
// PTX-NOT: .reqntid
alloy.kernel @plain() {
  %c = arith.constant 7 : i32
  func.call @helper(%c) : (i32) -> ()
  alloy.return
}

// Defined device functions become internal, declarations stay external,
// an explicit linkage is kept.
// CHECK-LABEL: llvm.func internal @helper(
// CHECK-SAME: %{{.*}}: i32)
// IR-LABEL: define internal void @helper(
func.func private @helper(%x: i32) {
  return
}

// CHECK-LABEL: llvm.func internal @public_helper(
// CHECK-SAME: %{{.*}}: !llvm.ptr<1> {llvm.noalias, llvm.readonly})
func.func @public_helper(%p: !alloy.ptr<global> {alloy.noalias, alloy.readonly}) {
  return
}

// CHECK-LABEL: llvm.func linkonce_odr @odr_helper()
func.func @odr_helper() attributes {llvm.linkage = #llvm.linkage<linkonce_odr>} {
  return
}

// CHECK-LABEL: llvm.func @external_decl(f32) -> f32
// CHECK-NOT: internal
// IR-LABEL: declare float @external_decl(float)
func.func private @external_decl(f32) -> f32

// IR: attributes #[[CONTRACT]] = { "nvvm.reqntid"="128,2,1" }
// IR: attributes #[[BOUNDS]] = { "nvvm.maxntid"="512,1,1" "nvvm.minctasm"="2" }
