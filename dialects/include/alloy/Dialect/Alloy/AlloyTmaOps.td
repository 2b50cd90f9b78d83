//===- AlloyTmaOps.td - Tensor memory accelerator copies ---*- tablegen -*-===//
//
// Included by AlloyOps.td: Hopper's tensor memory accelerator (sm_90). Bulk
// tensor copies of a box between a tensor in global memory, described by a
// 128-byte tensor map (CUtensorMap), and shared memory: loads complete on an
// mbarrier, stores form bulk groups that are committed and waited for. The
// tensor map is addressed by a generic pointer (a kernel parameter in param
// space, CUDA's __grid_constant__). See docs/hopper.md, "TMA".
//
//===----------------------------------------------------------------------===//

#ifndef ALLOY_DIALECT_ALLOY_ALLOYTMAOPS_TD
#define ALLOY_DIALECT_ALLOY_ALLOYTMAOPS_TD

def Alloy_TmaLoadOp : Alloy_Op<"tma_load",
    [AttrSizedOperandSegments, MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "TMA load of a box into shared memory, completing on an mbarrier";
  let description = [{
    `cp.async.bulk.tensor.Nd.shared::cluster.global.tile.mbarrier::complete_tx::bytes
    [dst], [map, {coordinates} ], [bar]` (sm_90): copies the box of the
    tensor map `map` whose first element is at `coordinates` (1 to 5 i32,
    innermost first; elements outside the tensor are zero-filled) to `dst`
    in shared memory, asynchronously; the bytes complete as transactions on
    the mbarrier `bar` in shared memory.

    With `mask` (i16, `.multicast::cluster`), the box lands at `dst`'s
    offset in the shared memory of every block of the cluster whose rank is
    a set bit of the mask, and its bytes complete on the mbarrier at `bar`'s
    offset in each of them.

    ```mlir
    alloy.tma_load %dst, %map[%x, %y], %bar
        : !alloy.ptr<shared>, !alloy.ptr, !alloy.ptr<shared>
    alloy.tma_load %dst, %map[%x, %y], %bar, mask %m
        : !alloy.ptr<shared>, !alloy.ptr, !alloy.ptr<shared>
    ```
  }];
  let arguments = (ins Alloy_PtrType:$dst, Alloy_GenericPtr:$map,
                       Alloy_PtrType:$bar, Variadic<I32>:$coordinates,
                       Optional<I16>:$mask);
  let assemblyFormat = [{
    $dst `,` $map `[` $coordinates `]` `,` $bar (`,` `mask` $mask^)? attr-dict
    `:` qualified(type($dst)) `,` qualified(type($map)) `,`
    qualified(type($bar))
  }];
  let hasVerifier = 1;
}

def Alloy_TmaStoreOp : Alloy_Op<"tma_store",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "TMA store of a box from shared memory, in a bulk group";
  let description = [{
    `cp.async.bulk.tensor.Nd.global.shared::cta.tile.bulk_group
    [map, {coordinates} ], [src]` (sm_90): copies the box at `src` in shared
    memory to the tensor of `map` at `coordinates` (1 to 5 i32, innermost
    first; elements outside the tensor are not written), asynchronously, as
    part of the thread's current bulk async-group.

    ```mlir
    alloy.tma_store %map[%x, %y], %src : !alloy.ptr, !alloy.ptr<shared>
    ```
  }];
  let arguments = (ins Alloy_GenericPtr:$map, Alloy_PtrType:$src,
                       Variadic<I32>:$coordinates);
  let assemblyFormat = [{
    $map `[` $coordinates `]` `,` $src attr-dict `:` qualified(type($map)) `,`
    qualified(type($src))
  }];
  let hasVerifier = 1;
}

def Alloy_TmaStoreCommitOp : Alloy_Op<"tma_store_commit",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "commit the thread's bulk async-group";
  let description = [{
    `cp.async.bulk.commit_group` (sm_90): the TMA stores issued since the
    last commit form one group, which `alloy.tma_store_wait` counts.

    ```mlir
    alloy.tma_store_commit
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def Alloy_TmaStoreWaitOp : Alloy_Op<"tma_store_wait",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "wait until at most `pending` bulk async-groups are in flight";
  let description = [{
    `cp.async.bulk.wait_group[.read] pending` (sm_90, `pending` 0 to 63):
    with `read`, until the other groups have finished reading their
    shared-memory sources (which may then be overwritten); without, until
    their writes are done.

    ```mlir
    alloy.tma_store_wait 0 read
    alloy.tma_store_wait 1
    ```
  }];
  let arguments = (ins ConfinedAttr<I32Attr, [IntMinValue<0>,
                                              IntMaxValue<63>]>:$pending,
                       UnitAttr:$read);
  let assemblyFormat = "$pending (`read` $read^)? attr-dict";
}

// Read and write effects: a prefetch without a use must not be erased.
def Alloy_TmaPrefetchOp : Alloy_Op<"tma_prefetch",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "prefetch a tensor map into the descriptor cache";
  let description = [{
    `prefetch.tensormap [map]` (sm_90).

    ```mlir
    alloy.tma_prefetch %map : !alloy.ptr
    ```
  }];
  let arguments = (ins Alloy_GenericPtr:$map);
  let assemblyFormat = "$map attr-dict `:` qualified(type($map))";
}

#endif // ALLOY_DIALECT_ALLOY_ALLOYTMAOPS_TD
