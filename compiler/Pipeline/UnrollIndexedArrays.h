// Loops that index a thread's private array (a register tile such as
// `float acc[8][8]`) or a __constant__ table with their induction variable
// are marked for full unrolling, as nvcc unrolls them. Once unrolled every
// index is a constant: SROA keeps the private array in registers (left
// rolled, it lives in local memory, which made llm.c's register-tiled
// matmul 4.5x slower than nvcc's), and each table read becomes a constant
// bank operand at a fixed offset (left rolled, quasirandomGenerator's
// 31-entry Sobol table walk ran at 0.83x nvcc). Runs among the late loop
// optimizations, before the full-unroll pass, innermost loops first; loops
// with an unroll pragma are left alone.
#ifndef ALLOY_COMPILER_PIPELINE_UNROLLINDEXEDARRAYS_H
#define ALLOY_COMPILER_PIPELINE_UNROLLINDEXEDARRAYS_H

#include "llvm/Transforms/Scalar/LoopPassManager.h"

namespace alloy {

class UnrollIndexedArraysPass
    : public llvm::PassInfoMixin<UnrollIndexedArraysPass> {
public:
  llvm::PreservedAnalyses run(llvm::Loop &loop, llvm::LoopAnalysisManager &,
                              llvm::LoopStandardAnalysisResults &results,
                              llvm::LPMUpdater &);
  static llvm::StringRef name() { return "alloy-unroll-indexed-arrays"; }
};

} // namespace alloy

#endif
