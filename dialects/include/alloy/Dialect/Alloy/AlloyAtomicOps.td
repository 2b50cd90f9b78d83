//===- AlloyAtomicOps.td - Alloy atomics and warp operations -*- tablegen -*-===//
//
// Included by AlloyOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOY_DIALECT_ALLOY_ALLOYATOMICOPS_TD
#define ALLOY_DIALECT_ALLOY_ALLOYATOMICOPS_TD

include "mlir/IR/EnumAttr.td"

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

// Signedness is in the kind (as in LLVM's atomicrmw), not in the type.
def Alloy_AtomicKind : I32EnumAttr<"AtomicKind", "atomic read-modify-write", [
    I32EnumAttrCase<"add", 0>, I32EnumAttrCase<"sub", 1>,
    I32EnumAttrCase<"smin", 2>, I32EnumAttrCase<"smax", 3>,
    I32EnumAttrCase<"umin", 4>, I32EnumAttrCase<"umax", 5>,
    // C++ reserves and/or/xor: the symbols get a leading underscore.
    I32EnumAttrCase<"_and", 6, "and">, I32EnumAttrCase<"_or", 7, "or">,
    I32EnumAttrCase<"_xor", 8, "xor">, I32EnumAttrCase<"exch", 9>,
    I32EnumAttrCase<"fadd", 10>]> {
  let cppNamespace = "::alloy";
}

def Alloy_ShflKind : I32EnumAttr<"ShflKind", "warp shuffle mode", [
    I32EnumAttrCase<"idx", 0>, I32EnumAttrCase<"up", 1>,
    I32EnumAttrCase<"down", 2>, I32EnumAttrCase<"bfly", 3>]> {
  let cppNamespace = "::alloy";
}

def Alloy_VoteKind : I32EnumAttr<"VoteKind", "warp vote", [
    I32EnumAttrCase<"ballot", 0>, I32EnumAttrCase<"all", 1>,
    I32EnumAttrCase<"any", 2>]> {
  let cppNamespace = "::alloy";
}

def Alloy_ReduxKind : I32EnumAttr<"ReduxKind", "warp reduction", [
    I32EnumAttrCase<"add", 0>, I32EnumAttrCase<"min", 1>,
    I32EnumAttrCase<"max", 2>, I32EnumAttrCase<"umin", 3>,
    I32EnumAttrCase<"umax", 4>, I32EnumAttrCase<"bit_and", 5, "and">,
    I32EnumAttrCase<"bit_or", 6, "or">, I32EnumAttrCase<"bit_xor", 7, "xor">]> {
  let cppNamespace = "::alloy";
}

// The values atomics and shuffles move: 32- and 64-bit integers and floats.
def Alloy_AtomicValue : AnyTypeOf<[I32, I64, F32, F64]>;
// Read-modify-writes also add halves and pairs of halves.
def Alloy_AtomicRMWValue : AnyTypeOf<[I32, I64, F32, F64, F16, BF16,
    VectorOfLengthAndType<[2], [F16, BF16]>]>;

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

def Alloy_AtomicRMWOp : Alloy_Op<"atomic_rmw", [
    AllTypesMatch<["value", "result"]>]> {
  let summary = "atomic read-modify-write; returns the old value";
  let description = [{
    Atomically replaces `*ptr` with `*ptr <kind> value` and returns the old
    value, like CUDA's `atomicAdd` & co. `ptr` is a generic, global or shared
    pointer, naturally aligned. Relaxed (monotonic) at device scope, as
    CUDA's `atom.add`: it orders nothing else. `add`, `sub`, `smin`, `smax`,
    `umin`, `umax`, `and`, `or`, `xor` take i32 or i64, `fadd` f32, f64,
    f16 or bf16 (`atom.add.noftz.f16`/`.bf16`; bf16 below sm_90 as a
    compare-and-swap loop) or a pair of them (`atom.add.noftz.f16x2`; bf16
    pairs as a compare-and-swap loop), `exch` any of the 32- and 64-bit
    types.

    ```mlir
    %old = alloy.atomic_rmw umax %p, %v : !alloy.ptr<global>, i32
    ```
  }];
  let arguments = (ins Alloy_AtomicKind:$kind,
                       Arg<Alloy_PtrType, "", [MemRead, MemWrite]>:$ptr,
                       Alloy_AtomicRMWValue:$value);
  let results = (outs Alloy_AtomicRMWValue:$result);
  let assemblyFormat = [{
    $kind $ptr `,` $value attr-dict `:` qualified(type($ptr)) `,` type($value)
  }];
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::alloy::AtomicKind":$kind, "::mlir::Value":$ptr,
                   "::mlir::Value":$value), [{
      $_state.addAttribute(getKindAttrName($_state.name),
          ::alloy::AtomicKindAttr::get($_builder.getContext(), kind));
      $_state.addOperands({ptr, value});
      $_state.addTypes(value.getType());
    }]>
  ];
  let hasVerifier = 1;
}

def Alloy_AtomicCASOp : Alloy_Op<"atomic_cas", [
    AllTypesMatch<["expected", "desired", "result"]>]> {
  let summary = "atomic compare-and-swap; returns the old value";
  let description = [{
    Atomically stores `desired` to `*ptr` if it holds `expected`; returns the
    old value either way (CUDA's `atomicCAS`). i16 (sm_70), i32 or i64; relaxed at device
    scope, like `alloy.atomic_rmw`.

    ```mlir
    %old = alloy.atomic_cas %p, %expected, %desired : !alloy.ptr, i64
    ```
  }];
  let arguments = (ins Arg<Alloy_PtrType, "", [MemRead, MemWrite]>:$ptr,
                       AnyTypeOf<[I16, I32, I64]>:$expected,
                       AnyTypeOf<[I16, I32, I64]>:$desired);
  let results = (outs AnyTypeOf<[I16, I32, I64]>:$result);
  let assemblyFormat = [{
    $ptr `,` $expected `,` $desired attr-dict `:` qualified(type($ptr)) `,`
    type($result)
  }];
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Value":$ptr, "::mlir::Value":$expected,
                   "::mlir::Value":$desired), [{
      $_state.addOperands({ptr, expected, desired});
      $_state.addTypes(expected.getType());
    }]>
  ];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Warp operations
//===----------------------------------------------------------------------===//
// Convergent: every lane named in `mask` must execute the same operation, so
// none may be duplicated, moved across control flow or made control-dependent
// on more values. They declare no memory effects on purpose: MLIR then treats
// them as having unknown effects and never moves, speculates or erases them.
// Their NVVM intrinsics are convergent in LLVM.

def Alloy_ShflOp : Alloy_Op<"shfl", [AllTypesMatch<["value", "result"]>]> {
  let summary = "warp shuffle (CUDA's __shfl*_sync, width 32)";
  let description = [{
    Reads `value` from another lane of the warp: `idx` from lane `lane`,
    `up` from lane - `lane`, `down` from lane + `lane`, `bfly` from
    lane ^ `lane`. A source outside the warp yields the lane's own value.
    Every lane in `mask` must execute it (convergent). 64-bit values are two
    32-bit shuffles of the halves, as in CUDA.

    ```mlir
    %r = alloy.shfl down %v, %delta, %mask : f64
    ```
  }];
  let arguments = (ins Alloy_ShflKind:$kind, Alloy_AtomicValue:$value,
                       I32:$lane, I32:$mask);
  let results = (outs Alloy_AtomicValue:$result);
  let assemblyFormat = [{
    $kind $value `,` $lane `,` $mask attr-dict `:` type($value)
  }];
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::alloy::ShflKind":$kind, "::mlir::Value":$value,
                   "::mlir::Value":$lane, "::mlir::Value":$mask), [{
      $_state.addAttribute(getKindAttrName($_state.name),
          ::alloy::ShflKindAttr::get($_builder.getContext(), kind));
      $_state.addOperands({value, lane, mask});
      $_state.addTypes(value.getType());
    }]>
  ];
}

def Alloy_VoteOp : Alloy_Op<"vote"> {
  let summary = "warp vote (CUDA's __ballot_sync, __all_sync, __any_sync)";
  let description = [{
    `ballot` returns an i32 whose bit N is `pred` of lane N (lanes in
    `mask`); `all` and `any` return an i1 over the lanes in `mask`. Every
    lane in `mask` must execute it (convergent).

    ```mlir
    %b = alloy.vote ballot %pred, %mask : i32
    %a = alloy.vote all %pred, %mask : i1
    ```
  }];
  let arguments = (ins Alloy_VoteKind:$kind, I1:$pred, I32:$mask);
  let results = (outs AnyTypeOf<[I1, I32]>:$result);
  let assemblyFormat = "$kind $pred `,` $mask attr-dict `:` type($result)";
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::alloy::VoteKind":$kind, "::mlir::Value":$pred,
                   "::mlir::Value":$mask), [{
      $_state.addAttribute(getKindAttrName($_state.name),
          ::alloy::VoteKindAttr::get($_builder.getContext(), kind));
      $_state.addOperands({pred, mask});
      $_state.addTypes(kind == ::alloy::VoteKind::ballot
                           ? $_builder.getI32Type() : $_builder.getI1Type());
    }]>
  ];
  let hasVerifier = 1;
}

def Alloy_ReduxOp : Alloy_Op<"redux"> {
  let summary = "warp reduction of 32-bit integers (CUDA's __reduce_*_sync)";
  let description = [{
    `kind` over the `value`s of the lanes in `mask`; every one of them gets
    the result. `min` and `max` compare as signed, `umin` and `umax` as
    unsigned. Every lane in `mask` must execute it (convergent). PTX's
    `redux.sync` (sm_80).

    ```mlir
    %s = alloy.redux add %v, %mask
    ```
  }];
  let arguments = (ins Alloy_ReduxKind:$kind, I32:$value, I32:$mask);
  let results = (outs I32:$result);
  let assemblyFormat = "$kind $value `,` $mask attr-dict";
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::alloy::ReduxKind":$kind, "::mlir::Value":$value,
                   "::mlir::Value":$mask), [{
      $_state.addAttribute(getKindAttrName($_state.name),
          ::alloy::ReduxKindAttr::get($_builder.getContext(), kind));
      $_state.addOperands({value, mask});
      $_state.addTypes($_builder.getI32Type());
    }]>
  ];
}

def Alloy_WarpSyncOp : Alloy_Op<"warp_sync"> {
  let summary = "warp barrier (CUDA's __syncwarp)";
  let description = [{
    Waits until every lane in `mask` arrives and orders their memory
    accesses. Convergent, like `alloy.barrier`. `alloy.warp_sync %mask`.
  }];
  let arguments = (ins I32:$mask);
  let assemblyFormat = "$mask attr-dict";
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Value":$mask), [{
      $_state.addOperands(mask);
    }]>
  ];
}

#endif // ALLOY_DIALECT_ALLOY_ALLOYATOMICOPS_TD
