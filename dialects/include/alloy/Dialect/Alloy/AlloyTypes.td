//===- AlloyTypes.td - Alloy types -------------------------*- tablegen -*-===//

#ifndef ALLOY_DIALECT_ALLOY_ALLOYTYPES_TD
#define ALLOY_DIALECT_ALLOY_ALLOYTYPES_TD

include "alloy/Dialect/Alloy/AlloyDialect.td"
include "alloy/Dialect/Alloy/AlloyEnums.td"
include "mlir/IR/AttrTypeBase.td"

class Alloy_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Alloy_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def Alloy_PtrType : Alloy_Type<"Ptr", "ptr"> {
  let summary = "pointer into a GPU address space";
  let description = [{
    An untyped pointer: `!alloy.ptr` (generic), `!alloy.ptr<global>`,
    `!alloy.ptr<shared>`, `!alloy.ptr<constant>` or `!alloy.ptr<local>`.
    Lowers to `!llvm.ptr<N>` with the NVPTX address-space number N.
  }];
  let parameters = (ins DefaultValuedParameter<"::alloy::MemorySpace",
      "::alloy::MemorySpace::generic", "address space">:$space);
  let assemblyFormat = "(`<` $space^ `>`)?";
  let skipDefaultBuilders = 1;
  let builders = [
    TypeBuilder<(ins CArg<"::alloy::MemorySpace",
                          "::alloy::MemorySpace::generic">:$space), [{
      return $_get($_ctxt, space);
    }]>
  ];
}

def Alloy_RecordType : Alloy_Type<"Record", "record"> {
  let summary = "an aggregate that lives in memory";
  let description = [{
    A C++ class or array, known by name, size and alignment in bytes, e.g.
    `!alloy.record<"std::span<const float>", 16, 8>`. Only used as the
    `elem_type` of `alloy.alloca` / `alloy.ptr_add`, never as a value type.
    Lowers to `!llvm.array<size x i8>`.
  }];
  let parameters = (ins StringRefParameter<"C++ type name">:$name,
                        "uint64_t":$size, "uint64_t":$align);
  let assemblyFormat = "`<` $name `,` $size `,` $align `>`";
  let genVerifyDecl = 1;
}

// A generic-space `!alloy.ptr`, e.g. the result of `alloy.alloca`.
def Alloy_GenericPtr : Type<CPred<[{::llvm::isa<::alloy::PtrType>($_self) &&
    ::llvm::cast<::alloy::PtrType>($_self).getSpace() ==
        ::alloy::MemorySpace::generic}]>, "generic !alloy.ptr",
    "::alloy::PtrType">,
  BuildableType<"::alloy::PtrType::get($_builder.getContext())">;

#endif // ALLOY_DIALECT_ALLOY_ALLOYTYPES_TD
