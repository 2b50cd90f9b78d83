// The device module of one translation unit: the kernels found in it and
// every function they reach, lowered from the Clang AST to the Alloy dialect.
#ifndef ALLOY_COMPILER_CODEGEN_DEVICEMODULE_H
#define ALLOY_COMPILER_CODEGEN_DEVICEMODULE_H

#include "Sema/KernelAttributes.h"
#include "KernelInfo.h"
#include "TypeLowering.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class DiagnosticsEngine;
class FunctionDecl;
class GlobalDecl;
class MangleContext;
class SourceLocation;
class VarDecl;
} // namespace clang

namespace alloy {

class DeviceModule {
public:
  DeviceModule(clang::ASTContext &ast, clang::DiagnosticsEngine &diags,
               mlir::MLIRContext &ctx);
  ~DeviceModule();

  // Lowers `kernel` and queues what it calls; errors go to `diags`.
  void addKernel(const clang::FunctionDecl *kernel,
                 const KernelAttributes &attrs);
  // Lowers every queued function. False if any error was reported.
  bool finish();

  mlir::ModuleOp module() { return *moduleOp; }
  const std::vector<KernelInfo> &kernels() const { return kernelInfos; }

  // For the function lowering: the func.func of a device function, declared
  // now and lowered later.
  mlir::func::FuncOp getFunction(const clang::FunctionDecl *fn,
                                 clang::SourceLocation use);
  std::string mangledName(const clang::FunctionDecl *fn);
  // A function the PTX environment provides (vprintf, __assertfail).
  mlir::func::FuncOp getExternalFunction(llvm::StringRef name,
                                         mlir::FunctionType type);
  // The symbol of an alloy.global_constant holding `bytes` (shared by equal
  // data).
  std::string getConstantData(llvm::StringRef bytes, uint64_t align);
  // The alloy.device_global of the [[gpu::device]] or [[gpu::constant]]
  // variable `var`, declared on first use.
  struct GlobalRef {
    std::string symbol;
    bool constant = false; // in the constant space, else the global space
    uint64_t align = 1;
  };
  GlobalRef getDeviceGlobal(const clang::VarDecl *var);
  const std::vector<DeviceGlobalInfo> &globals() const { return globalInfos; }
  // Declares an alloy.shared_memory for `var` (in `fn`); returns its symbol.
  std::string createSharedMemory(const clang::FunctionDecl *fn,
                                 const clang::VarDecl *var, mlir::Type type,
                                 uint64_t align);
  mlir::Location location(clang::SourceLocation loc);
  // The functions Sema/DeviceCodeChecker checked; lowering anything else is
  // an internal error.
  void setChecked(const llvm::DenseSet<const clang::FunctionDecl *> *set) {
    checked = set;
  }

  clang::ASTContext &ast;
  clang::DiagnosticsEngine &diags;
  mlir::MLIRContext &ctx;
  TypeLowering types;

private:
  std::string symbolOf(clang::GlobalDecl gd);

  mlir::OwningOpRef<mlir::ModuleOp> moduleOp;
  std::unique_ptr<clang::MangleContext> mangler;
  llvm::DenseMap<const clang::FunctionDecl *, mlir::func::FuncOp> functions;
  std::deque<const clang::FunctionDecl *> pending;
  std::vector<KernelInfo> kernelInfos;
  std::vector<DeviceGlobalInfo> globalInfos;
  bool failed = false;
  const llvm::DenseSet<const clang::FunctionDecl *> *checked = nullptr;
  unsigned sharedArrays = 0;
  std::map<std::pair<std::string, uint64_t>, std::string> constants;
};

} // namespace alloy

#endif
