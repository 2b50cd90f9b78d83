#include "KernelSignature.h"
#include "Basic/ASTUtils.h"
#include "Basic/DeviceTypes.h"
#include "Basic/Diagnostics.h"
#include "Basic/KernelParams.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"

using namespace clang;

namespace alloy {

// Why a kernel parameter of type `t` cannot be passed, or null.
static const char *unpassable(QualType t, ASTContext &ast) {
  t = t.getCanonicalType();
  if (t->isReferenceType())
    return "references cannot be kernel parameters";
  if (t->isPointerType() || t->isNullPtrType())
    return nullptr;
  if (t->isScalarType())
    return unsupportedTypeReason(t, ast);
  if (isGridConstantType(t))
    return "it holds a gpu::tensor_map, which must be a kernel parameter of "
           "its own (TMA reads it in place, in the kernel's parameter space)";
  if (const auto *at = ast.getAsConstantArrayType(t))
    return unpassable(at->getElementType(), ast);
  const auto *rd = t->getAsCXXRecordDecl();
  if (!rd || !rd->hasDefinition())
    return "unsupported type";
  if (rd->isUnion())
    return "unions are not supported yet";
  if (rd->isPolymorphic())
    return "it has virtual functions";
  if (!rd->isTriviallyCopyable())
    return "it is not trivially copyable";
  for (const CXXBaseSpecifier &base : rd->bases()) {
    if (base.isVirtual())
      return "virtual bases are not supported";
    if (const char *why = unpassable(base.getType(), ast))
      return why;
  }
  for (const FieldDecl *f : rd->fields()) {
    if (f->isBitField())
      return "bit-fields are not supported yet";
    if (const char *why = unpassable(f->getType(), ast))
      return why;
  }
  return nullptr;
}

bool checkKernelSignature(const FunctionDecl *kernel,
                          DiagnosticsEngine &diags) {
  ASTContext &ast = kernel->getASTContext();
  bool ok = true;
  for (const ParmVarDecl *p : kernel->parameters()) {
    QualType t = p->getType();
    QualType element = t->isPointerType() ? t->getPointeeType() : t;
    const ClassTemplateSpecializationDecl *spec = nullptr;
    if (isClassNamed(t, "std", "span", &spec) ||
        isClassNamed(t, "gpu", "disjoint_span", &spec))
      element = spec->getTemplateArgs()[0].getAsType();
    if (t->isReferenceType() && isGridConstantType(t.getNonReferenceType())) {
      report(diags, p->getLocation(), diag::err_kernel_param_type)
          << p->getName() << t
          << "take a gpu::tensor_map by value, as 'const "
             "gpu::tensor_map<T, N> " +
                 p->getName().str() +
                 "' (it is passed in the kernel's parameter space, CUDA's "
                 "const __grid_constant__)";
      ok = false;
    } else if (t->isReferenceType()) {
      report(diags, p->getLocation(), diag::err_kernel_param_reference)
          << p->getName();
      ok = false;
    } else if (isGridConstantType(t)) {
      // Read in place by TMA: the kernel must not write it.
      if (!t.isConstQualified()) {
        report(diags, p->getLocation(), diag::err_kernel_param_type)
            << p->getName() << t
            << "declare a gpu::tensor_map parameter const, as 'const "
               "gpu::tensor_map<T, N> " +
                   p->getName().str() +
                   "' (the kernel reads it in place, in its parameter "
                   "space: CUDA's const __grid_constant__)";
        ok = false;
      }
    } else if (holdsThreadIndex(element)) {
      report(diags, p->getLocation(), diag::err_thread_index_forged)
          << "a kernel parameter of type '" + t.getAsString() + "'";
      ok = false;
    } else if (const char *why = unpassable(t, ast)) {
      report(diags, p->getLocation(), diag::err_kernel_param_type)
          << p->getName() << t << why;
      ok = false;
    }
  }
  return ok;
}

} // namespace alloy
