//===- AlloyMemoryOps.td - Alloy memory and bit operations -*- tablegen -*-===//
//
// Included by AlloyOps.td: byte-range operations of dynamic length, loads
// and stores with a cache policy, and the bit operations the standard
// dialects lack.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOY_DIALECT_ALLOY_ALLOYMEMORYOPS_TD
#define ALLOY_DIALECT_ALLOY_ALLOYMEMORYOPS_TD

include "mlir/IR/EnumAttr.td"

// PTX's cache operators (ld.global.<op>, st.global.<op>).
def Alloy_CachePolicy : I32EnumAttr<"CachePolicy", "global-memory cache policy", [
    I32EnumAttrCase<"ca", 0>, I32EnumAttrCase<"cg", 1>,
    I32EnumAttrCase<"cs", 2>, I32EnumAttrCase<"lu", 3>,
    I32EnumAttrCase<"cv", 4>, I32EnumAttrCase<"nc", 5>,
    I32EnumAttrCase<"wb", 6>, I32EnumAttrCase<"wt", 7>]> {
  let cppNamespace = "::alloy";
}

def Alloy_MemsetOp : Alloy_Op<"memset"> {
  let summary = "set `length` bytes to `value`";
  let description = [{
    Stores the byte `value` `length` times from `dst`, aligned to
    `alignment`. Lowers to `llvm.intr.memset` (a loop where the length is
    not a constant).

    ```mlir
    alloy.memset %p, %zero, %n align 4 : !alloy.ptr
    ```
  }];
  let arguments = (ins Arg<Alloy_PtrType, "", [MemWrite]>:$dst, I8:$value,
                       I64:$length, I64Attr:$alignment);
  let assemblyFormat = [{
    $dst `,` $value `,` $length `align` $alignment attr-dict `:`
    qualified(type($dst))
  }];
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Value":$dst, "::mlir::Value":$value,
                   "::mlir::Value":$length, "uint64_t":$alignment), [{
      $_state.addOperands({dst, value, length});
      $_state.addAttribute(getAlignmentAttrName($_state.name),
                           $_builder.getI64IntegerAttr(alignment));
    }]>
  ];
  let hasVerifier = 1;
}

def Alloy_MemmoveOp : Alloy_Op<"memmove"> {
  let summary = "copy `length` bytes, the ranges may overlap";
  let description = [{
    C's memmove (and memcpy of a length only known at run time). Lowers to
    `llvm.intr.memmove`.

    ```mlir
    alloy.memmove %d, %s, %n align 1 : !alloy.ptr, !alloy.ptr
    ```
  }];
  let arguments = (ins Arg<Alloy_PtrType, "", [MemWrite]>:$dst,
                       Arg<Alloy_PtrType, "", [MemRead]>:$src, I64:$length,
                       I64Attr:$alignment);
  let assemblyFormat = [{
    $dst `,` $src `,` $length `align` $alignment attr-dict `:`
    qualified(type($dst)) `,` qualified(type($src))
  }];
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Value":$dst, "::mlir::Value":$src,
                   "::mlir::Value":$length, "uint64_t":$alignment), [{
      $_state.addOperands({dst, src, length});
      $_state.addAttribute(getAlignmentAttrName($_state.name),
                           $_builder.getI64IntegerAttr(alignment));
    }]>
  ];
  let hasVerifier = 1;
}

// Integers of 8 to 128 bits and 32/64-bit floats.
def Alloy_CachedValue : AnyTypeOf<[I8, I16, I32, I64, I128, F32, F64]>;

def Alloy_CachedLoadOp : Alloy_Op<"cached_load"> {
  let summary = "a global-memory load with a cache policy (CUDA's __ldcs ...)";
  let description = [{
    `ld.global.<policy>` of the value at `addr` (a global address, given
    generic): `nc` the read-only path (`__ldg`), `ca` all levels (`__ldca`),
    `cg` L2 only (`__ldcg`), `cs` streaming (`__ldcs`), `lu` last use
    (`__ldlu`), `cv` uncached (`__ldcv`).

    ```mlir
    %v = alloy.cached_load cs %p : !alloy.ptr -> f32
    ```
  }];
  let arguments = (ins Arg<Alloy_PtrType, "", [MemRead]>:$addr,
                       Alloy_CachePolicy:$policy);
  let results = (outs Alloy_CachedValue:$result);
  let assemblyFormat = [{
    $policy $addr attr-dict `:` qualified(type($addr)) `->` type($result)
  }];
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Type":$type, "::mlir::Value":$addr,
                   "::alloy::CachePolicy":$policy), [{
      $_state.addOperands(addr);
      $_state.addAttribute(getPolicyAttrName($_state.name),
          ::alloy::CachePolicyAttr::get($_builder.getContext(), policy));
      $_state.addTypes(type);
    }]>
  ];
  let hasVerifier = 1;
}

def Alloy_CachedStoreOp : Alloy_Op<"cached_store"> {
  let summary = "a global-memory store with a cache policy (CUDA's __stcs ...)";
  let description = [{
    `st.global.<policy>`: `wb` write-back (`__stwb`), `cg` L2 only
    (`__stcg`), `cs` streaming (`__stcs`), `wt` write-through (`__stwt`).

    ```mlir
    alloy.cached_store cs %v, %p : f32, !alloy.ptr
    ```
  }];
  let arguments = (ins Alloy_CachedValue:$value,
                       Arg<Alloy_PtrType, "", [MemWrite]>:$addr,
                       Alloy_CachePolicy:$policy);
  let assemblyFormat = [{
    $policy $value `,` $addr attr-dict `:` type($value) `,`
    qualified(type($addr))
  }];
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Value":$value, "::mlir::Value":$addr,
                   "::alloy::CachePolicy":$policy), [{
      $_state.addOperands({value, addr});
      $_state.addAttribute(getPolicyAttrName($_state.name),
          ::alloy::CachePolicyAttr::get($_builder.getContext(), policy));
    }]>
  ];
  let hasVerifier = 1;
}

def Alloy_InSpaceOp : Alloy_Op<"in_space", [Pure]> {
  let summary = "whether a generic pointer points into an address space";
  let description = [{
    PTX's `isspacep`: true when the generic address `ptr` lies in `space`
    (global, shared, constant or local). Lowers to `llvm.nvvm.isspacep.*`,
    which LLVM's InferAddressSpaces folds to a constant wherever the
    pointer's address space is known (a `[[gpu::shared]]` array, a kernel's
    global pointer parameter), so a branch on it then costs nothing.

    ```mlir
    %s = alloy.in_space %p, shared : !alloy.ptr
    ```
  }];
  let arguments = (ins Alloy_GenericPtr:$ptr, Alloy_MemorySpace:$space);
  let results = (outs I1:$result);
  let assemblyFormat = "$ptr `,` $space attr-dict `:` qualified(type($ptr))";
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Value":$ptr, "::alloy::MemorySpace":$space), [{
      $_state.addOperands(ptr);
      $_state.addAttribute("space",
          ::alloy::MemorySpaceAttr::get($_builder.getContext(), space));
      $_state.addTypes($_builder.getI1Type());
    }]>
  ];
  let hasVerifier = 1;
}

def Alloy_AssumeAlignedOp : Alloy_Op<"assume_aligned", [
    Pure, AllTypesMatch<["ptr", "result"]>]> {
  let summary = "the pointer, promised aligned (`__builtin_assume_aligned`)";
  let description = [{
    Returns `ptr` unchanged, with the program's promise that `ptr - offset`
    (`offset` 0 when absent) is a multiple of `alignment` bytes, a power of
    two: `__builtin_assume_aligned(p, alignment[, offset])` and
    `std::assume_aligned<alignment>(p)`. `alloy-infer-alignment` reads it to
    raise the alignment of the accesses through the pointer; it lowers to
    `llvm.intr.assume` with an `"align"` bundle, which LLVM reads too.

    ```mlir
    %q = alloy.assume_aligned %p, 16 : !alloy.ptr
    %r = alloy.assume_aligned %p, 16 offset %c4 : !alloy.ptr
    ```
  }];
  let arguments = (ins Alloy_PtrType:$ptr, I64Attr:$alignment,
                       Optional<I64>:$offset);
  let results = (outs Alloy_PtrType:$result);
  let assemblyFormat = [{
    $ptr `,` $alignment (`offset` $offset^)? attr-dict `:` qualified(type($ptr))
  }];
  let hasVerifier = 1;
}

#endif // ALLOY_DIALECT_ALLOY_ALLOYMEMORYOPS_TD
