// The AST half of the plugin: after clang has parsed a translation unit,
// check the launches, find the kernels, lower them and everything they call
// to the Alloy dialect, and compile that to PTX for the embedding pass.
#ifndef ALLOY_COMPILER_KERNELCOMPILER_H
#define ALLOY_COMPILER_KERNELCOMPILER_H

#include "Pipeline/DeviceCompiler.h"

#include "clang/AST/ASTConsumer.h"

namespace alloy {

class KernelCompiler : public clang::ASTConsumer {
public:
  KernelCompiler(clang::DiagnosticsEngine &diags, DeviceCompileOptions options)
      : diags(diags), options(std::move(options)) {}
  void HandleTranslationUnit(clang::ASTContext &ctx) override;
  // Before clang's code generation sees them (HostSharedMemory.cpp).
  bool HandleTopLevelDecl(clang::DeclGroupRef group) override;
  void HandleInlineFunctionDefinition(clang::FunctionDecl *fn) override;

private:
  clang::DiagnosticsEngine &diags;
  DeviceCompileOptions options;
};

} // namespace alloy

#endif
