// Small fixed-size copies (a 16-byte struct: `*(float4 *)dst = *(const
// float4 *)src`) as 128-, 64- or 32-bit loads and stores, as nvcc emits
// them: left to the backend, llvm.memcpy of 16 bytes became two 64-bit
// loads and stores, and lost the read-only cache (.nc) for inputs.
#ifndef ALLOY_COMPILER_PIPELINE_WIDECOPIES_H
#define ALLOY_COMPILER_PIPELINE_WIDECOPIES_H

#include "llvm/IR/PassManager.h"

namespace alloy {

class WideCopiesPass : public llvm::PassInfoMixin<WideCopiesPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &f,
                              llvm::FunctionAnalysisManager &);
  static llvm::StringRef name() { return "alloy-wide-copies"; }
};

} // namespace alloy

#endif
