// Special registers, barrier, fences, trap, unreachable.
// RUN: alloy-opt %s --convert-alloy-to-llvm | FileCheck %s
// RUN: alloy-opt %s --alloy-to-llvm | mlir-translate --mlir-to-llvmir \
// RUN:   | FileCheck %s --check-prefix=IR
// RUN: alloy-opt %s --alloy-to-llvm | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 | FileCheck %s --check-prefix=PTX

// Without a launch contract: the hardware ranges.
// CHECK-LABEL: llvm.func @sregs()
alloy.kernel @sregs() {
  // CHECK: nvvm.read.ptx.sreg.tid.x range <i32, 0, 1024> : i32
  %0 = alloy.thread_id x
  // CHECK: nvvm.read.ptx.sreg.tid.y range <i32, 0, 1024> : i32
  %1 = alloy.thread_id y
  // CHECK: nvvm.read.ptx.sreg.tid.z range <i32, 0, 64> : i32
  %2 = alloy.thread_id z
  // CHECK: nvvm.read.ptx.sreg.ntid.x range <i32, 1, 1025> : i32
  %3 = alloy.block_dim x
  // CHECK: nvvm.read.ptx.sreg.ntid.z range <i32, 1, 65> : i32
  %4 = alloy.block_dim z
  // CHECK: nvvm.read.ptx.sreg.ctaid.x range <i32, 0, 2147483647> : i32
  %5 = alloy.block_id x
  // CHECK: nvvm.read.ptx.sreg.ctaid.y range <i32, 0, 65535> : i32
  %6 = alloy.block_id y
  // CHECK: nvvm.read.ptx.sreg.nctaid.x range <i32, 1, -2147483648> : i32
  %7 = alloy.grid_dim x
  // CHECK: nvvm.read.ptx.sreg.nctaid.z range <i32, 1, 65536> : i32
  %8 = alloy.grid_dim z
  // CHECK: nvvm.read.ptx.sreg.laneid range <i32, 0, 32> : i32
  %9 = alloy.lane_id
  alloy.return
}

// A launch contract pins the block size and bounds the thread index.
// CHECK-LABEL: llvm.func @contract()
alloy.kernel @contract() attributes {contract_domain = 2 : i32,
                                     contract_block = array<i32: 32, 8, 1>} {
  // CHECK: nvvm.read.ptx.sreg.tid.x range <i32, 0, 32> : i32
  %0 = alloy.thread_id x
  // CHECK: nvvm.read.ptx.sreg.tid.y range <i32, 0, 8> : i32
  %1 = alloy.thread_id y
  // CHECK: llvm.mlir.constant(0 : i32) : i32
  %2 = alloy.thread_id z
  // CHECK: llvm.mlir.constant(32 : i32) : i32
  %3 = alloy.block_dim x
  // CHECK: llvm.mlir.constant(8 : i32) : i32
  %4 = alloy.block_dim y
  alloy.return
}

// Launch bounds bound every thread dimension.
// CHECK-LABEL: llvm.func @bounds()
alloy.kernel @bounds() attributes {max_threads = 128 : i32} {
  // CHECK: nvvm.read.ptx.sreg.tid.y range <i32, 0, 128> : i32
  %0 = alloy.thread_id y
  // CHECK: nvvm.read.ptx.sreg.ntid.x range <i32, 1, 129> : i32
  %1 = alloy.block_dim x
  alloy.return
}

// CHECK-LABEL: llvm.func @sync()
// IR-LABEL: define ptx_kernel void @sync()
// PTX-LABEL: .entry sync()
alloy.kernel @sync() {
  // CHECK: nvvm.barrier0
  // IR: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  // PTX: bar.sync 0;
  alloy.barrier
  // CHECK: llvm.fence syncscope("block") seq_cst
  // IR: fence syncscope("block") seq_cst
  // PTX: fence.sc.cta;
  alloy.fence block
  // CHECK: llvm.fence syncscope("device") seq_cst
  // IR: fence syncscope("device") seq_cst
  // PTX: fence.sc.gpu;
  alloy.fence device
  // CHECK: llvm.fence seq_cst
  // IR: fence seq_cst
  // PTX: fence.sc.sys;
  alloy.fence system
  // CHECK: llvm.return
  alloy.return
}

// CHECK-LABEL: llvm.func internal @dead()
// CHECK: llvm.unreachable
func.func private @dead() {
  llvm.unreachable
}

// The barrier intrinsic is convergent.
// IR: declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #[[CONV:[0-9]+]]
// IR: attributes #[[CONV]] = { convergent
