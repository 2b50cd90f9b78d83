// The diagnostic with which alloy-check-wgmma (CheckWgmma.cpp) reports a
// misuse of a wgmma accumulator or descriptor; DeviceCompiler.cpp turns it
// into a clang diagnostic at the mma.
#ifndef ALLOY_COMPILER_PIPELINE_CHECKWGMMA_H
#define ALLOY_COMPILER_PIPELINE_CHECKWGMMA_H

#include "llvm/IR/DiagnosticInfo.h"

#include <string>

namespace alloy {

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
