//===- Passes.h - Alloy-level transformations -------------------*- C++ -*-===//

#ifndef ALLOY_TRANSFORMS_PASSES_H
#define ALLOY_TRANSFORMS_PASSES_H

#include "alloy/Transforms/Attributes.h"
#include "mlir/Pass/Pass.h"

namespace alloy {

#define GEN_PASS_DECL
#include "alloy/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "alloy/Transforms/Passes.h.inc"

} // namespace alloy

#endif // ALLOY_TRANSFORMS_PASSES_H
