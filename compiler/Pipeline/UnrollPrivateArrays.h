// Loops that index a thread's private array (a register tile such as
// `float acc[8][8]`) with their induction variable are marked for full
// unrolling, as nvcc unrolls them: once unrolled every index is a constant
// and SROA keeps the array in registers; left rolled, the array lives in
// local memory (off-chip), which made llm.c's register-tiled matmul 4.5x
// slower than nvcc's. Runs among the late loop optimizations, before the
// full-unroll pass, innermost loops first; loops with an unroll pragma are
// left alone.
#ifndef ALLOY_COMPILER_PIPELINE_UNROLLPRIVATEARRAYS_H
#define ALLOY_COMPILER_PIPELINE_UNROLLPRIVATEARRAYS_H

#include "llvm/Transforms/Scalar/LoopPassManager.h"

namespace alloy {

class UnrollPrivateArraysPass
    : public llvm::PassInfoMixin<UnrollPrivateArraysPass> {
public:
  llvm::PreservedAnalyses run(llvm::Loop &loop, llvm::LoopAnalysisManager &,
                              llvm::LoopStandardAnalysisResults &results,
                              llvm::LPMUpdater &);
  static llvm::StringRef name() { return "alloy-unroll-private-arrays"; }
};

} // namespace alloy

#endif
