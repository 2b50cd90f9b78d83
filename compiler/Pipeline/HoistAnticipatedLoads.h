// A load that every path from a block reaches, in several copies below it,
// becomes one load at the end of that block (the copies' nearest common
// dominator), as nvcc's optimizer does: stencil2d reads its centre point
// `in[i]` in both arms of its border test, which is two branches, so the
// border arm has two predecessors and SimplifyCFG's hoisting of identical
// instructions does not apply (nor does GVNHoist); the kernel loaded the
// point twice and branched where nvcc predicates. Copies are loads of the
// same type from the same pointer, or from GEPs that differ only in their
// no-wrap flags (instcombine drops `inbounds` from one it splits). Only
// when no path from the block to a copy writes memory, calls something or
// leaves the function, so that the hoisted load runs exactly when one of
// the copies would have. Runs at the end of function simplification,
// before its last SimplifyCFG and instcombine.
#ifndef ALLOY_COMPILER_PIPELINE_HOISTANTICIPATEDLOADS_H
#define ALLOY_COMPILER_PIPELINE_HOISTANTICIPATEDLOADS_H

#include "llvm/IR/PassManager.h"

namespace alloy {

class HoistAnticipatedLoadsPass
    : public llvm::PassInfoMixin<HoistAnticipatedLoadsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &f,
                              llvm::FunctionAnalysisManager &fam);
  static llvm::StringRef name() { return "alloy-hoist-anticipated-loads"; }
};

} // namespace alloy

#endif
