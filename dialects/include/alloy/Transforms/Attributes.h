//===- Attributes.h - Attributes the Alloy-level passes read ----*- C++ -*-===//

#ifndef ALLOY_TRANSFORMS_ATTRIBUTES_H
#define ALLOY_TRANSFORMS_ATTRIBUTES_H

#include "llvm/ADT/StringRef.h"

namespace alloy {

/// The discardable attribute the lowering puts on a float operation whose
/// contraction mode a pragma sets ("fast", "on" or "off"); read and removed
/// by alloy-fp-contract.
inline constexpr llvm::StringLiteral kFPContractAttr = "alloy.fp_contract";

} // namespace alloy

#endif // ALLOY_TRANSFORMS_ATTRIBUTES_H
