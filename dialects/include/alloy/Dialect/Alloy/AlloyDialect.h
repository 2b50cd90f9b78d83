//===- AlloyDialect.h - Alloy dialect ---------------------------*- C++ -*-===//

#ifndef ALLOY_DIALECT_ALLOY_ALLOYDIALECT_H
#define ALLOY_DIALECT_ALLOY_ALLOYDIALECT_H

#include "mlir/IR/Dialect.h"

#include "alloy/Dialect/Alloy/AlloyDialect.h.inc"

#endif // ALLOY_DIALECT_ALLOY_ALLOYDIALECT_H
