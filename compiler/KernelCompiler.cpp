#include "KernelCompiler.h"
#include "Basic/ASTUtils.h"
#include "Basic/DeviceIntrinsics.h"
#include "Basic/Diagnostics.h"
#include "Basic/KernelParams.h"
#include "Basic/OwnDecls.h"
#include "CodeGen/DeviceModule.h"
#include "DeviceImageStore.h"
#include "HostPasses.h"
#include "Pipeline/DivergenceReport.h"
#include "Sema/DeviceCodeChecker.h"
#include "Sema/DeviceKeyword.h"
#include "Sema/KernelAttributes.h"
#include "Sema/LaunchChecks.h"

#include "alloy/Conversion/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/TargetInfo.h"
#include "llvm/Support/TimeProfiler.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace alloy {
namespace {

// Every function definition with gpu:: attributes, template instantiations
// included, in source order; and every declaration that names an intrinsic.
class KernelFinder : public RecursiveASTVisitor<KernelFinder> {
public:
  explicit KernelFinder(DiagnosticsEngine &diags) : diags(diags) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitFunctionDecl(FunctionDecl *fn) {
    for (const auto *a : fn->specific_attrs<AnnotateAttr>()) {
      StringRef name = a->getAnnotation();
      if (name.consume_front(kIntrinsicPrefix) && !lookupIntrinsic(name) &&
          reported.insert(a->getLocation().getRawEncoding()).second)
        report(diags, a->getLocation(), diag::err_intrinsic_unknown) << name;
    }
    // [[gpu::may_alias]] means something on a kernel's parameter only.
    if (!isKernel(fn))
      for (const ParmVarDecl *p : fn->parameters())
        if (isMayAliasParam(p) &&
            reported.insert(p->getLocation().getRawEncoding()).second)
          report(diags, p->getLocation(), diag::warn_may_alias_not_kernel)
              << p->getName();
    if (fn->isDependentContext() || !fn->doesThisDeclarationHaveABody())
      return true;
    if (fn->hasAttr<AnnotateAttr>())
      found.push_back(fn);
    return true;
  }
  // Definitions of device globals ([[gpu::device]], [[gpu::constant]]);
  // the instantiations of templated ones are reported at their pattern.
  bool VisitVarDecl(VarDecl *vd) {
    if (mayBeDeviceGlobal(vd) &&
        vd->isThisDeclarationADefinition() != VarDecl::DeclarationOnly &&
        !isTemplateInstantiation(vd->getTemplateSpecializationKind()) &&
        deviceGlobalKind(vd) != DeviceGlobal::none)
      globals.push_back(vd);
    return true;
  }
  std::vector<const VarDecl *> globals;
  // GCC-style asm statements, with the function each is in.
  bool TraverseDecl(Decl *d) {
    auto *fn = dyn_cast_or_null<FunctionDecl>(d);
    const FunctionDecl *outer = current;
    if (fn)
      current = fn;
    bool result = RecursiveASTVisitor::TraverseDecl(d);
    current = outer;
    return result;
  }
  bool VisitGCCAsmStmt(GCCAsmStmt *s) {
    if (current && !current->isDependentContext())
      asms.emplace_back(s, current);
    return true;
  }
  std::vector<const FunctionDecl *> found;
  std::vector<std::pair<const GCCAsmStmt *, const FunctionDecl *>> asms;

private:
  const FunctionDecl *current = nullptr;
  DiagnosticsEngine &diags;
  llvm::DenseSet<unsigned> reported;
};

// Whether the body of `fn` (lambdas in it included) has an asm statement.
// The kernel finder sees only the file's own declarations; a function from
// a precompiled header (<gpu/cuda_compat.hpp>'s __cvta_generic_to_shared)
// is found through the calls the checker followed.
bool hasAsmStatement(const FunctionDecl *fn) {
  struct Finder : RecursiveASTVisitor<Finder> {
    bool VisitGCCAsmStmt(GCCAsmStmt *) {
      found = true;
      return false;
    }
    bool found = false;
  } finder;
  if (Stmt *body = fn->getBody())
    finder.TraverseStmt(body);
  return finder.found;
}

// The plugin turns clang's checks of asm constraints off (they are the
// host's, and reject PTX's); host code gets them here.
void checkHostAsm(const GCCAsmStmt *s, ASTContext &ctx,
                  DiagnosticsEngine &diags) {
  const TargetInfo &target = ctx.getTargetInfo();
  llvm::SmallVector<TargetInfo::ConstraintInfo, 4> outputs;
  for (unsigned i = 0; i < s->getNumOutputs(); ++i) {
    TargetInfo::ConstraintInfo info(s->getOutputConstraint(i),
                                    s->getOutputName(i));
    if (!target.validateOutputConstraint(info)) {
      report(diags, s->getOutputConstraintExpr(i)->getBeginLoc(),
             diag::err_host_asm_constraint)
          << 0 << s->getOutputConstraint(i);
      return;
    }
    outputs.push_back(info);
  }
  for (unsigned i = 0; i < s->getNumInputs(); ++i) {
    TargetInfo::ConstraintInfo info(s->getInputConstraint(i),
                                    s->getInputName(i));
    if (!target.validateInputConstraint(outputs, info)) {
      report(diags, s->getInputConstraintExpr(i)->getBeginLoc(),
             diag::err_host_asm_constraint)
          << 1 << s->getInputConstraint(i);
      return;
    }
  }
}

// A disjoint_span is indexed by index_1d (x only): unique per thread only
// in a one-dimensional launch (the runtime checks launch_unchecked's).
void checkDisjointOutputs(const FunctionDecl *fn, const KernelAttributes &attrs,
                          DiagnosticsEngine &diags) {
  if (!attrs.contract || attrs.contract->domain == 1)
    return;
  for (const ParmVarDecl *param : fn->parameters())
    if (classifyKernelParam(param->getType()) == ParamKind::Output) {
      report(diags, param->getLocation(), diag::err_disjoint_span_domain)
          << param->getName() << attrs.contract->domain;
      report(diags, attrs.contract->loc, diag::note_contract_here);
    }
}

} // namespace

bool KernelCompiler::HandleTopLevelDecl(DeclGroupRef group) {
  annotateSharedArrays(group);
  annotateDeviceKeywordVariables(group);
  return true;
}

void KernelCompiler::HandleInlineFunctionDefinition(FunctionDecl *fn) {
  annotateSharedArrays(DeclGroupRef(fn));
}

void KernelCompiler::HandleTranslationUnit(ASTContext &ctx) {
  // Every stage shows in clang's -ftime-trace.
  llvm::TimeTraceScope total("Alloy device compile");
  warnDeviceKeywordLocals(ctx, diags);
  // Launch checks run even after other errors: they explain them.
  {
    llvm::TimeTraceScope scope("Alloy launch checks");
    checkLaunches(ctx, diags);
  }
  if (diags.hasErrorOccurred())
    return;

  KernelFinder finder(diags);
  traverseOwnDecls(finder, ctx);
  std::vector<std::pair<const FunctionDecl *, KernelAttributes>> kernels;
  std::vector<const FunctionDecl *> kernelDecls;
  for (const FunctionDecl *fn : finder.found) {
    bool ok = true;
    KernelAttributes attrs = readKernelAttributes(fn, ctx, diags, ok);
    if (ok && attrs.isKernel) {
      checkDisjointOutputs(fn, attrs, diags);
      kernels.emplace_back(fn, attrs);
      kernelDecls.push_back(fn);
    }
  }
  if (kernels.empty() || diags.hasErrorOccurred()) {
    for (const auto &[s, fn] : finder.asms)
      checkHostAsm(s, ctx, diags);
    return;
  }

  // Everything the kernels reach is checked before anything is lowered.
  DeviceCodeChecker checker(ctx, diags, options.libraryThrowTraps);
  {
    llvm::TimeTraceScope scope("Alloy device code checks");
    bool ok = checker.checkDeviceGlobals(finder.globals);
    ok = checker.check(kernelDecls) && ok;
    for (const auto &[s, fn] : finder.asms)
      if (!checker.reached().contains(fn))
        checkHostAsm(s, ctx, diags);
    if (!ok || diags.hasErrorOccurred())
      return;
  }

  llvm::TimeTraceScope lowering("Alloy AST to Alloy IR");
  mlir::DialectRegistry registry;
  registerAlloyDialectsAndPasses(registry);
  mlir::MLIRContext mlirContext(registry,
                                mlir::MLIRContext::Threading::DISABLED);
  mlirContext.loadAllAvailableDialects();
  DeviceModule module(ctx, diags, mlirContext);
  module.setChecked(&checker.reached());
  for (const VarDecl *vd : finder.globals)
    module.getDeviceGlobal(vd);
  for (const auto &[fn, attrs] : kernels)
    module.addKernel(fn, attrs);
  if (!module.finish())
    return;
  if (options.printAlloy) {
    module.module().print(llvm::outs());
    llvm::outs() << "\n";
  }
  // The analyses see what the launch facts decide (a contract of 256
  // threads makes `thread_idx().x < 256` true).
  bool optimized =
      optimizeAlloyModule(module.module(), module.kernels(), options, diags);
  if (optimized) {
    reportDivergentBarriers(module.module(), diags);
    reportRegisterOverbooking(module.module(), diags);
  }
  if (!optimized || options.printAlloy)
    return;
  if (!inlineAlloyModule(module.module(), options, diags))
    return;

  DeviceImage image;
  if (!compileDeviceModule(module.module(), module.kernels(), options, diags,
                           image))
    return;
  image.globals = module.globals();
  // Their host copies cannot run PTX: the embedding pass makes them trap.
  for (const FunctionDecl *fn : checker.reached())
    if (hasAsmStatement(fn))
      image.ptxAsmFunctions.push_back(module.mangledName(fn));
  storeDeviceImage(std::move(image));
}

} // namespace alloy
