#include "KernelCompiler.h"
#include "CodeGen/DeviceModule.h"
#include "DeviceImageStore.h"
#include "KernelAttributes.h"
#include "LaunchChecks.h"

#include "alloy/Conversion/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace alloy {
namespace {

// Every function definition with gpu:: attributes, template instantiations
// included, in source order.
class KernelFinder : public RecursiveASTVisitor<KernelFinder> {
public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitFunctionDecl(FunctionDecl *fn) {
    if (fn->isDependentContext() || !fn->doesThisDeclarationHaveABody())
      return true;
    if (fn->hasAttr<AnnotateAttr>())
      found.push_back(fn);
    return true;
  }
  std::vector<const FunctionDecl *> found;
};

} // namespace

void KernelCompiler::HandleTranslationUnit(ASTContext &ctx) {
  // Launch checks run even after other errors: they explain them.
  checkLaunches(ctx, diags);
  if (diags.hasErrorOccurred())
    return;

  KernelFinder finder;
  finder.TraverseAST(ctx);
  std::vector<std::pair<const FunctionDecl *, KernelAttributes>> kernels;
  for (const FunctionDecl *fn : finder.found) {
    bool ok = true;
    KernelAttributes attrs = readKernelAttributes(fn, ctx, diags, ok);
    if (ok && attrs.isKernel)
      kernels.emplace_back(fn, attrs);
  }
  if (kernels.empty() || diags.hasErrorOccurred())
    return;

  mlir::DialectRegistry registry;
  registerAlloyDialectsAndPasses(registry);
  mlir::MLIRContext mlirContext(registry,
                                mlir::MLIRContext::Threading::DISABLED);
  mlirContext.loadAllAvailableDialects();
  DeviceModule module(ctx, diags, mlirContext);
  for (const auto &[fn, attrs] : kernels)
    module.addKernel(fn, attrs);
  if (!module.finish())
    return;

  DeviceImage image;
  if (!compileDeviceModule(module.module(), module.kernels(), options, diags,
                           image))
    return;
  storeDeviceImage(std::move(image));
}

} // namespace alloy
