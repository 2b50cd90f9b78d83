// alloy-check-wgmma: an accumulator of wgmma.mma_async belongs to the
// tensor cores until a wgmma.wait_group 0 that takes it (gpu::wgmma::wait<0>
// (acc)) hands it back. After inlining, the accumulator is SSA values that
// thread through the protocol's asm (WgmmaToLLVM.cpp): an mma's results may
// only reach, through extractvalue, phi and select, another mma's
// accumulator, a fence, or the releasing wait. Any other use (arithmetic, a
// store, a call) reads or spills it in flight, and an element that reaches
// nothing was overwritten or never waited for: both are errors. So is a
// descriptor that LLVM's uniformity analysis finds divergent (wgmma needs
// the same one on every thread of the warpgroup). Errors name the mma's
// source location, which its asm carries as a comment. A warning: the
// registers of an A fragment (in registers) written again before a wait
// covers its mma, which a loop that does not unroll does.
#ifndef ALLOY_COMPILER_PIPELINE_CHECKWGMMA_H
#define ALLOY_COMPILER_PIPELINE_CHECKWGMMA_H

#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/PassManager.h"

#include <string>

namespace alloy {

class CheckWgmmaPass : public llvm::PassInfoMixin<CheckWgmmaPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &f,
                              llvm::FunctionAnalysisManager &fam);
  static llvm::StringRef name() { return "alloy-check-wgmma"; }
};

// One misuse: `where` is the mma's file:line:col ("?" when unknown).
class WgmmaDiagnostic : public llvm::DiagnosticInfo {
public:
  WgmmaDiagnostic(std::string where, std::string message,
                  llvm::DiagnosticSeverity severity = llvm::DS_Error);
  void print(llvm::DiagnosticPrinter &dp) const override;
  static bool classof(const llvm::DiagnosticInfo *di);
  const std::string &where() const { return where_; }
  const std::string &message() const { return message_; }

private:
  std::string where_, message_;
};

} // namespace alloy

#endif
