// Marks every defined device function, every asm statement and every
// mma.sync `convergent`,
// as clang does for CUDA: a function that reaches a barrier, a warp shuffle
// or a warp-wide PTX instruction must not be made control-dependent on more
// values (SimplifyCFG once threaded a `if (t == 0)` branch through a call of
// gpu::sync_threads, leaving two bar.sync that divergent lanes of one warp
// reached: the block hung). LLVM's function-attrs pass removes the attribute
// again from functions that reach nothing convergent.
#ifndef ALLOY_COMPILER_PIPELINE_ASSUMECONVERGENT_H
#define ALLOY_COMPILER_PIPELINE_ASSUMECONVERGENT_H

#include "llvm/IR/PassManager.h"

namespace alloy {

class AssumeConvergentPass : public llvm::PassInfoMixin<AssumeConvergentPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &);
  static llvm::StringRef name() { return "alloy-assume-convergent"; }
};

} // namespace alloy

#endif
