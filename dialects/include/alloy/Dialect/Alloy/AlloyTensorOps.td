//===- AlloyTensorOps.td - Tensor cores, async copies, asm -*- tablegen -*-===//
//
// Included by AlloyOps.td: warp-level matrix multiply (mma.sync), the
// matrix loads and stores that feed it (ldmatrix, stmatrix), asynchronous
// global-to-shared copies (cp.async), bit casts between packed halves and
// 32-bit words, and PTX inline assembly.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOY_DIALECT_ALLOY_ALLOYTENSOROPS_TD
#define ALLOY_DIALECT_ALLOY_ALLOYTENSOROPS_TD

include "mlir/IR/EnumAttr.td"

def Alloy_MmaShape : I32EnumAttr<"MmaShape", "mma.sync shape", [
    I32EnumAttrCase<"m16n8k16", 0>, I32EnumAttrCase<"m16n8k8", 1>,
    I32EnumAttrCase<"m16n8k32", 2>]> {
  let cppNamespace = "::alloy";
}

// Multiplicand element types (PTX's names).
def Alloy_MmaType : I32EnumAttr<"MmaType", "mma.sync multiplicand type", [
    I32EnumAttrCase<"f16", 0>, I32EnumAttrCase<"bf16", 1>,
    I32EnumAttrCase<"tf32", 2>, I32EnumAttrCase<"s8", 3>,
    I32EnumAttrCase<"u8", 4>, I32EnumAttrCase<"e4m3", 5>,
    I32EnumAttrCase<"e5m2", 6>]> {
  let cppNamespace = "::alloy";
}

def Alloy_MmaSyncOp : Alloy_Op<"mma_sync", [AttrSizedOperandSegments,
    MemoryEffects<[MemWrite]>]> {
  let summary = "warp-level matrix multiply-accumulate (PTX mma.sync)";
  let description = [{
    `d = a * b + c` over the warp: `mma.sync.aligned.<shape>.row.col`. Each
    lane passes its fragment registers: `a` and `b` as 32-bit words (pairs
    of halves, tf32 floats, or four 8-bit values), `c` as the accumulator
    (f32 or i32 values, or f16 pairs as i32 words). The results `d` have
    the accumulator's types. Shapes, types and register counts:

    | shape | a/b type | a | b | c, d |
    |---|---|---|---|---|
    | m16n8k16 | f16, bf16 | 4 | 2 | 4 x f32 (or, f16, 2 x i32) |
    | m16n8k8 | tf32 | 4 | 2 | 4 x f32 |
    | m16n8k32 | s8, u8 | 4 | 2 | 4 x i32 |
    | m16n8k32 | e4m3, e5m2 (sm_89) | 4 | 2 | 4 x f32 |

    Warp-synchronous: every lane executes it. It carries a write effect so
    that nothing moves it across control flow.

    ```mlir
    %d:4 = alloy.mma_sync m16n8k16 f16 a[%a0, %a1, %a2, %a3] b[%b0, %b1]
        c[%c0, %c1, %c2, %c3] : f32, f32, f32, f32 -> f32, f32, f32, f32
    ```
  }];
  let arguments = (ins Alloy_MmaShape:$shape, Alloy_MmaType:$type,
                       Variadic<I32>:$a, Variadic<I32>:$b,
                       Variadic<AnyTypeOf<[F32, I32]>>:$c);
  let results = (outs Variadic<AnyTypeOf<[F32, I32]>>:$d);
  let assemblyFormat = [{
    $shape $type `a` `[` $a `]` `b` `[` $b `]` `c` `[` $c `]` attr-dict `:`
    type($c) `->` type($d)
  }];
  let hasVerifier = 1;
}

def Alloy_LdMatrixOp : Alloy_Op<"ldmatrix", [MemoryEffects<[MemRead]>]> {
  let summary = "load 8x8 matrices of 16-bit elements from shared memory";
  let description = [{
    `ldmatrix.sync.aligned.m8n8.x<count>[.trans].shared.b16`: lane i passes
    the address of row i % 8 of matrix i / 8; result j is this lane's two
    elements of matrix j (transposed with `trans`). Warp-synchronous.

    ```mlir
    %r:4 = alloy.ldmatrix %p trans : !alloy.ptr<shared> -> i32, i32, i32, i32
    ```
  }];
  let arguments = (ins Alloy_PtrType:$addr, UnitAttr:$trans);
  let results = (outs Variadic<I32>:$regs);
  let assemblyFormat = [{
    $addr (`trans` $trans^)? attr-dict `:` qualified(type($addr)) `->`
    type($regs)
  }];
  let hasVerifier = 1;
}

def Alloy_StMatrixOp : Alloy_Op<"stmatrix", [MemoryEffects<[MemWrite]>]> {
  let summary = "store 8x8 matrices of 16-bit elements to shared memory";
  let description = [{
    `stmatrix.sync.aligned.m8n8.x<count>[.trans].shared.b16` (sm_90): the
    inverse of `alloy.ldmatrix`.

    ```mlir
    alloy.stmatrix %p, %r0, %r1 : !alloy.ptr<shared>, i32, i32
    ```
  }];
  let arguments = (ins Alloy_PtrType:$addr, Variadic<I32>:$regs,
                       UnitAttr:$trans);
  let assemblyFormat = [{
    $addr `,` $regs (`trans` $trans^)? attr-dict `:` qualified(type($addr))
    `,` type($regs)
  }];
  let hasVerifier = 1;
}

def Alloy_CpAsyncOp : Alloy_Op<"cp_async",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "asynchronous copy from global to shared memory";
  let description = [{
    `cp.async.{ca,cg}.shared.global [dst], [src], bytes[, src_bytes]`:
    copies `bytes` (4, 8 or 16), or only `src_bytes` of them and zero-fills
    the rest, in the background; `alloy.cp_async_wait` waits for it.
    `cache_global` (cp.async.cg, 16 bytes only) bypasses L1.

    ```mlir
    alloy.cp_async %dst, %src, %n {bytes = 16 : i32, cache_global}
        : !alloy.ptr<shared>, !alloy.ptr<global>
    ```
  }];
  let arguments = (ins Alloy_PtrType:$dst, Alloy_PtrType:$src,
                       Optional<I32>:$src_bytes, I32Attr:$bytes,
                       UnitAttr:$cache_global);
  let assemblyFormat = [{
    $dst `,` $src (`,` $src_bytes^)? attr-dict `:` qualified(type($dst)) `,`
    qualified(type($src))
  }];
  let hasVerifier = 1;
}

def Alloy_CpAsyncCommitOp : Alloy_Op<"cp_async_commit"> {
  let summary = "end the current group of asynchronous copies";
  let description = [{ `cp.async.commit_group`. }];
  let assemblyFormat = "attr-dict";
}

def Alloy_CpAsyncWaitOp : Alloy_Op<"cp_async_wait"> {
  let summary = "wait until at most `pending` copy groups are in flight";
  let description = [{ `cp.async.wait_group pending` (0 to 7). }];
  let arguments = (ins ConfinedAttr<I32Attr, [IntMinValue<0>,
                                              IntMaxValue<7>]>:$pending);
  let assemblyFormat = "$pending attr-dict";
}

def Alloy_InlineAsmOp : Alloy_Op<"inline_asm", [
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "PTX inline assembly";
  let description = [{
    CUDA's `asm volatile("..." : outputs : inputs : clobbers)` in device
    code: `template` is LLVM's form of the text (`$0`, `$1` for operands),
    `constraints` LLVM's constraint string (`=r,=f,r,l,n,~{memory}`).
    Results are the register outputs; memory outputs are stored by the
    caller. Lowers to `llvm.inline_asm`.

    ```mlir
    %r = alloy.inline_asm "add.s32 $0, $1, $2;" "=r,r,r" %a, %b
        : (i32, i32) -> i32
    ```
  }];
  let arguments = (ins StrAttr:$asm_template, StrAttr:$constraints,
                       Variadic<AnyType>:$operands, UnitAttr:$side_effects);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    $asm_template $constraints $operands attr-dict `:`
    functional-type($operands, $results)
  }];
}

// The approximate functions of alloy.approx.
def Alloy_ApproxFn : I32EnumAttr<"ApproxFn", "approximate 16-bit function", [
    I32EnumAttrCase<"exp2", 0>, I32EnumAttrCase<"tanh", 1>,
    I32EnumAttrCase<"exp", 2>, I32EnumAttrCase<"log", 3>,
    I32EnumAttrCase<"log2", 4>, I32EnumAttrCase<"sqrt", 5>,
    I32EnumAttrCase<"rsqrt", 6>, I32EnumAttrCase<"rcp", 7>,
    I32EnumAttrCase<"sin", 8>, I32EnumAttrCase<"cos", 9>]> {
  let cppNamespace = "::alloy";
}

def Alloy_ApproxOp : Alloy_Op<"approx", [Pure,
    AllTypesMatch<["value", "result"]>]> {
  let summary = "approximate function of a half, a bfloat16 or a pair";
  let description = [{
    PTX's approximation of `fn` (`exp2`, `tanh`, `exp`, `log`, `log2`,
    `sqrt`, `rsqrt`, `rcp`, `sin`, `cos`) of an `f16` or `bf16` value, or
    of each lane of a `vector<2xf16>` / `vector<2xbf16>`. `exp2` and `tanh`
    lower to PTX's 16-bit instructions where the target has them
    (`ex2.approx.f16[x2]`, `tanh.approx.f16[x2]`; for bf16
    `ex2.approx.ftz.bf16[x2]` and `tanh.approx.bf16[x2]` from sm_90); the
    rest, and bf16 `exp2`/`tanh` below sm_90, convert to f32, run one
    approximate f32 instruction (`ex2`, `lg2`, `sqrt`, `rsqrt`, `rcp`,
    `sin`, `cos`, `tanh` `.approx.f32`; `sin` and `cos` after reducing the
    argument to [-pi, pi]) and round back. The `sm` option of
    `convert-alloy-to-llvm` names the target. Pure: it may be CSE'd and
    hoisted.

    ```mlir
    %y = alloy.approx exp2 %x : vector<2xf16>
    ```
  }];
  let arguments = (ins Alloy_ApproxFn:$fn, AnyType:$value);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$fn $value attr-dict `:` type($value)";
  let hasVerifier = 1;
}

#endif // ALLOY_DIALECT_ALLOY_ALLOYTENSOROPS_TD
