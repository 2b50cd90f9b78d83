// Packs two 16-bit floats into a 32-bit word as a pair. Copying a struct of
// halves or bfloat16s through integers (a 16-byte store of eight bf16s)
// leaves `or(zext(bits(lo)), shl(zext(bits(hi)), 16))` per word: in PTX a
// zero extension and a shift per half, and every extension of a float
// register needs alloy-ptxas-fp-bits-guard's prmt. As the bits of a
// <2 x half> the word is one `mov.b32 %r, {%lo, %hi}`, which ptxas merges
// with the two conversions that made the halves (F2FP.PACK_AB), as nvcc's.
#ifndef ALLOY_COMPILER_PIPELINE_PACKHALVES_H
#define ALLOY_COMPILER_PIPELINE_PACKHALVES_H

#include "llvm/IR/PassManager.h"

namespace alloy {

class PackHalvesPass : public llvm::PassInfoMixin<PackHalvesPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &f,
                              llvm::FunctionAnalysisManager &);
  static llvm::StringRef name() { return "alloy-pack-halves"; }
};

} // namespace alloy

#endif
