//===- AlloyWgmmaOps.td - warpgroup matrix multiply -------*- tablegen -*-===//
//
// Included by AlloyOps.td: Hopper's asynchronous warpgroup MMA (sm_90a).
// The accumulator travels as SSA values through every op of the protocol
// (fence, mma_async, wait), so that in LLVM IR a read of an accumulator in
// flight is a use of an mma_async result that no wait has released, which
// alloy-check-wgmma reports. See docs/hopper.md.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOY_DIALECT_ALLOY_ALLOYWGMMAOPS_TD
#define ALLOY_DIALECT_ALLOY_ALLOYWGMMAOPS_TD

def Alloy_WgmmaFenceOp : Alloy_Op<"wgmma_fence",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "order register accesses before warpgroup MMAs";
  let description = [{
    `wgmma.fence.sync.aligned`: the accumulator registers written since the
    last wgmma are ready for the tensor cores. The accumulators `acc` pass
    through it (the results are the same values), so that no write of them
    moves below it. Warpgroup-synchronous.

    ```mlir
    %r:2 = alloy.wgmma_fence acc[%a, %b] : f32, f32 -> f32, f32
    ```
  }];
  let arguments = (ins Variadic<F32>:$acc);
  let results = (outs Variadic<F32>:$results);
  let assemblyFormat = [{
    (`acc` `[` $acc^ `]` `:` type($acc) `->` type($results))? attr-dict
  }];
  let hasVerifier = 1;
}

def Alloy_WgmmaMmaAsyncOp : Alloy_Op<"wgmma_mma_async",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "warpgroup matrix multiply-accumulate (wgmma.mma_async)";
  let description = [{
    `d = a * b + (scale_d ? c : 0)` over the warpgroup, asynchronously:
    `wgmma.mma_async.sync.aligned.m64n<n>k<k>.f32.<type>.<type>`, A and B
    from shared-memory matrix descriptors (`a_desc` K-major; `b_desc`
    K-major, or N-major with `trans_b`: B stored row by row along N, f16
    and bf16 only), the f32 accumulator `acc` (n / 2 values per thread) in
    and out. K is 16 for f16 and bf16, 8 for tf32, 32 for e4m3 and e5m2; n
    is a multiple of 8 from 8 to 256. The results are in flight until an
    `alloy.wgmma_wait` with no pending groups releases them.
    Warpgroup-synchronous; needs sm_90a.

    ```mlir
    %d:4 = alloy.wgmma_mma_async n = 8 f16 %da, %db, %scale
        acc[%c0, %c1, %c2, %c3] : f32, f32, f32, f32 -> f32, f32, f32, f32
    %e:4 = alloy.wgmma_mma_async n = 8 f16 %da, %db trans_b, %scale
        acc[%c0, %c1, %c2, %c3] : f32, f32, f32, f32 -> f32, f32, f32, f32
    ```
  }];
  let arguments = (ins ConfinedAttr<I32Attr, [IntMinValue<8>,
                                              IntMaxValue<256>]>:$n,
                       Alloy_MmaType:$type, I64:$a_desc, I64:$b_desc,
                       UnitAttr:$trans_b, I1:$scale_d, Variadic<F32>:$acc);
  let results = (outs Variadic<F32>:$d);
  let assemblyFormat = [{
    `n` `=` $n $type $a_desc `,` $b_desc (`trans_b` $trans_b^)? `,` $scale_d
    `acc` `[` $acc `]` attr-dict `:` type($acc) `->` type($d)
  }];
  let builders = [
    OpBuilder<(ins "uint32_t":$n, "::alloy::MmaType":$type,
                   "::mlir::Value":$aDesc, "::mlir::Value":$bDesc,
                   "bool":$transB, "::mlir::Value":$scaleD,
                   "::mlir::ValueRange":$acc), [{
      build($_builder, $_state, acc.getTypes(), n, type, aDesc, bDesc, transB,
            scaleD, acc);
    }]>
  ];
  let hasVerifier = 1;
}

def Alloy_WgmmaMmaAsyncRegAOp : Alloy_Op<"wgmma_mma_async_rega",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "warpgroup MMA with A in registers";
  let description = [{
    As `alloy.wgmma_mma_async`, with A (64 x 16, f16 or bf16) in registers:
    `a` is this thread's four 32-bit registers (two elements each, in
    `mma.sync`'s A-fragment order per warp); B from a descriptor, K-major
    or, with `trans_b`, N-major (P * V in attention, V stored row by row
    along the head dimension).

    ```mlir
    %d:4 = alloy.wgmma_mma_async_rega n = 8 f16 a[%a0, %a1, %a2, %a3], %db,
        %scale acc[%c0, %c1, %c2, %c3] : f32, f32, f32, f32
        -> f32, f32, f32, f32
    ```
  }];
  let arguments = (ins ConfinedAttr<I32Attr, [IntMinValue<8>,
                                              IntMaxValue<256>]>:$n,
                       Alloy_MmaType:$type, I32:$a0, I32:$a1, I32:$a2,
                       I32:$a3, I64:$b_desc, UnitAttr:$trans_b,
                       I1:$scale_d, Variadic<F32>:$acc);
  let results = (outs Variadic<F32>:$d);
  let assemblyFormat = [{
    `n` `=` $n $type `a` `[` $a0 `,` $a1 `,` $a2 `,` $a3 `]` `,` $b_desc
    (`trans_b` $trans_b^)? `,` $scale_d `acc` `[` $acc `]`
    attr-dict `:` type($acc) `->` type($d)
  }];
  let builders = [
    OpBuilder<(ins "uint32_t":$n, "::alloy::MmaType":$type,
                   "::mlir::ValueRange":$a, "::mlir::Value":$bDesc,
                   "bool":$transB, "::mlir::Value":$scaleD,
                   "::mlir::ValueRange":$acc), [{
      build($_builder, $_state, acc.getTypes(), n, type, a[0], a[1], a[2],
            a[3], bDesc, transB, scaleD, acc);
    }]>
  ];
  let hasVerifier = 1;
}

def Alloy_WgmmaCommitOp : Alloy_Op<"wgmma_commit",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "close a group of warpgroup MMAs";
  let description = [{
    `wgmma.commit_group.sync.aligned`: the wgmma_mma_asyncs since the last
    commit form one group. Warpgroup-synchronous.

    ```mlir
    alloy.wgmma_commit
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def Alloy_WgmmaWaitOp : Alloy_Op<"wgmma_wait",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "wait for groups of warpgroup MMAs";
  let description = [{
    `wgmma.wait_group.sync.aligned pending`: waits until at most `pending`
    (0 to 7) groups are in flight. With `pending` 0 the accumulators `acc`
    are complete; they pass through (the results are their final values),
    so no read of them moves above the wait. Only `pending` 0 may release
    accumulators.

    ```mlir
    %r:2 = alloy.wgmma_wait 0 acc[%a, %b] : f32, f32 -> f32, f32
    alloy.wgmma_wait 1
    ```
  }];
  let arguments = (ins ConfinedAttr<I32Attr, [IntMinValue<0>,
                                              IntMaxValue<7>]>:$pending,
                       Variadic<F32>:$acc);
  let results = (outs Variadic<F32>:$results);
  let assemblyFormat = [{
    $pending (`acc` `[` $acc^ `]` `:` type($acc) `->` type($results))?
    attr-dict
  }];
  let hasVerifier = 1;
}

#endif // ALLOY_DIALECT_ALLOY_ALLOYWGMMAOPS_TD
