// Works around ptxas's reading of untyped registers: LLVM's NVPTX backend
// keeps floats in .b32/.b64/.b16 registers, and ptxas treats a register
// written by a floating-point instruction as a float. A narrower store of it
// (st.b8 of an add.rn.f32 result, for an unaligned float store or for the
// low byte of std::bit_cast<uint32_t>(f)) then becomes a float-to-integer
// conversion (F2I), not the low bits, and cvt.u64.u32 of the bits of an
// integer-to-float conversion became the integer itself. This pass routes
// the bits of every such value through an integer instruction ptxas cannot
// see through (an inline-asm identity prmt) before the backend can narrow
// or extend them.
#ifndef ALLOY_COMPILER_PIPELINE_PTXASFPBITSGUARD_H
#define ALLOY_COMPILER_PIPELINE_PTXASFPBITSGUARD_H

#include "llvm/IR/PassManager.h"

namespace alloy {

class PtxasFPBitsGuardPass
    : public llvm::PassInfoMixin<PtxasFPBitsGuardPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &f,
                              llvm::FunctionAnalysisManager &);
  static llvm::StringRef name() { return "alloy-ptxas-fp-bits-guard"; }
};

} // namespace alloy

#endif
