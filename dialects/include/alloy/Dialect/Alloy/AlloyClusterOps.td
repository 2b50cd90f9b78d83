//===- AlloyClusterOps.td - clusters and setmaxnreg --------*- tablegen -*-===//
//
// Included by AlloyOps.td: thread-block clusters (sm_90): the cluster's
// special registers, barrier.cluster, mapa (distributed shared memory);
// and warpgroup register reallocation (setmaxnreg, sm_90a). See
// docs/hopper.md ("Clusters").
//
//===----------------------------------------------------------------------===//

#ifndef ALLOY_DIALECT_ALLOY_ALLOYCLUSTEROPS_TD
#define ALLOY_DIALECT_ALLOY_ALLOYCLUSTEROPS_TD

def Alloy_ClusterRegOp : Alloy_Op<"cluster_reg", [Pure]> {
  let summary = "read a cluster special register";
  let description = [{
    One of PTX's cluster registers (sm_90): `rank` (%cluster_ctarank),
    `size` (%cluster_nctarank), `block_x/y/z` (%cluster_ctaid),
    `dim_x/y/z` (%cluster_nctaid), `id_x/y/z` (%clusterid), `count_x/y/z`
    (%nclusterid).

    ```mlir
    %r = alloy.cluster_reg "rank"
    ```
  }];
  let arguments = (ins StrAttr:$reg);
  let results = (outs I32:$result);
  let assemblyFormat = "$reg attr-dict";
  let hasVerifier = 1;
}

def Alloy_ClusterBarrierOp : Alloy_Op<"cluster_barrier",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "arrive at or wait on the cluster barrier";
  let description = [{
    `barrier.cluster.arrive` (release), `barrier.cluster.arrive.relaxed`
    (no memory ordering) or `barrier.cluster.wait` (acquire), sm_90. Every
    non-exited thread of the cluster arrives once per phase.

    ```mlir
    alloy.cluster_barrier "arrive"
    alloy.cluster_barrier "wait"
    ```
  }];
  let arguments = (ins StrAttr:$kind);
  let assemblyFormat = "$kind attr-dict";
  let hasVerifier = 1;
}

def Alloy_ClusterMapOp : Alloy_Op<"cluster_map", [Pure]> {
  let summary = "the address of a shared object in another block's shared memory";
  let description = [{
    `mapa.u64 d, a, rank` (sm_90): `addr` is the generic address of an
    object in this block's shared memory; the result is the generic address
    of the same object in the shared memory of block `rank` of the cluster.

    ```mlir
    %q = alloy.cluster_map %p, %rank : !alloy.ptr -> !alloy.ptr
    ```
  }];
  let arguments = (ins Alloy_PtrType:$addr, I32:$rank);
  let results = (outs Alloy_PtrType:$result);
  let assemblyFormat = "$addr `,` $rank attr-dict `:` qualified(type($addr)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def Alloy_SetMaxNRegOp : Alloy_Op<"setmaxnreg",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "reallocate the warpgroup's registers";
  let description = [{
    `setmaxnreg.{inc,dec}.sync.aligned.u32 count` (sm_90a): the warpgroup's
    threads get `count` registers each (24 to 256, a multiple of 8).

    ```mlir
    alloy.setmaxnreg increase 232
    ```
  }];
  let arguments = (ins UnitAttr:$increase, I32Attr:$count);
  let assemblyFormat = "(`increase` $increase^)? $count attr-dict";
  let hasVerifier = 1;
}

#endif // ALLOY_DIALECT_ALLOY_ALLOYCLUSTEROPS_TD
