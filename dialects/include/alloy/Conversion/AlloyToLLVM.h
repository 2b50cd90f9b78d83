//===- AlloyToLLVM.h - Alloy to llvm/nvvm conversion patterns ---*- C++ -*-===//
//
// The patterns of convert-alloy-to-llvm, exported as MLIR's own conversions
// export theirs, for a pass or tool that lowers Alloy ops beside others.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOY_CONVERSION_ALLOYTOLLVM_H
#define ALLOY_CONVERSION_ALLOYTOLLVM_H

#include "alloy/Conversion/GpuTarget.h"

namespace mlir {
class LLVMTypeConverter;
class RewritePatternSet;
} // namespace mlir

namespace alloy {

/// The patterns of convert-alloy-to-llvm: every Alloy op to llvm and nvvm
/// ops. Patterns of instructions that need a newer target than `target`
/// report an error naming both.
void populateAlloyToLLVMConversionPatterns(const mlir::LLVMTypeConverter &tc,
                                           mlir::RewritePatternSet &patterns,
                                           const GpuTarget &target);

} // namespace alloy

#endif // ALLOY_CONVERSION_ALLOYTOLLVM_H
