//===- AlloyOps.td - Alloy operations ----------------------*- tablegen -*-===//

#ifndef ALLOY_DIALECT_ALLOY_ALLOYOPS_TD
#define ALLOY_DIALECT_ALLOY_ALLOYOPS_TD

include "alloy/Dialect/Alloy/AlloyDialect.td"
include "alloy/Dialect/Alloy/AlloyEnums.td"
include "alloy/Dialect/Alloy/AlloyTypes.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/InferIntRangeInterface.td"
include "mlir/Interfaces/MemorySlotInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// Scalars that memory operations move: integers, floats and pointers.
def Alloy_Scalar : AnyTypeOf<[AnySignlessInteger, AnyFloat, Alloy_PtrType]>;

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

def Alloy_KernelOp : Alloy_Op<"kernel", [
    FunctionOpInterface, IsolatedFromAbove, AutomaticAllocationScope]> {
  let summary = "a GPU kernel entry point";
  let description = [{
    A kernel: a function with no results, launched on a grid. Written like
    `func.func`. `contract_domain` (1..3) and `contract_block` (3 sizes)
    state the launch contract; `max_threads` and `min_blocks` give the
    `__launch_bounds__`; `cluster_dims` (3 sizes, sm_90) the blocks of a
    thread-block cluster. Pointer arguments may carry `alloy.noalias` and
    `alloy.readonly`. Device functions use `func.func`.

    ```mlir
    alloy.kernel @k(%a: !alloy.ptr<global> {alloy.noalias, alloy.readonly},
                    %n: i64) attributes {contract_domain = 1 : i32,
                    contract_block = array<i32: 256, 1, 1>} {
      alloy.return
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs,
                       OptionalAttr<StrAttr>:$qualified_name,
                       OptionalAttr<I32Attr>:$contract_domain,
                       OptionalAttr<DenseI32ArrayAttr>:$contract_block,
                       OptionalAttr<I32Attr>:$max_threads,
                       OptionalAttr<I32Attr>:$min_blocks,
                       OptionalAttr<DenseI32ArrayAttr>:$cluster_dims);
  let regions = (region AnyRegion:$body);
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::llvm::StringRef":$name, "::mlir::FunctionType":$type)>
  ];
  let extraClassDeclaration = [{
    ::mlir::Region *getCallableRegion() {
      return isExternal() ? nullptr : &getBody();
    }
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
  }];
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Alloy_ReturnOp : Alloy_Op<"return", [
    Pure, Terminator, HasParent<"KernelOp">, ReturnLike]> {
  let summary = "return from a kernel";
  let description = [{ Ends a kernel. Lowers to `llvm.return`. }];
  let assemblyFormat = "attr-dict";
  let skipDefaultBuilders = 1;
  let builders = [OpBuilder<(ins), [{ (void)$_state; }]>];
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

def Alloy_AllocaOp : Alloy_Op<"alloca", [
    DeclareOpInterfaceMethods<PromotableAllocationOpInterface>]> {
  let summary = "a stack slot for one value of `elem_type`";
  let description = [{
    Allocates one `elem_type` (a scalar, `!alloy.ptr` or `!alloy.record`) in
    the function's frame and returns its generic address. A scalar slot that
    only non-volatile `alloy.load`s and `alloy.store`s of its type use is
    promotable (MLIR's `mem2reg`); the rest lower to `llvm.alloca`s in the
    entry block, which LLVM's SROA sees.

    ```mlir
    %p = alloy.alloca f32, align 4
    ```
  }];
  let arguments = (ins TypeAttr:$elem_type, I64Attr:$alignment);
  let results = (outs Res<Alloy_GenericPtr, "",
                          [MemAlloc<AutomaticAllocationScopeResource>]>:$result);
  let assemblyFormat = "$elem_type `,` `align` $alignment attr-dict";
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Type":$elemType, "uint64_t":$alignment)>
  ];
  let hasVerifier = 1;
}

def Alloy_LoadOp : Alloy_Op<"load", [
    DeclareOpInterfaceMethods<PromotableMemOpInterface>]> {
  let summary = "load a scalar from memory";
  let description = [{
    Loads an integer, float or pointer from `addr` (any address space).

    ```mlir
    %v = alloy.load %p align 4 : !alloy.ptr<global> -> f32
    ```
  }];
  let arguments = (ins Arg<Alloy_PtrType, "", [MemRead]>:$addr,
                       I64Attr:$alignment, UnitAttr:$is_volatile);
  let results = (outs Alloy_Scalar:$result);
  let assemblyFormat = [{
    (`volatile` $is_volatile^)? $addr `align` $alignment attr-dict `:`
    qualified(type($addr)) `->` type($result)
  }];
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Type":$resultType, "::mlir::Value":$addr,
                   "uint64_t":$alignment)>
  ];
  let hasVerifier = 1;
}

def Alloy_StoreOp : Alloy_Op<"store", [
    DeclareOpInterfaceMethods<PromotableMemOpInterface>]> {
  let summary = "store a scalar to memory";
  let description = [{
    Stores an integer, float or pointer `value` to `addr`.

    ```mlir
    alloy.store %v, %p align 4 : f32, !alloy.ptr<global>
    ```
  }];
  let arguments = (ins Alloy_Scalar:$value,
                       Arg<Alloy_PtrType, "", [MemWrite]>:$addr,
                       I64Attr:$alignment, UnitAttr:$is_volatile);
  let assemblyFormat = [{
    (`volatile` $is_volatile^)? $value `,` $addr `align` $alignment attr-dict
    `:` type($value) `,` qualified(type($addr))
  }];
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Value":$value, "::mlir::Value":$addr,
                   "uint64_t":$alignment)>
  ];
  let hasVerifier = 1;
}

def Alloy_PtrAddOp : Alloy_Op<"ptr_add", [
    Pure, AllTypesMatch<["base", "result"]>]> {
  let summary = "pointer arithmetic: base + index * sizeof(elem_type)";
  let description = [{
    C++ pointer arithmetic; `index` is a signed i64. As in C++, the result
    must stay within (or one past) the object (lowers to `getelementptr
    inbounds`).

    ```mlir
    %q = alloy.ptr_add %p[%i] elem f32 : !alloy.ptr<global>
    ```
  }];
  let arguments = (ins Alloy_PtrType:$base, I64:$index, TypeAttr:$elem_type);
  let results = (outs Alloy_PtrType:$result);
  let assemblyFormat = [{
    $base `[` $index `]` `elem` $elem_type attr-dict `:` qualified(type($base))
  }];
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Value":$base, "::mlir::Value":$index,
                   "::mlir::Type":$elemType)>
  ];
  let hasVerifier = 1;
}

def Alloy_MemberAddrOp : Alloy_Op<"member_addr", [
    Pure, AllTypesMatch<["base", "result"]>]> {
  let summary = "address of a record member at a byte offset";
  let description = [{
    ```mlir
    %f = alloy.member_addr %p, 8 : !alloy.ptr
    ```
  }];
  let arguments = (ins Alloy_PtrType:$base, I64Attr:$offset);
  let results = (outs Alloy_PtrType:$result);
  let assemblyFormat = "$base `,` $offset attr-dict `:` qualified(type($base))";
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Value":$base, "uint64_t":$offset)>
  ];
}

def Alloy_NullOp : Alloy_Op<"null", [Pure, ConstantLike]> {
  let summary = "the null pointer";
  let description = [{
    ```mlir
    %p = alloy.null : !alloy.ptr<global>
    ```
  }];
  let results = (outs Alloy_PtrType:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Type":$type), [{
      $_state.addTypes(type);
    }]>
  ];
  let hasFolder = 1;
}

def Alloy_AddrSpaceCastOp : Alloy_Op<"addrspace_cast", [Pure]> {
  let summary = "convert a pointer to another address space";
  let description = [{
    ```mlir
    %g = alloy.addrspace_cast %p : !alloy.ptr to !alloy.ptr<global>
    ```
  }];
  let arguments = (ins Alloy_PtrType:$ptr);
  let results = (outs Alloy_PtrType:$result);
  let assemblyFormat = [{
    $ptr attr-dict `:` qualified(type($ptr)) `to` qualified(type($result))
  }];
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Type":$resultType, "::mlir::Value":$ptr), [{
      $_state.addOperands(ptr);
      $_state.addTypes(resultType);
    }]>
  ];
  let hasVerifier = 1;
}

def Alloy_PtrToIntOp : Alloy_Op<"ptr_to_int", [Pure]> {
  let summary = "pointer to integer";
  let description = [{
    ```mlir
    %i = alloy.ptr_to_int %p : !alloy.ptr<global> to i64
    ```
  }];
  let arguments = (ins Alloy_PtrType:$input);
  let results = (outs AnySignlessInteger:$result);
  let assemblyFormat = [{
    $input attr-dict `:` qualified(type($input)) `to` type($result)
  }];
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Type":$resultType, "::mlir::Value":$input), [{
      $_state.addOperands(input);
      $_state.addTypes(resultType);
    }]>
  ];
}

def Alloy_IntToPtrOp : Alloy_Op<"int_to_ptr", [Pure]> {
  let summary = "integer to pointer";
  let description = [{
    ```mlir
    %p = alloy.int_to_ptr %i : i64 to !alloy.ptr<global>
    ```
  }];
  let arguments = (ins AnySignlessInteger:$input);
  let results = (outs Alloy_PtrType:$result);
  let assemblyFormat = [{
    $input attr-dict `:` type($input) `to` qualified(type($result))
  }];
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Type":$resultType, "::mlir::Value":$input), [{
      $_state.addOperands(input);
      $_state.addTypes(resultType);
    }]>
  ];
}

def Alloy_MemcpyOp : Alloy_Op<"memcpy"> {
  let summary = "copy `size` bytes";
  let description = [{
    Copies `size` bytes from `src` to `dst` (non-overlapping); both are
    aligned to `alignment`. Lowers to `llvm.intr.memcpy`.

    ```mlir
    alloy.memcpy %d, %s, 16 align 8 : !alloy.ptr, !alloy.ptr
    ```
  }];
  let arguments = (ins Arg<Alloy_PtrType, "", [MemWrite]>:$dst,
                       Arg<Alloy_PtrType, "", [MemRead]>:$src,
                       I64Attr:$size, I64Attr:$alignment);
  let assemblyFormat = [{
    $dst `,` $src `,` $size `align` $alignment attr-dict `:`
    qualified(type($dst)) `,` qualified(type($src))
  }];
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Value":$dst, "::mlir::Value":$src,
                   "uint64_t":$size, "uint64_t":$alignment)>
  ];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// GPU intrinsics
//===----------------------------------------------------------------------===//

// `sreg`: the register's alloy::Sreg, for its value range.
class Alloy_DimOp<string mnemonic, string what, string sreg>
    : Alloy_Op<mnemonic, [Pure,
        DeclareOpInterfaceMethods<InferIntRangeInterface, ["inferResultRanges"]>]> {
  let summary = what # " along `dim`";
  let description = [{
    Reads a PTX special register as i32, e.g. `alloy.}] # mnemonic # [{ x`.
    Its value range (upstream's integer range analysis) comes from the
    hardware limits, tightened inside an `alloy.kernel` by its launch
    contract (exact block shape) or bounds (at most `max_threads`).
  }];
  let arguments = (ins Alloy_Dim:$dim);
  let results = (outs I32:$result);
  let assemblyFormat = "$dim attr-dict";
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::alloy::Dim":$dim), [{
      $_state.addAttribute(getDimAttrName($_state.name),
          ::alloy::DimAttr::get($_builder.getContext(), dim));
      $_state.addTypes($_builder.getI32Type());
    }]>
  ];
  let extraClassDefinition = [{
    void $cppClass::inferResultRanges(
        ::llvm::ArrayRef<::mlir::ConstantIntRanges>,
        ::mlir::SetIntRangeFn setResultRange) {
      setResultRange(getResult(),
                     sregRange(*this, ::alloy::Sreg::}] # sreg # [{, getDim()));
    }
  }];
}

def Alloy_ThreadIdOp
    : Alloy_DimOp<"thread_id", "thread index in the block", "ThreadId">;
def Alloy_BlockIdOp
    : Alloy_DimOp<"block_id", "block index in the grid", "BlockId">;
def Alloy_BlockDimOp
    : Alloy_DimOp<"block_dim", "threads per block", "BlockDim">;
def Alloy_GridDimOp : Alloy_DimOp<"grid_dim", "blocks per grid", "GridDim">;

def Alloy_LaneIdOp : Alloy_Op<"lane_id", [Pure,
    DeclareOpInterfaceMethods<InferIntRangeInterface, ["inferResultRanges"]>]> {
  let summary = "lane index in the warp";
  let description = [{ `%l = alloy.lane_id` (i32 in [0, 32)). }];
  let results = (outs I32:$result);
  let assemblyFormat = "attr-dict";
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins), [{ $_state.addTypes($_builder.getI32Type()); }]>
  ];
}

def Alloy_BarrierOp : Alloy_Op<"barrier"> {
  let summary = "block-wide barrier (__syncthreads)";
  let description = [{
    Waits until every thread of the block arrives; orders their prior memory
    accesses. Convergent: every thread of the block must execute the same
    barrier, so it must never be duplicated, moved across control flow or
    made control-dependent on more values. It has unknown memory effects, so
    nothing is moved across it. Lowers to `nvvm.barrier0` (a convergent
    intrinsic).
  }];
  let assemblyFormat = "attr-dict";
  let skipDefaultBuilders = 1;
  let builders = [OpBuilder<(ins), [{ (void)$_state; }]>];
}

def Alloy_FenceOp : Alloy_Op<"fence"> {
  let summary = "sequentially consistent memory fence";
  let description = [{
    `alloy.fence block|device|system`: `fence.sc.cta`, `fence.sc.gpu` or
    `fence.sc.sys` in PTX.
  }];
  let arguments = (ins Alloy_FenceScope:$scope);
  let assemblyFormat = "$scope attr-dict";
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::alloy::FenceScope":$scope), [{
      $_state.addAttribute(getScopeAttrName($_state.name),
          ::alloy::FenceScopeAttr::get($_builder.getContext(), scope));
    }]>
  ];
}

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

def Alloy_SharedMemoryOp : Alloy_Op<"shared_memory", [Symbol]> {
  let summary = "an array in shared memory, one per block (CUDA's __shared__)";
  let description = [{
    At module level: storage of `elem_type` in the shared address space,
    one instance per thread block, the same on every use.
    ```mlir
    alloy.shared_memory @tile : !alloy.record<"float[256]", 1024, 4>, align 4
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, TypeAttr:$elem_type,
                       I64Attr:$alignment);
  let assemblyFormat = "$sym_name `:` $elem_type `,` `align` $alignment attr-dict";
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::llvm::StringRef":$name, "::mlir::Type":$elemType,
                   "uint64_t":$alignment), [{
      $_state.addAttribute("sym_name", $_builder.getStringAttr(name));
      $_state.addAttribute("elem_type", ::mlir::TypeAttr::get(elemType));
      $_state.addAttribute("alignment", $_builder.getI64IntegerAttr(alignment));
    }]>
  ];
  let hasVerifier = 1;
}

def Alloy_SharedAddressOp : Alloy_Op<"shared_address",
    [Pure, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "the address of an alloy.shared_memory array";
  let description = [{
    ```mlir
    %p = alloy.shared_address @tile : !alloy.ptr<shared>
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$name);
  let results = (outs Alloy_PtrType:$result);
  let assemblyFormat = "$name attr-dict `:` qualified(type($result))";
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::llvm::StringRef":$name), [{
      $_state.addAttribute("name",
          ::mlir::FlatSymbolRefAttr::get($_builder.getContext(), name));
      $_state.addTypes(::alloy::PtrType::get($_builder.getContext(),
                                             ::alloy::MemorySpace::shared));
    }]>
  ];
  let hasVerifier = 1;
}

def Alloy_DynamicSharedBaseOp : Alloy_Op<"dynamic_shared_base", [Pure]> {
  let summary = "the start of the launch's dynamic shared memory (16-byte aligned)";
  let results = (outs Alloy_PtrType:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins), [{
      $_state.addTypes(::alloy::PtrType::get($_builder.getContext(),
                                             ::alloy::MemorySpace::shared));
    }]>
  ];
}

def Alloy_DynamicSharedSizeOp : Alloy_Op<"dynamic_shared_size", [Pure]> {
  let summary = "the size in bytes of the launch's dynamic shared memory";
  let results = (outs I32:$result);
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// Constant data
//===----------------------------------------------------------------------===//

def Alloy_GlobalConstantOp : Alloy_Op<"global_constant", [Symbol]> {
  let summary = "read-only data in the constant address space";
  let description = [{
    At module level: bytes that kernels read, such as string literals and
    namespace-scope `constexpr` tables.
    ```mlir
    alloy.global_constant @str = "hi\00", align 1
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, StrAttr:$value,
                       I64Attr:$alignment);
  let assemblyFormat = "$sym_name `=` $value `,` `align` $alignment attr-dict";
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::llvm::StringRef":$name, "::llvm::StringRef":$bytes,
                   "uint64_t":$alignment), [{
      $_state.addAttribute("sym_name", $_builder.getStringAttr(name));
      $_state.addAttribute("value", $_builder.getStringAttr(bytes));
      $_state.addAttribute("alignment", $_builder.getI64IntegerAttr(alignment));
    }]>
  ];
  let hasVerifier = 1;
}

def Alloy_ConstantAddressOp : Alloy_Op<"constant_address",
    [Pure, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "the address of an alloy.global_constant";
  let description = [{
    ```mlir
    %p = alloy.constant_address @str : !alloy.ptr<constant>
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$name);
  let results = (outs Alloy_PtrType:$result);
  let assemblyFormat = "$name attr-dict `:` qualified(type($result))";
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::llvm::StringRef":$name), [{
      $_state.addAttribute("name",
          ::mlir::FlatSymbolRefAttr::get($_builder.getContext(), name));
      $_state.addTypes(::alloy::PtrType::get($_builder.getContext(),
                                             ::alloy::MemorySpace::constant));
    }]>
  ];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Device globals
//===----------------------------------------------------------------------===//

def Alloy_DeviceGlobalOp : Alloy_Op<"device_global", [Symbol]> {
  let summary = "a variable in global or constant memory that the host "
                "reads and writes (CUDA's __device__ and __constant__)";
  let description = [{
    At module level: `size` bytes in the `global` or `constant` address
    space, initialized with `value` (zeros without one), visible to the host
    under its symbol (cuModuleGetGlobal), which may write it between
    launches: kernels never assume its initial value.
    ```mlir
    alloy.device_global @_ZL5table : 8 bytes in constant = "\00\00\80?\00\00\00@", align 4
    alloy.device_global @_Z7counter : 4 bytes in global, align 4
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, I64Attr:$size,
                       Alloy_MemorySpace:$space, OptionalAttr<StrAttr>:$value,
                       I64Attr:$alignment);
  let assemblyFormat = [{
    $sym_name `:` $size `bytes` `in` $space (`=` $value^)? `,` `align`
    $alignment attr-dict
  }];
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::llvm::StringRef":$name, "uint64_t":$size,
                   "::alloy::MemorySpace":$space,
                   "std::optional<::llvm::StringRef>":$bytes,
                   "uint64_t":$alignment), [{
      $_state.addAttribute("sym_name", $_builder.getStringAttr(name));
      $_state.addAttribute("size", $_builder.getI64IntegerAttr(size));
      $_state.addAttribute("space",
          ::alloy::MemorySpaceAttr::get($_builder.getContext(), space));
      if (bytes)
        $_state.addAttribute("value", $_builder.getStringAttr(*bytes));
      $_state.addAttribute("alignment", $_builder.getI64IntegerAttr(alignment));
    }]>
  ];
  let hasVerifier = 1;
}

def Alloy_GlobalAddressOp : Alloy_Op<"global_address",
    [Pure, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "the address of an alloy.device_global";
  let description = [{
    A pointer in the variable's own address space.
    ```mlir
    %p = alloy.global_address @_Z7counter : !alloy.ptr<global>
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$name);
  let results = (outs Alloy_PtrType:$result);
  let assemblyFormat = "$name attr-dict `:` qualified(type($result))";
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::llvm::StringRef":$name, "::alloy::MemorySpace":$space), [{
      $_state.addAttribute("name",
          ::mlir::FlatSymbolRefAttr::get($_builder.getContext(), name));
      $_state.addTypes(::alloy::PtrType::get($_builder.getContext(), space));
    }]>
  ];
}

include "alloy/Dialect/Alloy/AlloyAtomicOps.td"
include "alloy/Dialect/Alloy/AlloyMemoryOps.td"
include "alloy/Dialect/Alloy/AlloyTensorOps.td"
include "alloy/Dialect/Alloy/AlloyTmaOps.td"
include "alloy/Dialect/Alloy/AlloyHopperOps.td"
include "alloy/Dialect/Alloy/AlloyWgmmaOps.td"
include "alloy/Dialect/Alloy/AlloyClusterOps.td"

#endif // ALLOY_DIALECT_ALLOY_ALLOYOPS_TD
