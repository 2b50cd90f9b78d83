// What a kernel's launch contract says about its special registers, applied
// after inlining: in a kernel with "nvvm.reqntid" the block shape (%ntid)
// is a constant and each thread index (%tid) has the contract's range, also
// where they were read inside inlined helpers such as gpu::block_dim().
// (The conversion to the llvm dialect knows the contract only for reads in
// the kernel's own body.)
#ifndef ALLOY_COMPILER_PIPELINE_LAUNCHFACTS_H
#define ALLOY_COMPILER_PIPELINE_LAUNCHFACTS_H

#include "llvm/IR/PassManager.h"

namespace alloy {

class LaunchFactsPass : public llvm::PassInfoMixin<LaunchFactsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &f,
                              llvm::FunctionAnalysisManager &);
  static llvm::StringRef name() { return "alloy-launch-facts"; }
};

} // namespace alloy

#endif
