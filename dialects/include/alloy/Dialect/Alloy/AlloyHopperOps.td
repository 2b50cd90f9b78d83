//===- AlloyHopperOps.td - mbarriers, proxy fences, elect -*- tablegen -*-===//
//
// Included by AlloyOps.td: the synchronization that Hopper's asynchronous
// engines (TMA, wgmma) complete on. mbarrier objects (8 bytes in shared
// memory): init, arrive (optionally with an expected transaction count),
// expect_tx, try_wait on a token or a phase parity, inval; the async-proxy
// fence, the mbarrier-init fence, and elect.sync. See docs/hopper.md.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOY_DIALECT_ALLOY_ALLOYHOPPEROPS_TD
#define ALLOY_DIALECT_ALLOY_ALLOYHOPPEROPS_TD

// An mbarrier operation: its first operand, the mbarrier, is a
// !alloy.ptr<shared> (verifyMbarrierInShared, AlloyHopperOps.cpp).
def Alloy_MbarrierInShared : NativeOpTrait<"MbarrierInShared"> {
  let cppNamespace = "::alloy";
}

def Alloy_MbarrierInitOp : Alloy_Op<"mbarrier_init",
    [Alloy_MbarrierInShared, MemoryEffects<[MemWrite]>]> {
  let summary = "initialize an mbarrier object in shared memory";
  let description = [{
    `mbarrier.init.shared::cta.b64 [addr], count`: phase 0, `count` expected
    arrivals (1 to 2^20 - 1), no pending transactions. `addr` is a pointer
    into shared memory, 8-byte aligned.

    ```mlir
    alloy.mbarrier_init %bar, %count : !alloy.ptr<shared>
    ```
  }];
  let arguments = (ins Alloy_PtrType:$addr, I32:$count);
  let assemblyFormat = "$addr `,` $count attr-dict `:` qualified(type($addr))";
}

def Alloy_MbarrierArriveOp : Alloy_Op<"mbarrier_arrive",
    [Alloy_MbarrierInShared, MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "arrive on an mbarrier (release), returning the phase token";
  let description = [{
    `mbarrier.arrive.release.cta.shared::cta.b64 token, [addr]`: this
    thread's arrival, with release semantics at block scope. With
    `expect_tx`, first raises the phase's expected transaction count by
    `tx_bytes` (`mbarrier.arrive.expect_tx`, sm_90). The result is an opaque
    token of the phase arrived on, for `alloy.mbarrier_try_wait`.

    ```mlir
    %tok = alloy.mbarrier_arrive %bar : !alloy.ptr<shared> -> i64
    %tok2 = alloy.mbarrier_arrive %bar expect_tx %n : !alloy.ptr<shared> -> i64
    ```
  }];
  let arguments = (ins Alloy_PtrType:$addr, Optional<I32>:$tx_bytes);
  let results = (outs I64:$token);
  let assemblyFormat = [{
    $addr (`expect_tx` $tx_bytes^)? attr-dict `:` qualified(type($addr)) `->`
    type($token)
  }];
}

def Alloy_MbarrierArriveClusterOp : Alloy_Op<"mbarrier_arrive_cluster",
    [Alloy_MbarrierInShared, MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "arrive on the same mbarrier of another block of the cluster";
  let description = [{
    `mapa.shared::cluster` then
    `mbarrier.arrive.release.cluster.shared::cluster.b64 _, [remote]`
    (sm_90): this thread's arrival, with release semantics at cluster scope,
    on the mbarrier at `addr`'s offset in the shared memory of block `rank`
    of this block's cluster (its own rank included). No token: a remote
    phase cannot be waited on.

    ```mlir
    alloy.mbarrier_arrive_cluster %bar, rank %r : !alloy.ptr<shared>
    ```
  }];
  let arguments = (ins Alloy_PtrType:$addr, I32:$rank);
  let assemblyFormat = [{
    $addr `,` `rank` $rank attr-dict `:` qualified(type($addr))
  }];
}

def Alloy_MbarrierExpectTxOp : Alloy_Op<"mbarrier_expect_tx",
    [Alloy_MbarrierInShared, MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "raise an mbarrier phase's expected transaction count";
  let description = [{
    `mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [addr], tx_bytes`
    (sm_90): the current phase also waits for `tx_bytes` bytes of
    asynchronous transactions (TMA copies) to complete on it.

    ```mlir
    alloy.mbarrier_expect_tx %bar, %n : !alloy.ptr<shared>
    ```
  }];
  let arguments = (ins Alloy_PtrType:$addr, I32:$tx_bytes);
  let assemblyFormat = "$addr `,` $tx_bytes attr-dict `:` qualified(type($addr))";
}

def Alloy_MbarrierTryWaitOp : Alloy_Op<"mbarrier_try_wait",
    [Alloy_MbarrierInShared, MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "test (potentially blocking) whether an mbarrier phase completed";
  let description = [{
    `mbarrier.try_wait[.parity].acquire.cta.shared::cta.b64 done, [addr],
    state` (sm_90): true once the phase named by `state` has completed, with
    acquire semantics at block scope; false after a system-dependent time
    limit (the caller loops). `state` is an i64 token from
    `alloy.mbarrier_arrive`, or an i32 phase parity (0 or 1: waits for the
    completion of the phase of that parity, `.parity`). Not warp-synchronous:
    each thread may wait on its own.

    ```mlir
    %done = alloy.mbarrier_try_wait %bar, %tok : !alloy.ptr<shared>, i64
    %done2 = alloy.mbarrier_try_wait %bar, %parity : !alloy.ptr<shared>, i32
    ```
  }];
  let arguments = (ins Alloy_PtrType:$addr, AnyTypeOf<[I64, I32]>:$state);
  let results = (outs I1:$done);
  let assemblyFormat = [{
    $addr `,` $state attr-dict `:` qualified(type($addr)) `,` type($state)
  }];
}

def Alloy_MbarrierInvalOp : Alloy_Op<"mbarrier_inval",
    [Alloy_MbarrierInShared, MemoryEffects<[MemWrite]>]> {
  let summary = "invalidate an mbarrier object";
  let description = [{
    `mbarrier.inval.shared::cta.b64 [addr]`: the 8 bytes may then be used
    as ordinary shared memory (or initialized again).

    ```mlir
    alloy.mbarrier_inval %bar : !alloy.ptr<shared>
    ```
  }];
  let arguments = (ins Alloy_PtrType:$addr);
  let assemblyFormat = "$addr attr-dict `:` qualified(type($addr))";
}

def Alloy_FenceProxyAsyncOp : Alloy_Op<"fence_proxy_async",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "order generic-proxy and async-proxy shared-memory accesses";
  let description = [{
    `fence.proxy.async.shared::cta` (sm_90): this thread's earlier ordinary
    (generic-proxy) accesses of shared memory are ordered before its later
    async-proxy accesses (TMA, wgmma operands), and the other way round.
  }];
  let assemblyFormat = "attr-dict";
}

def Alloy_FenceMbarrierInitOp : Alloy_Op<"fence_mbarrier_init",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "make earlier mbarrier.init visible to the cluster";
  let description = [{
    `fence.mbarrier_init.release.cluster` (sm_90): orders this thread's
    earlier `mbarrier.init`s before later accesses by the async proxy and by
    other blocks of the cluster.
  }];
  let assemblyFormat = "attr-dict";
}

def Alloy_ElectSyncOp : Alloy_Op<"elect_sync",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "elect one lane of the warp";
  let description = [{
    `elect.sync _|p, 0xffffffff` (sm_90): true on exactly one lane of the
    warp (the same one on every lane's view), false on the others.
    Warp-synchronous: every lane of the warp executes it together. Carries a
    memory effect so that nothing moves it across control flow.

    ```mlir
    %leader = alloy.elect_sync
    ```
  }];
  let results = (outs I1:$elected);
  let assemblyFormat = "attr-dict";
}

#endif // ALLOY_DIALECT_ALLOY_ALLOYHOPPEROPS_TD
