// TMA copies move boxes to and from shared memory, complete on an mbarrier
// in shared memory, and have 1 to 5 coordinates; the tensor map is a
// generic pointer; alloy.grid_constant marks a kernel's generic pointer.
// RUN: alloy-opt %s -split-input-file -verify-diagnostics

func.func @load_global_dst(%g: !alloy.ptr<global>, %m: !alloy.ptr, %b: !alloy.ptr<shared>, %x: i32) {
  // expected-error @+1 {{needs the destination box in shared memory (!alloy.ptr<shared>), not '!alloy.ptr<global>'}}
  alloy.tma_load %g, %m[%x], %b : !alloy.ptr<global>, !alloy.ptr, !alloy.ptr<shared>
  return
}

// -----

func.func @load_generic_bar(%s: !alloy.ptr<shared>, %m: !alloy.ptr, %b: !alloy.ptr, %x: i32) {
  // expected-error @+1 {{needs the mbarrier in shared memory (!alloy.ptr<shared>), not '!alloy.ptr'}}
  alloy.tma_load %s, %m[%x], %b : !alloy.ptr<shared>, !alloy.ptr, !alloy.ptr
  return
}

// -----

func.func @load_rank6(%s: !alloy.ptr<shared>, %m: !alloy.ptr, %b: !alloy.ptr<shared>, %x: i32) {
  // expected-error @+1 {{needs 1 to 5 coordinates (the tensor's rank), not 6}}
  alloy.tma_load %s, %m[%x, %x, %x, %x, %x, %x], %b : !alloy.ptr<shared>, !alloy.ptr, !alloy.ptr<shared>
  return
}

// -----

func.func @store_rank0(%s: !alloy.ptr<shared>, %m: !alloy.ptr) {
  // expected-error @+1 {{needs 1 to 5 coordinates (the tensor's rank), not 0}}
  alloy.tma_store %m[], %s : !alloy.ptr, !alloy.ptr<shared>
  return
}

// -----

func.func @store_local_src(%l: !alloy.ptr<local>, %m: !alloy.ptr, %x: i32) {
  // expected-error @+1 {{needs the source box in shared memory}}
  alloy.tma_store %m[%x], %l : !alloy.ptr, !alloy.ptr<local>
  return
}

// -----

func.func @map_global(%s: !alloy.ptr<shared>, %m: !alloy.ptr<global>, %x: i32) {
  // expected-error @+1 {{operand #0 must be generic !alloy.ptr}}
  alloy.tma_store %m[%x], %s : !alloy.ptr<global>, !alloy.ptr<shared>
  return
}

// -----

func.func @wait_too_many() {
  // expected-error @+1 {{attribute 'pending' failed to satisfy constraint}}
  alloy.tma_store_wait 64
  return
}

// -----

// expected-error @+1 {{'alloy.grid_constant' on argument #0 requires a generic !alloy.ptr argument, got '!alloy.ptr<global>'}}
alloy.kernel @grid_constant_global(%m: !alloy.ptr<global> {alloy.grid_constant = array<i64: 128, 64>}) {
  alloy.return
}

// -----

// expected-error @+1 {{'alloy.grid_constant' must be array<i64: size, align> with a positive size and a power-of-two alignment}}
alloy.kernel @grid_constant_align(%m: !alloy.ptr {alloy.grid_constant = array<i64: 128, 48>}) {
  alloy.return
}

// -----

// expected-error @+1 {{'alloy.grid_constant' is only valid on kernel arguments}}
func.func @grid_constant_func(%m: !alloy.ptr {alloy.grid_constant = array<i64: 128, 64>}) {
  return
}

// -----

func.func @multicast_global_bar(%s: !alloy.ptr<shared>, %m: !alloy.ptr,
                                %g: !alloy.ptr<global>, %x: i32, %k: i16) {
  // expected-error @+1 {{needs the mbarrier in shared memory (!alloy.ptr<shared>), not '!alloy.ptr<global>'}}
  alloy.tma_load %s, %m[%x], %g, mask %k : !alloy.ptr<shared>, !alloy.ptr, !alloy.ptr<global>
  return
}
