// Keeps C++'s answer for `a < b ? a : b` on zeros of opposite signs. LLVM's
// instruction selection turns such a select of floats into the target's
// min/max (SelectionDAGBuilder matches the pattern even without `nsz`), and
// PTX's min.f32/min.f64 order -0 below +0: std::min(0.0, -0.0) gave -0.0 on
// the GPU, where C++ returns the first argument, +0.0 (found by test/fuzz).
// This pass freezes the condition of every such select whose result could
// differ (no `nsz`, no non-zero constant operand, and not a select that
// returns min's -0.0 or max's +0.0 itself on a tie, as the ReLU
// `x > 0.0f ? x : 0.0f` does); a frozen condition is a plain compare and
// select to the backend.
#ifndef ALLOY_COMPILER_PIPELINE_SIGNEDZEROSELECTS_H
#define ALLOY_COMPILER_PIPELINE_SIGNEDZEROSELECTS_H

#include "llvm/IR/PassManager.h"

namespace alloy {

class SignedZeroSelectsPass
    : public llvm::PassInfoMixin<SignedZeroSelectsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &f,
                              llvm::FunctionAnalysisManager &);
  static llvm::StringRef name() { return "alloy-signed-zero-selects"; }
};

} // namespace alloy

#endif
