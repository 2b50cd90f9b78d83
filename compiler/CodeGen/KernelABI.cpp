#include "KernelABI.h"
#include "DeviceModule.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecordLayout.h"

#include <sstream>

using namespace clang;

namespace alloy {

bool isClassNamed(QualType t, StringRef ns, StringRef name,
                  const ClassTemplateSpecializationDecl **spec) {
  const auto *rd = t->getAsCXXRecordDecl();
  const auto *s = dyn_cast_or_null<ClassTemplateSpecializationDecl>(rd);
  if (!s || s->getName() != name)
    return false;
  const auto *nsDecl =
      dyn_cast<NamespaceDecl>(s->getDeclContext()->getRedeclContext());
  while (nsDecl && nsDecl->isInline())
    nsDecl = dyn_cast<NamespaceDecl>(nsDecl->getDeclContext());
  if (!nsDecl || nsDecl->getName() != ns ||
      !nsDecl->getDeclContext()->getRedeclContext()->isTranslationUnit())
    return false;
  if (spec)
    *spec = s;
  return true;
}

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

namespace {

struct LeafCollector {
  DeviceModule &module;
  const ParmVarDecl *param;
  KernelParamInfo &info;
  llvm::SmallVectorImpl<KernelLeafType> &leafTypes;
  bool ok = true;

  void fail(const llvm::Twine &why) {
    module.error(param->getLocation(),
                 "kernel parameter '" + param->getName() + "' of type '" +
                     param->getType().getAsString() +
                     "' cannot be passed to the GPU: " + why);
    ok = false;
  }

  void collect(QualType t, uint64_t offset) {
    if (!ok)
      return;
    ASTContext &ast = module.ast;
    t = t.getCanonicalType();
    if (t->isReferenceType())
      return fail("references cannot be kernel parameters");
    if (t->isPointerType()) {
      leafTypes.push_back({module.types.globalPointerType(), true});
      info.leaves.push_back({offset, 8});
      return;
    }
    if (module.types.isScalar(t)) {
      mlir::Type mt = module.types.memoryType(t);
      if (!mt)
        return fail("unsupported scalar type");
      leafTypes.push_back({mt, false});
      info.leaves.push_back({offset, module.types.sizeOf(t)});
      return;
    }
    if (const auto *at = ast.getAsConstantArrayType(t)) {
      QualType elem = at->getElementType();
      uint64_t size = module.types.sizeOf(elem);
      for (uint64_t i = 0, n = at->getZExtSize(); i < n; ++i)
        collect(elem, offset + i * size);
      return;
    }
    const auto *rd = t->getAsCXXRecordDecl();
    if (!rd || !rd->hasDefinition())
      return fail("unsupported type");
    if (rd->isUnion())
      return fail("unions are not supported yet");
    if (!rd->isTriviallyCopyable())
      return fail("it is not trivially copyable");
    if (rd->isPolymorphic())
      return fail("it has virtual functions");
    const ASTRecordLayout &layout = ast.getASTRecordLayout(rd);
    for (const CXXBaseSpecifier &base : rd->bases()) {
      const CXXRecordDecl *bd = base.getType()->getAsCXXRecordDecl();
      if (base.isVirtual())
        return fail("virtual bases are not supported");
      collect(base.getType(),
              offset + layout.getBaseClassOffset(bd).getQuantity());
    }
    for (const FieldDecl *f : rd->fields()) {
      if (f->isBitField())
        return fail("bit-fields are not supported yet");
      uint64_t fieldOffset =
          ast.toCharUnitsFromBits(layout.getFieldOffset(f->getFieldIndex()))
              .getQuantity();
      collect(f->getType(), offset + fieldOffset);
    }
  }
};

} // namespace

bool lowerKernelParam(DeviceModule &module, const ParmVarDecl *param,
                      KernelParamInfo &info,
                      llvm::SmallVectorImpl<KernelLeafType> &leafTypes) {
  QualType t = param->getType();
  info.name = param->getName().str();
  if (info.name.empty())
    info.name = "_";
  info.kind = classifyKernelParam(t);
  if (t->isReferenceType()) {
    module.error(param->getLocation(),
                 "kernel parameter '" + param->getName() +
                     "' is a reference: kernels take their parameters by "
                     "value (use std::span, gpu::disjoint_span or a pointer)");
    return false;
  }
  info.size = module.types.sizeOf(t);
  LeafCollector collector{module, param, info, leafTypes};
  collector.collect(t, 0);
  return collector.ok;
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

std::string serializeKernelMetadata(const std::vector<KernelInfo> &kernels,
                                    const std::string &arch) {
  std::ostringstream os;
  os << "arch " << arch << "\n";
  for (const KernelInfo &k : kernels) {
    os << "kernel " << k.symbol << " " << k.qualifiedName << "\n";
    if (k.contract)
      os << "contract " << k.contract->domain << " " << k.contract->block[0]
         << " " << k.contract->block[1] << " " << k.contract->block[2] << "\n";
    if (k.bounds)
      os << "bounds " << k.bounds->maxThreads << " " << k.bounds->minBlocks
         << "\n";
    for (const KernelParamInfo &p : k.params) {
      os << "param " << p.name << " " << paramKindName(p.kind) << " " << p.size
         << " ";
      for (size_t i = 0; i < p.leaves.size(); ++i)
        os << (i ? "," : "") << p.leaves[i].offset << ":" << p.leaves[i].size;
      if (p.leaves.empty())
        os << "-";
      os << "\n";
    }
  }
  return os.str();
}

} // namespace alloy
