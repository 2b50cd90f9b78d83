// Checks device code before anything is lowered: walks the call graph from
// each kernel and reports everything the GPU cannot run, each error with a
// note that shows how a kernel reaches it. The lowering (CodeGen/) runs only
// on code that passed, and assumes it.
#ifndef ALLOY_COMPILER_SEMA_DEVICECODECHECKER_H
#define ALLOY_COMPILER_SEMA_DEVICECODECHECKER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseSet.h"

#include <memory>

namespace clang {
class ASTContext;
class DiagnosticsEngine;
class FunctionDecl;
class VarDecl;
} // namespace clang

namespace alloy {

class DeviceCodeChecker {
public:
  // `libraryThrowTraps`: a throw in the standard library (std::optional::
  // value() when empty, std::get of the wrong alternative) stops the kernel
  // instead of being an error.
  DeviceCodeChecker(clang::ASTContext &ast, clang::DiagnosticsEngine &diags,
                    bool libraryThrowTraps = true);
  ~DeviceCodeChecker();

  // Checks `kernels` and every function they reach. False after errors.
  bool check(llvm::ArrayRef<const clang::FunctionDecl *> kernels);

  // Checks the definitions of device globals ([[gpu::device]],
  // [[gpu::constant]]): their types, initializers and sizes. False after
  // errors.
  bool checkDeviceGlobals(llvm::ArrayRef<const clang::VarDecl *> globals);

  // The function definitions device code reaches (kernels included).
  const llvm::DenseSet<const clang::FunctionDecl *> &reached() const;

  class Impl;

private:
  std::unique_ptr<Impl> impl;
};

} // namespace alloy

#endif
