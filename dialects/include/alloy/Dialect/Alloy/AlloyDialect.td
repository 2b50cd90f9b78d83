//===- AlloyDialect.td - Alloy dialect definition ----------*- tablegen -*-===//

#ifndef ALLOY_DIALECT_ALLOY_ALLOYDIALECT_TD
#define ALLOY_DIALECT_ALLOY_ALLOYDIALECT_TD

include "mlir/IR/OpBase.td"

def Alloy_Dialect : Dialect {
  let name = "alloy";
  let cppNamespace = "::alloy";
  let summary = "Alloy single-source GPU kernels";
  let description = [{
    Kernels, pointers into GPU address spaces, memory operations and the GPU
    intrinsics that Alloy's Clang plugin emits. It lowers to the `llvm` and
    `nvvm` dialects with `convert-alloy-to-llvm`.
  }];
  let useDefaultTypePrinterParser = 1;
  // mem2reg's value for a local read before any write is ub.poison.
  let dependentDialects = ["::mlir::ub::UBDialect"];
  // Verifies `alloy.noalias` / `alloy.readonly` / `alloy.nonnull` on
  // function arguments.
  let hasRegionArgAttrVerify = 1;
  let hasConstantMaterializer = 1;
  let extraClassDeclaration = [{
    static constexpr llvm::StringLiteral getNoAliasAttrName() {
      return "alloy.noalias";
    }
    static constexpr llvm::StringLiteral getReadOnlyAttrName() {
      return "alloy.readonly";
    }
    // The runtime never passes null here (a gpu::disjoint_span's data).
    static constexpr llvm::StringLiteral getNonNullAttrName() {
      return "alloy.nonnull";
    }
    // A kernel argument that is the generic address of a by-value
    // parameter the kernel reads in place (gpu::tensor_map, CUDA's
    // __grid_constant__): array<i64: size, align> in bytes.
    static constexpr llvm::StringLiteral getGridConstantAttrName() {
      return "alloy.grid_constant";
    }
  private:
    void registerTypes();
  public:
  }];
}

class Alloy_Op<string mnemonic, list<Trait> traits = []>
    : Op<Alloy_Dialect, mnemonic, traits>;

#endif // ALLOY_DIALECT_ALLOY_ALLOYDIALECT_TD
