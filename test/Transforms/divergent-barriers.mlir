// alloy-divergent-barriers: barriers whose execution a thread-dependent
// branch decides. (The C++ cases are in Sema/divergent-barrier*.cpp.)
// RUN: alloy-opt %s --alloy-divergent-barriers -verify-diagnostics -o /dev/null

// A function that reaches a barrier.
func.func private @sync() attributes {alloy.name = "gpu::sync_threads"} {
  alloy.barrier
  return
}

// A barrier under a branch on the thread index, directly and through a call.
alloy.kernel @divergent(%p: !alloy.ptr<global>) {
  %t = alloy.thread_id x
  %c16 = arith.constant 16 : i32
  %lt = arith.cmpi ult, %t, %c16 : i32
  // expected-note@+1 {{this branch depends on the thread index}}
  cf.cond_br %lt, ^then, ^join
^then:
  // expected-warning@+1 {{'gpu::sync_threads' synchronizes the block but may be reached by only some of its threads}}
  func.call @sync() : () -> ()
  cf.br ^join
^join:
  alloy.return
}

// A loop whose trip count depends on the thread, around a barrier op.
alloy.kernel @loop(%p: !alloy.ptr<global>, %n: i32) {
  %t = alloy.thread_id x
  cf.br ^head(%t : i32)
^head(%i: i32):
  %more = arith.cmpi ult, %i, %n : i32
  // expected-note@+1 {{this branch depends on the thread index}}
  cf.cond_br %more, ^body, ^done
^body:
  // expected-warning@+1 {{'loop' synchronizes the block}}
  alloy.barrier
  %c256 = arith.constant 256 : i32
  %next = arith.addi %i, %c256 : i32
  cf.br ^head(%next : i32)
^done:
  alloy.return
}

// Through a stack slot: a flag set under a thread-dependent branch.
alloy.kernel @slot(%p: !alloy.ptr<global>) {
  %flag = alloy.alloca i32, align 4
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  alloy.store %zero, %flag align 4 : i32, !alloy.ptr
  %t = alloy.thread_id x
  %odd = arith.trunci %t : i32 to i1
  cf.cond_br %odd, ^set, ^test
^set:
  alloy.store %one, %flag align 4 : i32, !alloy.ptr
  cf.br ^test
^test:
  %f = alloy.load %flag align 4 : !alloy.ptr -> i32
  %set = arith.cmpi ne, %f, %zero : i32
  // expected-note@+1 {{this branch depends on the thread index}}
  cf.cond_br %set, ^sync, ^done
^sync:
  // expected-warning@+1 {{'gpu::sync_threads' synchronizes}}
  func.call @sync() : () -> ()
  cf.br ^done
^done:
  alloy.return
}

// Uniform: a branch on the block index, and a thread-dependent early exit.
alloy.kernel @uniform(%p: !alloy.ptr<global>, %n: i32) {
  %b = alloy.block_id x
  %t = alloy.thread_id x
  %zero = arith.constant 0 : i32
  %first = arith.cmpi eq, %b, %zero : i32
  cf.cond_br %first, ^sync, ^next
^sync:
  func.call @sync() : () -> ()
  cf.br ^next
^next:
  %out = arith.cmpi uge, %t, %n : i32
  cf.cond_br %out, ^exit, ^work
^exit:
  alloy.return
^work:
  func.call @sync() : () -> ()
  alloy.return
}

// An election under a branch on the lane's own index: warned; under a
// branch on the warp index (tid.x / 32): not.
alloy.kernel @election(%p: !alloy.ptr<global>) {
  %t = alloy.thread_id x
  %c32 = arith.constant 32 : i32
  %c1 = arith.constant 1 : i32
  %warp = arith.divui %t, %c32 : i32
  %second = arith.cmpi eq, %warp, %c1 : i32
  cf.cond_br %second, ^warp1, ^lanes
^warp1:
  %e0 = alloy.elect_sync
  cf.br ^lanes
^lanes:
  %odd = arith.andi %t, %c1 : i32
  %isodd = arith.cmpi eq, %odd, %c1 : i32
  // expected-note@+1 {{this branch may differ between the lanes of a warp}}
  cf.cond_br %isodd, ^elect, ^done
^elect:
  // expected-warning@+1 {{'election' needs every lane of the warp but may be reached by only some of them}}
  %e1 = alloy.elect_sync
  cf.br ^done
^done:
  alloy.return
}
