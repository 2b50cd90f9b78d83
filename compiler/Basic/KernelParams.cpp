#include "KernelParams.h"
#include "ASTUtils.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"

using namespace clang;

namespace alloy {

ParamKind classifyKernelParam(QualType t) {
  t = t.getCanonicalType();
  if (t->isPointerType())
    return t->getPointeeType().isConstQualified() ? ParamKind::Input
                                                  : ParamKind::RawOutput;
  const ClassTemplateSpecializationDecl *spec = nullptr;
  if (isClassNamed(t, "std", "span", &spec)) {
    QualType elem = spec->getTemplateArgs()[0].getAsType();
    return elem.isConstQualified() ? ParamKind::Input : ParamKind::RawOutput;
  }
  if (isClassNamed(t, "gpu", "disjoint_span"))
    return ParamKind::Output;
  return ParamKind::Scalar;
}

bool isGridConstantType(QualType t) {
  const CXXRecordDecl *rd = t.getCanonicalType()->getAsCXXRecordDecl();
  if (!rd || !rd->hasDefinition())
    return false;
  return hasAnnotation(rd->getDefinition(), "alloy.grid_constant");
}

const char *paramKindName(ParamKind kind) {
  switch (kind) {
  case ParamKind::Input:
    return "input";
  case ParamKind::Output:
    return "output";
  case ParamKind::RawOutput:
    return "raw_output";
  case ParamKind::Scalar:
    return "scalar";
  }
  return "scalar";
}

} // namespace alloy
