// Makes a negation whose bits are observed flip the sign bit, as IEEE 754
// negation does. The NVPTX backend emits PTX `neg.f32`/`neg.f64`/`neg.f16`,
// whose NaN result PTX leaves unspecified and the GPU makes the canonical
// NaN: `std::signbit(-x)` of a NaN x was false and `-x` stored a positive
// NaN. Each `fneg` whose value reaches something other than arithmetic (a
// store, a bit cast, a select, a call, a conversion) becomes an integer
// `xor` of the sign bit there; arithmetic uses (whose NaN results have no
// specified sign) keep the `fneg`, which ptxas folds into their operands.
#ifndef ALLOY_COMPILER_PIPELINE_EXACTNEGATION_H
#define ALLOY_COMPILER_PIPELINE_EXACTNEGATION_H

#include "llvm/IR/PassManager.h"

namespace alloy {

class ExactNegationPass : public llvm::PassInfoMixin<ExactNegationPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &f,
                              llvm::FunctionAnalysisManager &);
  static llvm::StringRef name() { return "alloy-exact-negation"; }
};

} // namespace alloy

#endif
