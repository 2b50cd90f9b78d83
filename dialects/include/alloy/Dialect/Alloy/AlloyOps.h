//===- AlloyOps.h - Alloy operations ----------------------------*- C++ -*-===//

#ifndef ALLOY_DIALECT_ALLOY_ALLOYOPS_H
#define ALLOY_DIALECT_ALLOY_ALLOYOPS_H

#include "alloy/Dialect/Alloy/AlloyDialect.h"
#include "alloy/Dialect/Alloy/AlloyTypes.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "alloy/Dialect/Alloy/AlloyOps.h.inc"

#endif // ALLOY_DIALECT_ALLOY_ALLOYOPS_H
