// Registers the spec's gpu:: attributes with clang and checks where they
// appear. Each becomes an AnnotateAttr (see KernelAttributes.h).
#include "Basic/Diagnostics.h"
#include "Basic/KernelParams.h"
#include "KernelAttributes.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Sema.h"

using namespace clang;

namespace alloy {
namespace {

const FunctionDecl *asFunction(const Decl *d) {
  if (const auto *tmpl = dyn_cast<FunctionTemplateDecl>(d))
    return tmpl->getTemplatedDecl();
  return dyn_cast<FunctionDecl>(d);
}

// Argument i as an expression. clang's parser keeps a lone name as an
// identifier for attributes it does not know (`launch_bounds(THREADS)`):
// look it up as an id-expression here, as it would be in `(THREADS)`.
Expr *argExpr(Sema &s, const ParsedAttr &attr, unsigned i) {
  if (attr.isArgExpr(i))
    return attr.getArgAsExpr(i);
  if (!attr.isArgIdent(i))
    return nullptr;
  IdentifierLoc *ident = attr.getArgAsIdent(i);
  CXXScopeSpec scope;
  UnqualifiedId name;
  name.setIdentifier(ident->getIdentifierInfo(), ident->getLoc());
  ExprResult e = s.ActOnIdExpression(s.getCurScope(), scope, SourceLocation(),
                                     name, /*HasTrailingLParen=*/false,
                                     /*IsAddressOfOperand=*/false);
  return e.isUsable() ? e.get() : nullptr;
}

// Checks the argument count and that each argument is an integer constant
// (or depends on a template parameter, checked at instantiation).
bool checkIntegerArgs(Sema &s, const ParsedAttr &attr, const char *name,
                      unsigned min, unsigned max, const char *usage) {
  unsigned n = attr.getNumArgs();
  if (n < min || n > max) {
    report(s.getDiagnostics(), attr.getLoc(), diag::err_attr_arg_count)
        << name << usage;
    return false;
  }
  for (unsigned i = 0; i < n; ++i) {
    Expr *e = argExpr(s, attr, i);
    if (!e) {
      report(s.getDiagnostics(), attr.getLoc(), diag::err_attr_arg_not_integer)
          << name << i + 1;
      return false;
    }
    if (e->isValueDependent())
      continue;
    if (!e->getType()->isIntegralOrEnumerationType() ||
        !e->isIntegerConstantExpr(s.Context)) {
      report(s.getDiagnostics(), e->getExprLoc(),
             diag::err_attr_arg_not_integer)
          << name << i + 1;
      return false;
    }
  }
  return true;
}

// [[gpu::NAME]], or the GNU spelling __attribute__((alloy_NAME)) that
// <gpu/cuda_compat.hpp>'s CUDA keywords expand to (it may stand anywhere
// among the declaration's specifiers, as __global__ does).
bool checkScope(Sema &s, const ParsedAttr &attr, const char *name,
                const char *spelling) {
  if (attr.isGNUAttribute())
    return true;
  const IdentifierInfo *scope = attr.getScopeName();
  if (scope && scope->getName() == "gpu")
    return true;
  report(s.getDiagnostics(), attr.getLoc(), diag::err_attr_unscoped)
      << name << spelling;
  return false;
}

// checkScope, and that the attribute has no arguments.
bool checkNoArgs(Sema &s, const ParsedAttr &attr, const char *name) {
  std::string spelling = "[[gpu::" + std::string(name) + "]]";
  if (!checkScope(s, attr, name, spelling.c_str()))
    return false;
  if (attr.getNumArgs() == 0)
    return true;
  report(s.getDiagnostics(), attr.getLoc(), diag::err_attr_no_args) << name;
  return false;
}

Attr *makeAnnotation(Sema &s, const ParsedAttr &attr, const char *annotation) {
  SmallVector<Expr *, 4> args;
  for (unsigned i = 0; i < attr.getNumArgs(); ++i)
    args.push_back(argExpr(s, attr, i));
  // clang's code generation expects annotation arguments folded to
  // ConstantExprs, as [[clang::annotate]] does.
  if (!s.ConstantFoldAttrArgs(attr, args))
    return nullptr;
  return AnnotateAttr::Create(s.Context, annotation, args.data(), args.size(),
                              attr.getRange());
}

bool onFunction(Sema &s, const ParsedAttr &attr, const Decl *d,
                const char *name) {
  if (asFunction(d))
    return true;
  report(s.getDiagnostics(), attr.getLoc(), diag::err_attr_kernel_only)
      << name;
  return false;
}

// An attribute's spellings: [[gpu::NAME]]; the unscoped NAME, since
// clang's parser looks plugin attributes up by their unscoped name before it
// parses their arguments (handleDeclAttribute rejects it: checkScope); and,
// with `gnu`, __attribute__((alloy_NAME)), which <gpu/cuda_compat.hpp>'s CUDA
// keyword expands to.
struct GpuAttrInfo : ParsedAttrInfo {
  GpuAttrInfo(const char *name, bool gnu)
      : names{"gpu::" + std::string(name), name, "alloy_" + std::string(name)} {
    spellings[0] = {ParsedAttr::AS_CXX11, names[0].c_str()};
    spellings[1] = {ParsedAttr::AS_CXX11, names[1].c_str()};
    spellings[2] = {ParsedAttr::AS_GNU, names[2].c_str()};
    Spellings = llvm::ArrayRef(spellings, gnu ? 3 : 2);
  }
  // Spellings points into the object.
  GpuAttrInfo(const GpuAttrInfo &) = delete;
  GpuAttrInfo &operator=(const GpuAttrInfo &) = delete;

protected:
  const char *name() const { return names[1].c_str(); }

private:
  std::string names[3];
  Spelling spellings[3];
};

// An attribute without arguments, kept as the annotation `annotation`.
struct NoArgsAttrInfo : GpuAttrInfo {
  NoArgsAttrInfo(const char *name, bool gnu, const char *annotation)
      : GpuAttrInfo(name, gnu), annotation(annotation) {}
  AttrHandling handleDeclAttribute(Sema &s, Decl *d,
                                   const ParsedAttr &attr) const override {
    if (!checkNoArgs(s, attr, name()))
      return AttributeNotApplied;
    d->addAttr(makeAnnotation(s, attr, annotation));
    return AttributeApplied;
  }

private:
  const char *annotation;
};

struct KernelAttrInfo : NoArgsAttrInfo {
  KernelAttrInfo() // __global__
      : NoArgsAttrInfo("kernel", /*gnu=*/true, kKernelAnnotation) {}
  bool diagAppertainsToDecl(Sema &s, const ParsedAttr &attr,
                            const Decl *d) const override {
    const FunctionDecl *fn = asFunction(d);
    diag::Kind problem = diag::NumKinds;
    if (!fn)
      problem = diag::err_kernel_not_function;
    else if (isa<CXXMethodDecl>(fn) ||
             !fn->getDeclContext()->getRedeclContext()->isFileContext())
      problem = diag::err_kernel_not_namespace_scope;
    else if (!fn->getReturnType()->isVoidType())
      problem = diag::err_kernel_not_void;
    else if (fn->isVariadic())
      problem = diag::err_kernel_variadic;
    else if (fn->isConsteval())
      problem = diag::err_kernel_consteval;
    if (problem != diag::NumKinds) {
      report(s.getDiagnostics(), attr.getLoc(), problem);
      return false;
    }
    return true;
  }
};

// A function attribute of integer constants (IntegerArgsForm), kept as its
// annotation.
struct IntegerArgsAttrInfo : GpuAttrInfo {
  IntegerArgsAttrInfo(const IntegerArgsForm &form, bool gnu)
      : GpuAttrInfo(form.name, gnu), form(form) {
    OptArgs = 15;
  }
  bool diagAppertainsToDecl(Sema &s, const ParsedAttr &attr,
                            const Decl *d) const override {
    return onFunction(s, attr, d, form.name);
  }
  AttrHandling handleDeclAttribute(Sema &s, Decl *d,
                                   const ParsedAttr &attr) const override {
    std::string spelling = "[[gpu::" + std::string(form.name) + "(...)]]";
    if (!checkScope(s, attr, form.name, spelling.c_str()))
      return AttributeNotApplied;
    if (!checkIntegerArgs(s, attr, form.name, form.minArgs, form.maxArgs,
                          form.usage))
      return AttributeNotApplied;
    Attr *a = makeAnnotation(s, attr, form.annotation);
    if (!a)
      return AttributeNotApplied;
    d->addAttr(a);
    return AttributeApplied;
  }

private:
  const IntegerArgsForm &form;
};

struct LaunchBoundsAttrInfo : IntegerArgsAttrInfo {
  LaunchBoundsAttrInfo() // __launch_bounds__
      : IntegerArgsAttrInfo(kLaunchBoundsForm, /*gnu=*/true) {}
};

struct LaunchContractAttrInfo : IntegerArgsAttrInfo {
  LaunchContractAttrInfo()
      : IntegerArgsAttrInfo(kLaunchContractForm, /*gnu=*/false) {}
};

// [[gpu::cluster_dims(X[, Y[, Z]])]]: the kernel's blocks run in clusters
// of X x Y x Z (CUDA's __cluster_dims__).
struct ClusterDimsAttrInfo : IntegerArgsAttrInfo {
  ClusterDimsAttrInfo()
      : IntegerArgsAttrInfo(kClusterDimsForm, /*gnu=*/false) {}
};

// [[gpu::shared]] on a local variable: one per block in shared memory
// (CUDA's __shared__).
struct SharedAttrInfo : GpuAttrInfo {
  SharedAttrInfo() : GpuAttrInfo("shared", /*gnu=*/true) {} // __shared__
  bool diagAppertainsToDecl(Sema &s, const ParsedAttr &attr,
                            const Decl *d) const override {
    const auto *vd = dyn_cast<VarDecl>(d);
    if (vd && !isa<ParmVarDecl>(vd) && vd->hasLocalStorage())
      return true;
    // CUDA's `extern __shared__ T name[];` (the GNU spelling only: Alloy's
    // own is gpu::dynamic_shared<T>()).
    if (vd && vd->hasExternalStorage() && attr.isGNUAttribute() &&
        vd->getType()->isIncompleteArrayType())
      return true;
    report(s.getDiagnostics(), attr.getLoc(),
           vd && vd->hasExternalStorage() ? diag::err_attr_shared_extern
           : vd && vd->isStaticLocal()    ? diag::err_attr_shared_static
                                          : diag::err_attr_shared_placement);
    return false;
  }
  AttrHandling handleDeclAttribute(Sema &s, Decl *d,
                                   const ParsedAttr &attr) const override {
    if (!checkNoArgs(s, attr, name()))
      return AttributeNotApplied;
    if (cast<VarDecl>(d)->hasExternalStorage()) {
      // The host object names it apart (HostSharedMemoryPass).
      d->addAttr(makeAnnotation(s, attr, kDynamicSharedAnnotation));
      d->addAttr(AsmLabelAttr::CreateImplicit(
          s.Context, std::string(kDynamicSharedSymbolPrefix) +
                         cast<VarDecl>(d)->getQualifiedNameAsString()));
      return AttributeApplied;
    }
    d->addAttr(makeAnnotation(s, attr, kSharedVariableAnnotation));
    // One thread writes a shared variable and others read it after a
    // barrier; clang's -Wuninitialized analysis of locals would see a read
    // before any write on their path. It leaves implicit variables alone.
    d->setImplicit();
    return AttributeApplied;
  }
};

// [[gpu::device]] and [[gpu::constant]] on a variable at namespace scope or
// a static data member: a device global in global or constant memory
// (CUDA's __device__ and __constant__ variables), which the host reads
// and writes with gpu::copy_to_symbol and gpu::copy_from_symbol.
// CUDA's __device__ also marks functions; there it means nothing.
struct DeviceGlobalAttrInfo : GpuAttrInfo {
  // __device__ and __constant__.
  DeviceGlobalAttrInfo(bool constant)
      : GpuAttrInfo(constant ? "constant" : "device", /*gnu=*/true),
        constant(constant) {}
  bool diagAppertainsToDecl(Sema &s, const ParsedAttr &attr,
                            const Decl *d) const override {
    if (asFunction(d) && !constant)
      return true;
    if (const auto *vd = dyn_cast<VarDecl>(d); vd && mayBeDeviceGlobal(vd))
      return true;
    if (asFunction(d))
      report(s.getDiagnostics(), attr.getLoc(),
             diag::err_attr_constant_function);
    else
      report(s.getDiagnostics(), attr.getLoc(),
             diag::err_attr_device_global_placement)
          << name();
    return false;
  }
  AttrHandling handleDeclAttribute(Sema &s, Decl *d,
                                   const ParsedAttr &attr) const override {
    if (!checkNoArgs(s, attr, name()))
      return AttributeNotApplied;
    if (!isa<VarDecl>(d)) {
      // A function: every function a kernel reaches runs on the GPU.
      if (!attr.isGNUAttribute())
        report(s.getDiagnostics(), attr.getLoc(),
               diag::warn_attr_device_function);
      return AttributeApplied;
    }
    d->addAttr(makeAnnotation(s, attr,
                              constant ? kConstantGlobalAnnotation
                                       : kDeviceGlobalAnnotation));
    return AttributeApplied;
  }

private:
  bool constant;
};

struct DeviceAttrInfo : DeviceGlobalAttrInfo {
  DeviceAttrInfo() : DeviceGlobalAttrInfo(false) {}
};
struct ConstantAttrInfo : DeviceGlobalAttrInfo {
  ConstantAttrInfo() : DeviceGlobalAttrInfo(true) {}
};

// [[gpu::may_alias]] on a kernel's output parameter: the launch may pass
// a buffer that is also an input (an in-place kernel); the kernel's
// pointers are then not noalias.
struct MayAliasAttrInfo : NoArgsAttrInfo {
  MayAliasAttrInfo()
      : NoArgsAttrInfo("may_alias", /*gnu=*/false, kMayAliasAnnotation) {}
  bool diagAppertainsToDecl(Sema &s, const ParsedAttr &attr,
                            const Decl *d) const override {
    const auto *p = dyn_cast<ParmVarDecl>(d);
    if (p && !p->getType()->isDependentType()) {
      ParamKind kind = classifyKernelParam(p->getType());
      if (kind == ParamKind::Output || kind == ParamKind::RawOutput)
        return true;
    } else if (p) {
      return true; // checked again where the kernel is instantiated
    }
    report(s.getDiagnostics(), attr.getLoc(), diag::err_attr_may_alias);
    return false;
  }
};

ParsedAttrInfoRegistry::Add<MayAliasAttrInfo>
    mayAliasAttr("gpu-may-alias", "[[gpu::may_alias]]");
ParsedAttrInfoRegistry::Add<KernelAttrInfo> kernelAttr("gpu-kernel",
                                                       "[[gpu::kernel]]");
ParsedAttrInfoRegistry::Add<LaunchBoundsAttrInfo>
    boundsAttr("gpu-launch-bounds", "[[gpu::launch_bounds]]");
ParsedAttrInfoRegistry::Add<LaunchContractAttrInfo>
    contractAttr("gpu-launch-contract", "[[gpu::launch_contract]]");
ParsedAttrInfoRegistry::Add<ClusterDimsAttrInfo>
    clusterAttr("gpu-cluster-dims", "[[gpu::cluster_dims]]");
ParsedAttrInfoRegistry::Add<SharedAttrInfo> sharedAttr("gpu-shared",
                                                       "[[gpu::shared]]");
ParsedAttrInfoRegistry::Add<DeviceAttrInfo> deviceAttr("gpu-device",
                                                       "[[gpu::device]]");
ParsedAttrInfoRegistry::Add<ConstantAttrInfo>
    constantAttr("gpu-constant", "[[gpu::constant]]");

} // namespace
} // namespace alloy
