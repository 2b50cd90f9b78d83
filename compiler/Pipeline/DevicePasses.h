//===- DevicePasses.h - Alloy's LLVM IR passes on device code ---*- C++ -*-===//
//
// The pass classes of PassRegistry.def, one a row, each with LLVM's
// PassInfoMixin interface and its `opt` name.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOY_COMPILER_PIPELINE_DEVICEPASSES_H
#define ALLOY_COMPILER_PIPELINE_DEVICEPASSES_H

#include "llvm/IR/PassManager.h"
#include "llvm/Transforms/Scalar/LoopPassManager.h"

namespace alloy {

#define ALLOY_PASS_CLASS(NAME, CLASS, RUN_PARAMETERS)                          \
  struct CLASS : llvm::PassInfoMixin<CLASS> {                                  \
    llvm::PreservedAnalyses run RUN_PARAMETERS;                                \
    static llvm::StringRef name() { return NAME; }                             \
  };
#define ALLOY_MODULE_PASS(NAME, CLASS)                                         \
  ALLOY_PASS_CLASS(NAME, CLASS, (llvm::Module &, llvm::ModuleAnalysisManager &))
#define ALLOY_FUNCTION_PASS(NAME, CLASS)                                       \
  ALLOY_PASS_CLASS(NAME, CLASS,                                                \
                   (llvm::Function &, llvm::FunctionAnalysisManager &))
#define ALLOY_LOOP_PASS(NAME, CLASS)                                           \
  ALLOY_PASS_CLASS(NAME, CLASS,                                                \
                   (llvm::Loop &, llvm::LoopAnalysisManager &,                 \
                    llvm::LoopStandardAnalysisResults &, llvm::LPMUpdater &))
#include "PassRegistry.def"
#undef ALLOY_PASS_CLASS

} // namespace alloy

#endif
