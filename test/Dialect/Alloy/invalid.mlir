// RUN: alloy-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{a kernel must not return values}}
alloy.kernel @results() -> i32 {
  alloy.return
}

// -----

// expected-error @+1 {{a kernel must have a body}}
alloy.kernel @no_body()

// -----

// expected-error @+1 {{contract_domain and contract_block must be given together}}
alloy.kernel @domain_only() attributes {contract_domain = 1 : i32} {
  alloy.return
}

// -----

// expected-error @+1 {{contract_domain and contract_block must be given together}}
alloy.kernel @block_only() attributes {contract_block = array<i32: 1, 1, 1>} {
  alloy.return
}

// -----

// expected-error @+1 {{contract_domain must be 1, 2 or 3, got 4}}
alloy.kernel @bad_domain() attributes {contract_domain = 4 : i32, contract_block = array<i32: 1, 1, 1>} {
  alloy.return
}

// -----

// expected-error @+1 {{contract_domain must be 1, 2 or 3, got 0}}
alloy.kernel @zero_domain() attributes {contract_domain = 0 : i32, contract_block = array<i32: 1, 1, 1>} {
  alloy.return
}

// -----

// expected-error @+1 {{contract_block must have 3 entries, got 2}}
alloy.kernel @short_block() attributes {contract_domain = 1 : i32, contract_block = array<i32: 256, 1>} {
  alloy.return
}

// -----

// expected-error @+1 {{contract_block entries must be >= 1, got 0}}
alloy.kernel @zero_block() attributes {contract_domain = 2 : i32, contract_block = array<i32: 16, 0, 1>} {
  alloy.return
}

// -----

// expected-error @+1 {{contract_block has 2048 threads per block; the limit is 1024}}
alloy.kernel @big_block() attributes {contract_domain = 2 : i32, contract_block = array<i32: 64, 32, 1>} {
  alloy.return
}

// -----

// expected-error @+1 {{max_threads must be in [1, 1024], got 0}}
alloy.kernel @zero_max() attributes {max_threads = 0 : i32} {
  alloy.return
}

// -----

// expected-error @+1 {{max_threads must be in [1, 1024], got 2048}}
alloy.kernel @big_max() attributes {max_threads = 2048 : i32} {
  alloy.return
}

// -----

// expected-error @+1 {{contract_block has 256 threads per block, more than max_threads (128)}}
alloy.kernel @block_over_max() attributes {contract_domain = 1 : i32, contract_block = array<i32: 256, 1, 1>, max_threads = 128 : i32} {
  alloy.return
}

// -----

// expected-error @+1 {{min_blocks requires max_threads}}
alloy.kernel @min_without_max() attributes {min_blocks = 2 : i32} {
  alloy.return
}

// -----

// expected-error @+1 {{min_blocks must be >= 0, got -1}}
alloy.kernel @negative_min() attributes {max_threads = 128 : i32, min_blocks = -1 : i32} {
  alloy.return
}

// -----

// expected-error @+1 {{'alloy.noalias' on argument #1 requires an !alloy.ptr argument, got 'i64'}}
alloy.kernel @noalias_int(%p: !alloy.ptr<global>, %n: i64 {alloy.noalias}) {
  alloy.return
}

// -----

// expected-error @+1 {{'alloy.readonly' on argument #0 requires an !alloy.ptr argument, got 'f32'}}
func.func private @readonly_float(%x: f32 {alloy.readonly})

// -----

// expected-error @+1 {{'alloy.noalias' must be a unit attribute}}
alloy.kernel @noalias_value(%p: !alloy.ptr<global> {alloy.noalias = 1 : i32}) {
  alloy.return
}

// -----

// expected-error @+1 {{unknown Alloy argument attribute 'alloy.restrict'}}
alloy.kernel @unknown_arg_attr(%p: !alloy.ptr<global> {alloy.restrict}) {
  alloy.return
}

// -----

func.func @return_outside_kernel() {
  // expected-error @+1 {{expects parent op 'alloy.kernel'}}
  alloy.return
}

// -----

func.func @alloca_align() {
  // expected-error @+1 {{alignment 3 is not a power of two}}
  %p = alloy.alloca f32, align 3
  return
}

// -----

func.func @alloca_elem() {
  // expected-error @+1 {{elem_type must be an integer, float, !alloy.ptr or !alloy.record, got 'index'}}
  %p = alloy.alloca index, align 8
  return
}

// -----

func.func @load_align(%p: !alloy.ptr<global>) {
  // expected-error @+1 {{alignment 0 is not a power of two}}
  %v = alloy.load %p align 0 : !alloy.ptr<global> -> f32
  return
}

// -----

func.func @load_type(%p: !alloy.ptr<global>) {
  // expected-error @+1 {{result #0 must be}}
  %v = alloy.load %p align 4 : !alloy.ptr<global> -> index
  return
}

// -----

func.func @store_align(%p: !alloy.ptr<global>, %v: f32) {
  // expected-error @+1 {{alignment 6 is not a power of two}}
  alloy.store %v, %p align 6 : f32, !alloy.ptr<global>
  return
}

// -----

func.func @ptr_add_elem(%p: !alloy.ptr<global>, %i: i64) {
  // expected-error @+1 {{elem_type must be an integer, float, !alloy.ptr or !alloy.record, got 'none'}}
  %q = alloy.ptr_add %p[%i] elem none : !alloy.ptr<global>
  return
}

// -----

func.func @same_space(%p: !alloy.ptr<global>) {
  // expected-error @+1 {{source and result are in the same address space}}
  %q = alloy.addrspace_cast %p : !alloy.ptr<global> to !alloy.ptr<global>
  return
}

// -----

func.func @memcpy_align(%d: !alloy.ptr, %s: !alloy.ptr) {
  // expected-error @+1 {{alignment 12 is not a power of two}}
  alloy.memcpy %d, %s, 16 align 12 : !alloy.ptr, !alloy.ptr
  return
}

// -----

// expected-error @+1 {{record alignment 3 is not a power of two}}
func.func private @record_align(%p: !alloy.ptr) attributes {t = !alloy.record<"S", 12, 3>}

// -----

// expected-error @+1 {{record size 12 is not a multiple of its alignment 8}}
func.func private @record_size(%p: !alloy.ptr) attributes {t = !alloy.record<"S", 12, 8>}

// -----

// expected-error @+2 {{expected one of [generic, global, shared, constant, local] for GPU address space, got: texture}}
// expected-error @+1 {{failed to parse Alloy_PtrType parameter 'space'}}
func.func private @bad_space(%p: !alloy.ptr<texture>)
