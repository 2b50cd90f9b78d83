//===- AlloyTypes.h - Alloy types and enums ---------------------*- C++ -*-===//

#ifndef ALLOY_DIALECT_ALLOY_ALLOYTYPES_H
#define ALLOY_DIALECT_ALLOY_ALLOYTYPES_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"

#include "alloy/Dialect/Alloy/AlloyEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "alloy/Dialect/Alloy/AlloyTypes.h.inc"

namespace alloy {
/// True for the types `alloy.alloca`/`alloy.ptr_add` accept as `elem_type`:
/// integers, floats, `!alloy.ptr` and `!alloy.record`.
bool isValidElemType(mlir::Type type);
} // namespace alloy

#endif // ALLOY_DIALECT_ALLOY_ALLOYTYPES_H
