//===- AlloyEnums.td - Alloy enums -------------------------*- tablegen -*-===//

#ifndef ALLOY_DIALECT_ALLOY_ALLOYENUMS_TD
#define ALLOY_DIALECT_ALLOY_ALLOYENUMS_TD

include "mlir/IR/EnumAttr.td"

def Alloy_Dim : I32EnumAttr<"Dim", "grid/block dimension", [
    I32EnumAttrCase<"x", 0>, I32EnumAttrCase<"y", 1>,
    I32EnumAttrCase<"z", 2>]> {
  let cppNamespace = "::alloy";
}

// Values are the NVPTX address-space numbers.
def Alloy_MemorySpace : I32EnumAttr<"MemorySpace", "GPU address space", [
    I32EnumAttrCase<"generic", 0>, I32EnumAttrCase<"global", 1>,
    I32EnumAttrCase<"shared", 3>, I32EnumAttrCase<"constant", 4>,
    I32EnumAttrCase<"local", 5>]> {
  let cppNamespace = "::alloy";
}

def Alloy_FenceScope : I32EnumAttr<"FenceScope", "memory fence scope", [
    I32EnumAttrCase<"block", 0>, I32EnumAttrCase<"device", 1>,
    I32EnumAttrCase<"system", 2>]> {
  let cppNamespace = "::alloy";
}

#endif // ALLOY_DIALECT_ALLOY_ALLOYENUMS_TD
